package org.trajectory.ui.internal.scoring;

import java.util.Map;

import org.eclipse.ui.IWorkbenchWindow;

import org.trajectory.dataset.DatasetAddress;
import org.trajectory.scoring.ScoreOperation;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.Weights;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.WindowCommands;
import org.trajectory.vlm.Usage;

/** The scoring commands: Score Dataset (File menu, Scoring view's toolbar). */
public final class ScoringCommands extends WindowCommands {

    public ScoringCommands() {
        super(Map.of("score", ScoringCommands::scoreDataset));
    }

    /** Asks what to score with, then scores the open dataset as a job. */
    private static void scoreDataset(IWorkbenchWindow window) {
        ScoreDialog dialog = new ScoreDialog(window.getShell(), org.trajectory.ui.internal.TaskScope.of(window));
        DatasetAddress dataset = confirmed(window, "Score", dialog);
        if (dataset == null) {
            return;
        }
        ScoreDialog.Choice choice = dialog.choice();
        Usage usage = new Usage();
        withModel(window, "Score", choice.provider(), null, usage, model ->
                DatasetJobs.scoreJob(dataset, choice.criteria(), Weights.preferred(ScoringCriteria.get().all()), model, usage,
                        new ScoreOperation.Options(choice.concurrency(), choice.force(), null), choice.tasks(), window.getShell()).schedule());
    }
}
