package org.trajectory.model.operation;

/**
 * Progress and cancellation for long operations, without the Eclipse runtime: the terminal bar of the headless
 * application and the UI's SubMonitor both adapt to it.
 *
 * @since 0.1
 */
public interface Progress {

    /** Progress nobody watches. */
    Progress NONE = new Silent(false);

    /** Progress already cancelled: work given it stops at its first look (what tests of cancelling use). */
    Progress CANCELLED = new Silent(true);

    /** Progress that shows nothing and answers {@link #isCancelled()} with the same value throughout. */
    record Silent(boolean isCancelled) implements Progress {
        @Override
        public void begin(String task, long totalWork) {
        }

        @Override
        public void worked(long work) {
        }
    }

    /** Progress that shows nothing and is cancelled whenever {@code cancelled} says so (a caller's own, a test's rule). */
    static Progress cancelledWhen(java.util.function.BooleanSupplier cancelled) {
        return new Progress() {
            @Override
            public void begin(String task, long totalWork) {
            }

            @Override
            public void worked(long work) {
            }

            @Override
            public boolean isCancelled() {
                return cancelled.getAsBoolean();
            }
        };
    }

    /** Starts a task of {@code totalWork} units (bytes, records...); -1 when unknown. */
    void begin(String task, long totalWork);

    /** Starts a task whose work is counted in {@code unit} ("B" for bytes, "tasks", "texts"...), for a rate shown in it. */
    default void begin(String task, long totalWork, String unit) {
        begin(task, totalWork);
    }

    void worked(long work);

    boolean isCancelled();
}
