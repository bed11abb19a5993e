package org.trajectory.ui.internal.editor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Table;

import org.junit.jupiter.api.Test;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.scoring.ScoreOperation;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.scoring.Weights;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.TaskEditorInput;
import org.trajectory.ui.internal.WorkbenchTest;
import org.trajectory.ui.internal.dataset.DatasetView;
import org.trajectory.ui.internal.dataset.DatasetViewTestAccess;

/**
 * An instrumented run for releng/benchmarks/window-benchmark.sh, not part of ./test.sh (its name ends in Benchmark):
 * the window with the benchmark's 22,000-task dataset in the table and a 100-step task in the editor, while a scoring
 * run scores every task. Prints how long the UI thread kept events waiting (a ping posted every 20 ms), the editor's
 * step switches at a reviewer's pace, how often the table was asked again, and when the first score showed in the rows
 * on show half way down the table.
 */
class WindowUnderScoringBenchmark extends WorkbenchTest {

    private static final String BIG = "benchmark-100-steps";

    @Test
    void theWindowStaysResponsiveWhileAScoringRunUpdatesIt() throws Exception {
        Path folder = Path.of(System.getenv().getOrDefault("TW_BENCHMARK_DATASET", temp.resolve("missing").toString()));
        assertTrue(Files.isRegularFile(folder.resolve("dataset.db")), "TW_BENCHMARK_DATASET names a dataset folder: " + folder);
        addBigTask(folder);
        session().open(folder, false);
        DatasetView table = (DatasetView) page.showView(Parts.DATASET_VIEW);
        waitFor(() -> DatasetViewTestAccess.table(table).getItemCount() > 0, "the table shows the dataset");
        TrajectoryEditor editor = (TrajectoryEditor) page.openEditor(new TaskEditorInput(folder, BIG), Parts.TRAJECTORY_EDITOR);
        waitFor(() -> editor.canvas().hasImage(), "the editor shows the first screenshot");
        long tasks = session().count(TaskQuery.ALL);
        Table rows = DatasetViewTestAccess.table(table);
        rows.setTopIndex((int) tasks / 2); // a curator half way down the table
        waitFor(() -> rows.getItem(rows.getTopIndex()).getData() != null, "the rows half way down are read");
        try (Dataset dataset = Dataset.open(folder)) { // the rows on show unscored: the first score they show is this run's
            for (int row = rows.getTopIndex(); row < rows.getTopIndex() + 40; row++) {
                if (rows.getItem(row).getData() instanceof org.trajectory.dataset.TaskRow shown) {
                    dataset.scores().put(shown.taskId(), List.of(), null);
                }
            }
        }
        waitFor(() -> !scoreShown(rows) && Job.getJobManager().find(DatasetJobs.READS).length == 0, "the table shows them unscored");
        int requeriesBefore = DatasetViewTestAccess.requeries(table);

        List<ScoringCriteria.Descriptor> criteria = ScoringCriteria.get().all().stream().filter(c -> !c.needsModel()
                && (c.id().equals("format") || c.id().equals("action_validity"))).toList();
        Job scoring = DatasetJobs.scoreJob(new DatasetAddress.Folder(folder), criteria, Weights.preferred(ScoringCriteria.get().all()), null,
                new org.trajectory.vlm.Usage(), new ScoreOperation.Options(2, true, null), org.trajectory.ui.internal.TaskScope.Chosen.ALL, null);
        long start = System.nanoTime();
        scoring.schedule();

        List<Double> waits = new ArrayList<>();
        List<Double> switches = new ArrayList<>();
        double firstScoreShown = Double.NaN;
        long nextPing = 0;
        long nextStep = start + 250_000_000L;
        long[] posted = { 0 };
        int topBefore = rows.getTopIndex();
        while (scoring.getResult() == null) {
            long now = System.nanoTime();
            if (now >= nextPing && posted[0] == 0) {
                posted[0] = now;
                display.asyncExec(() -> {
                    waits.add((System.nanoTime() - posted[0]) / 1e6);
                    posted[0] = 0;
                });
                nextPing = now + 20_000_000L;
            }
            if (now >= nextStep) { // a fast reviewer: four steps a second
                editor.selectStep((editor.step() + 1) % 100);
                switches.add(editor.lastSwitchNanos() / 1e6);
                nextStep = now + 250_000_000L;
            }
            if (Double.isNaN(firstScoreShown) && scoreShown(rows)) {
                firstScoreShown = (System.nanoTime() - start) / 1e9;
            }
            if (!display.readAndDispatch()) {
                Thread.sleep(1);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(rows.getTopIndex() == topBefore, "the table stays where it was scrolled: " + topBefore + ", " + rows.getTopIndex());
        assertTrue(scoring.getResult().isOK(), scoring.getResult().toString());
        String report = String.format(Locale.ROOT, "window while scoring %,d tasks (format, action validity; %.1f s):%n"
                + "  events kept waiting on the UI thread (a ping every 20 ms, %d pings): median %.1f ms, p99 %.1f ms, max %.1f ms%n"
                + "  editor of %d steps, step switch on the UI thread (%d switches): median %.1f ms, max %.1f ms%n"
                + "  table asked again %d times (%.1f a second), staying where it was scrolled (row %,d); the first score on show"
                + " (half way down) after %.1f s%n",
                tasks, seconds, waits.size(), percentile(waits, 0.5), percentile(waits, 0.99), percentile(waits, 1.0), 100,
                switches.size(), percentile(switches, 0.5), percentile(switches, 1.0), DatasetViewTestAccess.requeries(table) - requeriesBefore,
                (DatasetViewTestAccess.requeries(table) - requeriesBefore) / seconds, topBefore, firstScoreShown);
        System.out.print(report);
        Files.writeString(Path.of("target/window-under-scoring.txt"), report);
    }

    /** Whether a row on show has a score (the Score column is the fifth made). */
    private static boolean scoreShown(Table table) {
        int top = table.getTopIndex();
        for (int row = top; row < Math.min(table.getItemCount(), top + 30); row++) {
            if (table.getItem(row).getData() != null && !table.getItem(row).getText(4).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** The 100-step task of {@link EditorPerformanceTest}, once, into the benchmark dataset. */
    private void addBigTask(Path folder) throws Exception {
        try (Dataset dataset = Dataset.open(folder)) {
            if (!dataset.contains(BIG)) {
                EditorPerformanceTest.importLongTask(display, temp, dataset, BIG);
            }
        }
    }

    private static double percentile(List<Double> values, double p) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
    }
}
