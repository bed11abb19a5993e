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
import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.VideoFiles;

/**
 * Takes frames out of a video with the real ffmpeg, decoding each part of the video at most once: the frames are
 * grouped into runs, a run starting where a decoder must seek (its first frame's key frame lies past the run's last
 * frame) and going on while going forward costs no more decoding than seeking would (the next frame's key frame is at
 * or before the last one taken). So frames in one group of pictures cost one decode of it, and a frame far from the
 * others costs a decode from its own key frame, never the whole video.
 * <p>
 * An ffmpeg process costs about 70 ms to start (it loads every codec library, the time of decoding a hundred frames of
 * a 720p desktop), an input in it about 15 ms: the runs are shared out among one process per core in stretches of
 * about equal decoding (a long run cut at a key frame to give every core work), and a process reads its runs as inputs
 * of their own, each stopping past its last frame, joined in order. Runs are never decoded as one across a key frame
 * they do not need: the picture may change size there (a screen that changed resolution), where joining fails and each
 * run of that process is taken alone.
 */
public final class Keyframes {

    private static final byte[] PNG_SIGNATURE = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
    /** Frames a decoder may need to read past a frame to output it (H.264 reorders at most 16). */
    private static final int REORDER = 16;
    /** Inputs one ffmpeg opens at most (each has a reading thread). */
    private static final int MAX_INPUTS = 48;

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

    /** The frames (ascending, distinct) in runs each decoded forward from one seek. */
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

    /**
     * The runs, the longest cut in two until there are {@code count}: at the frame nearest its middle whose key frame
     * lies past the run's start (the second part seeks there: only the frames from that key frame to the first part's
     * last are decoded twice).
     */
    List<List<Integer>> cut(List<List<Integer>> runs, int count) {
        List<List<Integer>> cut = new ArrayList<>(runs);
        while (cut.size() < count) {
            List<Integer> longest = cut.stream().max(java.util.Comparator.comparingLong(this::work)).orElseThrow();
            int start = keyBefore(longest.get(0));
            long half = work(longest) / 2;
            int at = -1;
            for (int i = 1; i < longest.size(); i++) {
                boolean nearer = at < 0 || Math.abs(longest.get(i) - start - half) < Math.abs(longest.get(at) - start - half);
                if (keyBefore(longest.get(i)) > start && nearer) {
                    at = i;
                }
            }
            if (at < 0) {
                break;
            }
            int index = cut.indexOf(longest);
            cut.set(index, new ArrayList<>(longest.subList(at, longest.size())));
            cut.add(index, new ArrayList<>(longest.subList(0, at)));
        }
        return cut;
    }

    /** Consecutive runs in {@code processes} stretches of about equal decoding (more where one would take too many inputs). */
    List<List<List<Integer>>> shares(List<List<Integer>> runs, int processes) {
        long total = 0;
        for (List<Integer> run : runs) {
            total += work(run);
        }
        List<List<List<Integer>>> shares = new ArrayList<>();
        List<List<Integer>> share = new ArrayList<>();
        long done = 0;
        for (List<Integer> run : runs) {
            boolean full = share.size() == MAX_INPUTS || (!share.isEmpty() && done >= total * (shares.size() + 1) / processes);
            if (full) {
                shares.add(share);
                share = new ArrayList<>();
            }
            share.add(run);
            done += work(run);
        }
        shares.add(share);
        return shares;
    }

    /** The frames a decoder goes through for a run. */
    private long work(List<Integer> run) {
        return run.get(run.size() - 1) - keyBefore(run.get(0)) + 1L;
    }

