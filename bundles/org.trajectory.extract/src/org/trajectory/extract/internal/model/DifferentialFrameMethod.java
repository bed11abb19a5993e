package org.trajectory.extract.internal.model;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.Point;
import org.opencv.core.Rect;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;
import org.trajectory.extract.ChangeLocalizer;
import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.ExtractionMethod;
import org.trajectory.extract.Video;
import org.trajectory.vlm.Model;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmRequest.Image;
import org.trajectory.vlm.VlmRequest.Part;
import org.trajectory.vlm.VlmRequest.Text;
import org.trajectory.vlm.prompt.Markers;
import org.trajectory.vlm.prompt.ModelJson;
import org.trajectory.vlm.prompt.Prompts;
import org.trajectory.vlm.prompt.Replies;

/**
 * Sharingan's Differential-Frame method: the Frame Difference Localizer finds where each frame changed; the Descriptor
 * (a model) describes each frame's changes, shown the frame with the changed regions outlined and the same regions of
 * the frame before; the Proposer turns all the descriptions into actions; the Corrector checks them, a model first and
 * then two rules: a scroll with no content moving vertically in its frames, and a pointer action with no pointer to be
 * seen, are dropped. Frames without changes cost no call. Prompts: {@code difff-descriptor}, {@code difff-proposer},
 * {@code difff-corrector}.
 */
public final class DifferentialFrameMethod implements ExtractionMethod {

    public static final double FPS = 1;
    /** Regions shown to the descriptor at most per frame (the largest). */
    private static final int MAX_REGIONS = 4;

    @Override
    public List<ExtractedAction> extract(Video video, String task, ExtractionContext context)
            throws IOException, VlmException, InterruptedException {
        Model model = ModelMethods.model(context, "difff");
        Prompts prompts = ModelMethods.prompts(context);
        SampledFrames frames = SampledFrames.of(video, context.settings().fps(video, FPS), false, context);
        List<SampledFrames.Shown> changed = frames.frames().stream().filter(f -> !f.changes().isEmpty()).toList();
        context.progress().begin("Describing the changes of " + changed.size() + " frames", changed.size() + 2L, "calls");
        List<Callable<String>> calls = new ArrayList<>();
        for (SampledFrames.Shown frame : changed) {
            calls.add(() -> describe(model, prompts.get("difff-descriptor"), task, frames.number(frame.number() - 1), frame));
        }
        List<String> described = ModelMethods.inParallel(calls, 1, context);
        StringBuilder descriptions = new StringBuilder();
        for (int i = 0; i < changed.size(); i++) {
            SampledFrames.Shown frame = changed.get(i);
            descriptions.append(String.format(Locale.ROOT, "Frame %d (%.1f s), changed regions %s:%n%s%n%n", frame.number(), frame.time(),
                    regions(frame), described.get(i)));
        }
        if (changed.isEmpty()) {
            return List.of();
        }
        Map<String, String> values = new HashMap<>();
        values.put("task", task);
        values.put("total_frames", Integer.toString(frames.frames().size()));
        values.put("descriptions", descriptions.toString().strip());
        ModelMethods.checkCancelled(context);
        List<ProposedActions.Proposed> proposed = ModelJson.ask(model, prompts.get("difff-proposer"),
                List.of(new Text(prompts.get("difff-proposer").fill(values))), ProposedActions.reader(1, frames.frames().size()),
                DirectFrameMethod.MAX_TOKENS);
        context.progress().worked(1);
        values.put("actions", ProposedActions.json(proposed));
        ModelMethods.checkCancelled(context);
        List<ProposedActions.Proposed> corrected = ModelJson.ask(model, prompts.get("difff-corrector"),
                List.of(new Text(prompts.get("difff-corrector").fill(values))), ProposedActions.reader(1, frames.frames().size()),
                DirectFrameMethod.MAX_TOKENS);
        context.progress().worked(1);
        return ruled(ProposedActions.extracted(corrected, frames, video, 0.6), frames);
    }

    /** A description per frame that changed (at most every frame but the first), then the proposer and the corrector. */
    @Override
    public long estimateCalls(Video video, org.trajectory.extract.ExtractionSettings settings) {
        return Math.max(0, (long) Math.ceil(video.duration() * settings.fps(video, FPS)) - 1) + 2;
    }

