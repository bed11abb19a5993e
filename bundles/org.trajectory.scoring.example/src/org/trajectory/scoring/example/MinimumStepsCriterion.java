package org.trajectory.scoring.example;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.trajectory.model.Step;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.TaskInput;

/**
 * The worked example of the developer guide: a task must have at least N actions (the closing terminate does not
 * count) and none of them redundant. N comes from plugin.xml ({@code <setting name="minimum" value="3"/>}), handed to
 * the constructor with the other settings. A step is redundant when the step after it says so
 * ({@code last_step_redundant}, as the annotation pipeline writes it).
 *
 * @since 0.1
 */
public final class MinimumStepsCriterion implements ScoringCriterion {

    public static final String MINIMUM = "minimum";

    private final int minimum;

    public MinimumStepsCriterion(Map<String, String> settings) {
        minimum = Integer.parseInt(settings.getOrDefault(MINIMUM, "3").strip());
    }

    @Override
    public String version() {
        return "1-min" + minimum; // the setting is part of the version: changing it rescores
    }

    @Override
    public Score score(TaskInput input) {
        List<Step> steps = input.task().steps();
        int actions = (int) steps.stream().filter(s -> s.code() == null || !s.code().strip().startsWith("computer.terminate")).count();
        if (actions < minimum) {
            return Score.of(0, actions + (actions == 1 ? " action" : " actions") + ", fewer than " + minimum);
        }
        List<Score.Flag> flags = new ArrayList<>();
        for (int i = 1; i < steps.size(); i++) {
            if (Boolean.TRUE.equals(steps.get(i).flag(Step.LAST_STEP_REDUNDANT))) {
                flags.add(new Score.Flag(i - 1, "redundant, says the reflection of the step after it"));
            }
        }
        double value = 1 - flags.size() / (double) actions;
        return Score.of(Math.max(0, value), flags.isEmpty() ? actions + " actions, none redundant"
                : flags.size() + " of " + actions + " actions redundant", flags);
    }
}
