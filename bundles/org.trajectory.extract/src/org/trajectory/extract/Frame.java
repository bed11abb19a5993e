package org.trajectory.extract;

/**
 * One sampled video frame: its time in the video (seconds) and its pixels in one of the {@link Layout}s.
 *
 * @since 0.1
 */
public record Frame(double time, int width, int height, Layout layout, byte[] pixels) {

    /** How the pixels lie. */
    public enum Layout {
        /** 8-bit RGB, row by row. */
        RGB("rgb24"),
        /**
         * ffmpeg's yuv420p (I420): the full-size luma plane, then the quarter-size U and V planes; luma in video range
         * (16-235). What screen videos are stored as, so decoding to it costs no conversion; its luma is the grey picture.
         */
        I420("yuv420p");

        final String ffmpegName;

        Layout(String ffmpegName) {
            this.ffmpegName = ffmpegName;
        }

        /** The bytes of a frame of that size. */
        public int bytes(int width, int height) {
            return this == RGB ? width * height * 3 : width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2);
        }
    }

    public Frame {
        if (pixels.length != layout.bytes(width, height)) {
            throw new IllegalArgumentException("a " + width + "x" + height + " " + layout + " frame has " + layout.bytes(width, height)
                    + " bytes, not " + pixels.length);
        }
    }
}
