package org.trajectory.ui.internal.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Table;
import org.junit.jupiter.api.Test;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.dataset.TaskRow;
import org.trajectory.export.kit.ExportFixture;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.WidgetFinder;
import org.trajectory.ui.internal.WorkbenchTest;

/** The table's own filters, set directly as a QA reviewer does: by reviewer, personal data and a score range. */
class TaskFiltersTest extends WorkbenchTest {

    @Test
    void theTableFiltersByReviewerPersonalDataAndScore() throws Exception {
        Path folder = temp.resolve("ds");
        try (Dataset dataset = ExportFixture.create(folder, 6)) { // task-0, 2, 4 approved by qa-lead; scores 0.5 0.6 0.7 0.8 0.9 0.5
            dataset.reviews().set("task-1", ReviewState.REJECTED, "second-reviewer", "the wrong window");
            dataset.scrubs().put("task-3", new StoredScrub("h", List.of("email"), "2026-11-28T10:00:00Z", List.of(
                    new StoredScrub.Finding(-1, "instruction", "email", "ann@example.org", null, StoredScrub.PROPOSED))));
        }
        session().open(folder, false);
        DatasetView view = (DatasetView) page.showView(Parts.DATASET_VIEW);
        Table table = view.viewer().getTable();
        waitFor(() -> shown(table).size() == 6, "the six tasks are listed");
        TaskFilters filters = view.filters();
        waitFor(() -> List.of(filters.reviewer().getItems()).equals(List.of("any", "qa-lead", "second-reviewer")),
                () -> "the reviewers of the dataset are offered: " + List.of(filters.reviewer().getItems()));

        choose(filters.reviewer(), "second-reviewer");
        waitFor(() -> shown(table).equals(List.of("task-1")), () -> "the tasks second-reviewer decided: " + shown(table));
        choose(filters.reviewer(), "any");
        choose(filters.personal(), "findings to review");
        waitFor(() -> shown(table).equals(List.of("task-3")), () -> "the task with personal data to review: " + shown(table));
        choose(filters.personal(), "any");

        filters.minScore().setText("0.65");
        filters.maxScore().setText("0.85");
        waitFor(() -> shown(table).equals(List.of("task-2", "task-3")), () -> "the tasks scoring 0.65 to 0.85: " + shown(table));
        filters.maxScore().setText("85");
        waitFor(() -> shown(table).equals(List.of("task-2", "task-3", "task-4")) && WidgetFinder.find(view.viewer().getTable().getParent(), org.eclipse.swt.widgets.Label.class,
                l -> l.getText().equals("scores are numbers from 0 to 1")).isPresent(), () -> "a bound out of range is said and left out, the other kept: " + shown(table));
    }

    /** At 1366x768 the filters took a third of the view: hidden, the table has that height, and a link says what is set. */
    @Test
    void theFiltersFoldAwayUnderALinkThatSaysHowManyAreSetAndStayAsLeft() throws Exception {
        Path folder = temp.resolve("ds");
        try (Dataset dataset = ExportFixture.create(folder, 6)) {
            dataset.reviews().set("task-1", ReviewState.REJECTED, "second-reviewer", "the wrong window");
        }
        session().open(folder, false);
        DatasetView view = (DatasetView) page.showView(Parts.DATASET_VIEW);
        Table table = view.viewer().getTable();
        waitFor(() -> shown(table).size() == 6, "the six tasks are listed");
        TaskFilters filters = view.filters();
        if (filters.shown()) {
            click(filters.toggle());
        }
        settle();
        assertFalse(filters.review().isVisible(), "folded away");
        int folded = table.getSize().y;
        click(filters.toggle());
        waitFor(() -> filters.review().isVisible(), "the link shows them");
        settle();
        assertTrue(table.getSize().y < folded, "shown, they take height from the table: " + table.getSize().y + " vs " + folded);
        choose(filters.reviewer(), "second-reviewer");
        waitFor(() -> shown(table).equals(List.of("task-1")), () -> "filtered: " + shown(table));
        click(filters.toggle());
        waitFor(() -> !filters.review().isVisible() && filters.toggle().getText().endsWith("(1 set)"),
                () -> "hidden, the link says one filter is set: " + filters.toggle().getText());
        assertEquals(List.of("task-1"), shown(table), "a hidden filter still applies");

        page.hideView(view);
        DatasetView again = (DatasetView) page.showView(Parts.DATASET_VIEW);
        assertFalse(again.filters().shown(), "the view opens as it was left: folded");
        click(again.filters().toggle());
        assertTrue(again.filters().shown());
        page.hideView(again);
        assertTrue(((DatasetView) page.showView(Parts.DATASET_VIEW)).filters().shown(), "and unfolded");
    }

    private static void click(org.eclipse.swt.widgets.Link link) {
        link.notifyListeners(SWT.Selection, new Event());
    }

    private void choose(Combo combo, String choice) {
        combo.select(Arrays.asList(combo.getItems()).indexOf(choice));
        combo.notifyListeners(SWT.Selection, new Event());
    }

    /** The ids of the rows shown once every row is read, or what is read so far. */
    private static List<String> shown(Table table) {
        return Arrays.stream(table.getItems()).map(item -> item.getData() instanceof TaskRow row ? row.taskId() : "").toList();
    }
}
