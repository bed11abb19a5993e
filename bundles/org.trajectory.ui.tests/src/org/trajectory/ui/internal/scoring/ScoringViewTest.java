package org.trajectory.ui.internal.scoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;

import org.junit.jupiter.api.Test;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.TaskRow;
import org.trajectory.model.operation.Progress;
import org.trajectory.scoring.ScoreOperation;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.Weights;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.Screenshots;
import org.trajectory.ui.internal.WorkbenchTest;
import org.trajectory.ui.internal.dataset.DatasetView;
import org.trajectory.ui.internal.dataset.DatasetViewTestAccess;

/** The Scoring view as a QA reviewer uses it: a task's scores and flags, the histograms, a bar filtering the table. */
class ScoringViewTest extends WorkbenchTest {

    @Test
    void showsScoresFlagsAndHistogramsAndFiltersTheTableByABar() throws Exception {
        Path jsonl = temp.resolve("tasks.jsonl");
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            String code = i < 2 ? "pyautogui.hotkey('ctrl', 'florp')" : "pyautogui.press('enter')";
            lines.append("{\"task_id\": \"t").append(i).append("\", \"instruction\": \"Task ").append(i).append("\", \"traj\": [")
                    .append("{\"index\": 0, \"value\": {\"code\": \"").append(code).append("\"}},")
                    .append("{\"index\": 1, \"value\": {\"code\": \"pyautogui.click(x=0.5, y=0.5)\"}}]}\n");
        }
        Files.writeString(jsonl, lines);
        Path folder = temp.resolve("ds");
        try (Dataset dataset = Dataset.openOrCreate(folder)) {
            new ImportOperation(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
            new ScoreOperation(dataset, List.of(ScoringCriteria.get().find("action_validity").orElseThrow(),
                    ScoringCriteria.get().find("replay").orElseThrow()),
                    Weights.defaults(ScoringCriteria.get().all()), null, new ScoreOperation.Options(2, false, null)).run(Progress.NONE);
        }
        session().open(folder, false);
        DatasetView table = (DatasetView) page.showView(Parts.DATASET_VIEW);
        ScoringView view = (ScoringView) page.showView(Parts.SCORING_VIEW);
        waitFor(() -> view.histogramCounts().containsKey("action_validity")
                && java.util.Arrays.stream(view.histogramCounts().get("action_validity")).sum() == 6, "the histogram");
        long[] bins = view.histogramCounts().get("action_validity");
        assertEquals(2, bins[5], "two tasks at 0.5");
        assertEquals(4, bins[9], "four at 1.0");

        view.selectionChanged(table, new StructuredSelection(DatasetViewTestAccess.viewer(table).getTable().getItemCount() > 0
                ? rowOf(table, "t0") : null));
        waitFor(() -> List.of(view.scoreTable().getItems()).stream().anyMatch(i -> i.getText(0).equals("Action validity") && !i.getText(1).isEmpty()),
                "the task's scores, read off the UI thread");
        TableItem validity = List.of(view.scoreTable().getItems()).stream().filter(i -> i.getText(0).equals("Action validity")).findFirst().orElseThrow();
        assertEquals("0.50", validity.getText(1));
        assertEquals("0.20", validity.getText(2));
        assertTrue(validity.getText(3).startsWith("1 of 2 steps could not happen"), validity.getText(3));
        TableItem replay = List.of(view.scoreTable().getItems()).stream().filter(i -> i.getText(0).equals("Replay")).findFirst().orElseThrow();
        assertEquals("n/a", replay.getText(1), "never replayed: the criterion does not apply, which is no error");
        assertEquals("never replayed", replay.getText(3));
        assertEquals(1, view.flagTable().getItemCount());
        assertEquals("unknown key florp", view.flagTable().getItem(0).getText(2));

        view.filterTable("action_validity", 0.5, 0.6);
        waitFor(() -> DatasetViewTestAccess.table(table).getItemCount() == 2, "the table filtered to the bar's two tasks");
        Screenshots.take(display, "scoring-view.png");
        table.showAll();
        waitFor(() -> DatasetViewTestAccess.table(table).getItemCount() == 6, "the filter cleared");

        TableColumn column = List.of(DatasetViewTestAccess.viewer(table).getTable().getColumns()).stream().filter(c -> c.getText().equals("Action validity"))
                .findFirst().orElseThrow();
        column.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        waitFor(() -> rowAt(table, 0) != null && rowAt(table, 0).scores().get("action_validity") == 0.5,
                "sorted by action validity, lowest first");
    }

    @Test
    void aViewOpenedAfterATaskWasSelectedShowsThatTask() throws Exception {
        openOneTask();
        org.eclipse.ui.IViewPart open = page.findView(Parts.SCORING_VIEW);
        if (open != null) {
            page.hideView(open);
        }
        DatasetView table = (DatasetView) page.showView(Parts.DATASET_VIEW);
        // the row of this dataset, not one the table still holds from the dataset open before
        waitFor(() -> DatasetViewTestAccess.table(table).getItemCount() == 1 && rowAt(table, 0) != null && rowAt(table, 0).taskId().equals("only"),
                "the table's row");
        DatasetViewTestAccess.viewer(table).setSelection(new StructuredSelection(rowAt(table, 0)));
        ScoringView view = (ScoringView) page.showView(Parts.SCORING_VIEW);
        assertTrue(view.taskText().startsWith("Turn on night light"), view.taskText());
    }

    @Test
    void everyHistogramCanBeScrolledToInAShortView() throws Exception {
        openOneTask();
        ScoringView view = (ScoringView) page.showView(Parts.SCORING_VIEW);
        List<ScoringCriteria.Descriptor> criteria = ScoringCriteria.get().all();
        waitFor(() -> view.histogramCounts().size() == criteria.size() + 1, "a histogram per criterion and the final score");
        org.eclipse.swt.widgets.Canvas histograms = view.histograms();
        histograms.setSize(500, 120); // shorter than the rows, as in the folder below the editor on a laptop screen
        org.eclipse.swt.widgets.ScrollBar bar = histograms.getVerticalBar();
        assertTrue(bar.getThumb() < bar.getMaximum(), "the rows are taller than the view: it scrolls");
        bar.setSelection(bar.getMaximum() - bar.getThumb());
        String last = view.tip(200, histograms.getClientArea().height - 8);
        assertTrue(last != null && last.startsWith(criteria.get(criteria.size() - 1).name()), "the last histogram is reached: " + last);
    }

    /** Opens a dataset of one unscored task, "only". */
    private void openOneTask() throws Exception {
        Path jsonl = temp.resolve("one.jsonl");
        Files.writeString(jsonl, "{\"task_id\": \"only\", \"instruction\": \"Turn on night light\", \"traj\": ["
                + "{\"index\": 0, \"value\": {\"code\": \"pyautogui.click(x=0.5, y=0.5)\"}}]}\n");
        Path folder = temp.resolve("ds");
        try (Dataset dataset = Dataset.openOrCreate(folder)) {
            new ImportOperation(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
        }
        session().open(folder, false);
    }

    private TaskRow rowOf(DatasetView table, String taskId) throws Exception {
        return session().page(DatasetViewTestAccess.viewer(table).getInput() instanceof org.trajectory.dataset.TaskQuery q ? q
                : org.trajectory.dataset.TaskQuery.ALL, 0, 100).stream().filter(r -> r.taskId().equals(taskId)).findFirst().orElseThrow();
    }

    private TaskRow rowAt(DatasetView table, int index) {
        Object data = DatasetViewTestAccess.viewer(table).getTable().getItem(index).getData();
        return data instanceof TaskRow row ? row : null;
    }
}
