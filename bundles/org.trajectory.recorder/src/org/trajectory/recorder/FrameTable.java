package org.trajectory.recorder;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The frame-time table of a recording's video ({@value #FILE}: {@code frame,time_stamp}, one row a frame, the time on
 * the recording's monotonic clock), read from the video itself with ffprobe. The video's frames carry wall-clock
 * stamps; {@code wallMinusMonotonic}, measured when the recording started, moves them onto the events' clock. Because
 * it is rebuilt from the video, a recording killed before writing it can be finished later.
 */
public final class FrameTable {

    public static final String FILE = "frames.csv";

    private FrameTable() {
    }

    /** Writes the table beside the video; returns the number of frames. */
    public static long write(Path video, double wallMinusMonotonic) throws IOException {
        Path table = video.resolveSibling(FILE);
        Path temp = video.resolveSibling(FILE + ".part");
        Process ffprobe = new ProcessBuilder("ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                "frame=best_effort_timestamp_time", "-of", "csv=p=0", video.toString()).redirectErrorStream(false).start();
        long frames = 0;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(ffprobe.getInputStream(), StandardCharsets.US_ASCII));
                BufferedWriter out = Files.newBufferedWriter(temp)) {
            out.write("frame,time_stamp\n");
            String line;
            while ((line = in.readLine()) != null) {
                String field = line.split(",")[0].strip();
                if (field.isEmpty() || field.equals("N/A")) {
                    continue;
                }
                double wall = Double.parseDouble(field);
                out.write(String.format(Locale.ROOT, "%d,%.6f%n", frames++, wall - wallMinusMonotonic));
            }
        }
        try {
            if (ffprobe.waitFor() != 0) {
                throw new IOException("ffprobe could not read " + video + ": " + new String(ffprobe.getErrorStream().readAllBytes()).strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + video, e);
        }
        Files.move(temp, table, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return frames;
    }

    /** Wall-clock seconds minus monotonic seconds, now (to a millisecond or so). */
    public static double wallMinusMonotonic() {
        long nanos = System.nanoTime();
        long wall = System.currentTimeMillis();
        long after = System.nanoTime();
        return wall / 1000.0 - (nanos + after) / 2e9;
    }
}
