package org.trajectory.builder.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.trajectory.model.Words;
import org.trajectory.model.operation.Progress;

/**
 * Takes single frames out of a video with the real ffmpeg, by seeking: each frame costs a decode from the key frame
 * before it, never the whole video, and frames are taken in parallel, one ffmpeg per core.
 */
public final class Keyframes {

    private final Path video;
    private final double[] stamps;

    /** @param stamps each frame's presentation time in the video itself ({@link org.trajectory.recorder.internal.FrameTable#probe}) */
    public Keyframes(Path video, double[] stamps) {
        if (stamps.length == 0) {
            throw new IllegalArgumentException(video + " has no frames");
        }
        this.video = video;
        this.stamps = stamps;
    }

    public int frameCount() {
        return stamps.length;
    }

    /** Frame {@code frame} as PNG bytes. */
    public byte[] png(int frame) throws IOException {
        // Seek a millisecond before the frame's stamp (Matroska keeps milliseconds): ffmpeg then decodes from the key
        // frame before and outputs the first frame at or after the target, which is this one.
        double offset = Math.max(0, stamps[frame] - stamps[0] - 0.001);
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-ss", String.format(Locale.ROOT, "%.6f", offset),
                "-i", video.toString(), "-frames:v", "1", "-an", "-c:v", "png", "-f", "image2pipe", "-").start();
        byte[] png;
        try (InputStream out = ffmpeg.getInputStream()) {
            png = out.readAllBytes();
        }
        try {
            if (ffmpeg.waitFor() != 0 || png.length == 0) {
                throw new IOException("frame " + frame + " of " + video + " cannot be decoded: "
                        + org.trajectory.recorder.internal.FrameTable.toolReason(new String(ffmpeg.getErrorStream().readAllBytes()), video));
            }
        } catch (InterruptedException e) {
            ffmpeg.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while taking frame " + frame, e);
        }
        return png;
    }

    /** The frames, in parallel; equal frame numbers are taken once. Cancelling through {@code progress} stops it. */
    public List<byte[]> pngs(List<Integer> frames, Progress progress) throws IOException {
        int threads = Math.max(1, Math.min(frames.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread thread = new Thread(r, "Keyframes");
            thread.setDaemon(true);
            return thread;
        });
        try {
            java.util.Map<Integer, Future<byte[]>> jobs = new java.util.HashMap<>();
            for (int frame : frames) {
                jobs.computeIfAbsent(frame, f -> pool.submit(() -> png(f)));
            }
            List<byte[]> images = new ArrayList<>(frames.size());
            progress.begin("Taking " + Words.count(jobs.size(), "frame") + " from the video", frames.size(), "frames");
            for (int frame : frames) {
                if (progress.isCancelled()) {
                    throw new java.util.concurrent.CancellationException("canceled");
                }
                images.add(jobs.get(frame).get());
                progress.worked(1);
            }
            return images;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
