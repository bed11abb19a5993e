package org.trajectory.ui.internal.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.widgets.Display;

import org.junit.jupiter.api.Test;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.model.operation.Progress;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.TaskEditorInput;
import org.trajectory.ui.internal.WorkbenchTest;

/**
 * An instrumented run, not a timed test: opens a 100-step task with 1920x1080 screenshots, walks its steps at a
 * reviewer's pace and prints the figures (also to target/editor-performance.txt). Targets: open < 500 ms, switch < 50 ms.
 */
class EditorPerformanceTest extends WorkbenchTest {

    private static final int STEPS = 100;
    private static final int DISTINCT = 25;

    @Test
    void openAHundredStepTaskAndWalkItsSteps() throws Exception {
        Path folder = createTask();
        Opening first = open(folder);
        TrajectoryEditor editor = first.editor();

        List<Double> blocking = new ArrayList<>();
        List<Double> toImage = new ArrayList<>();
        for (int step = 1; step < 40; step++) {
            pause(250); // a fast reviewer: four steps a second
            long before = System.nanoTime();
            editor.selectStep(step);
            blocking.add(editor.lastSwitchNanos() / 1e6);
            while (!editor.canvas().hasImage()) {
                spin();
            }
            toImage.add((System.nanoTime() - before) / 1e6);
        }
        assertEquals(39, editor.step());
        page.closeAllEditors(false);
        pause(300);
        Opening second = open(folder);
        String report = String.format(Locale.ROOT, "editor, %d steps of 1920x1080 screenshots:%n"
                + "  first open in the session (editor ready): %.0f ms; first screenshot shown: %.0f ms%n"
                + "  open again (editor ready): %.0f ms; first screenshot shown: %.0f ms%n"
                + "  step switch on the UI thread: median %.1f ms, max %.1f ms%n"
                + "  step switch until the screenshot shows: median %.1f ms, p90 %.1f ms, max %.1f ms%n",
                STEPS, first.readyMillis(), first.imageMillis(), second.readyMillis(), second.imageMillis(), median(blocking), max(blocking),
                median(toImage), percentile(toImage, 0.9), max(toImage));
        System.out.print(report);
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/editor-performance.txt"), report);
    }

    /** An editor opened, with how long it took to be ready and to show its first screenshot. */
    private record Opening(TrajectoryEditor editor, double readyMillis, double imageMillis) {
    }

    private Opening open(Path folder) throws Exception {
        long start = System.nanoTime();
        TrajectoryEditor editor = (TrajectoryEditor) page.openEditor(new TaskEditorInput(folder, "big"), Parts.TRAJECTORY_EDITOR);
        long ready = System.nanoTime();
        while (!editor.canvas().hasImage()) {
            spin();
        }
        return new Opening(editor, (ready - start) / 1e6, (System.nanoTime() - start) / 1e6);
    }

    private Path createTask() throws Exception {
        Path folder = temp.resolve("dataset");
        try (Dataset dataset = Dataset.openOrCreate(folder)) {
            importLongTask(display, temp, dataset, "big");
        }
        return folder;
    }

    /**
     * Imports task {@code taskId} of {@value #STEPS} steps whose screenshots are {@value #DISTINCT} different 1920x1080
     * windows of text, made in {@code work}; the window benchmark uses it too.
     */
    static void importLongTask(Display display, Path work, Dataset dataset, String taskId) throws Exception {
        Path images = Files.createDirectories(work.resolve("images"));
        for (int i = 0; i < DISTINCT; i++) {
            Image image = new Image(display, 1920, 1080);
            GC gc = new GC(image);
            gc.setBackground(display.getSystemColor(SWT.COLOR_DARK_BLUE + (i % 6) * 2 % 16));
            gc.fillRectangle(0, 0, 1920, 1080);
            gc.setBackground(display.getSystemColor(SWT.COLOR_WHITE));
            gc.fillRectangle(100 + i * 20, 100, 1200, 700);
            for (int line = 0; line < 30; line++) {
                gc.drawText("Window " + i + " line " + line + " of some text that looks like an application", 140 + i * 20, 130 + line * 20);
            }
            gc.dispose();
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] { image.getImageData() };
            loader.save(images.resolve(i + ".png").toString(), SWT.IMAGE_PNG);
            image.dispose();
        }
        Path jsonl = work.resolve(taskId + ".jsonl");
        try (BufferedWriter out = Files.newBufferedWriter(jsonl)) {
            out.write("{\"task_id\":\"" + taskId + "\",\"instruction\":\"A long task\",\"traj\":[");
            for (int s = 0; s < STEPS; s++) {
                out.write((s == 0 ? "" : ",") + "{\"index\":" + s + ",\"image\":\"" + (s % DISTINCT) + ".png\",\"value\":{\"code\":"
                        + "\"pyautogui.click(x=0.5, y=0.5)\",\"thought\":\"Step " + s + "\"}}");
            }
            out.write("]}\n");
        }
        try (ImageSource source = ImageSource.open(images)) {
            new ImportOperation(dataset, jsonl, source).run(Progress.NONE);
        }
    }

    private void pause(long millis) {
        long end = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < end) {
            spin();
        }
    }

    private static double median(List<Double> values) {
        return percentile(values, 0.5);
    }

    private static double percentile(List<Double> values, double p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
    }

    private static double max(List<Double> values) {
        return Collections.max(values);
    }
}
