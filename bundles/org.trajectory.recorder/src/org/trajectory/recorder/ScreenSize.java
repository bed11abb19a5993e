package org.trajectory.recorder;

/** The size of the whole screen (all monitors, root pixels) from {@code time} on. */
public record ScreenSize(double time, int width, int height) {
}
