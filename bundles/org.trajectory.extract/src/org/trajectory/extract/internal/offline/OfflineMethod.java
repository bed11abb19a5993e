package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.imageio.ImageIO;

import org.opencv.core.Rect;
import org.trajectory.builder.annotate.Ocr;
import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.ExtractionMethod;
import org.trajectory.extract.FrameGrab;
import org.trajectory.extract.Video;
import org.trajectory.extract.opencv.OpenCvLibrary;

/**
 * The offline method: no model, no network, no cost (the seeds' "template-based extraction"). The pointer is found in
 * every frame by template matching, the changes between frames by differencing, shifts by phase correlation, all on
 * OpenCV ({@link ScreenObserver}); actions are inferred from them ({@link ActionInference}); typed text and the words
 * under a click are read with Tesseract where it is installed.
 */
public final class OfflineMethod implements ExtractionMethod {

    public static final String ID = "offline";
    /** Frames a second: enough to see the pointer rest for the 150 ms between arriving and pressing. */
    public static final double FPS = 10;

    @Override
    public List<ExtractedAction> extract(Video video, String task, ExtractionContext context) throws IOException, InterruptedException {
        OpenCvLibrary.load();
        double fps = context.settings().fps(FPS);
        List<Observation> observations = new ScreenObserver(new PointerFinder()).observe(video, fps, context.progress());
        ActionInference.Result inferred = ActionInference.infer(observations, fps);
        boolean ocr = Ocr.available();
        // the frames the words are read from, all in one decoding pass
        Map<Integer, byte[]> frames = new HashMap<>();
        if (ocr) {
            Set<Integer> numbers = new TreeSet<>();
            for (ActionInference.Typing span : inferred.typings()) {
                numbers.add(span.firstFrame());
                numbers.add(span.lastFrame());
            }
            for (ExtractedAction action : inferred.actions()) {
                numbers.add(frame(action.start(), fps)); // read at a click, and each step's screenshot
                if (action.operation().equals(ExtractedAction.SELECT)) {
                    numbers.add(frame(action.end(), fps));
                }
            }
            context.progress().begin("Taking " + numbers.size() + " frames to read", -1);
            frames = FrameGrab.sampled(video, fps, numbers);
            frames.forEach((number, png) -> context.taken().put(ExtractionContext.at(number / fps), png));
        }
        // Tesseract runs as a process per crop: as many at once as there are cores
        Map<Integer, byte[]> read = frames;
        List<Callable<ExtractedAction>> jobs = new ArrayList<>();
        int typing = 0;
        for (ExtractedAction action : inferred.actions()) {
            ActionInference.Typing span = action.operation().equals(ExtractedAction.TYPE) ? inferred.typings().get(typing++) : null;
            jobs.add(() -> worded(action, span, ocr, read, fps));
        }
        context.progress().begin("Reading the text of " + jobs.size() + " actions", jobs.size(), "actions");
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()), r -> {
            Thread thread = new Thread(r, "Offline extraction OCR");
            thread.setDaemon(true);
            return thread;
        });
        List<ExtractedAction> worded = new ArrayList<>();
        try {
            List<Future<ExtractedAction>> results = jobs.stream().map(pool::submit).toList();
            for (Future<ExtractedAction> result : results) {
                if (context.progress().isCancelled()) {
                    throw new InterruptedException("extraction cancelled");
                }
                ExtractedAction done = result.get();
                if (done != null) {
                    worded.add(done);
                }
                context.progress().worked(1);
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException("reading the text on screen failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return worded;
    }

    /** An action with its words; a typing whose text cannot be read is null (dropped). */
    private static ExtractedAction worded(ExtractedAction action, ActionInference.Typing span, boolean ocr, Map<Integer, byte[]> frames,
            double fps) throws IOException, InterruptedException {
        if (span != null) {
            String text = ocr ? typed(frames, span) : null;
            if (text != null && text.isEmpty()) {
                return null; // a change in a line-high band where no new text can be read: not typing one can state
            }
            return new ExtractedAction(action.operation(), action.start(), action.end(), null, null, text, 0,
                    text == null ? "Type text" : "Type \"" + text + "\"", null, text == null ? 0.4 : action.confidence());
        }
        return action.withWords(detail(action, ocr ? target(frames, action, fps) : null), null);
    }

    /** What was typed: the band's text after the typing, less what it read before. */
    private static String typed(Map<Integer, byte[]> frames, ActionInference.Typing span) throws IOException, InterruptedException {
        Rect band = span.band();
        int x = band.x - 200;
        int y = band.y - 4;
        int w = band.width + 400;
        int h = band.height + 8;
        String before = read(crop(frames.get(span.firstFrame()), x, y, w, h));
        String after = read(crop(frames.get(span.lastFrame()), x, y, w, h));
        int prefix = 0;
        while (prefix < before.length() && prefix < after.length() && before.charAt(prefix) == after.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < before.length() - prefix && suffix < after.length() - prefix
                && before.charAt(before.length() - 1 - suffix) == after.charAt(after.length() - 1 - suffix)) {
            suffix++;
        }
        return after.substring(prefix, after.length() - suffix).replaceAll("^[|\\s]+|[|\\s]+$", ""); // a caret reads as |
    }

    /** The words at an action's point (a click's target, a selection's text), or null. */
    private static String target(Map<Integer, byte[]> frames, ExtractedAction action, double fps) throws IOException, InterruptedException {
        if (action.at() == null) {
            return null;
        }
        BufferedImage crop;
        if (action.operation().equals(ExtractedAction.SELECT) && action.to() != null) {
            int left = Math.min(action.at().x(), action.to().x());
            int top = Math.min(action.at().y(), action.to().y()) - 10;
            crop = crop(frames.get(frame(action.end(), fps)), left, top, Math.abs(action.to().x() - action.at().x()) + 1,
                    Math.abs(action.to().y() - action.at().y()) + 20);
        } else {
            crop = crop(frames.get(frame(action.start(), fps)), action.at().x() - 60, action.at().y() - 16, 120, 32);
        }
        String text = read(crop);
        return text.length() < 1 ? null : text.length() > 60 ? text.substring(0, 60) + "…" : text;
    }

    private static String detail(ExtractedAction action, String target) {
        String on = target == null ? "" : " \"" + target + "\"";
        return switch (action.operation()) {
            case ExtractedAction.CLICK -> "Click" + on;
            case ExtractedAction.SELECT -> "Select" + (on.isEmpty() ? " text" : on);
            case ExtractedAction.DRAG -> String.format(Locale.ROOT, "Drag%s from (%d, %d) to (%d, %d)", on, action.at().x(), action.at().y(),
                    action.to().x(), action.to().y());
            case ExtractedAction.SCROLL -> "Scroll " + (action.amount() > 0 ? "up " : "down ") + Math.abs(action.amount());
            case ExtractedAction.PRESS -> "Press " + action.text();
            default -> action.operation();
        };
    }

    private static int frame(double time, double fps) {
        return (int) Math.round(time * fps);
    }

    /** The part of a frame (PNG) at x, y of that size, clipped to it; null without the frame. */
    private static BufferedImage crop(byte[] png, int x, int y, int width, int height) throws IOException {
        if (png == null) {
            return null;
        }
        BufferedImage frame = ImageIO.read(new ByteArrayInputStream(png));
        int left = Math.max(0, Math.min(x, frame.getWidth() - 1));
        int top = Math.max(0, Math.min(y, frame.getHeight() - 1));
        int w = Math.max(1, Math.min(width - (left - x), frame.getWidth() - left));
        int h = Math.max(1, Math.min(height - (top - y), frame.getHeight() - top));
        return frame.getSubimage(left, top, w, h);
    }

    /** Tesseract's reading of a screen crop; empty without one. */
    private static String read(BufferedImage crop) throws IOException, InterruptedException {
        if (crop == null) {
            return "";
        }
        return Ocr.readScreen(crop).replaceAll("[^\\p{L}\\p{N}\\p{P}\\p{S}\\p{Zs}]", "").strip();
    }
}
