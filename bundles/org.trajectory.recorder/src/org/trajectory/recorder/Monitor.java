package org.trajectory.recorder;

/**
 * One monitor of the screen: its name, whether it is the primary one, its place and size in root pixels, its physical
 * size in millimetres (0 when unknown), and the desktop's scale factor (1 when the desktop sets none).
 *
 * @since 0.1
 */
public record Monitor(String name, boolean primary, int x, int y, int width, int height, int widthMm, int heightMm, double scale) {
}
