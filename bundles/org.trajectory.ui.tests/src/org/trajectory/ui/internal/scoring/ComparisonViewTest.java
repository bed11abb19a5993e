package org.trajectory.ui.internal.scoring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;

import org.junit.jupiter.api.Test;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.TaskRow;
import org.trajectory.model.operation.Progress;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.Screenshots;
import org.trajectory.ui.internal.WorkbenchTest;
import org.trajectory.ui.internal.dataset.DatasetView;

/** The comparison as a QA reviewer reads it: paired actions in a row, the missed and the extra ones marked. */
class ComparisonViewTest extends WorkbenchTest {

    private static String task(String... steps) {
        StringBuilder traj = new StringBuilder();
        for (int i = 0; i < steps.length; i += 2) {
            traj.append(i == 0 ? "" : ",").append("{\"index\":").append(i / 2).append(",\"window_title\":\"Text Editor\",\"value\":{\"code\":\"")
                    .append(steps[i]).append("\",\"action\":\"").append(steps[i + 1]).append("\"}}");
        }
        return "{\"task_id\":\"t1\",\"instruction\":\"Write a note\",\"screen_width\":1000,\"screen_height\":800,\"traj\":[" + traj + "]}\n";
    }

    /** The Comparison view with {@code referenceLines} as its reference, the window's dataset holding {@code predictedLines}. */
    private ComparisonView comparing(String referenceLines, String predictedLines) throws Exception {
        Path reference = Files.writeString(temp.resolve("reference.jsonl"), referenceLines);
        Path predictedJsonl = Files.writeString(temp.resolve("predicted.jsonl"), predictedLines);
        Path folder = temp.resolve("predicted");
        try (Dataset dataset = Dataset.openOrCreate(folder)) {
            new ImportOperation(dataset, predictedJsonl, ImageSource.none()).run(Progress.NONE);
        }
        session().open(folder, false);
        page.showView(Parts.DATASET_VIEW);
        ComparisonView view = (ComparisonView) page.showView(Parts.COMPARISON_VIEW);
        view.setReference(reference);
        return view;
    }

    @Test
    void aTaskIsComparedWithTheReferenceTaskChosenForItAndTheChoiceIsKept() throws Exception {
        Path reference = temp.resolve("reference-other-id.jsonl");
        Files.writeString(reference, task("pyautogui.click(x=0.5, y=0.5)", "Click the text area").replace("\"t1\"", "\"ref-1\""));
        Path predictedJsonl = temp.resolve("built.jsonl");
        Files.writeString(predictedJsonl, task("pyautogui.click(x=0.5, y=0.5)", "Click the text area").replace("\"t1\"", "\"rec-63bb\""));
        Path folder = temp.resolve("built");
        try (Dataset dataset = Dataset.openOrCreate(folder)) {
            new ImportOperation(dataset, predictedJsonl, ImageSource.none()).run(Progress.NONE);
        }
        session().open(folder, false);
        DatasetView table = (DatasetView) page.showView(Parts.DATASET_VIEW);
        ComparisonView view = (ComparisonView) page.showView(Parts.COMPARISON_VIEW);
        view.setReference(reference);
        waitFor(() -> view.referenceTask().getItemCount() == 2, "the reference's tasks are listed");
        TaskRow row = session().page(TaskQuery.ALL, 0, 10).get(0);
        view.selectionChanged(table, new StructuredSelection(row));
        waitFor(() -> view.summaryText().contains("choose the reference task to compare rec-63bb with"), "it says what to do");

        view.referenceTask().select(view.referenceTask().indexOf("ref-1"));
        view.referenceTask().notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        waitFor(() -> view.rowTexts().size() == 1 && view.summaryText().startsWith("ref-1: 1 reference and 1 predicted"), "compared with ref-1");

        view.selectionChanged(table, new StructuredSelection());
        view.setReference(reference); // read again, as after a restart: the pairing is kept
        waitFor(() -> view.referenceTask().getItemCount() == 2, "the reference's tasks are listed again");
        view.selectionChanged(table, new StructuredSelection(row));
        waitFor(() -> "ref-1".equals(view.referenceTask().getText()) && view.summaryText().startsWith("ref-1:"), "the pairing was remembered");
    }

