package org.trajectory.scoring.novelty.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.Dataset;
import org.trajectory.embeddings.SentenceEmbedder;
import org.trajectory.model.operation.Progress;
import org.trajectory.scoring.ScoreOperation;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.Weights;
import org.trajectory.scoring.kit.ScoringCriterionContract;

/** Novelty, the criterion made of sentence embeddings: the task most like another is the least novel. */
class NoveltyTest {

    @TempDir
    Path temp;

    @Test
    void aNearDuplicateIsTheLeastNovel() throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("ds"))) {
            String[] instructions = { "Open the Settings app and turn on dark mode", "Download the quarterly sales report from my email",
                "Play the next song in Spotify", "Turn on dark mode in the Settings app", "Create a new folder named Invoices on the desktop" };
            for (int i = 0; i < instructions.length; i++) {
                dataset.put(ScoringCriterionContract.task("t" + i, instructions[i], "pyautogui.click(x=0.5, y=0.5)"),
                        java.util.Collections.singletonList(null), "test");
            }
            new ScoreOperation(dataset, List.of(ScoringCriteria.get().find("novelty").orElseThrow()), Weights.defaults(ScoringCriteria.get().all()),
                    null, new ScoreOperation.Options(2, false, null)).run(Progress.NONE);
            List<Map.Entry<String, Double>> ranked = new ArrayList<>();
            for (int i = 0; i < instructions.length; i++) {
                ranked.add(Map.entry("t" + i, dataset.scores().get("t" + i).get("novelty").value()));
            }
            ranked.sort(Comparator.comparingDouble(Map.Entry::getValue));
            assertEquals(java.util.Set.of("t0", "t3"), java.util.Set.of(ranked.get(0).getKey(), ranked.get(1).getKey()), ranked.toString());
            assertTrue(dataset.scores().get("t3").get("novelty").reason().startsWith("most like task t0 (cosine "), dataset.scores().get("t3").get("novelty").reason());
            assertEquals(5, dataset.embeddings().of(SentenceEmbedder.MODEL).size(), "kept for the next run");
        }
    }
}
