package org.trajectory.ui.internal.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.handlers.IHandlerService;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.model.operation.Progress;
import org.trajectory.ui.internal.TaskEditorInput;
import org.trajectory.ui.internal.WidgetFinder;
import org.trajectory.ui.internal.WorkbenchTest;
import org.trajectory.ui.internal.editor.TrajectoryEditor;

/** File > Validate Dataset as a QA reviewer uses it: the problems listed, and each one a keypress from its step. */
class ValidateDatasetTest extends WorkbenchTest {

    private Shell dialog;

    @AfterEach
    void closeTheList() {
        if (dialog != null && !dialog.isDisposed()) {
            dialog.close();
        }
    }

    private static String task(String id, String... codes) {
        StringBuilder steps = new StringBuilder();
        for (int i = 0; i < codes.length; i++) {
            steps.append(i == 0 ? "" : ",").append("{\"index\":").append(i).append(",\"value\":{\"code\":\"").append(codes[i]).append("\"}}");
        }
        return "{\"task_id\":\"" + id + "\",\"instruction\":\"do " + id + "\",\"traj\":[" + steps + "]}";
    }

    @Test
    void theCommandListsEveryProblemAndEnterOpensItsStep() throws Exception {
        Path jsonl = temp.resolve("tasks.jsonl");
        Files.write(jsonl, List.of(task("good", "pyautogui.click(x=0.1, y=0.2)", "computer.terminate(status='success')"),
                task("broken", "pyautogui.click(x=0.5, y=0.5)", "pyautogui.bogus()", "pyautogui.press('enter')")));
        Path folder = temp.resolve("dataset");
        try (Dataset dataset = Dataset.openOrCreate(new DatasetAddress.Folder(folder))) {
            new ImportOperation(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
        }
        session().open(folder, false);
        waitFor(() -> new DatasetAddress.Folder(folder).equals(session().address()), "the dataset is open");

        page.getWorkbenchWindow().getService(IHandlerService.class).executeCommand("org.trajectory.ui.commands.validate", null);
        waitFor(() -> (dialog = validationShell().orElse(null)) != null, "the list of problems opens when the check is done");

        Table table = WidgetFinder.find(dialog, Table.class, t -> true).orElseThrow();
        assertEquals(2, table.getItemCount(), "one problem, the unknown action, and one warning: no terminate at the end");
        assertEquals("broken", table.getItem(0).getText(0));
        assertEquals("2", table.getItem(0).getText(1), "steps count from 1, as the editor shows them");
        assertEquals("code", table.getItem(0).getText(2), "the check that found it");
        assertTrue(table.getItem(0).getText(3).contains("unknown action 'pyautogui.bogus'"), table.getItem(0).getText(3));
        assertEquals("terminate (warning)", table.getItem(1).getText(2));
        assertTrue(WidgetFinder.find(dialog, org.eclipse.swt.widgets.Label.class, l -> l.getText().startsWith("1 problem in 1 task, 1 warning."))
                .isPresent(), "the count above the list");

        Button open = WidgetFinder.find(dialog, Button.class, b -> b.getData() instanceof Integer id && id == IDialogConstants.OPEN_ID).orElseThrow();
        assertEquals(dialog.getDefaultButton(), open, "Enter opens the task");
        focus(table);
        keys(SWT.CR);
        waitFor(() -> page.getActiveEditor() instanceof TrajectoryEditor, "the task opens in the editor");
        TrajectoryEditor editor = (TrajectoryEditor) page.getActiveEditor();
        assertEquals("broken", ((TaskEditorInput) editor.getEditorInput()).taskId());
        waitFor(() -> editor.step() == 1, "the editor shows the step with the problem (the second)");
        assertTrue(!dialog.isDisposed(), "the list stays open beside the editor, to work down it");
    }

    private Optional<Shell> validationShell() {
        return Arrays.stream(display.getShells()).filter(s -> !s.isDisposed() && s.isVisible() && ValidationDialog.TITLE.equals(s.getText()))
                .findFirst();
    }
}
