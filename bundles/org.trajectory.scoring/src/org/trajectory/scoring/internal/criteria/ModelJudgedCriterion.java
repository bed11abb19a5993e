package org.trajectory.scoring.internal.criteria;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.trajectory.model.Step;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.TaskInput;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmRequest;
import org.trajectory.vlm.prompt.ModelJson;
import org.trajectory.vlm.prompt.Prompts;
import org.trajectory.vlm.prompt.Replies;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A criterion a vision-language model judges from the task text, the steps and the final screenshot, with a prompt
 * shipped in this bundle's {@code prompts/} (and overridable like the annotation prompts). The answer must be
 * {@code {"score": 0-1, "reason": ..., "problem_steps": [...]}}; the reason is kept, problem steps become flags.
 */
abstract class ModelJudgedCriterion implements ScoringCriterion {

    /** Long trajectories are cut to this many steps in the prompt (the first and the last ones). */
    static final int MAX_STEPS = 60;

    private final String prompt;

    ModelJudgedCriterion(String prompt) {
        this.prompt = prompt;
    }

    @Override
    public Score score(TaskInput input) throws InterruptedException {
        if (input.model() == null) {
            return Score.error("this criterion needs a model: choose a provider");
        }
        try {
            Prompts.Prompt template = Prompts.defaults(ModelJudgedCriterion.class).get(prompt);
            List<VlmRequest.Part> parts = new ArrayList<>();
            parts.add(new VlmRequest.Text(template.fill(Map.of("task", input.task().instruction(), "steps", steps(input)))));
            int last = input.task().steps().size() - 1;
            byte[] screen = last < 0 ? null : input.image(last);
            if (screen != null) {
                parts.add(VlmRequest.Image.of(screen));
            }
            return ModelJson.ask(input.model(), template, parts, reply -> {
                double value = Replies.score(reply, "score");
                if (value > 1) {
                    throw new ModelJson.Invalid("\"score\" must be from 0.0 to 1.0");
                }
                List<Score.Flag> flags = new ArrayList<>();
                for (JsonNode problem : reply.path("problem_steps")) {
                    if (problem.path("step").canConvertToInt() && problem.path("step").asInt() >= 0 && problem.path("step").asInt() <= last) {
                        flags.add(new Score.Flag(problem.path("step").asInt(), problem.path("problem").asText("")));
                    }
                }
                return Score.of(value, Replies.text(reply, "reason"), flags);
            });
        } catch (VlmException e) {
            return Score.error(e.kind().name().toLowerCase(java.util.Locale.ROOT) + ": " + e.getMessage());
        } catch (IOException e) {
            return Score.error(e.getMessage());
        }
    }

    private static String steps(TaskInput input) {
        List<Step> steps = input.task().steps();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < steps.size(); i++) {
            if (steps.size() > MAX_STEPS && i == MAX_STEPS / 2) {
                out.append("... (").append(steps.size() - MAX_STEPS).append(" steps left out)\n");
                i = steps.size() - MAX_STEPS / 2 - 1;
                continue;
            }
            Step step = steps.get(i);
            String action = step.text(Step.ACTION);
            out.append(i).append(": ").append(String.valueOf(step.code()).replace('\n', ';'))
                    .append(action == null || action.isBlank() ? "" : " | " + action).append('\n');
        }
        return out.toString().strip();
    }
}
