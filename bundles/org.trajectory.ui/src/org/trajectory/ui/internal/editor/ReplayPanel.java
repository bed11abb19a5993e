package org.trajectory.ui.internal.editor;

import java.util.Locale;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.trajectory.dataset.ImageStore;
import org.trajectory.dataset.StoredReplay;
import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The replayed screen beside the recorded one: for the step shown, the screen the replay reached where this step's
 * screenshot was expected (after the step before it; the first screen for step 1), its verdict in words, and the area
 * that differed boxed. Hidden for a task never replayed. Its screenshots come from a cache of its own, so the recorded
 * screen's neighbours never push the replayed one out while it is shown.
 */
final class ReplayPanel {

    private final SashForm screens;
    private final Composite panel;
    private final Label verdict;
    private final ScreenshotCanvas screen;
    private final ImageCache images;
    private StoredReplay replay;
    private JsonNode details;
    /** The replayed screen asked for last: a screenshot that arrives after another was asked for is not shown. */
    private String wanted;

    /** Made below the recorded screen in {@code screens}. */
    ReplayPanel(SashForm screens, ImageStore store) {
        this.screens = screens;
        panel = new Composite(screens, SWT.NONE);
        images = new ImageCache(store, panel.getDisplay());
        panel.addListener(SWT.Dispose, e -> images.dispose());
        GridLayoutFactory.fillDefaults().margins(2, 2).spacing(0, 2).applyTo(panel);
        verdict = new Label(panel, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).applyTo(verdict);
        screen = new ScreenshotCanvas(panel);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(screen);
        screen.addListener(SWT.MouseDoubleClick, e -> toggleLarge());
    }

    /** The replayed screen fills the column (the recorded one hidden), or both share it again. */
    void toggleLarge() {
        if (replay != null) {
            screens.setMaximizedControl(screens.getMaximizedControl() == panel ? null : panel);
        }
    }

    boolean isLarge() {
        return screens.getMaximizedControl() == panel;
    }

    ImageCache images() {
        return images;
    }

    Control control() {
        return panel;
    }

    /** The task's last replay (null: never replayed, the panel is hidden by the editor). */
    void setReplay(StoredReplay last) {
        replay = last;
        try {
            details = last == null ? null : Json.MAPPER.readTree(last.details());
        } catch (java.io.IOException e) {
            details = null;
        }
    }

    boolean hasReplay() {
        return replay != null;
    }

    /** What the panel says about the step shown. */
    String verdictText() {
        return verdict.getText();
    }

    ScreenshotCanvas screen() {
        return screen;
    }

    /** Shows what the replay saw where step {@code step}'s screenshot was expected. */
    void show(int step) {
        if (replay == null || panel.isDisposed()) {
            return;
        }
        JsonNode judged = step == 0 ? details.path("first_screen") : stepVerdict(step - 1);
        String head = "Replay (" + replay.environment() + "): " + replay.describe() + ". ";
        if (judged.isMissingNode() || !judged.has("image")) {
            verdict.setText(head + (judged.path("verdict").asText("").equals("failed") ? "The step before could not be performed: "
                    + judged.path("message").asText() : "The replay did not reach this step's screen."));
            wanted = null;
            screen.setImage(null, "No replayed screen for this step.");
            screen.setElement(null);
        } else {
            boolean matched = judged.path("verdict").asText().equals("matched");
            verdict.setText(head + (matched ? "Here the replayed screen (below) matched this screenshot"
                    : "Here the replayed screen (below) differs from this screenshot, in the box") + String.format(Locale.ROOT,
                            " (%.2f%% of pixels the same).", 100 * judged.path("similarity").asDouble()));
            JsonNode region = judged.path("region");
            screen.setElement(region.size() == 4 ? new ScreenshotCanvas.Element(region.get(0).asDouble(), region.get(1).asDouble(),
                    region.get(2).asDouble(), region.get(3).asDouble(), "differs") : null);
            String sha = judged.path("image").asText();
            wanted = sha;
            Image ready = images.full(sha, later -> {
                if (!screen.isDisposed() && sha.equals(wanted)) {
                    screen.setImage(later, later == null ? "The replayed screen could not be read." : null);
                }
            });
            screen.setImage(ready, ready == null ? "Loading the replayed screen..." : null);
        }
        panel.layout(true);
    }

    private JsonNode stepVerdict(int index) {
        for (JsonNode v : details.path("steps")) {
            if (v.path("index").asInt() == index) {
                return v;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }
}
