package org.trajectory.extract;

/**
 * One sampled video frame: its time in the video (seconds) and its pixels, row by row: 8-bit RGB, or 8-bit grey where
 * colour is not needed ({@link FrameSampler#openGrey}).
 */
public record Frame(double time, int width, int height, byte[] pixels) {

    public Frame {
        if (pixels.length != width * height * 3 && pixels.length != width * height) {
            throw new IllegalArgumentException("a " + width + "x" + height + " frame has " + width * height * 3 + " bytes (RGB) or "
                    + width * height + " (grey), not " + pixels.length);
        }
    }

    /** 3 for RGB, 1 for grey. */
    public int channels() {
        return pixels.length / (width * height);
    }
}
