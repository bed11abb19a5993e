package org.trajectory.scoring.internal.criteria;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.trajectory.dataset.ImageFormat;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringContext;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.TaskInput;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The gate: the record has what AgentNet requires (an instruction, a non-empty traj, each step's index equal to its
 * position, code, an image name) and each step's image is stored and readable as PNG, JPEG or WebP (its header is
 * read, with its size). Field types were checked when the record came in (a record of wrong types is not stored).
 * 1 or 0.
 */
public final class FormatCriterion implements ScoringCriterion {

    static final int HEADER_BYTES = 64 * 1024;

    /** Image verdicts by hash: a dataset's images repeat (the same screen, the same pool). */
    private final Map<String, String> images = new ConcurrentHashMap<>();

    @Override
    public String version() {
        return "1";
    }

    @Override
    public void prepare(ScoringContext context) {
        images.clear();
    }

    @Override
    public Score score(TaskInput input) {
        Task task = input.task();
        List<Score.Flag> flags = new ArrayList<>();
        List<String> taskProblems = new ArrayList<>();
        if (task.instruction() == null || task.instruction().isBlank()) {
            taskProblems.add("the instruction is empty");
        }
        List<Step> steps = task.steps();
        if (steps.isEmpty()) {
            taskProblems.add("traj has no steps");
        }
        for (int i = 0; i < steps.size(); i++) {
            JsonNode step = steps.get(i).json();
            JsonNode index = step.get(Step.INDEX);
            if (index == null || !index.canConvertToInt() || index.asInt() != i) {
                flags.add(new Score.Flag(i, "index is " + (index == null ? "missing" : index) + ", not " + i + " (indices must run 0, 1, 2...)"));
            }
            String code = steps.get(i).code();
            if (code == null || code.isBlank()) {
                flags.add(new Score.Flag(i, "no code"));
            }
            String image = imageProblem(input, i, steps.get(i).image());
            if (image != null) {
                flags.add(new Score.Flag(i, image));
            }
        }
        int problems = taskProblems.size() + flags.size();
        if (problems == 0) {
            return Score.of(1, "well formed: " + steps.size() + " steps, each with its code and a readable image");
        }
        List<String> first = new ArrayList<>(taskProblems);
        flags.stream().limit(3).forEach(f -> first.add("step " + f.step() + ": " + f.message()));
        return Score.of(0, problems + (problems == 1 ? " problem: " : " problems: ") + String.join("; ", first)
                + (problems > first.size() ? "; ..." : ""), flags);
    }

    private String imageProblem(TaskInput input, int position, String name) {
        if (name == null || name.isBlank()) {
            return "no image";
        }
        String hash = input.imageHash(position);
        if (hash == null) {
            return "the image " + name + " is not in the dataset";
        }
        String verdict = images.computeIfAbsent(hash, h -> {
            try {
                byte[] head = input.imageHead(position, HEADER_BYTES);
                if (head == null) {
                    return "the image file of " + name + " is missing from the store";
                }
                try {
                    ImageFormat.inspect(head);
                } catch (ImageFormat.InvalidImageException e) {
                    byte[] whole = input.image(position); // a JPEG whose size comes after a large EXIF block
                    ImageFormat.inspect(whole);
                }
                return "";
            } catch (ImageFormat.InvalidImageException e) {
                return "the image " + name + " " + e.getMessage();
            } catch (IOException e) {
                return "the image " + name + " cannot be read: " + e.getMessage();
            }
        });
        return verdict.isEmpty() ? null : verdict;
    }
}
