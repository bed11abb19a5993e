package org.trajectory.scoring.internal.criteria;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.StoredReplay;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringContext;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.TaskInput;

/**
 * Replay as evidence: the share of the task's steps whose screen matched when it was last replayed, the step where it
 * diverged flagged. Absent (not in the final score) for a task never replayed, or edited since: replay it again.
 */
public final class ReplayCriterion implements ScoringCriterion {

    private volatile Map<String, StoredReplay> replays = Map.of();

    @Override
    public String version() {
        return "1";
    }

    @Override
    public void prepare(ScoringContext context) throws SQLException {
        replays = context.dataset().replays().all();
    }

    @Override
    public Score score(TaskInput input) {
        StoredReplay replay = replays.get(input.task().taskId());
        if (replay == null) {
            return Score.absent("never replayed");
        }
        if (!replay.contentHash().equals(Dataset.contentHash(input.task()))) {
            return Score.absent("edited since it was replayed (" + replay.describe() + "): replay it again");
        }
        List<Score.Flag> flags = replay.divergedAt() == null ? List.of()
                : List.of(new Score.Flag(replay.divergedAt(), "the replay diverged here"));
        return Score.of(replay.share(), replay.describe() + " in " + replay.environment() + ": " + replay.matched() + " of "
                + replay.steps() + " steps matched", flags);
    }
}
