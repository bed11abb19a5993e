package org.trajectory.ui.internal.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.JsonlImport;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.kit.PostgresServer;
import org.trajectory.model.Progress;
import org.trajectory.model.Step;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.DatasetView;
import org.trajectory.ui.internal.WorkbenchTest;

/** The window on a dataset of a real PostgreSQL server, while another person works on the same dataset. */
class ServerDatasetWindowTest extends WorkbenchTest {

    private static final String TASK = "task_example_0";
    private static final Path FIXTURE = Path.of("../org.trajectory.dataset.tests/testdata/opencua-cot-example").toAbsolutePath().normalize();

    @AfterEach
    void closeAll() {
        page.closeAllEditors(false);
        DatasetSession.get().close();
    }

    @Test
    void anotherPersonsReviewAndSaveAppearInTheOpenTableAndEditorWithoutARefresh() throws Exception {
        PostgresServer server = PostgresServer.shared();
        DatasetAddress address = server.address(PostgresServer.ADMIN, server.createDatabase(), temp.resolve("shared-images"));
        try (Dataset dataset = Dataset.openOrCreate(address); ImageSource images = ImageSource.open(FIXTURE.resolve("images"))) {
            new JsonlImport(dataset, FIXTURE.resolve("raw_example.jsonl"), images).run(Progress.NONE);
        }
        DatasetSession.get().open(address, false);
        page.showView(DatasetView.ID);
        TrajectoryEditor editor = (TrajectoryEditor) page.openEditor(new TaskEditorInput(address, TASK), TrajectoryEditor.ID);
        waitFor(() -> editor.canvas().hasImage(), "the first screenshot, read from the shared images folder");

        try (Dataset someoneElse = Dataset.open(address)) {
            someoneElse.setReview(TASK, ReviewState.NEEDS_FIX, "qa-2", "step 4 clicks the wrong icon");
            waitFor(() -> editor.reviewLabel().getText().contains("needs fix"), "the other person's review in the editor");
            waitFor(() -> {
                try {
                    return DatasetSession.get().count(TaskQuery.ALL.withReview(ReviewState.NEEDS_FIX)) == 1;
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
