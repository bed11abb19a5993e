package org.trajectory.recorder;

import org.trajectory.recorder.replay.Setup;

/**
 * Where a backend delivers what it captures; called from the backend's threads.
 *
 * @since 0.1
 */
public interface CaptureSink {

    void input(InputEvent event);

    void window(WindowEvent event);

    /**
     * Every change of the window in front up to {@code time} was delivered: input until then can be judged by the window
     * it went to. Backends whose input and window changes reach the sink from different threads say it often; one that
     * delivers them in one ordered stream need not.
     */
    default void windowsHeard(double time) {
    }

    /** The screen video started: its frames per second and size in pixels. */
    default void videoStarted(int fps, int width, int height) {
    }

    /**
     * A frame the backend grabbed itself and sent to the video as frame {@code index}, taken at {@code time} on the
     * events' clock. Backends that let ffmpeg grab (the video then carries the stamps) never call it.
     */
    default void frame(long index, double time) {
    }

    /**
     * Before a {@link #frame}: how many of the video's slots before it the backend left out because nothing on the
     * screen changed (the frame before still shows it); they are no frames missed.
     */
    default void unchanged(long slots) {
    }

    /** A small picture of the screen for the recorder's window (see {@link Preview}); never stored. */
    default void preview(Preview preview) {
    }

    /** What a replay needs to make the first screen again (the applications open and their windows), when recording starts. */
    default void setup(Setup setup) {
    }

    /** The monitors making up the screen, when recording starts. */
    default void monitors(java.util.List<Monitor> monitors) {
    }

    /** The screen's size, when recording starts and whenever it changes (a resolution change, a monitor added). */
    default void screen(ScreenSize size) {
    }

    /** The element an action met (see {@link ElementEvent}); from a thread of its own, a moment after the action. */
    default void element(ElementEvent event) {
        // a sink that keeps no elements
    }

    /** Whether elements are captured: "captured (AT-SPI)", "off", or "unavailable: " and why; said once, at the start. */
    default void elementCapture(String status) {
        // a sink that keeps no elements
    }

    /** Something went wrong but capture goes on (or has ended, if {@code fatal}): the display went away, say. */
    void problem(String message, boolean fatal);
}
