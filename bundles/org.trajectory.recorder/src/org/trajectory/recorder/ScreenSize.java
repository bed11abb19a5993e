package org.trajectory.recorder;

/**
 * The size of the whole screen (all monitors, root pixels) from {@code time} on.
 *
 * @since 0.1
 */
public record ScreenSize(double time, int width, int height) {
}
