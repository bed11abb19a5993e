package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.trajectory.dataset.kit.Engines;
import org.trajectory.dataset.kit.StoredJson;
import org.trajectory.model.Step;
import org.trajectory.model.operation.Progress;

class EditingTest {

    @TempDir
    Path temp;
    private DatasetAddress address;

    /** A new dataset on {@code engine} holding the example task, open. */
    private Dataset imported(Engines engine) throws Exception {
        address = engine.newDataset(temp, "ds");
        Dataset dataset = Dataset.openOrCreate(address);
        try (ImageSource images = ImageSource.open(TestData.path("opencua-cot-example/images"))) {
            new ImportOperation(dataset, TestData.path("opencua-cot-example/raw_example.jsonl"), images).run(Progress.NONE);
        } catch (Exception e) {
            dataset.close();
            throw e;
        }
        return dataset;
    }

    private static List<Integer> indices(TaskDraft draft) {
        return draft.task().steps().stream().map(Step::index).toList();
    }

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void editsAreNewDraftsAndTheOldOneIsUntouched(Engines engine) throws Exception {
        try (Dataset dataset = imported(engine)) {
            TaskDraft original = dataset.draft("task_example_0");
            TaskDraft edited = original.withStepText(2, Step.THOUGHT, "Open the menu");
            assertNull(original.stepText(2, Step.THOUGHT));
            assertEquals("Open the menu", edited.stepText(2, Step.THOUGHT));
            assertEquals(original, dataset.draft("task_example_0"));
        }
    }

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void structuralEditsKeepImagesWithTheirStepsAndRenumber(Engines engine) throws Exception {
        try (Dataset dataset = imported(engine)) {
            TaskDraft draft = dataset.draft("task_example_0");
            String third = draft.image(2);
            String fourthCode = draft.stepText(3, Step.CODE);

            TaskDraft moved = draft.moveStep(2, 1);
            assertEquals(third, moved.image(3));
            assertEquals(fourthCode, moved.stepText(2, Step.CODE));
            assertEquals(IntStream.range(0, 15).boxed().toList(), indices(moved));

            TaskDraft inserted = draft.insertStep(5);
            assertEquals(16, inserted.stepCount());
            assertEquals("", inserted.stepText(5, Step.CODE));
            assertEquals(draft.image(5), inserted.image(5), "a new step shows the screen of the step it precedes");
            assertEquals(IntStream.range(0, 16).boxed().toList(), indices(inserted));

            TaskDraft merged = draft.mergeWithNext(0);
            assertEquals(14, merged.stepCount());
            assertEquals(draft.stepText(0, Step.CODE) + "\n" + draft.stepText(1, Step.CODE), merged.stepText(0, Step.CODE));
            assertEquals(draft.image(0), merged.image(0));

            TaskDraft deleted = draft.deleteStep(14);
            assertEquals(14, deleted.stepCount());
            assertEquals(draft.stepText(13, Step.CODE), deleted.stepText(13, Step.CODE));
        }
    }

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void aSavedDraftIsWhatTheNextReaderSeesAndWhatIsStoredForExport(Engines engine) throws Exception {
        try (Dataset dataset = imported(engine)) {
            TaskDraft draft = dataset.draft("task_example_0")
                    .withStepText(0, Step.THOUGHT, "The clock is in the corner")
                    .withStepFlag(1, Step.LAST_STEP_CORRECT, true)
                    .withTaskText("domain", "os")
                    .withTaskNumber("alignment_score", 8.0)
                    .deleteStep(13);
            dataset.save(draft);
        }
        List<com.fasterxml.jackson.databind.JsonNode> exported;
        try (Dataset dataset = Dataset.open(address)) {
            TaskDraft reread = dataset.draft("task_example_0");
            assertEquals(14, reread.stepCount());
            assertEquals("The clock is in the corner", reread.stepText(0, Step.THOUGHT));
            assertEquals(Boolean.TRUE, reread.stepFlag(1, Step.LAST_STEP_CORRECT));
            assertEquals("os", reread.taskText("domain"));
            assertEquals(8, reread.task().json().get("alignment_score").intValue());
            assertEquals(1, dataset.count(TaskQuery.ALL.withDomain("os")));
            assertEquals(14, dataset.page(TaskQuery.ALL, 0, 1).get(0).steps());
            exported = StoredJson.records(dataset);
        }
        assertEquals("The clock is in the corner", exported.get(0).path("traj").get(0).path("value").path("thought").asText());
        assertEquals(14, exported.get(0).path("traj").size());
    }

