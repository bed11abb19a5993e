package org.trajectory.recorder;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.List;

import org.trajectory.model.Folders;


/**
 * The frame-time table of a recording's video ({@value RecordingFolder#FRAMES}: {@code frame,time_stamp}, one row a
 * frame, the time on the recording's monotonic clock), read from the video itself with ffprobe. The video's frames carry wall-clock
 * stamps; {@code wallMinusMonotonic}, measured when the recording started, moves them onto the events' clock. Because
 * it is rebuilt from the video, a recording killed before writing it can be finished later.
 */
public final class FrameTable {

    private FrameTable() {
    }

    /** Writes the table beside the video; returns the number of frames. */
    public static long write(Path video, double wallMinusMonotonic) throws IOException {
        double[] stamps = probe(video);
        Folders.writeWhole(video.resolveSibling(RecordingFolder.FRAMES), partial -> {
            try (BufferedWriter out = Files.newBufferedWriter(partial)) {
                out.write("frame,time_stamp\n");
                for (int frame = 0; frame < stamps.length; frame++) {
                    out.write(String.format(Locale.ROOT, "%d,%.6f%n", frame, stamps[frame] - wallMinusMonotonic));
                }
            }
        });
        return stamps.length;
    }

    /**
     * Each frame's time on the events' clock: from the table if the recording has one, else from the video's own
     * stamps plus the recording's video start (a peer recording, whose video starts at 0).
     */
    public static double[] times(Recording recording) throws IOException {
        return times(recording, null);
    }

    /** As {@link #times(Recording)}, with the video's own stamps when they were read already (null: read them). */
    public static double[] times(Recording recording, double[] probed) throws IOException {
        Path table = recording.folder().resolve(RecordingFolder.FRAMES);
        if (Files.isRegularFile(table)) {
            return read(table);
        }
        Path video = recording.video();
        if (video == null) {
            throw new java.nio.file.NoSuchFileException(recording.folder().toString(), null, "the recording has no video");
        }
        double start = recording.videoStart() == null ? 0 : recording.videoStart();
        double[] stamps = probed != null ? probed.clone() : probe(video);
        for (int i = 0; i < stamps.length; i++) {
            stamps[i] += start;
        }
        return stamps;
    }

    /** The frame times of a video whose stamps are wall-clock ({@code -copyts}), moved onto the events' clock. */
    public static double[] onEventClock(Path video, double wallMinusMonotonic) throws IOException {
        double[] stamps = probe(video);
        for (int i = 0; i < stamps.length; i++) {
            stamps[i] -= wallMinusMonotonic;
        }
        return stamps;
    }

    /** A frame table's times, in order; a torn last line is skipped. */
    public static double[] read(Path table) throws IOException {
        double[] times = new double[1024];
        int count = 0;
        try (BufferedReader in = Files.newBufferedReader(table, StandardCharsets.US_ASCII)) {
            String line = in.readLine(); // header
            int number = 1;
            while ((line = in.readLine()) != null) {
                number++;
                int comma = line.indexOf(',');
                if (line.isBlank() || comma < 0) {
                    continue; // a torn last line
                }
                try {
                    double time = Double.parseDouble(line.substring(comma + 1).strip());
                    if (count == times.length) {
                        times = Arrays.copyOf(times, count * 2);
                    }
                    times[count++] = time;
                } catch (NumberFormatException e) {
                    throw new IOException(table + ":" + number + ": not a frame time: " + line);
                }
            }
        }
        return Arrays.copyOf(times, count);
    }

