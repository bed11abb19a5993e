package org.trajectory.extract;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.VideoFiles;

/**
 * Frames of a video as PNG, by the real ffmpeg: one by seeking to its time (never decoding the whole video), or many in
 * one decoding pass, picked by their numbers among the frames sampled at a rate (the numbers {@link FrameSampler}
 * gave them), which costs one pass however many there are.
 *
 * @since 0.1
 */
public final class FrameGrab {

    private static final byte[] PNG_END = {'I', 'E', 'N', 'D'};

    private FrameGrab() {
    }

    /**
     * The sampled frames of those numbers (frame k of the video sampled at {@code fps} is the one at k / fps s), as PNG,
     * in one pass; a number past the video's end has none.
     */
    public static Map<Integer, byte[]> sampled(Video video, double fps, Collection<Integer> numbers) throws IOException {
        Map<Integer, byte[]> pngs = new HashMap<>();
        sampled(video, fps, numbers, pngs::put);
        return pngs;
    }

    /** Where {@link #sampled(Video, double, Collection, Taken)} gives each frame as it is decoded. */
    public interface Taken {
        void frame(int number, byte[] png) throws IOException;
    }

    /**
     * The same frames given one at a time, in the order of their numbers, as the pass decodes them: memory holds one,
     * however many are asked.
     */
    public static void sampled(Video video, double fps, Collection<Integer> numbers, Taken each) throws IOException {
        SortedSet<Integer> wanted = new TreeSet<>(numbers);
        wanted.removeIf(number -> number / fps >= video.duration()); // asked for alone, they would seem a failed ffmpeg
        if (wanted.isEmpty()) {
            return;
        }
        String select = String.format(Locale.ROOT, "fps=%s,select='%s'", fps, anyOf(List.copyOf(wanted)));
        Path script = Files.createTempFile("tw-select", ".txt");
        Path errors = Files.createTempFile("tw-select", ".log");
        try {
            Files.writeString(script, select);
            double until = (wanted.last() + 2) / fps;
            Process ffmpeg = new ProcessBuilder(VideoFiles.ffmpeg(List.of("ffmpeg", "-nostdin", "-v", "error"), video.file(), "-t",
                    String.format(Locale.ROOT, "%.3f", until), "-filter_script:v", script.toString(), "-fps_mode", "passthrough", "-an",
                    "-c:v", "png", "-f", "image2pipe", "-")).redirectError(errors.toFile()).start();
            int given = 0;
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(ffmpeg.getInputStream(), 1 << 20))) {
                for (int number : wanted) {
                    byte[] png = nextPng(in);
                    if (png == null) {
                        break;
                    }
                    each.frame(number, png);
                    given++;
                }
            } finally {
                ffmpeg.destroy();
            }
            if (given == 0) {
                String why = Files.readString(errors).strip();
                throw new IOException(video.file() + ": its frames could not be taken"
                        + (why.isEmpty() ? "" : " (" + FrameTable.toolReason(why, video.file()) + ")"));
            }
        } finally {
            Files.deleteIfExists(script);
            Files.deleteIfExists(errors);
        }
    }

    /**
     * ffmpeg's expression for "frame n is one of these", as a balanced tree of sums: its parser nests a flat sum of
     * hundreds of terms too deep.
     */
    private static String anyOf(List<Integer> numbers) {
        if (numbers.size() == 1) {
            return "eq(n\\," + numbers.get(0) + ")";
        }
        int half = numbers.size() / 2;
        return "(" + anyOf(numbers.subList(0, half)) + "+" + anyOf(numbers.subList(half, numbers.size())) + ")";
    }

    /** The next PNG of a stream of them: its signature, then chunks up to IEND. */
    private static byte[] nextPng(DataInputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
        byte[] signature = new byte[8];
        try {
            in.readFully(signature);
        } catch (EOFException end) {
            return null;
        }
        out.write(signature);
        while (true) {
            int length = in.readInt();
            byte[] type = new byte[4];
            in.readFully(type);
            byte[] rest = new byte[length + 4]; // data and CRC
            in.readFully(rest);
            out.write(ByteBuffer.allocate(4).putInt(length).array());
            out.write(type);
            out.write(rest);
            if (Arrays.equals(type, PNG_END)) {
                return out.toByteArray();
            }
        }
    }

    /**
     * The video's last frame that can be decoded: by seeking near its end, else (a recording cut short by a killed
     * recorder says a length its frames do not reach, and has no index to seek by) by decoding it through and keeping
     * the last frame that came.
     */
    public static byte[] last(Video video) throws IOException {
        try {
            return png(video, video.duration() - 0.05);
        } catch (IOException cut) {
            Path out = Files.createTempFile("tw-last", ".png");
            try {
                Process ffmpeg = new ProcessBuilder(VideoFiles.ffmpeg(List.of("ffmpeg", "-nostdin", "-v", "error", "-y"), video.file(), "-an",
                        "-update", "1", "-f", "image2", out.toString())).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                ffmpeg.waitFor();
                byte[] png = Files.readAllBytes(out);
                if (png.length == 0) {
                    throw cut;
                }
                return png;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while taking the last frame", e);
            } finally {
                Files.deleteIfExists(out);
            }
        }
    }

    /** The frame shown at {@code time} seconds from the video's start, whole. */
    public static byte[] png(Video video, double time) throws IOException {
        return png(video, time, 0, 0, video.width(), video.height());
    }

    /**
     * A part of the frame shown at {@code time}: the rectangle at x, y of that size, clipped to the frame. A time in the
     * video's last moments, after its last frame (a container's length runs past it), takes the last frame.
     */
    public static byte[] png(Video video, double time, int x, int y, int width, int height) throws IOException {
        IOException failure = null;
        for (double back : new double[] {0, 0.25, 0.5, 1}) {
            if (back > 0 && time - back < video.duration() - 1.5) {
                break;
            }
            try {
                return grab(video, Math.max(0, time - back), x, y, width, height);
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        throw failure;
    }

    private static byte[] grab(Video video, double time, int x, int y, int width, int height) throws IOException {
        int[] area = video.clip(x, y, width, height);
        double at = Math.max(0, Math.min(time, video.duration() - 0.001));
        Process ffmpeg = new ProcessBuilder(VideoFiles.ffmpeg(List.of("ffmpeg", "-nostdin", "-v", "error", "-ss", String.format(Locale.ROOT, "%.3f", at)),
                video.file(), "-frames:v", "1", "-an", "-vf", "crop=" + area[2] + ":" + area[3] + ":" + area[0] + ":" + area[1],
                "-c:v", "png", "-f", "image2pipe", "-")).start();
        byte[] png;
        try (InputStream out = ffmpeg.getInputStream()) {
            png = out.readAllBytes();
        }
        try {
            if (ffmpeg.waitFor() != 0 || png.length == 0) {
                throw new IOException(String.format(Locale.ROOT, "%s: the frame at %.3f s cannot be decoded: %s", video.file(), at,
                        png.length == 0 ? "ffmpeg gave no frame there" : FrameTable.toolReason(new String(ffmpeg.getErrorStream().readAllBytes()), video.file())));
            }
        } catch (InterruptedException e) {
            ffmpeg.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while taking a frame", e);
        }
        return png;
    }
}
