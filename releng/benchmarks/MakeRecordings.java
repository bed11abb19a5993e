import java.nio.file.Files;
import java.nio.file.Path;

import org.trajectory.recorder.internal.RecordingWriter;
import org.trajectory.recorder.kit.Recordings;

/**
 * COUNT small recordings (two clicks each, no video) made by the recorder kit's generator, in OUT/rec-0000 and on:
 * the workers benchmark's input. Usage: java -cp JARS MakeRecordings.java OUT COUNT
 */
public class MakeRecordings {
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int count = Integer.parseInt(args[1]);
        Files.createDirectories(out);
        for (int i = 0; i < count; i++) {
            Path folder = out.resolve(String.format("rec-%04d", i));
            if (!Files.exists(folder)) {
                try (RecordingWriter writer = Recordings.twoClicks(folder, "Open item " + i, 1000.0 + i)) {
                    // closed: a finished recording
                }
            }
        }
        System.out.println(count + " recordings in " + out);
    }
}
