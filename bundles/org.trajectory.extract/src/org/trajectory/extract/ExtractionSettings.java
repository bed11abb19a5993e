package org.trajectory.extract;

/**
 * How a method samples and groups frames.
 *
 * @param fps         frames taken a second; 0 leaves it to the method (the paper: 1 for short clips, 2 for real-world
 *                    videos; the offline method 10)
 * @param window      frames a model sees at once (Direct-Frame's sliding window; the paper: 10), 0 for all at once
 * @param overlap     frames two windows share (the paper: 5)
 * @param changedOnly send a model only the frames where the screen changed, to save calls
 * @param concurrency requests to a model in flight at once (windows, frame pairs)
 *
 * @since 0.1
 */
public record ExtractionSettings(double fps, int window, int overlap, boolean changedOnly, int concurrency) {

    public static final int CONCURRENCY = 4;
    public static final ExtractionSettings PAPER = new ExtractionSettings(0, 10, 5, false, CONCURRENCY);

    public ExtractionSettings {
        if (fps < 0 || fps > 60) {
            throw new IllegalArgumentException("the sampling rate is between 0 and 60 frames a second, not " + fps);
        }
        if (window < 0 || overlap < 0 || (window > 0 && overlap >= window)) {
            throw new IllegalArgumentException("windows overlap by fewer frames than they hold (window " + window + ", overlap " + overlap + ")");
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("at least one request is in flight, not " + concurrency);
        }
    }

    /**
     * The rate to sample {@code video} at: this one, or where none is set the method's own, but not faster than the
     * video's frames come where they come at a steady rate clearly slower (sampled faster, each frame would be taken
     * twice, and a pointer moving in every frame would seem to rest in every other); a rate within a twentieth of the
     * method's repeats a frame too seldom to matter (a recorder's 10 frames a second measured as 9.9).
     */
    public double fps(Video video, double methodDefault) {
        if (fps > 0) {
            return fps;
        }
        return video.frameRate() > 0 && video.frameRate() < 0.95 * methodDefault ? video.frameRate() : methodDefault;
    }
}
