package org.trajectory.ui.internal;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;

import org.trajectory.model.operation.Progress;

/** Lets a core operation report to an Eclipse progress monitor; totals in bytes are scaled to the monitor's int. */
final class MonitorProgress implements Progress {

    private static final int TICKS = 10_000;
    private final SubMonitor monitor;
    private long total;
    private long done;
    private int reported;

    MonitorProgress(IProgressMonitor monitor) {
        this.monitor = SubMonitor.convert(monitor, TICKS);
    }

    @Override
    public void begin(String task, long totalWork) {
        monitor.setTaskName(task);
        total = totalWork;
        done = 0;
        reported = 0;
    }

    @Override
    public void worked(long work) {
        done += work;
        if (total > 0) {
            int ticks = (int) Math.min(TICKS, TICKS * done / total);
            if (ticks > reported) {
                monitor.worked(ticks - reported);
                reported = ticks;
            }
        }
    }

    @Override
    public boolean isCancelled() {
        return monitor.isCanceled();
    }
}
