package org.trajectory.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Choosers open in a real folder: GTK's "Recent" ignores a typed path. */
class StartFolderTest {

    @TempDir
    Path temp;

    @Test
    void aChooserStartsInTheNearestRealFolderOfWhatIsTypedElseTheLastChoiceElseHome() throws Exception {
        Path data = Files.createDirectories(temp.resolve("data"));
        Path file = Files.writeString(data.resolve("tasks.jsonl"), "");
        assertEquals(data.toString(), StartFolder.of(file.toString()), "a typed file: its folder");
        assertEquals(data.toString(), StartFolder.of(data.resolve("not/yet/there.jsonl").toString()), "a path not made yet: what exists of it");
        StartFolder.chosen(file.toString());
        assertEquals(data.toString(), StartFolder.of(""), "nothing typed: where the last choice was");
        StartFolder.chosen(null); // cancelled: remembered as it was
        assertEquals(data.toString(), StartFolder.of(null));
        Files.delete(file);
        Files.delete(data);
        assertEquals(System.getProperty("user.home"), StartFolder.of(null), "the last folder gone: home");
    }
}
