package org.trajectory.recorder;

/**
 * The size of the whole screen (all monitors, root pixels) from {@code time} on; {@code inferred} when the recording
 * did not say it and the reader concluded it from where the events went (a peer recording whose person changed the
 * resolution).
 *
 * @since 0.1
 */
public record ScreenSize(double time, int width, int height, boolean inferred) {

    public ScreenSize(double time, int width, int height) {
        this(time, width, height, false);
    }

    public boolean holds(int x, int y) {
        return x >= 0 && y >= 0 && x < width && y < height;
    }
}