    /**
     * What a reviewer approved or rejected is never changed silently: an edit or a build of other content reopens its
     * review ("changed" since), the trail saying so beside the diff; a fix asked for stays asked; the same content built
     * again keeps its approval.
     */
    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void contentChangedAfterADecisionGoesBackToReviewAndTheTrailSaysSo(Engines engine) throws Exception {
        try (Dataset dataset = imported(engine)) {
            String id = "task_example_0";
            dataset.reviews().set(id, ReviewState.APPROVED, "qa-1", null);
            dataset.save(dataset.draft(id).withStepText(2, Step.THOUGHT, "Open the menu"));
            assertEquals(ReviewState.CHANGED, dataset.reviews().of(id).state());
            List<TaskHistory.Entry> trail = dataset.history(id);
            assertTrue(trail.stream().anyMatch(e -> e.what().equals("step 2 thought") && "Open the menu".equals(e.after())), trail.toString());
            assertTrue(trail.stream().anyMatch(e -> e.what().equals("review") && e.after() != null && e.after().startsWith("changed")
                    && "approved".equals(e.before())), "the trail says the approval no longer covers it: " + trail);
            assertEquals(id, dataset.reviews().next("another"), "it is to be reviewed again");

            dataset.reviews().set(id, ReviewState.NEEDS_FIX, "qa-1", "step 4 clicks the wrong icon");
            dataset.save(dataset.draft(id).withStepText(4, Step.THOUGHT, "Click the right icon"));
            assertEquals(ReviewState.NEEDS_FIX, dataset.reviews().of(id).state(), "a change is what a fix asked for");

            dataset.reviews().set(id, ReviewState.REJECTED, "qa-2", "off task");
            TaskDraft draft = dataset.draft(id);
            List<byte[]> images = new java.util.ArrayList<>();
            for (int i = 0; i < draft.stepCount(); i++) {
                images.add(draft.image(i) == null ? null : dataset.images().read(draft.image(i)));
            }
            dataset.put(draft.task(), images, "built again");
            assertEquals(ReviewState.REJECTED, dataset.reviews().of(id).state(), "the same content built again keeps its decision");
            dataset.put(draft.withStepText(0, Step.THOUGHT, "Built anew").task(), images, "built again");
            Dataset.Review review = dataset.reviews().of(id);
            assertEquals(ReviewState.CHANGED, review.state(), "other content built over a rejection reopens it");
            assertEquals("qa-2", review.reviewer(), "the review is kept, not lost with the old row");
        }
    }

    @ParameterizedTest
    @MethodSource(Engines.BOTH)
    void reviewStateAndTheQueue(Engines engine) throws Exception {
        try (Dataset dataset = imported(engine)) {
            assertEquals(ReviewState.NEW, dataset.reviews().of("task_example_0").state());
            assertNull(dataset.reviews().next("task_example_0"), "the only task: nothing else to review");
            assertEquals(new Dataset.ReviewProgress(1, 0), dataset.reviews().progress());
            dataset.reviews().set("task_example_0", ReviewState.NEEDS_FIX, "qa-1", "step 4 clicks the wrong icon");
            Dataset.Review review = dataset.reviews().of("task_example_0");
            assertEquals(ReviewState.NEEDS_FIX, review.state());
            assertEquals("qa-1", review.reviewer());
            assertEquals("step 4 clicks the wrong icon", review.note());
            assertTrue(review.reviewedAt().startsWith("20"), review.reviewedAt());
            assertEquals(new Dataset.ReviewProgress(1, 1), dataset.reviews().progress());
        }
    }
}
