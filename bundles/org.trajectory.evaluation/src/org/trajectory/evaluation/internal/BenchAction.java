package org.trajectory.evaluation.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.trajectory.evaluation.AgentNetBench;
import org.trajectory.model.action.Action;

/**
 * One action as AgentNetBench compares them: its PyAutoGUI function name in lower case and the one value that function
 * is judged by (a point, a text, keys, a scroll amount or a status). Element boxes are the reference's, when known.
 */
public record BenchAction(String type, Double x, Double y, String text, List<String> keys, Integer amount, String status,
        List<double[]> boxes) {

    public BenchAction {
        keys = keys == null ? null : List.copyOf(keys);
        boxes = boxes == null ? List.of() : List.copyOf(boxes);
    }

    public static BenchAction pointer(String type, double x, double y) {
        return new BenchAction(type, x, y, null, null, null, null, null);
    }

    public static BenchAction write(String text) {
        return new BenchAction("write", null, null, text, null, null, null, null);
    }

    public static BenchAction keys(String type, List<String> keys) {
        return new BenchAction(type, null, null, null, keys, null, null, null);
    }

    public static BenchAction scroll(int amount) {
        return new BenchAction("scroll", null, null, null, null, amount, null, null);
    }

    public static BenchAction terminate(String status) {
        return new BenchAction("terminate", null, null, null, null, null, status, null);
    }

    public BenchAction withBoxes(List<double[]> elementBoxes) {
        return new BenchAction(type, x, y, text, keys, amount, status, elementBoxes);
    }

    /** A way of doing a step as AgentNetBench reads it, each action with its own boxes; sleeps are pacing, not actions. */
    public static List<BenchAction> of(Trajectory.Way way) {
        if (way == null) {
            return List.of();
        }
        List<BenchAction> actions = new ArrayList<>();
        for (int i = 0; i < way.actions().size(); i++) {
            BenchAction converted = of(way.actions().get(i));
            if (converted != null) {
                actions.add(converted.withBoxes(way.boxes().get(i)));
            }
        }
        return actions;
    }

    static BenchAction of(Action action) {
        return switch (action) {
            case Action.Click c -> new BenchAction(c.kind().function().toLowerCase(Locale.ROOT), c.at() == null ? null : c.at().x(),
                    c.at() == null ? null : c.at().y(), null, null, null, null, null);
            case Action.MoveTo m -> pointer("moveto", m.to().x(), m.to().y());
            case Action.DragTo d -> pointer("dragto", d.to().x(), d.to().y());
            case Action.Scroll s -> scroll(s.clicks());
            case Action.HScroll s -> new BenchAction("hscroll", null, null, null, null, s.clicks(), null, null);
            case Action.Write w -> write(w.text());
            // press('down', presses=2) presses down twice: the keys as they were pressed, repeats included
            case Action.Press p -> keys("press", Collections.nCopies(Math.max(1, p.presses()), p.keys()).stream().flatMap(List::stream).toList());
            case Action.Hotkey h -> keys("hotkey", h.keys());
            case Action.KeyDown k -> keys("keydown", List.of(k.key()));
            case Action.KeyUp k -> keys("keyup", List.of(k.key()));
            case Action.Terminate t -> terminate(t.status());
            case Action.Sleep s -> null;
        };
    }
}
