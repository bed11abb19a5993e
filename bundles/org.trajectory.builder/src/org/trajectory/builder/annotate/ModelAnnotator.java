package org.trajectory.builder.annotate;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.builder.annotate.internal.Notes;
import org.trajectory.builder.annotate.internal.StepView;
import org.trajectory.model.Digests;
import org.trajectory.model.action.Action;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmRequest.Image;
import org.trajectory.vlm.VlmRequest.Part;
import org.trajectory.vlm.VlmRequest.Text;
import org.trajectory.vlm.prompt.Markers;
import org.trajectory.vlm.prompt.ModelJson;
import org.trajectory.vlm.prompt.Prompts;
import org.trajectory.vlm.prompt.Replies;


/**
 * The field's chain-of-thought pipeline on a vision-language model: the generator sees the screenshot with a marker
 * at the action's point and a crop around it, the reflector the screens before and after, the summarizer the steps and
 * the final screen. Every answer must be the JSON object asked for; a wrong one gets one repair request that says
 * what was wrong, then the step fails with BAD_RESPONSE.
 *
 * @since 0.1
 */
public final class ModelAnnotator implements Annotator {

    /** The annotation prompts shipped with this bundle, or the user's files of the same names in {@code overrides}. */
    public static Prompts prompts(java.nio.file.Path overrides) {
        return overrides == null ? Prompts.defaults(ModelAnnotator.class) : new Prompts(overrides, ModelAnnotator.class);
    }

    private final Retrying model;
    private final Prompts.Prompt generator;
    private final Prompts.Prompt reflector;
    private final Prompts.Prompt summarizer;
    private final String by;

    public ModelAnnotator(Retrying model, Prompts prompts) throws IOException {
        this.model = model;
        this.generator = prompts.get(Prompts.GENERATOR);
        this.reflector = prompts.get(Prompts.REFLECTOR);
        this.summarizer = prompts.get(Prompts.SUMMARIZER);
        this.by = by(model, List.of(generator, reflector, summarizer));
    }

    @Override
    public String by() {
        return by;
    }

    /** The model and the first 12 hex digits of the SHA-256 of the prompts: which prompt version wrote a task. */
    private static String by(Retrying model, List<Prompts.Prompt> prompts) {
        StringBuilder texts = new StringBuilder();
        for (Prompts.Prompt prompt : prompts) {
            texts.append(prompt.system()).append('\0').append(prompt.template()).append('\0');
        }
        return "model " + model.config().model() + ", prompts " + Digests.sha256(texts.toString()).substring(0, 12);
    }

    @Override
    public Notes.Described describe(StepView step) throws VlmException, IOException, InterruptedException {
        List<Part> parts = new ArrayList<>();
        String images = "";
        if (step.image() != null) {
            BufferedImage screen = Markers.read(step.image());
            Action.Point point = step.point();
            if (point == null) {
                images = "The image is the screen just before the action.";
                parts.add(new Image(Markers.png(screen), "image/png"));
            } else {
                images = "The first image is the screen just before the action, with a red circle where it acts; the second"
                        + " is a close-up of that place.";
                parts.add(new Image(Markers.png(Markers.marked(screen, point)), "image/png"));
                parts.add(new Image(Markers.png(Markers.crop(screen, point)), "image/png"));
            }
        }
        Map<String, String> values = values(step.task(), step.history());
        values.put("code", step.code());
        values.put("window", step.window() == null ? "(unknown)" : step.window());
        values.put("element", step.element() == null ? "(not recorded)" : step.element().words() + " (role: " + step.element().role() + ")");
        values.put("images", images);
        parts.add(0, new Text(generator.fill(values)));
        return ModelJson.ask(model, generator, parts, reply -> new Notes.Described(Replies.text(reply, "observation"),
                Replies.text(reply, "thought"), Replies.text(reply, "action")));
    }

    @Override
    public Notes.Reflected reflect(StepView step, Notes.Described described, byte[] after)
            throws VlmException, IOException, InterruptedException {
        Map<String, String> values = values(step.task(), step.history());
        values.put("code", step.code());
        values.put("action", described == null ? "(not described)" : described.action());
        values.put("thought", described == null ? "(not described)" : described.thought());
        List<Part> parts = new ArrayList<>();
        parts.add(new Text(reflector.fill(values)));
        if (step.image() != null) {
            parts.add(Image.of(step.image()));
        }
        if (after != null) {
            parts.add(Image.of(after));
        }
        return ModelJson.ask(model, reflector, parts, reply -> new Notes.Reflected(Replies.text(reply, "reflection"),
                Replies.flag(reply, "last_step_correct"), Replies.flag(reply, "last_step_redundant")));
    }

    @Override
    public Notes.Summary summarize(String task, List<String> steps, byte[] finalScreen) throws VlmException, IOException, InterruptedException {
        List<Part> parts = new ArrayList<>();
        parts.add(new Text(summarizer.fill(values(task, steps))));
        if (finalScreen != null) {
            parts.add(Image.of(finalScreen));
        }
        return ModelJson.ask(model, summarizer, parts, reply -> new Notes.Summary(Replies.text(reply, "natural_language_task"),
                Replies.text(reply, "actual_task"), Replies.score(reply, "alignment_score"), Replies.score(reply, "efficiency_score"),
                Replies.score(reply, "task_difficulty"), Replies.flag(reply, "task_completed"), Replies.text(reply, "reason")));
    }

    private static Map<String, String> values(String task, List<String> history) {
        Map<String, String> values = new HashMap<>();
        values.put("task", task == null || task.isBlank() ? "(not given)" : task);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < history.size(); i++) {
            lines.append(i + 1).append(". ").append(history.get(i)).append('\n');
        }
        values.put("history", lines.isEmpty() ? "(none yet)" : lines.toString().strip());
        return values;
    }

}
