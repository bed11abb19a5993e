package org.trajectory.dataset.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.catalog.Entry;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.ImportReport;
import org.trajectory.dataset.Importer;
import org.trajectory.dataset.Importers;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

/**
 * What every importer must do, through a real import into a real dataset: read its own sample whole and as our
 * records, leave a second import of it harmless, report a record it cannot read with its file (and line) and keep the
 * others, not claim another format's file, and stop when cancelled. A plugin author extends this with the importer
 * made through its catalogue ({@code Importers.get().named("id")}) and two sources in its format.
 *
 * @since 0.1
 */
public abstract class ImporterContract {

    @TempDir
    protected Path folder;

    /** The importer under test, made through the catalogue. */
    protected abstract Entry<Importer> importer();

    /** A source in the format, written under {@code into}, with {@link #sampleTasks()} good tasks; images are optional. */
    protected abstract Path sample(Path into) throws Exception;

    protected abstract int sampleTasks();

    /** The sample with one record damaged (not readable as the format): the others must still be imported. */
    protected abstract Path damaged(Path into) throws Exception;

    private ImportReport importInto(Path dataset, Path source, Progress progress) throws Exception {
        Importer importer = importer().created();
        try (Dataset opened = Dataset.openOrCreate(dataset)) {
            Path images = importer.images(source);
            return new ImportOperation(opened, source, importer, Files.isDirectory(images) ? images : null).run(progress);
        }
    }

    @Test
    void readsItsOwnSampleWholeAsOurRecords() throws Exception {
        Path source = sample(Files.createDirectories(folder.resolve("sample")));
        assertTrue(importer().created().reads(source), importer().id() + " says it reads its own sample");
        ImportReport report = importInto(folder.resolve("dataset"), source, Progress.NONE);
        assertEquals(sampleTasks(), report.imported(), report.summary() + " " + report.problems());
        assertEquals(0, report.skipped(), report.problems().toString());
        try (Dataset dataset = Dataset.open(folder.resolve("dataset"))) {
            for (String id : dataset.taskIds()) {
                assertNotNull(dataset.read(id), "task " + id + " reads back");
            }
        }
        ImportReport again = importInto(folder.resolve("dataset"), source, Progress.NONE);
        assertEquals(0, again.imported(), "a second import adds nothing");
        assertEquals(sampleTasks(), again.alreadyPresent());
    }

    @Test
    void aRecordItCannotReadIsReportedWithItsPlaceAndTheOthersAreKept() throws Exception {
        Path source = damaged(Files.createDirectories(folder.resolve("damaged")));
        ImportReport report = importInto(folder.resolve("dataset"), source, Progress.NONE);
        assertEquals(sampleTasks() - 1, report.imported(), report.problems().toString());
        assertEquals(1, report.skipped());
        Problem problem = report.problems().stream().filter(p -> !p.source().isEmpty()).findFirst().orElseThrow();
        assertFalse(problem.message().isBlank());
        assertTrue(problem.toString().contains(problem.source()), "the problem names its file: " + problem);
    }

    @Test
    void doesNotClaimAnotherFormatsFile() throws Exception {
        Path text = Files.writeString(folder.resolve("notes.txt"), "These are notes, not records.\n");
        assertFalse(importer().created().reads(text));
        assertFalse(importer().created().reads(Files.createDirectories(folder.resolve("empty"))));
    }

    @Test
    void stopsWhenCancelled() throws Exception {
        Path source = sample(Files.createDirectories(folder.resolve("sample")));
        ImportReport report = importInto(folder.resolve("dataset"), source, Progress.CANCELLED);
        assertTrue(report.cancelled());
        assertTrue(report.imported() <= 1, "at most the record in hand when it looked");
    }
}