    /** The width and height of the video's first video stream, in pixels. */
    public static int[] size(Path video) throws IOException {
        Process ffprobe = new ProcessBuilder(VideoFiles.ffprobe(List.of("-v", "error", "-select_streams", "v:0", "-show_entries",
                "stream=width,height", "-of", "csv=p=0"), video)).start();
        String out = new String(ffprobe.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
        try {
            if (ffprobe.waitFor() != 0 || !out.matches("\\d+,\\d+.*")) {
                throw new IOException(video + " cannot be read as a video: "
                        + toolReason(new String(ffprobe.getErrorStream().readAllBytes(), StandardCharsets.UTF_8), video));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + video, e);
        }
        String[] fields = out.lines().findFirst().orElse("").split(",");
        int[] size = { Integer.parseInt(fields[0].strip()), Integer.parseInt(fields[1].strip()) };
        VideoFiles.checkSize(video, size[0], size[1]);
        return size;
    }

    /**
     * The presentation time of every frame of the video's first video stream, in seconds, in order. Read from the
     * packets, not decoded frames, so a 30-minute video takes seconds (each video packet is one frame).
     */
    public static double[] probe(Path video) throws IOException {
        return probeFrames(video).stamps();
    }

    /** Every frame's presentation time, in order, and whether it is a key frame (one a decoder can start at). */
    public record Frames(double[] stamps, boolean[] key) {
    }

    /** As {@link #probe}, with each frame's key flag, from the same one read of the packets. */
    public static Frames probeFrames(Path video) throws IOException {
        Process ffprobe = new ProcessBuilder(VideoFiles.ffprobe(List.of("-v", "error", "-select_streams", "v:0", "-show_entries",
                "packet=pts_time,flags", "-of", "csv=p=0"), video)).start();
        double[] stamps = new double[1024];
        boolean[] keys = new boolean[1024];
        int count = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(ffprobe.getInputStream(), StandardCharsets.US_ASCII))) {
            String line;
            while ((line = in.readLine()) != null) {
                String[] fields = line.split(",");
                String field = fields[0].strip();
                if (field.isEmpty() || field.equals("N/A")) {
                    continue;
                }
                if (count == stamps.length) {
                    stamps = Arrays.copyOf(stamps, count * 2);
                    keys = Arrays.copyOf(keys, count * 2);
                }
                keys[count] = fields.length > 1 && fields[1].contains("K");
                stamps[count++] = Double.parseDouble(field);
            }
        }
        try {
            if (ffprobe.waitFor() != 0) {
                throw new IOException(video + " cannot be read as a video: "
                        + toolReason(new String(ffprobe.getErrorStream().readAllBytes(), StandardCharsets.UTF_8), video));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + video, e);
        }
        // packets come in decoding order: sorted by time, each keeping its flag
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        double[] read = stamps;
        Arrays.sort(order, (a, b) -> Double.compare(read[a], read[b]));
        double[] times = new double[count];
        boolean[] key = new boolean[count];
        for (int i = 0; i < count; i++) {
            times[i] = read[order[i]];
            key[i] = keys[order[i]];
        }
        return new Frames(times, key);
    }

    /**
     * The one line of ffmpeg's or ffprobe's error output a person needs: the last one, without the demuxer's
     * {@code [matroska @ 0x55...]} prefix or the file name it repeats.
     */
    public static String toolReason(String stderr, Path file) {
        String refusal = VideoFiles.refusal(stderr);
        if (refusal != null) {
            return refusal;
        }
        String reason = "";
        for (String line : stderr.split("\\R")) {
            String plain = line.replaceAll("^\\[[^\\]]*@ 0x[0-9a-f]+\\]\\s*", "").strip();
            for (String name : file == null ? List.<String>of() : List.of("file:" + file.toAbsolutePath(), file.toString())) {
                if (plain.startsWith(name + ":")) {
                    plain = plain.substring(name.length() + 1).strip(); // ffmpeg names the input as it was given
                }
            }
            if (!plain.isEmpty()) {
                reason = plain;
            }
        }
        return reason.isEmpty() ? "no reason given" : reason.substring(0, 1).toLowerCase(java.util.Locale.ROOT) + reason.substring(1);
    }

    /** The index of the last frame shown before {@code time} (the screen just before an action), or 0 if none is. */
    public static int frameBefore(double[] times, double time) {
        int index = Arrays.binarySearch(times, time);
        int before = index >= 0 ? index - 1 : -index - 2;
        while (before > 0 && times[before] >= time) {
            before--; // equal stamps
        }
        return Math.max(0, before);
    }

    /** Wall-clock seconds minus monotonic seconds, now (to a millisecond or so). */
    public static double wallMinusMonotonic() {
        long nanos = System.nanoTime();
        long wall = System.currentTimeMillis();
        long after = System.nanoTime();
        return wall / 1000.0 - (nanos + after) / 2e9;
    }
}
