package org.trajectory.recorder.replay;

/**
 * A desktop an {@link Environment} brought up for a replay: which backend can drive it, where it is, and how it ends.
 *
 * @since 0.1
 */
public interface Desktop extends AutoCloseable {

    /** The kind of desktop, matched against the {@code system} a replay backend declares: "x11", "windows". */
    String system();

    /** Where a backend reaches it: an X display name (":57"), or the empty text for the desktop the product runs on. */
    String address();

    /**
     * Whether it is the user's own screen. A replay there stops at once when the person moves the pointer into a
     * screen corner; the replay checks that itself, before each step.
     */
    boolean shared();

    /** Ends what the environment started for it (the X server, the applications); a shared desktop is left as it was. */
    @Override
    void close();
}
