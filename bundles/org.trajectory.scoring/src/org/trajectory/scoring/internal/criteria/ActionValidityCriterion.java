package org.trajectory.scoring.internal.criteria;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.trajectory.model.Step;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionCheck;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.CodeProblem;
import org.trajectory.model.action.ParsedCode;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.TaskInput;

/**
 * The share of steps whose actions could have happened: the code parses (coordinates in [0,1] included), every key
 * is one PyAutoGUI knows, no drag ends where it started, and no typing goes into a window that appeared and was not
 * clicked (known where the steps carry {@code window_title}, as built trajectories do). Where a recording captured the
 * elements actions met (steps with {@code element}), a click that met none is flagged: the desktop knew of nothing
 * there. It is not counted as impossible, since an application slow to answer also leaves a click without one.
 */
public final class ActionValidityCriterion implements ScoringCriterion {

    @Override
    public String version() {
        return "2";
    }

    @Override
    public Score score(TaskInput input) {
        List<Step> steps = input.task().steps();
        if (steps.isEmpty()) {
            return Score.of(0, "no steps to judge");
        }
        List<Score.Flag> flags = new ArrayList<>();
        Set<Integer> invalid = new HashSet<>();
        String window = null;
        boolean clickedInWindow = true;
        boolean elementsCaptured = steps.stream().anyMatch(s -> s.json().has(Step.ELEMENT));
        List<Score.Flag> noElement = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String title = step.json().path("window_title").asText(null);
            if (title != null && !title.equals(window)) {
                clickedInWindow = window == null; // the first window is where the recording started: taken as focused
                window = title;
            }
            ParsedCode code = ActionParser.parse(step.code() == null ? "" : step.code());
            if (!code.ok()) {
                flags.add(new Score.Flag(i, "the code does not parse: " + code.problems().get(0)));
                invalid.add(i);
                continue;
            }
            for (CodeProblem problem : ActionCheck.problems(code)) {
                flags.add(new Score.Flag(i, problem.message()));
                invalid.add(i);
            }
            for (Action action : code.actions()) {
                if (action instanceof Action.Write && title != null && !clickedInWindow) {
                    flags.add(new Score.Flag(i, "typing into \"" + title + "\", which appeared and was not clicked first"));
                    invalid.add(i);
                }
                if (action instanceof Action.Click && elementsCaptured && !step.json().has(Step.ELEMENT)) {
                    noElement.add(new Score.Flag(i, "the click met no element the desktop knows of (elements were captured for this task)"));
                }
                if (action instanceof Action.Click || action instanceof Action.Hotkey || action instanceof Action.Press) {
                    clickedInWindow = true; // a click, or keys that move focus (Tab, Alt+Tab), give the window input
                }
            }
        }
        double value = (steps.size() - invalid.size()) / (double) steps.size();
        String reason = (invalid.isEmpty() ? "all " + steps.size() + " steps could happen"
                : invalid.size() + " of " + steps.size() + " steps could not happen; first: step " + flags.get(0).step() + ", "
                        + flags.get(0).message())
                + (noElement.isEmpty() ? "" : "; " + noElement.size() + " clicks met no element");
        flags.addAll(noElement);
        return Score.of(value, reason, flags);
    }

}
