package org.trajectory.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.embeddings.EmbeddingCache;
import org.trajectory.embeddings.SentenceEmbedder;
import org.trajectory.model.operation.Progress;

/** The real model decides Sharingan's "alike": a paraphrase passes 0.7, another action does not; each text once. */
class EmbeddingSimilarityTest {

    @Test
    void paraphrasesPassTheThresholdAndOtherActionsDoNotAndTheNextRunAsksTheModelNothing(@TempDir Path temp) throws Exception {
        Path cacheFile = temp.resolve("cache.bin");
        double paraphrase;
        try (EmbeddingSimilarity similarity = new EmbeddingSimilarity(SentenceEmbedder.load(), EmbeddingCache.open(cacheFile))) {
            similarity.prepare(List.of("Click the Save button", "Press the save button", "Scroll down the page", "Click the Save button"),
                    Progress.NONE);
            assertEquals(3, similarity.embedded(), "each distinct text once");
            paraphrase = similarity.similarity("Click the Save button", "Press the save button");
            double other = similarity.similarity("Click the Save button", "Scroll down the page");
            assertTrue(paraphrase >= Sharingan.DEFAULT_THRESHOLD, "paraphrase " + paraphrase);
            assertTrue(other < Sharingan.DEFAULT_THRESHOLD, "other " + other);
            assertEquals(1.0, similarity.similarity("gedit", "gedit"));
            assertEquals(3, similarity.embedded(), "equal texts need no model");
        }
        try (EmbeddingSimilarity again = new EmbeddingSimilarity(SentenceEmbedder.load(), EmbeddingCache.open(cacheFile))) {
            again.prepare(List.of("Click the Save button", "Press the save button"), Progress.NONE);
            assertEquals(paraphrase, again.similarity("Click the Save button", "Press the save button"), 1e-6);
            assertEquals(0, again.embedded(), "the cache had both");
        }
    }
}
