package org.trajectory.recorder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the workbench hands a user's video to ffmpeg and ffprobe: that file and nothing else. A file named {@code .mp4}
 * may be an HLS playlist or a concat list that names other files (which ffmpeg would read into the dataset), and a
 * name such as {@code concat:a|b} is a protocol: every call reads the file by the file protocol alone, in a video
 * container that cannot name another file, and a picture larger than any screen is refused before it is decoded.
 *
 * @since 0.1
 */
public final class VideoFiles {

    /** The demuxers a video may be read with: containers of screen recordings, none of which refers to other files. */
    public static final String CONTAINERS = "matroska,webm,mov,mp4,m4a,3gp,3g2,mj2,avi,flv,mpegts,mpeg,ogg,asf,nut,ivf,gif";
    /** The largest side of a frame the workbench decodes: 8K screens are 7680 wide. */
    public static final int MAX_SIDE = 8192;

    private static final Pattern REFUSED = Pattern.compile("\\[([\\w,]+) @ 0x[0-9a-f]+\\] Format not on whitelist");

    private VideoFiles() {
    }

    /** The options and the input that make ffmpeg read {@code video} alone: {@code -protocol_whitelist file ... -i file:PATH}. */
    public static List<String> input(Path video) {
        List<String> input = new ArrayList<>(options());
        input.addAll(List.of("-i", name(video)));
        return input;
    }

    /** An ffmpeg command line: {@code before} (options, a seek), the video read alone, then {@code after}. */
    public static List<String> ffmpeg(List<String> before, Path video, String... after) {
        List<String> command = new ArrayList<>(before);
        command.addAll(input(video));
        command.addAll(List.of(after));
        return command;
    }

    /** An ffprobe command line: {@code options}, then the video read alone. */
    public static List<String> ffprobe(List<String> options, Path video) {
        List<String> command = new ArrayList<>(List.of("ffprobe"));
        command.addAll(options);
        command.addAll(options());
        command.add(name(video));
        return command;
    }

    /** Refuses a video whose frames are larger than any screen, before anything decodes them. */
    public static void checkSize(Path video, int width, int height) throws IOException {
        if (width > MAX_SIDE || height > MAX_SIDE) {
            throw new IOException(video + ": its frames are " + width + "x" + height + " pixels, larger than any screen (at most " + MAX_SIDE
                    + " a side); it is not decoded");
        }
    }

    /** What a person is told when ffmpeg refused the container, or null when that is not why it failed. */
    public static String refusal(String stderr) {
        Matcher refused = REFUSED.matcher(stderr);
        return refused.find() ? "it is not a video file but a '" + refused.group(1) + "' file (a playlist or list that names other files is"
                + " never followed; only a video container is read)" : null;
    }

    private static List<String> options() {
        return List.of("-protocol_whitelist", "file", "-format_whitelist", CONTAINERS);
    }

    /** The file by the file protocol: a name with a colon is never read as another protocol. */
    private static String name(Path video) {
        return "file:" + video.toAbsolutePath();
    }
}
