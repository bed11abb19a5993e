package org.trajectory.extract;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Locale;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.List;

import org.trajectory.recorder.VideoFiles;

/**
 * Frames of a video at a set rate, decoded by ffmpeg (any container it reads: mp4, mkv, webm, mov) and read one at a
 * time from its pipe, so memory holds a few frames, not the video. Frame k is at k / fps seconds from the video's start.
 * A thread reads a few frames ahead of the caller: a pipe holds 64 KiB, so without it ffmpeg would wait for the caller
 * to finish with each frame before decoding the next, and decoding and looking would take turns instead of overlapping.
 *
 * @since 0.1
 */
public final class FrameSampler implements AutoCloseable {

    /** How many bytes of frames are read ahead of the caller: ten 1080p frames, enough to even out the caller's slow frames. */
    private static final long AHEAD = 32 << 20;
    /** What the reading thread puts after the last frame. */
    private static final byte[] END = new byte[0];

    private final Path video;
    private final Process ffmpeg;
    private final DataInputStream pixels;
    private final int width;
    private final int height;
    private final Frame.Layout layout;
    private final double fps;
    private final BlockingQueue<Object> ahead;
    private final Thread reader;
    private long index;

    private FrameSampler(Path video, Process ffmpeg, int width, int height, Frame.Layout layout, double fps, long first) {
        this.index = first;
        this.layout = layout;
        this.video = video;
        this.ffmpeg = ffmpeg;
        this.pixels = new DataInputStream(ffmpeg.getInputStream());
        this.width = width;
        this.height = height;
        this.fps = fps;
        this.ahead = new ArrayBlockingQueue<>((int) Math.clamp(AHEAD / layout.bytes(width, height), 2, 16));
        this.reader = Thread.ofPlatform().daemon().name("frames of " + video.getFileName()).start(this::readAhead);
    }

    /** Starts decoding {@code video} at {@code fps} frames a second (the paper: 1 for short clips, 2 for real-world ones). */
    public static FrameSampler open(Path video, double fps) throws IOException {
        checkRate(fps);
        return open(Video.probe(video), fps);
    }

    /** As {@link #open(Path, double)}, the frames in RGB. */
    public static FrameSampler open(Video video, double fps) throws IOException {
        return open(video, fps, Frame.Layout.RGB);
    }

    /** As {@link #open(Path, double)}, the frames in the layout given. */
    public static FrameSampler open(Video video, double fps, Frame.Layout layout) throws IOException {
        return open(video, fps, layout, 0);
    }

    /**
     * As {@link #open(Video, double, Frame.Layout)}, from frame {@code first} on: ffmpeg seeks to its time (decoding from
     * the keyframe before it), and the frames are numbered and timed as from the start. Which picture comes first is
     * ffmpeg's seek's to say: for a video of constant rate it is frame {@code first}'s, for others it may be a neighbour's,
     * so a caller that needs the very frame compares what it gets.
     */
    public static FrameSampler open(Video video, double fps, Frame.Layout layout, long first) throws IOException {
        checkRate(fps);
        List<String> before = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-v", "error"));
        if (first > 0) {
            before.addAll(List.of("-ss", String.format(Locale.ROOT, "%.6f", first / fps)));
        }
        Process ffmpeg = new ProcessBuilder(VideoFiles.ffmpeg(before, video.file(), "-vf", String.format(Locale.ROOT, "fps=%s", fps), "-f",
                "rawvideo", "-pix_fmt", layout.ffmpegName, "-")).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return new FrameSampler(video.file(), ffmpeg, video.width(), video.height(), layout, fps, first);
    }

    private static void checkRate(double fps) {
        if (!(fps > 0 && fps <= 60)) {
            throw new IllegalArgumentException("the sampling rate is between 0 and 60 frames a second, not " + fps);
        }
    }

    /** The next frame, or null after the last. */
    public Frame next() throws IOException {
        Object next;
        try {
            next = ahead.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading " + this);
        }
        if (next == END) {
            ahead.offer(END); // and after it, null again
            return null;
        }
        if (next instanceof IOException failure) {
            ahead.offer(failure);
            throw new IOException(this + ": " + failure.getMessage(), failure);
        }
        return new Frame(index++ / fps, width, height, layout, (byte[]) next);
    }

    /** The reading thread: frames from the pipe into the queue, then {@link #END} or what stopped it. */
    private void readAhead() {
        try {
            Object last = END;
            try {
                while (true) {
                    byte[] frame = new byte[layout.bytes(width, height)];
                    pixels.readFully(frame);
                    ahead.put(frame);
                }
            } catch (EOFException end) {
                // a partial last frame (a cut video) is not a frame
            } catch (IOException e) {
                last = e;
            }
            ahead.put(last);
        } catch (InterruptedException closed) {
            // closed by the caller, who reads no more
        }
    }

    @Override
    public void close() throws IOException {
        ffmpeg.destroy();
        reader.interrupt();
        pixels.close();
        try {
            ffmpeg.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return video + " at " + fps + " frames/s";
    }
}
