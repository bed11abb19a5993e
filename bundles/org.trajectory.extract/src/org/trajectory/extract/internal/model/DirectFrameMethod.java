package org.trajectory.extract.internal.model;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.ExtractionMethod;
import org.trajectory.extract.Video;
import org.trajectory.vlm.Model;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmRequest.Image;
import org.trajectory.vlm.VlmRequest.Part;
import org.trajectory.vlm.VlmRequest.Text;
import org.trajectory.vlm.prompt.ModelJson;
import org.trajectory.vlm.prompt.Prompts;

/**
 * Sharingan's Direct-Frame method: the model is shown the sampled frames in sliding windows (10 frames, 5 shared, as
 * the paper ran it; one window when the model takes them all), proposes the actions of each window (Action Proposer),
 * checks them against the same frames (Action Corrector), and the windows' actions are merged into one sequence (Action
 * Merger; not needed for one window). Prompts: {@code df-proposer}, {@code df-corrector}, {@code merger}.
 */
public final class DirectFrameMethod implements ExtractionMethod {

    public static final double FPS = 1;
    static final int MAX_TOKENS = 4096;

    @Override
    public List<ExtractedAction> extract(Video video, String task, ExtractionContext context)
            throws IOException, VlmException, InterruptedException {
        Model model = ModelMethods.model(context, "df");
        Prompts prompts = ModelMethods.prompts(context);
        SampledFrames frames = SampledFrames.of(video, context.settings().fps(video, FPS), context.settings().changedOnly(), context);
        List<List<SampledFrames.Shown>> windows = frames.windows(context.settings().window(), context.settings().overlap());
        context.progress().begin("Asking the model about " + windows.size() + (windows.size() == 1 ? " window" : " windows"),
                windows.size() * 2L + (windows.size() > 1 ? 1 : 0), "calls");
        // each window's proposer and corrector, windows side by side
        List<Callable<List<ProposedActions.Proposed>>> calls = new ArrayList<>();
        for (List<SampledFrames.Shown> window : windows) {
            calls.add(() -> {
                int first = window.get(0).number();
                int last = window.get(window.size() - 1).number();
                Map<String, String> values = values(task, frames, window);
                List<ProposedActions.Proposed> proposed = ModelJson.ask(model, prompts.get("df-proposer"), parts(prompts.get("df-proposer")
                        .fill(values), window), ProposedActions.reader(first, last), MAX_TOKENS);
                values.put("actions", ProposedActions.json(proposed));
                return ModelJson.ask(model, prompts.get("df-corrector"), parts(prompts.get("df-corrector").fill(values), window),
                        ProposedActions.reader(first, last), MAX_TOKENS);
            });
        }
        List<List<ProposedActions.Proposed>> perWindow = ModelMethods.inParallel(calls, 2, context);
        List<ProposedActions.Proposed> merged = perWindow.get(0);
        if (perWindow.size() > 1) {
            ModelMethods.checkCancelled(context);
            merged = ModelJson.ask(model, prompts.get("merger"), List.of(new Text(prompts.get("merger").fill(mergerValues(task, frames, windows,
                    perWindow)))), ProposedActions.reader(1, frames.frames().size()), MAX_TOKENS);
            context.progress().worked(1);
        }
        return ProposedActions.extracted(merged, frames, video, 0.6);
    }

    @Override
    public long estimateCalls(Video video, org.trajectory.extract.ExtractionSettings settings) {
        long frames = (long) Math.ceil(video.duration() * settings.fps(video, FPS));
        int size = settings.window();
        long windows = size <= 0 || frames <= size ? 1 : (long) Math.ceil((frames - settings.overlap()) / (double) (size - settings.overlap()));
        return 2 * windows + (windows > 1 ? 1 : 0);
    }

    private static Map<String, String> values(String task, SampledFrames frames, List<SampledFrames.Shown> window) {
        Map<String, String> values = new HashMap<>();
        values.put("task", task);
        values.put("first_frame", Integer.toString(window.get(0).number()));
        values.put("last_frame", Integer.toString(window.get(window.size() - 1).number()));
        values.put("frames", ModelMethods.frameList(window));
        values.put("total_frames", Integer.toString(frames.frames().size()));
        return values;
    }

    private static Map<String, String> mergerValues(String task, SampledFrames frames, List<List<SampledFrames.Shown>> windows,
            List<List<ProposedActions.Proposed>> perWindow) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < windows.size(); i++) {
            List<SampledFrames.Shown> window = windows.get(i);
            text.append(String.format(Locale.ROOT, "Window %d (frames %d to %d):%n%s%n%n", i + 1, window.get(0).number(),
                    window.get(window.size() - 1).number(), ProposedActions.json(perWindow.get(i))));
        }
        Map<String, String> values = new HashMap<>();
        values.put("task", task);
        values.put("total_frames", Integer.toString(frames.frames().size()));
        values.put("windows", text.toString().strip());
        return values;
    }

    private static List<Part> parts(String prompt, List<SampledFrames.Shown> window) {
        List<Part> parts = new ArrayList<>();
        parts.add(new Text(prompt));
        for (SampledFrames.Shown frame : window) {
            parts.add(new Text(String.format(Locale.ROOT, "Frame %d (%.1f s):", frame.number(), frame.time())));
            parts.add(Image.of(frame.png()));
        }
        return parts;
    }
}
