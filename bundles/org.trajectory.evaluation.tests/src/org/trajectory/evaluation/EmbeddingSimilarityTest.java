package org.trajectory.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.trajectory.model.Progress;

/** The real model decides Sharingan's "alike": a paraphrase passes 0.7, another action does not. */
class EmbeddingSimilarityTest {

    @Test
    void paraphrasesPassTheThresholdAndOtherActionsDoNot() throws Exception {
        try (EmbeddingSimilarity similarity = EmbeddingSimilarity.load()) {
            similarity.prepare(List.of("Click the Save button", "Press the save button", "Scroll down the page", "Click the Save button"), Progress.NONE);
            assertEquals(3, similarity.embedded(), "each distinct text once");
            double paraphrase = similarity.similarity("Click the Save button", "Press the save button");
            double other = similarity.similarity("Click the Save button", "Scroll down the page");
            assertTrue(paraphrase >= Sharingan.DEFAULT_THRESHOLD, "paraphrase " + paraphrase);
            assertTrue(other < Sharingan.DEFAULT_THRESHOLD, "other " + other);
            assertEquals(1.0, similarity.similarity("gedit", "gedit"));
        }
    }
}
