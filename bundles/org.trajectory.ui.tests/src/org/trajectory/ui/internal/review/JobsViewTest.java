package org.trajectory.ui.internal.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.WorkQueue;
import org.trajectory.dataset.kit.PostgresServer;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.WorkbenchTest;

/** The work queue of a server dataset in the window: counts, who holds what, why an item failed, and Retry. */
class JobsViewTest extends WorkbenchTest {

    @AfterEach
    void closeSession() {
        session().close();
    }

    @Test
    void workersOnOtherMachinesShowUpAndAFailedItemIsRetried() throws Exception {
        PostgresServer server = PostgresServer.shared();
        DatasetAddress address = server.address(PostgresServer.ADMIN, server.createDatabase(), temp.resolve("images"));
        try (Dataset dataset = Dataset.openOrCreate(address); WorkQueue queue = dataset.workQueue()) {
            queue.enqueue("build", List.of("/share/rec-1", "/share/rec-2", "/share/rec-3"), false, "lead");
            WorkQueue.Item failing = queue.claim("build", "w1@node-a:12", 1, Duration.ofMinutes(5)).get(0);
            queue.fail(failing, "w1@node-a:12", "not a recording (no metadata.json)");
            queue.claim("build", "w2@node-b:34", 1, Duration.ofMinutes(5));
        }
        session().open(address, false);
        JobsView view = (JobsView) page.showView(Parts.JOBS_VIEW);
        waitFor(() -> rows(view.tables().get(0)).size() == 1, "the build operation listed");
        assertEquals(List.of("build|1|1|0|1|0"), rows(view.tables().get(0)));
        List<String> items = rows(view.tables().get(1));
        assertEquals(2, items.size(), items.toString());
        assertTrue(items.get(0).matches("2\\|build\\|/share/rec-2\\|claimed\\|w2@node-b:34\\|\\d\\d:\\d\\d:\\d\\d\\|\\d+ s left"), items.toString());
        assertTrue(items.get(1).matches("1\\|build\\|/share/rec-1\\|failed\\|w1@node-a:12\\|.*\\|not a recording \\(no metadata.json\\)"),
                items.toString());
        assertTrue(view.summary().getText().startsWith("1 waiting, 1 claimed by 1 worker, 1 failed"), view.summary().getText());

        Table table = view.tables().get(1);
        table.setSelection(1);
        table.notifyListeners(SWT.Selection, new Event());
        assertEquals("#1 build /share/rec-1: not a recording (no metadata.json)", view.summary().getText(), "the whole reason");
        findButton(view, "&Retry Failed").notifyListeners(SWT.Selection, new Event());
        waitFor(() -> rows(view.tables().get(0)).equals(List.of("build|2|1|0|0|0")), "the failed item waits again");
    }

    private static org.eclipse.swt.widgets.Button findButton(JobsView view, String text) {
        return org.trajectory.ui.internal.WidgetFinder.find(view.summary().getParent(), org.eclipse.swt.widgets.Button.class,
                b -> text.equals(b.getText())).orElseThrow();
    }
}