    /** A step gone from the prediction (deleted, or merged into another) shifts the later ones: each row scores its own pair. */
    @Test
    void eachRowsStepScoreIsItsAlignedPairsNotTheStepAtTheSamePosition() throws Exception {
        ComparisonView view = comparing(task("pyautogui.click(x=0.5, y=0.5)", "Click the text area", "pyautogui.write(message='hello')",
                "Type hello", "pyautogui.hotkey('ctrl', 's')", "Save the file"),
                task("pyautogui.click(x=0.5, y=0.5)", "Click the text area", "pyautogui.hotkey('ctrl', 's')", "Save the file"));
        view.selectionChanged(page.findView(Parts.DATASET_VIEW), new StructuredSelection(session().page(TaskQuery.ALL, 0, 10).get(0)));
        waitFor(() -> view.rowTexts().size() == 3, "the comparison's rows");
        List<String[]> rows = view.rowTexts();
        assertArrayEquals(new String[] {"2", "type: Type hello — Text Editor", "missed", "", "", "0.00"}, rows.get(1));
        assertEquals("3", rows.get(2)[0]);
        assertEquals("2", rows.get(2)[3], "the save is the prediction's second step");
        assertEquals("1.00", rows.get(2)[5], "scored against the save it is paired with, not the step at its position (none)");
    }

    @Test
    void showsPairedMissedAndExtraActionsWithTheFigures() throws Exception {
        ComparisonView view = comparing(task("pyautogui.click(x=0.5, y=0.5)", "Click the text area", "pyautogui.write(message='hello')",
                "Type hello", "pyautogui.hotkey('ctrl', 's')", "Save the file"), task("pyautogui.click(x=0.505, y=0.5)", "Click in the text area",
                "pyautogui.scroll(-3)", "Scroll down", "pyautogui.hotkey('ctrl', 's')", "Save the file"));
        DatasetView table = (DatasetView) page.findView(Parts.DATASET_VIEW);
        TaskRow row = session().page(TaskQuery.ALL, 0, 10).get(0);
        view.selectionChanged(table, new StructuredSelection(row));
        waitFor(() -> {
            try {
                Job.getJobManager().join(ComparisonView.FAMILY, null);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return view.rowTexts().size() == 4;
        }, "the comparison's rows");
        List<String[]> rows = view.rowTexts();
        assertEquals("click: Click the text area — Text Editor", rows.get(0)[1]);
        assertTrue(rows.get(0)[2].startsWith("detail 0.9"), rows.get(0)[2]);
        assertEquals("click: Click in the text area — Text Editor", rows.get(0)[4]);
        assertEquals("1.00", rows.get(0)[5], "5 pixels off is inside AgentNetBench's radius");
        assertArrayEquals(new String[] {"2", "type: Type hello — Text Editor", "missed", "", "", "0.00"}, rows.get(1));
        assertArrayEquals(new String[] {"", "", "extra", "2", "scroll: Scroll down — Text Editor", ""}, rows.get(2));
        assertEquals("detail 1.00, context 1.00", rows.get(3)[2]);
        assertTrue(view.summaryText().startsWith("t1: 3 reference and 3 predicted actions. Sharingan operation: recall 0.67, precision 0.67;"),
                view.summaryText());
        Screenshots.take(display, "comparison-view.png");

        view.openRow(3); // the paired "Save the file": step 3 of the predicted task
        waitFor(() -> page.getActiveEditor() instanceof org.trajectory.ui.internal.editor.TrajectoryEditor, "the editor");
        org.trajectory.ui.internal.editor.TrajectoryEditor editor = (org.trajectory.ui.internal.editor.TrajectoryEditor) page.getActiveEditor();
        assertEquals(2, editor.step(), "opened on the row's step");
        page.closeAllEditors(false);
    }
}
