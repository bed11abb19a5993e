package org.trajectory.builder.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.trajectory.model.Words;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.internal.FrameTable;

/**
 * Takes frames out of a video with the real ffmpeg, decoding each part of the video at most once: the frames are
 * grouped into runs, a run starting where a decoder must seek (its first frame's key frame lies past the run's last
 * frame) and going on while going forward costs no more decoding than seeking would (the next frame's key frame is at
 * or before the last one taken). Each run is one ffmpeg that seeks once and outputs the run's frames; runs go in
 * parallel, one ffmpeg per core. So frames in one group of pictures cost one decode of it, and a frame far from the
 * others costs a decode from its own key frame, never the whole video.
 */
public final class Keyframes {

    private static final byte[] PNG_SIGNATURE = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

    private final Path video;
    private final double[] stamps;
    private final boolean[] key;

    /** @param frames each frame's presentation time in the video itself and its key flag ({@link FrameTable#probeFrames}) */
    public Keyframes(Path video, FrameTable.Frames frames) {
        if (frames.stamps().length == 0) {
            throw new IllegalArgumentException(video + " has no frames");
        }
        this.video = video;
        this.stamps = frames.stamps();
        this.key = frames.key();
    }

    public int frameCount() {
        return stamps.length;
    }

    /** The key frame a decoder starts at to reach {@code frame} (the first frame when the flags say none). */
    private int keyBefore(int frame) {
        for (int i = frame; i > 0; i--) {
            if (key[i]) {
                return i;
            }
        }
        return 0;
    }

    /** The frames (ascending, distinct) in runs each one ffmpeg decodes forward. */
    List<List<Integer>> runs(TreeSet<Integer> frames) {
        List<List<Integer>> runs = new ArrayList<>();
        List<Integer> run = null;
        for (int frame : frames) {
            if (run == null || keyBefore(frame) > run.get(run.size() - 1)) {
                run = new ArrayList<>();
                runs.add(run);
            }
            run.add(frame);
        }
        return runs;
    }

    /** The frames of one run as PNG bytes: one seek to its first frame, then its frames picked out by number. */
    private Map<Integer, byte[]> take(List<Integer> run) throws IOException {
        // Seek a millisecond before the first frame's stamp (Matroska keeps milliseconds): ffmpeg decodes from the key
        // frame before it and passes on frames from this one on, which the filter counts from 0. Frames before it with
        // the same stamp (a variable-rate video whose clock ticks coarser than its frames come) pass too and are counted.
        int first = run.get(0);
        double offset = Math.max(0, stamps[first] - stamps[0] - 0.001);
        int passed = first;
        while (passed > 0 && stamps[passed - 1] - stamps[0] >= offset) {
            passed--;
        }
        StringBuilder select = new StringBuilder();
        for (int frame : run) {
            select.append(select.isEmpty() ? "" : "+").append("eq(n\\,").append(frame - passed).append(')');
        }
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-ss", String.format(Locale.ROOT, "%.6f", offset),
                "-i", video.toString(), "-an", "-vf", "select='" + select + "'", "-fps_mode", "passthrough", "-frames:v",
                Integer.toString(run.size()), "-c:v", "png", "-f", "image2pipe", "-").start();
        Map<Integer, byte[]> pngs = new HashMap<>();
        try (DataInputStream out = new DataInputStream(ffmpeg.getInputStream())) {
            for (int frame : run) {
                byte[] png = readPng(out);
                if (png == null) {
                    break;
                }
                pngs.put(frame, png);
            }
            out.transferTo(java.io.OutputStream.nullOutputStream());
        }
        try {
            if (ffmpeg.waitFor() != 0 || pngs.size() != run.size()) {
                int missing = run.stream().filter(f -> !pngs.containsKey(f)).findFirst().orElse(first);
                throw new IOException("frame " + missing + " of " + video + " cannot be decoded: "
                        + FrameTable.toolReason(new String(ffmpeg.getErrorStream().readAllBytes()), video));
            }
        } catch (InterruptedException e) {
            ffmpeg.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while taking frame " + first, e);
        }
        return pngs;
    }

    /** One PNG of an image2pipe stream: its signature, then its chunks up to IEND; null at the stream's end. */
    static byte[] readPng(DataInputStream in) throws IOException {
        byte[] signature = new byte[PNG_SIGNATURE.length];
        int read = in.readNBytes(signature, 0, signature.length);
        if (read == 0) {
            return null;
        }
        if (read < signature.length || !java.util.Arrays.equals(signature, PNG_SIGNATURE)) {
            throw new IOException("ffmpeg wrote something that is not a PNG");
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream(1 << 20);
        png.write(signature);
        while (true) {
            int length;
            byte[] type = new byte[4];
            try {
                length = in.readInt();
                in.readFully(type);
            } catch (EOFException e) {
                throw new IOException("ffmpeg's PNG ended early");
            }
            if (length < 0) {
                throw new IOException("ffmpeg wrote a PNG chunk of a length no PNG has");
            }
            png.write(length >>> 24);
            png.write(length >>> 16);
            png.write(length >>> 8);
            png.write(length);
            png.write(type);
            png.write(in.readNBytes(length + 4)); // the data and its CRC
            if (type[0] == 'I' && type[1] == 'E' && type[2] == 'N' && type[3] == 'D') {
                return png.toByteArray();
            }
        }
    }

    /** The frames, in parallel runs; equal frame numbers are taken once. Cancelling through {@code progress} stops it. */
    public List<byte[]> pngs(List<Integer> frames, Progress progress) throws IOException {
        List<List<Integer>> runs = runs(new TreeSet<>(frames));
        int threads = Math.max(1, Math.min(runs.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread thread = new Thread(r, "Keyframes");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Map<Integer, Future<Map<Integer, byte[]>>> jobs = new HashMap<>();
            for (List<Integer> run : runs) {
                Future<Map<Integer, byte[]>> job = pool.submit(() -> take(run));
                run.forEach(frame -> jobs.put(frame, job));
            }
            List<byte[]> images = new ArrayList<>(frames.size());
            progress.begin("Taking " + Words.count(jobs.size(), "frame") + " from the video", frames.size(), "frames");
            for (int frame : frames) {
                if (progress.isCancelled()) {
                    throw new java.util.concurrent.CancellationException("canceled");
                }
                images.add(jobs.get(frame).get().get(frame));
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
