package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.util.Locale;

import org.trajectory.model.operation.Progress;

/** A one-line progress bar on stderr with rate and ETA, redrawn at most 5 times a second. */
final class TerminalProgress implements Progress {

    private final PrintStream err;
    private String unit = "";
    private String task = "";
    private long total = -1;
    private long done;
    private long started;
    private long drawn;
    /** Whether any work was begun or done: a command that reports none (a recording) gets no bar. */
    private boolean begun;
    private boolean finished;

    /** A bar on {@code err}; the work's unit is what each task's {@code begin} says (none: a bare rate). */
    TerminalProgress(PrintStream err) {
        this.err = err;
    }

    @Override
    public void begin(String name, long totalWork, String workUnit) {
        unit = workUnit;
        begin(name, totalWork);
    }

    @Override
    public void begin(String name, long totalWork) {
        begun = true;
        task = name;
        total = totalWork;
        done = 0;
        started = System.nanoTime();
        drawn = 0;
    }

    @Override
    public void worked(long work) {
        begun = true;
        done += work;
        long now = System.nanoTime();
        if (now - drawn > 200_000_000L) {
            drawn = now;
            draw(now);
        }
    }

    /** Draws the bar a last time and ends its line; once, however often it is called, and never for no work. */
    void finish() {
        if (finished || !begun) {
            return;
        }
        finished = true;
        draw(System.nanoTime());
        err.println();
    }

    private void draw(long now) {
        double seconds = Math.max(1e-3, (now - started) / 1e9);
        double rate = done / seconds;
        StringBuilder line = new StringBuilder("\r").append(task).append(' ');
        if (total > 0) {
            int width = 30;
            int filled = (int) Math.min(width, width * done / total);
            line.append('[').append("#".repeat(filled)).append(" ".repeat(width - filled)).append("] ")
                    .append(String.format(Locale.ROOT, "%3d%% ", 100 * done / total));
        }
        line.append(amount(rate)).append("/s");
        if (total > 0 && rate > 0 && done < total) {
            long eta = (long) ((total - done) / rate);
            line.append(String.format(Locale.ROOT, " ETA %d:%02d", eta / 60, eta % 60));
        }
        err.print(line.append("   "));
        err.flush();
    }

    private String amount(double rate) {
        if (!unit.equals("B")) {
            return String.format(Locale.ROOT, "%.0f %s", rate, unit);
        }
        return rate > 1 << 20 ? String.format(Locale.ROOT, "%.1f MB", rate / (1 << 20)) : String.format(Locale.ROOT, "%.0f kB", rate / 1024);
    }

    /** Ctrl-C kills the process; imports and exports are safe against that, so there is nothing to cancel here. */
    @Override
    public boolean isCancelled() {
        return false;
    }
}
