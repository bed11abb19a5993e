package org.trajectory.extract;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.recorder.FrameTable;

/**
 * A video file from a stranger is only that file: a playlist named like a video that points at another video, a file
 * whose name is a protocol, and a picture larger than any screen are refused with the reason, before anything is
 * decoded.
 */
class VideoInputTest {

    private static void ffmpeg(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ffmpeg", "-nostdin", "-v", "error", "-y"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor() == 0, output);
    }

    @Test
    void aPlaylistNamedLikeAVideoIsNotFollowedToTheFileItNames(@TempDir Path temp) throws Exception {
        Path other = temp.resolve("someone-elses.mkv");
        ffmpeg("-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=2", "-c:v", "libx264", other.toString());
        Path playlist = Files.writeString(temp.resolve("upload.mp4"), "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:2.0,\n" + other + "\n#EXT-X-ENDLIST\n");
        IOException refused = assertThrows(IOException.class, () -> Video.probe(playlist));
        assertTrue(refused.getMessage().contains("it is not a video file but a 'hls' file"), refused.getMessage());
        IOException frames = assertThrows(IOException.class, () -> FrameTable.probe(playlist));
        assertTrue(frames.getMessage().contains("'hls'"), frames.getMessage());

        Path concat = Files.writeString(temp.resolve("list.mkv"), "ffconcat version 1.0\nfile '" + other + "'\n");
        IOException list = assertThrows(IOException.class, () -> Video.probe(concat));
        assertTrue(list.getMessage().contains("not a video"), list.getMessage());

        Path protocol = Files.copy(other, temp.resolve("subfile,,start,0,end,0,,:x.mkv"));
        Video read = Video.probe(protocol); // read as the file it is, never as a protocol its name spells
        assertTrue(read.width() == 320 && read.height() == 240, read.toString());
    }

    @Test
    void aVideoLargerThanAnyScreenIsRefusedBeforeItIsDecoded(@TempDir Path temp) throws Exception {
        Path huge = temp.resolve("huge.mkv");
        ffmpeg("-f", "lavfi", "-i", "color=c=black:s=10000x10000:r=1", "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", huge.toString());
        IOException refused = assertThrows(IOException.class, () -> Video.probe(huge));
        assertTrue(refused.getMessage().contains("10000x10000 pixels, larger than any screen"), refused.getMessage());
        IOException size = assertThrows(IOException.class, () -> FrameTable.size(huge));
        assertTrue(size.getMessage().contains("larger than any screen"), size.getMessage());
    }
}
