package org.trajectory.ui.internal.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Event;
import org.junit.jupiter.api.Test;
import org.trajectory.export.kit.ExportFixture;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.WorkbenchTest;

/** The dataset at a glance: its charts counted off the UI thread, a bar clicked shows its tasks in the table. */
class OverviewViewTest extends WorkbenchTest {

    @Test
    void chartsCountTheDatasetAndABarFiltersTheTable() throws Exception {
        openFixture(6);
        DatasetView table = (DatasetView) page.showView(Parts.DATASET_VIEW);
        OverviewView view = (OverviewView) page.showView(Parts.OVERVIEW_VIEW);
        waitFor(() -> Job.getJobManager().find(OverviewView.FAMILY).length == 0 && !view.charts().isEmpty(), "the charts are counted");
        assertEquals(Map.of("Ubuntu", 3L, "Windows", 3L), counts(view, "Operating systems (tasks)"));
        assertEquals(3L, counts(view, "Review").get("approved"));
        assertEquals(Map.of(java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString(), 3L),
                counts(view, "Review decisions per day (tasks, last 14 days with any)"), "the approvals were made today");
        assertEquals(6L, counts(view, "Action types (steps)").get("click") / 2, "two clicks a task");

        // looked up afresh each time: a count that starts again (the dataset said it changed) makes new bars, whose
        // narrowing is another lambda, so a bar taken before would never be found painted
        waitFor(() -> view.where(bar(view, "Operating systems (tasks)", "Windows")) != null, "the bar is painted");
        Point at = view.where(bar(view, "Operating systems (tasks)", "Windows"));
        assertNotNull(at, "the bar is drawn");
        Event up = new Event();
        up.x = at.x;
        up.y = at.y;
        up.button = 1;
        view.canvas().notifyListeners(SWT.MouseUp, up);
        waitFor(() -> table.itemCount() == 3, "the table shows the three Windows tasks");

        assertNull(bar(view, "Action types (steps)", "click").narrowing(), "an action type filters nothing: tasks have many");
        table.showAll(); // "Show all"
        waitFor(() -> table.itemCount() == 6, "all tasks again");

        String applications = "Applications (tasks; a task in two counts in both)";
        assertEquals(Map.of(ExportFixture.APPLICATION, 2L, "(not given)", 4L), counts(view, applications), "task-0 and task-3 name theirs");
        Parts.filterTable(page, "writer", bar(view, applications, ExportFixture.APPLICATION).narrowing());
        waitFor(() -> table.itemCount() == 2, "the table shows the two tasks in the application");
        table.showAll();
    }

    private static Map<String, Long> counts(OverviewView view, String chart) {
        return view.charts().stream().filter(c -> c.title().equals(chart)).findFirst().orElseThrow().bars().stream()
                .collect(Collectors.toMap(OverviewView.Bar::label, OverviewView.Bar::count));
    }

    private static OverviewView.Bar bar(OverviewView view, String chart, String label) {
        return view.charts().stream().filter(c -> c.title().equals(chart)).findFirst().orElseThrow().bars().stream()
                .filter(b -> b.label().equals(label)).findFirst().orElseThrow();
    }
}
