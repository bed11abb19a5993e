package org.trajectory.export.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.export.ExportFilter;
import org.trajectory.export.ExportOperation;
import org.trajectory.export.ExportSetting;
import org.trajectory.export.Exporters;
import org.trajectory.export.Splits;
import org.trajectory.model.operation.Progress;

/**
 * What every exporter must do, on a real dataset ({@link ExportFixture}): write the selected tasks and no other, each
 * split's tasks into files (or folders) named after the split, refuse to replace a destination unless forced and to write inside a
 * dataset, leave no partial file behind, carry no local path, say when it was cancelled, declare sound settings. A
 * plugin author extends this with the exporter made through its catalogue ({@code Exporters.get().find("id")}).
 *
 * @since 0.1
 */
public abstract class ExporterContract {

    @TempDir
    protected Path folder;

    /** The exporter under test, made through the catalogue. */
    protected abstract Exporters.Descriptor exporter();

    /** The settings every export of the contract gives (none by default). */
    protected Map<String, String> settings() {
        return Map.of();
    }

    private Path destination(String name) {
        return exporter().exporter().writesFolder() ? folder.resolve(name) : folder.resolve(name).resolve("data.jsonl");
    }

    private ExportOperation.Summary export(Dataset dataset, Path destination, ExportFilter filter, Splits splits, boolean force, Progress progress)
            throws Exception {
        return new ExportOperation(dataset, exporter(), destination, settings(), filter, splits, force).run(progress);
    }

    /** The text of every file the export wrote that is not an archive or an image, after its path in the export. */
    private static List<String> texts(Path root) throws IOException {
        List<String> texts = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String name = root.relativize(file).toString();
                if (!name.matches(".*\\.(zip|png|jpg|jpeg|webp|parquet|tar|gz)$")) {
                    texts.add(name + "\n" + Files.readString(file));
                }
            }
        }
        return texts;
    }

    @Test
    public void writesTheSelectedTasksAndNoOther() throws Exception {
        try (Dataset dataset = ExportFixture.create(folder.resolve("ds"), 6)) {
            Path out = destination("approved");
            ExportOperation.Summary summary = export(dataset, out, ExportFilter.ANY.withReview(Set.of(ReviewState.APPROVED)), null, false, Progress.NONE);
            assertEquals(3, summary.result().tasks(), summary.summary());
            assertFalse(summary.result().cancelled());
            String all = String.join("\n", texts(folder.resolve("approved")));
            for (int i = 0; i < 6; i++) {
                assertEquals(i % 2 == 0, all.contains("task-" + i), "task-" + i + (i % 2 == 0 ? " is approved: exported" : " is not approved: left out"));
            }
            for (Path file : summary.result().files()) {
                assertTrue(Files.isRegularFile(file), "the files it says it wrote exist: " + file);
            }
        }
    }

    @Test
    public void putsEachSplitsTasksInFilesNamedAfterTheSplit() throws Exception {
        try (Dataset dataset = ExportFixture.create(folder.resolve("ds"), 12)) {
            ExportOperation.Summary summary = export(dataset, destination("split"), ExportFilter.ANY, new Splits(0.5, 0.25, 0.25, 0.95), false, Progress.NONE);
            assertEquals(12, summary.result().tasks(), summary.summary());
            for (String split : List.of(Splits.TRAIN, Splits.VALIDATION, Splits.TEST)) {
                Set<String> inSplit = new HashSet<>();
                for (String text : texts(folder.resolve("split"))) {
                    String name = text.substring(0, text.indexOf('\n'));
                    if (name.contains(split) && !name.endsWith(".md")) {
                        for (int i = 0; i < 12; i++) {
                            if (text.contains("\"task-" + i + "\"")) {
                                inSplit.add("task-" + i);
                            }
                        }
                    }
                }
                long expected = summary.selection().partCounts().getOrDefault(split, 0L);
                assertEquals(expected, inSplit.size(), split + "'s files hold its tasks: " + inSplit);
            }
        }
    }

    @Test
    public void replacesADestinationOnlyWhenForced() throws Exception {
        try (Dataset dataset = ExportFixture.create(folder.resolve("ds"), 2)) {
            Path out = destination("twice");
            export(dataset, out, ExportFilter.ANY, null, false, Progress.NONE);
            IOException refused = assertThrows(IOException.class, () -> export(dataset, out, ExportFilter.ANY, null, false, Progress.NONE));
            assertTrue(refused.getMessage().contains("exists"), refused.getMessage());
            assertEquals(2, export(dataset, out, ExportFilter.ANY, null, true, Progress.NONE).result().tasks());
        }
    }

    @Test
    public void refusesToWriteInsideTheDatasetFolder() throws Exception {
        try (Dataset dataset = ExportFixture.create(folder.resolve("ds"), 2)) {
            Path inside = folder.resolve("ds").resolve("export");
            Path out = exporter().exporter().writesFolder() ? inside : inside.resolve("data.jsonl");
            IOException refused = assertThrows(IOException.class, () -> export(dataset, out, ExportFilter.ANY, null, false, Progress.NONE));
            assertTrue(refused.getMessage().contains("dataset"), refused.getMessage());
            assertFalse(Files.exists(inside), "nothing written there");
        }
    }

    @Test
    public void leavesNoPartialFileAndNoLocalPath() throws Exception {
        try (Dataset dataset = ExportFixture.create(folder.resolve("ds"), 4)) {
            export(dataset, destination("clean"), ExportFilter.ANY, null, false, Progress.NONE);
            try (Stream<Path> files = Files.walk(folder)) {
                assertEquals(List.of(), files.filter(f -> f.getFileName().toString().contains("export-partial")).toList());
            }
            for (String text : texts(folder.resolve("clean"))) {
                assertFalse(text.contains(folder.toString()), "no local path in " + text.substring(0, text.indexOf('\n')));
            }
        }
    }

    @Test
    public void saysWhenItWasCancelled() throws Exception {
        try (Dataset dataset = ExportFixture.create(folder.resolve("ds"), 4)) {
            ExportOperation.Summary summary = export(dataset, destination("cancelled"), ExportFilter.ANY, null, false, Progress.CANCELLED);
            assertTrue(summary.result().cancelled(), "the result says so");
            assertTrue(summary.result().tasks() < 4, "it stopped early: " + summary.result().tasks());
        }
    }

    @Test
    public void declaresSoundSettings() {
        Set<String> names = new HashSet<>();
        for (ExportSetting setting : exporter().exporter().settings()) {
            assertTrue(names.add(setting.name()), "one setting per name: " + setting.name());
            assertFalse(setting.description().isBlank(), setting.name() + " says what it does");
            assertTrue(setting.choices().isEmpty() || setting.choices().contains(setting.defaultValue()),
                    setting.name() + "'s default is one of its choices");
        }
    }
}
