package org.trajectory.scrub.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.Redaction;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.model.Json;
import org.trajectory.model.operation.Progress;
import org.trajectory.scrub.Detector;
import org.trajectory.scrub.Detectors;
import org.trajectory.scrub.ScrubOperation;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What every detector of personal data must do: be in the catalogue, find each example of its kind exactly (alone and
 * inside a sentence), find nothing in look-alikes that are not of its kind, give spans in order that do not overlap,
 * answer the same from several threads at once, and, through a real scrub of a real dataset, have what it found
 * replaced by its placeholder. A plugin author extends this with the detector's id, examples and look-alikes (a
 * company's employee-id detector: ids in their formats; order numbers, dates and phone extensions as look-alikes).
 *
 * @since 0.1
 */
public abstract class DetectorContract {

    @TempDir
    protected Path folder;

    /** The detector's id in the catalogue. */
    protected abstract String id();

    /** Examples of what it finds, each alone as it would be written. */
    protected abstract List<String> examples();

    /** Strings that look like its kind and are not (versions, times, hashes, order numbers). */
    protected abstract List<String> lookAlikes();

    /** What the detector is told beyond the text; the contributor detector is told their identifiers. */
    protected Detector.Context context() {
        return Detector.Context.NONE;
    }

    private Detector detector() {
        return Detectors.get().find(id()).orElseThrow(() -> new AssertionError("no detector '" + id() + "': "
                + Detectors.get().catalogue().problems())).created();
    }

    private List<String> found(String text) {
        return detector().find(text, context()).stream().map(s -> text.substring(s.start(), s.end())).toList();
    }

    @Test
    void isInTheCatalogueWithAName() {
        assertFalse(Detectors.get().find(id()).orElseThrow().name().isBlank());
    }

    @Test
    void findsEachExampleExactlyAloneAndInASentence() {
        for (String example : examples()) {
            assertEquals(List.of(example), found(example), "alone: " + example);
            String sentence = "Please see " + example + ", then reply.";
            assertEquals(List.of(example), found(sentence), "in a sentence: " + sentence);
        }
    }

    @Test
    void findsNothingInLookAlikes() {
        for (String lookAlike : lookAlikes()) {
            assertEquals(List.of(), found(lookAlike), "not of its kind: " + lookAlike);
            assertEquals(List.of(), found("Version " + lookAlike + " was released."), "not of its kind, in a sentence: " + lookAlike);
        }
    }

    @Test
    void givesSpansInOrderThatDoNotOverlap() {
        String text = String.join(" and ", examples());
        List<Detector.Span> spans = detector().find(text, context());
        assertEquals(examples().size(), spans.size(), text);
        for (int i = 1; i < spans.size(); i++) {
            assertTrue(spans.get(i - 1).end() <= spans.get(i).start(), spans.toString());
        }
    }

    @Test
    void answersTheSameFromSeveralThreads() throws Exception {
        String text = String.join("; ", examples()) + " " + String.join(" ", lookAlikes());
        List<String> alone = found(text);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<String>>> answers = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                answers.add(threads.submit(() -> found(text)));
            }
            for (Future<List<String>> answer : answers) {
                assertEquals(alone, answer.get());
            }
        } finally {
            threads.shutdown();
        }
    }

    @Test
    void whatItFindsInARealDatasetIsReplacedByItsPlaceholder() throws Exception {
        String example = examples().get(0);
        ObjectNode record = Json.MAPPER.createObjectNode().put("task_id", "t1").put("instruction", "Write to " + example + " today");
        ObjectNode step = record.putArray("traj").addObject();
        step.put("index", 0);
        step.putObject("value").put("code", "pyautogui.write('" + example + "')")
                .put("thought", "I type " + example + ".");
        Path jsonl = Files.writeString(folder.resolve("task.jsonl"), Json.MAPPER.writeValueAsString(record) + "\n");
        try (Dataset dataset = Dataset.openOrCreate(folder.resolve("dataset"))) {
            new ImportOperation(dataset, jsonl, (Path) null).run(Progress.NONE);
            ScrubOperation.Report report = new ScrubOperation(dataset, new ScrubOperation.Options(List.of(), List.of(id()), context(), false, false))
                    .run(Progress.NONE);
            assertTrue(report.kinds().getOrDefault(id(), 0) >= 3, report.summary());
            StoredScrub scrub = dataset.scrubs().get("t1");
            assertTrue(scrub.findings().stream().allMatch(f -> f.kind().equals(id()) && f.state().equals(StoredScrub.PROPOSED)), scrub.toString());
            String placeholder = "<" + StoredScrub.placeholderName(id()) + "_1>";
            ObjectNode redacted = new Redaction(scrub).apply(dataset.draft("t1").task().json().deepCopy());
            String written = Json.MAPPER.writeValueAsString(redacted);
            assertFalse(written.contains(example), written);
            assertEquals("Write to " + placeholder + " today", redacted.path("instruction").asText());
            assertEquals("pyautogui.write('" + placeholder + "')", redacted.path("traj").get(0).path("value").path("code").asText());
            assertEquals(Map.of(id(), 1), new Redaction(scrub).counts());
        }
    }
}