    /** The frames of some runs as PNG bytes, in order: one ffmpeg, an input per run that seeks once to its first frame. */
    private Map<Integer, byte[]> take(List<List<Integer>> runs, int threads) throws IOException {
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-v", "error"));
        StringBuilder graph = new StringBuilder();
        for (int i = 0; i < runs.size(); i++) {
            List<Integer> run = runs.get(i);
            // Seek a millisecond before the first frame's stamp (Matroska keeps milliseconds): ffmpeg decodes from the key
            // frame before it and passes on frames from this one on, which the filter counts from 0. Frames before it with
            // the same stamp (a variable-rate video whose clock ticks coarser than its frames come) pass too and are counted.
            int first = run.get(0);
            double offset = Math.max(0, stamps[first] - stamps[0] - 0.001);
            int passed = first;
            while (passed > 0 && stamps[passed - 1] - stamps[0] >= offset) {
                passed--;
            }
            command.addAll(List.of("-ss", seconds(offset)));
            int readTo = run.get(run.size() - 1) + REORDER;
            if (readTo < stamps.length) { // the input stops there, not at the end of the video
                command.addAll(List.of("-t", seconds(stamps[readTo] - stamps[0] - offset)));
            }
            command.addAll(List.of("-threads", Integer.toString(threads), "-an"));
            command.addAll(VideoFiles.input(video));
            StringBuilder select = new StringBuilder();
            for (int frame : run) {
                select.append(select.isEmpty() ? "" : "+").append("eq(n\\,").append(frame - passed).append(')');
            }
            graph.append('[').append(i).append(":v:0]select='").append(select).append("'[r").append(i).append("];");
        }
        for (int i = 0; i < runs.size(); i++) {
            graph.append("[r").append(i).append(']');
        }
        graph.append("concat=n=").append(runs.size()).append(":v=1:a=0[frames]");
        List<Integer> frames = runs.stream().flatMap(List::stream).toList();
        command.addAll(List.of("-filter_complex", graph.toString(), "-map", "[frames]", "-fps_mode", "passthrough", "-frames:v",
                Integer.toString(frames.size()), "-c:v", "png", "-f", "image2pipe", "-"));
        Process ffmpeg = new ProcessBuilder(command).start();
        Map<Integer, byte[]> pngs = new HashMap<>();
        try (DataInputStream out = new DataInputStream(ffmpeg.getInputStream())) {
            for (int frame : frames) {
                byte[] png = readPng(out);
                if (png == null) {
                    break;
                }
                pngs.put(frame, png);
            }
            out.transferTo(java.io.OutputStream.nullOutputStream());
        }
        try {
            if (ffmpeg.waitFor() != 0 || pngs.size() != frames.size()) {
                int missing = frames.stream().filter(f -> !pngs.containsKey(f)).findFirst().orElse(frames.get(0));
                throw new IOException("frame " + missing + " of " + video + " cannot be decoded: "
                        + FrameTable.toolReason(new String(ffmpeg.getErrorStream().readAllBytes()), video));
            }
        } catch (InterruptedException e) {
            ffmpeg.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while taking frame " + frames.get(0), e);
        }
        return pngs;
    }

    /**
     * The frames of a share of runs; where one ffmpeg cannot join its runs (a video whose picture size changes between
     * them: the joining filter needs one size), each run is taken by an ffmpeg of its own.
     */
    private Map<Integer, byte[]> takeShare(List<List<Integer>> runs, int threads) throws IOException {
        try {
            return take(runs, threads);
        } catch (IOException joined) {
            if (runs.size() == 1) {
                throw joined;
            }
            Map<Integer, byte[]> pngs = new HashMap<>();
            for (List<Integer> run : runs) {
                pngs.putAll(take(List.of(run), threads));
            }
            return pngs;
        }
    }

    private static String seconds(double value) {
        return String.format(Locale.ROOT, "%.6f", value);
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

    /** The frames, in parallel processes; equal frame numbers are taken once. Cancelling through {@code progress} stops it. */
    public List<byte[]> pngs(List<Integer> frames, Progress progress) throws IOException {
        int cores = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<List<List<Integer>>> shares = shares(cut(runs(new TreeSet<>(frames)), cores), cores);
        int threads = Math.max(1, cores / shares.size()); // processes side by side decode on a thread each
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(shares.size(), cores), r -> {
            Thread thread = new Thread(r, "Keyframes");
            thread.setDaemon(true);
            return thread;
        });
        try {
            Map<Integer, Future<Map<Integer, byte[]>>> jobs = new HashMap<>();
            for (List<List<Integer>> share : shares) {
                Future<Map<Integer, byte[]>> job = pool.submit(() -> takeShare(share, threads));
                share.forEach(run -> run.forEach(frame -> jobs.put(frame, job)));
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
