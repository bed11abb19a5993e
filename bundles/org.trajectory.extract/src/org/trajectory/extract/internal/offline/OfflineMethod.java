package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
        List<ExtractedAction> worded = new ArrayList<>();
        int typing = 0;
        context.progress().begin("Reading the text of " + inferred.actions().size() + " actions", inferred.actions().size(), "actions");
        for (ExtractedAction action : inferred.actions()) {
            if (Thread.interrupted() || context.progress().isCancelled()) {
                throw new InterruptedException("extraction cancelled");
            }
            if (action.operation().equals(ExtractedAction.TYPE)) {
                ActionInference.Typing span = inferred.typings().get(typing++);
                String text = ocr ? typed(video, span) : null;
                if (text != null && text.isEmpty()) {
                    continue; // a change in a line-high band where no new text can be read: not typing one can state
                }
                action = new ExtractedAction(action.operation(), action.start(), action.end(), null, null, text, 0,
                        text == null ? "Type text" : "Type \"" + text + "\"", null, text == null ? 0.4 : action.confidence());
            } else {
                action = action.withWords(detail(action, ocr ? target(video, action) : null), null);
            }
            worded.add(action);
            context.progress().worked(1);
        }
        return worded;
    }

    /** What was typed: the band's text after the typing, less what it read before. */
    private static String typed(Video video, ActionInference.Typing span) throws IOException, InterruptedException {
        Rect band = span.band();
        int x = band.x - 200;
        int y = band.y - 4;
        int w = band.width + 400;
        int h = band.height + 8;
        String before = read(FrameGrab.png(video, span.start(), x, y, w, h));
        String after = read(FrameGrab.png(video, span.end() + 0.05, x, y, w, h));
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
    private static String target(Video video, ExtractedAction action) throws IOException, InterruptedException {
        if (action.at() == null) {
            return null;
        }
        byte[] png;
        if (action.operation().equals(ExtractedAction.SELECT) && action.to() != null) {
            int left = Math.min(action.at().x(), action.to().x());
            int top = Math.min(action.at().y(), action.to().y()) - 10;
            png = FrameGrab.png(video, action.end() + 0.05, left, top, Math.abs(action.to().x() - action.at().x()) + 1,
                    Math.abs(action.to().y() - action.at().y()) + 20);
        } else {
            png = FrameGrab.png(video, action.start(), action.at().x() - 60, action.at().y() - 16, 120, 32);
        }
        String text = read(png);
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

    /** Tesseract's reading of a screen crop, enlarged three times (it reads small screen text far better so). */
    private static String read(byte[] png) throws IOException, InterruptedException {
        BufferedImage crop = ImageIO.read(new ByteArrayInputStream(png));
        BufferedImage large = new BufferedImage(crop.getWidth() * 3, crop.getHeight() * 3, BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = large.createGraphics();
        g.setRenderingHint(java.awt.RenderingHints.KEY_INTERPOLATION, java.awt.RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(crop, 0, 0, large.getWidth(), large.getHeight(), null);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(large, "png", out);
        return Ocr.read(out.toByteArray()).replaceAll("[^\\p{L}\\p{N}\\p{P}\\p{S}\\p{Zs}]", "").strip();
    }
}
