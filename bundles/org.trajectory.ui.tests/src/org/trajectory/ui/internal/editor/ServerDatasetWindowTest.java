package org.trajectory.ui.internal.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.kit.PostgresServer;
import org.trajectory.model.Step;
import org.trajectory.model.operation.Progress;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.TaskEditorInput;
import org.trajectory.ui.internal.WorkbenchTest;
import org.trajectory.ui.internal.dataset.DatasetView;

/** The window on a dataset of a real PostgreSQL server, while another person works on the same dataset. */
class ServerDatasetWindowTest extends WorkbenchTest {

    private static final String TASK = "task_example_0";
    private static final Path FIXTURE = Path.of("../org.trajectory.dataset.tests/testdata/opencua-cot-example").toAbsolutePath().normalize();

    @AfterEach
    void closeAll() {
        page.closeAllEditors(false);
        if (page.findView(Parts.DATASET_VIEW) instanceof DatasetView view && DatasetViewAccess.reviewQueue(view).getSelection()) {
            // the view outlives the test: the next test's table is not to be filtered by this one's queue
            DatasetViewAccess.reviewQueue(view).setSelection(false);
            DatasetViewAccess.reviewQueue(view).notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        }
        session().close();
    }

    @Test
    void theReviewQueueIsMineNotYetJudgedWhenTasksAreAssigned() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String database = server.createDatabase();
        DatasetAddress address = server.address(PostgresServer.ADMIN, database, temp.resolve("images"));
        String someoneElse = database + "_someone_else";
        server.createUser(someoneElse);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            lines.append("{\"task_id\":\"t").append(i).append("\",\"instruction\":\"do ").append(i)
                    .append("\",\"traj\":[{\"index\":0,\"value\":{\"code\":\"pyautogui.press('a')\"}}]}\n");
        }
        Path jsonl = java.nio.file.Files.writeString(temp.resolve("four.jsonl"), lines);
        try (Dataset dataset = Dataset.openOrCreate(address)) {
            new ImportOperation(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
            dataset.grant(someoneElse, org.trajectory.dataset.TeamRoles.Role.REVIEWER);
            dataset.teamReview().assign(java.util.List.of(PostgresServer.ADMIN, someoneElse), 1, java.util.Map.of());
        }
        session().open(address, false);
        DatasetView view = (DatasetView) page.showView(Parts.DATASET_VIEW);
        org.eclipse.swt.widgets.Button queue = DatasetViewAccess.reviewQueue(view);
        waitFor(() -> queue.getText().contains("mine (" + PostgresServer.ADMIN + ")"), "the queue names whose it is");
        queue.setSelection(true);
        queue.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
        org.eclipse.swt.widgets.Table table = DatasetViewAccess.table(view);
        waitFor(() -> table.getItemCount() == 2, "t0 and t2, given to me");

        TrajectoryEditor editor = (TrajectoryEditor) page.openEditor(new TaskEditorInput(address, "t0"), Parts.TRAJECTORY_EDITOR);
        waitFor(() -> editor.reviewBar().line().getText().startsWith("Review:"), "the editor's review line");
        focus(editor);
        keys(org.eclipse.swt.SWT.CTRL, org.eclipse.swt.SWT.SHIFT, 'a');
        waitFor(() -> table.getItemCount() == 1, () -> "the judged task leaves my queue: " + table.getItemCount() + " rows, the editor says "
                + editor.reviewBar().line().getText() + ", the dataset " + reviewOf(address, "t0"));
        try (Dataset dataset = Dataset.open(address)) {
            assertEquals(java.util.List.of("t2"), dataset.teamReview().queue(PostgresServer.ADMIN), "my verdict on t0 is kept");
            assertEquals(ReviewState.APPROVED, dataset.reviews().of("t0").state());
        }
    }

    private static String reviewOf(DatasetAddress address, String task) {
        try (Dataset dataset = Dataset.open(address)) {
            return String.valueOf(dataset.reviews().of(task).state());
        } catch (Exception e) {
            return "unread (" + e.getMessage() + ")";
        }
    }

    @Test
    void anotherPersonsReviewAndSaveAppearInTheOpenTableAndEditorWithoutARefresh() throws Exception {
        PostgresServer server = PostgresServer.shared();
        DatasetAddress address = server.address(PostgresServer.ADMIN, server.createDatabase(), temp.resolve("shared-images"));
        try (Dataset dataset = Dataset.openOrCreate(address); ImageSource images = ImageSource.open(FIXTURE.resolve("images"))) {
            new ImportOperation(dataset, FIXTURE.resolve("raw_example.jsonl"), images).run(Progress.NONE);
        }
        session().open(address, false);
        page.showView(Parts.DATASET_VIEW);
        TrajectoryEditor editor = (TrajectoryEditor) page.openEditor(new TaskEditorInput(address, TASK), Parts.TRAJECTORY_EDITOR);
        waitFor(() -> editor.canvas().hasImage(), "the first screenshot, read from the shared images folder");

        try (Dataset someoneElse = Dataset.open(address)) {
            someoneElse.reviews().set(TASK, ReviewState.NEEDS_FIX, "qa-2", "step 4 clicks the wrong icon");
            waitFor(() -> editor.reviewBar().line().getText().contains("needs fix"), "the other person's review in the editor");
            waitFor(() -> {
                try {
                    return session().count(TaskQuery.ALL.withReview(ReviewState.NEEDS_FIX)) == 1;
                } catch (java.sql.SQLException e) {
                    return false;
                }
            }, "the review in the table's queries");

            someoneElse.save(someoneElse.draft(TASK).withStepText(0, Step.THOUGHT, "Changed by someone else"));
            waitFor(() -> "Changed by someone else".equals(editor.draft().stepText(0, Step.THOUGHT)),
                    "the other person's save in the editor, which had no unsaved edits");
            assertEquals(false, editor.isDirty());
        }
    }
}
