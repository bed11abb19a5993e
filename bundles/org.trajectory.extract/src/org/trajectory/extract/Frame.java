package org.trajectory.extract;

/** One sampled video frame: its time in the video (seconds) and its pixels, 8-bit RGB, row by row. */
public record Frame(double time, int width, int height, byte[] rgb) {

    public Frame {
        if (rgb.length != width * height * 3) {
            throw new IllegalArgumentException("a " + width + "x" + height + " RGB frame has " + width * height * 3 + " bytes, not " + rgb.length);
        }
    }
}
