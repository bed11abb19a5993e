package org.trajectory.recorder.linux.internal;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.replay.Desktop;

/** An X display a replay drives, and the processes started for it, ended (the last started first) when it closes. */
record X11Desktop(String address, boolean shared, List<Process> started) implements Desktop {

    @Override
    public String system() {
        return "x11";
    }

    @Override
    public void close() {
        end(started);
    }

    /** Ends the processes, the last started first, with what they started; one that does not end in 3 s is killed. */
    static void end(List<Process> processes) {
        for (Process process : processes.reversed()) {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            try {
                if (!process.waitFor(3, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
