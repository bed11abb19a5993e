package org.trajectory.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Blanks the frames of a recording's video during the given spans (an excluded window was active), by encoding it
 * again with ffmpeg. Spans are on the events' clock; the video's stamps are wall-clock ({@code -copyts}).
 */
public final class VideoRedaction {

    private VideoRedaction() {
    }

    public static void blank(Path video, List<PrivacyFilter.Span> spans, double wallMinusMonotonic) throws IOException {
        if (spans.isEmpty()) {
            return;
        }
        String when = spans.stream().map(s -> String.format(Locale.ROOT, "between(t,%.3f,%.3f)", s.from() + wallMinusMonotonic - 0.05,
                s.to() + wallMinusMonotonic + 0.05)).collect(Collectors.joining("+"));
        Path temp = video.resolveSibling("video.redacting.mkv");
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-y", "-hide_banner", "-loglevel", "error", "-copyts", "-i",
                video.toString(), "-vf", "drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill:enable='" + when + "'", "-c:v", "libx264",
                "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-f", "matroska", temp.toString())
                .redirectErrorStream(true).start();
        String output = new String(ffmpeg.getInputStream().readAllBytes());
        try {
            if (ffmpeg.waitFor() != 0) {
                Files.deleteIfExists(temp);
                throw new IOException("ffmpeg could not blank the private parts of " + video + ": " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while blanking " + video, e);
        }
        Files.move(temp, video, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
