package org.trajectory.model;

/**
 * Progress and cancellation for long operations, without the Eclipse runtime: the terminal bar of the headless
 * application and the UI's SubMonitor both adapt to it.
 */
public interface Progress {

    Progress NONE = new Progress() {
        @Override
        public void begin(String task, long totalWork) {
        }

        @Override
        public void worked(long work) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }
    };

    /** Progress already cancelled: work given it stops at its first look (what tests of cancelling use). */
    Progress CANCELLED = new Progress() {
        @Override
        public void begin(String task, long totalWork) {
        }

        @Override
        public void worked(long work) {
        }

        @Override
        public boolean isCancelled() {
            return true;
        }
    };

    /** Starts a task of {@code totalWork} units (bytes, records...); -1 when unknown. */
    void begin(String task, long totalWork);

    /** Starts a task whose work is counted in {@code unit} ("B" for bytes, "tasks", "texts"...), for a rate shown in it. */
    default void begin(String task, long totalWork, String unit) {
        begin(task, totalWork);
    }

    void worked(long work);

    boolean isCancelled();
}