    /** The Corrector's rules: no scroll without vertical movement in its frames, no pointer action without a pointer. */
    static List<ExtractedAction> ruled(List<ExtractedAction> actions, SampledFrames frames) {
        List<ExtractedAction> kept = new ArrayList<>();
        for (ExtractedAction action : actions) {
            boolean pointer = List.of(ExtractedAction.CLICK, ExtractedAction.SELECT, ExtractedAction.DRAG).contains(action.operation());
            if (pointer && action.at() == null) {
                continue;
            }
            if (action.operation().equals(ExtractedAction.SCROLL) && !movedVertically(frames, action)) {
                continue;
            }
            kept.add(action);
        }
        return kept;
    }

    /**
     * Whether content moved vertically in the action's frames: between consecutive frames, the largest changed region's
     * shift by phase correlation (OpenCV) is mostly vertical.
     */
    private static boolean movedVertically(SampledFrames frames, ExtractedAction action) {
        for (SampledFrames.Shown frame : frames.frames()) {
            if (frame.number() == 1 || frame.changes().isEmpty() || frame.time() < action.start() || frame.time() > action.end() + 1.01) {
                continue;
            }
            ChangeLocalizer.Box box = frame.changes().stream().max(java.util.Comparator.comparingInt(b -> b.width() * b.height())).orElseThrow();
            Mat before = grey(frames.number(frame.number() - 1).png(), box);
            Mat after = grey(frame.png(), box);
            double[] response = new double[1];
            Point shift = Imgproc.phaseCorrelate(before, after, new Mat(), response);
            before.release();
            after.release();
            if (response[0] > 0.08 && Math.abs(shift.y) >= 3 && Math.abs(shift.x) <= 1.5) {
                return true;
            }
        }
        return false;
    }

    private static Mat grey(byte[] png, ChangeLocalizer.Box box) {
        Mat whole = Imgcodecs.imdecode(new MatOfByte(png), Imgcodecs.IMREAD_GRAYSCALE);
        Mat part = new Mat();
        whole.submat(new Rect(box.x(), box.y(), box.width(), box.height())).convertTo(part, CvType.CV_64F);
        whole.release();
        return part;
    }

    private static String describe(Model model, Prompts.Prompt prompt, String task, SampledFrames.Shown before, SampledFrames.Shown frame)
            throws IOException, VlmException, InterruptedException {
        BufferedImage now = Markers.read(frame.png());
        BufferedImage then = Markers.read(before.png());
        List<ChangeLocalizer.Box> boxes = frame.changes().stream()
                .sorted((a, b) -> Integer.compare(b.width() * b.height(), a.width() * a.height())).limit(MAX_REGIONS).toList();
        BufferedImage outlined = new BufferedImage(now.getWidth(), now.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = outlined.createGraphics();
        g.drawImage(now, 0, 0, null);
        g.setColor(Color.RED);
        g.setStroke(new BasicStroke(3));
        List<Part> parts = new ArrayList<>();
        Map<String, String> values = new HashMap<>();
        values.put("task", task);
        values.put("frame", Integer.toString(frame.number()));
        values.put("regions", regions(frame));
        parts.add(new Text(prompt.fill(values)));
        for (int i = 0; i < boxes.size(); i++) {
            ChangeLocalizer.Box box = boxes.get(i);
            g.drawRect(box.x(), box.y(), box.width(), box.height());
            g.drawString(Integer.toString(i + 1), box.x() + 4, box.y() + 14);
        }
        g.dispose();
        parts.add(new Text("The frame now, the changed regions outlined in red and numbered:"));
        parts.add(new Image(Markers.png(outlined), "image/png"));
        for (int i = 0; i < boxes.size(); i++) {
            ChangeLocalizer.Box box = boxes.get(i);
            parts.add(new Text("Region " + (i + 1) + " in the frame before:"));
            parts.add(new Image(Markers.png(then.getSubimage(box.x(), box.y(), box.width(), box.height())), "image/png"));
        }
        return ModelJson.ask(model, prompt, parts, reply -> Replies.text(reply, "description"), 1024);
    }

    private static String regions(SampledFrames.Shown frame) {
        StringBuilder out = new StringBuilder();
        for (ChangeLocalizer.Box box : frame.changes()) {
            out.append(out.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "(%d, %d, %dx%d)", box.x(), box.y(), box.width(), box.height()));
        }
        return out.toString();
    }
}
