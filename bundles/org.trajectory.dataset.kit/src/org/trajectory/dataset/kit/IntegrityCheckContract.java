package org.trajectory.dataset.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.IntegrityChecks;
import org.trajectory.dataset.ValidateOperation;
import org.trajectory.model.operation.Progress;

/**
 * What every integrity check must do, through a real {@code validate} of a real dataset: be in the catalogue with a
 * severity, say nothing about a sound task, find the flaw it looks for with its task and step in a line a curator
 * understands, and start afresh for each run (what it remembered about one dataset does not leak into the next). A
 * plugin author extends this with the check's id and two AgentNet JSONL records: a sound task and a flawed one.
 *
 * @since 0.1
 */
public abstract class IntegrityCheckContract {

    @TempDir
    protected Path folder;

    /** The check's id in the catalogue. */
    protected abstract String id();

    /** An AgentNet record of a task the check has nothing to say about (it may have no images). */
    protected abstract String soundTask();

    /** An AgentNet record of a task with the flaw the check looks for. */
    protected abstract String flawedTask();

    private List<ValidateOperation.Finding> findings(String name, String... records) throws Exception {
        Path jsonl = Files.write(folder.resolve(name + ".jsonl"), List.of(records));
        try (Dataset dataset = Dataset.openOrCreate(folder.resolve(name))) {
            new ImportOperation(dataset, jsonl, (Path) null).run(Progress.NONE);
            return new ValidateOperation(dataset).run(Progress.NONE).findings().stream().filter(f -> f.check().equals(id())).toList();
        }
    }

    @Test
    void isInTheCatalogueWithASeverity() {
        IntegrityChecks.Descriptor descriptor = IntegrityChecks.get().find(id())
                .orElseThrow(() -> new AssertionError("no check '" + id() + "': " + IntegrityChecks.get().catalogue().problems()));
        assertNotNull(descriptor.severity());
        assertFalse(descriptor.name().isBlank());
    }

    @Test
    void saysNothingAboutASoundTaskAndFindsTheFlaw() throws Exception {
        assertEquals(List.of(), findings("sound", soundTask()));
        List<ValidateOperation.Finding> found = findings("flawed", flawedTask());
        assertFalse(found.isEmpty(), "the flaw is found");
        for (ValidateOperation.Finding finding : found) {
            assertFalse(finding.problem().message().isBlank(), "a line a curator reads");
            assertTrue(finding.problem().step() >= -1, "a step, or -1 for the task");
        }
    }

    @Test
    void startsAfreshForEachRun() throws Exception {
        int once = findings("first", flawedTask()).size();
        assertEquals(once, findings("second", flawedTask()).size(), "a second dataset gets the same findings, no more");
    }
}
