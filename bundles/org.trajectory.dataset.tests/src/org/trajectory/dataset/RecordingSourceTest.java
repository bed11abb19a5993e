package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** Where a built task says its recording is: found again for step playback, naming no user. */
class RecordingSourceTest {

    private final Path home = Path.of(System.getProperty("user.home")).toAbsolutePath().normalize();

    @Test
    void aRecordingInTheHomeFolderIsNamedFromTildeAndFoundAgain() {
        Path folder = home.resolve("recordings").resolve("2026-11-23 rename the report");
        String source = Dataset.recordedFrom(folder);
        assertEquals("recording:~/recordings/2026-11-23 rename the report", source);
        assertFalse(source.contains(home.toString()), "the dataset does not carry the home folder (and the user's name in it)");
        assertEquals(folder, Dataset.recordingFolder(source));
    }

    @Test
    void aRecordingElsewhereKeepsItsWholePath() {
        Path folder = Path.of("/srv/recordings/rename").toAbsolutePath();
        assertEquals("recording:" + folder, Dataset.recordedFrom(folder));
        assertEquals(folder, Dataset.recordingFolder(Dataset.recordedFrom(folder)));
    }

    @Test
    void otherSourcesNameNoFolder() {
        assertNull(Dataset.recordingFolder(Dataset.RECORDED), "built before sources named the folder");
        assertNull(Dataset.recordingFolder(Dataset.EXTRACTED + "offline"));
        assertNull(Dataset.recordingFolder(null));
    }
}
