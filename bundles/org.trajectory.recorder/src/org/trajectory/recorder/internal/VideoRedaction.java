package org.trajectory.recorder.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.trajectory.model.Folders;
import org.trajectory.recorder.PrivacyFilter;

/**
 * Blanks the frames of a recording's video during the given spans (an excluded window was active), by encoding it
 * again with ffmpeg. Spans are on the events' clock; {@code times} gives each frame's time on that clock (the frame
 * table), so frames are chosen by number, whatever stamps the video itself carries.
 */
public final class VideoRedaction {

    private VideoRedaction() {
    }

    public static void blank(Path video, List<PrivacyFilter.Span> spans, double[] times) throws IOException {
        List<String> ranges = new java.util.ArrayList<>();
        for (PrivacyFilter.Span span : spans) {
            int first = -1;
            int last = -1;
            for (int n = 0; n < times.length; n++) {
                if (times[n] >= span.from() - 0.05 && times[n] <= span.to() + 0.05) {
                    first = first < 0 ? n : first;
                    last = n;
                }
            }
            if (first >= 0) {
                // A span still open at the table's end runs to the video's end: frames the table missed are covered too.
                boolean open = span.to() + 0.05 >= times[times.length - 1];
                ranges.add(open ? String.format(Locale.ROOT, "gte(n,%d)", first) : String.format(Locale.ROOT, "between(n,%d,%d)", first, last));
            }
        }
        if (ranges.isEmpty()) {
            return;
        }
        Folders.writeWhole(video, temp -> encode(video, ranges, temp)); // a recording killed meanwhile keeps its video
    }

    private static void encode(Path video, List<String> ranges, Path temp) throws IOException {
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-y", "-hide_banner", "-loglevel", "error", "-copyts", "-i",
                video.toString(), "-vf", "drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill:enable='" + String.join("+", ranges) + "'",
                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "matroska", temp.toString())
                .redirectErrorStream(true).start();
        String output = new String(ffmpeg.getInputStream().readAllBytes());
        try {
            if (ffmpeg.waitFor() != 0) {
                throw new IOException("ffmpeg could not blank the private parts of " + video + ": " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while blanking " + video, e);
        }
    }
}
