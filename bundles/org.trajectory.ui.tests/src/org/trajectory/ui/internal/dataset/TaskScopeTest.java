package org.trajectory.ui.internal.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.junit.jupiter.api.Test;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.TaskRow;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.WidgetFinder;
import org.trajectory.ui.internal.WorkbenchTest;

/** An operation started from the window runs on the tasks its dialog was told: the selection, the filter's, the unreviewed, all. */
class TaskScopeTest extends WorkbenchTest {

    @Test
    void annotateRunsOnTheTasksSelectedInTheTableWhenToldNotOnEveryTask() throws Exception {
        Path folder = openFixture(6); // task-0, task-2 and task-4 approved: annotate would take task-1, 3 and 5
        List<Long> before = versions(folder);
        DatasetView view = (DatasetView) page.showView(Parts.DATASET_VIEW);
        Table table = view.viewer().getTable();
        waitFor(() -> table.getItemCount() == 6 && Arrays.stream(table.getItems()).allMatch(item -> item.getData() instanceof TaskRow),
                "the six tasks are listed");
        TableItem[] items = table.getItems();
        table.setSelection(IntStream.range(0, items.length).filter(i -> List.of("task-1", "task-3").contains(((TaskRow) items[i].getData()).taskId()))
                .toArray());

        StringBuilder offered = new StringBuilder();
        answer("Annotate the Dataset", dialog -> {
            try {
                Combo tasks = combo(dialog, "The 2 tasks selected in the table");
                offered.append(String.join(" | ", tasks.getItems()));
                Combo provider = combo(dialog, "Offline: no model, text from the action, window and OCR");
                provider.select(provider.getItemCount() - 1);
                provider.notifyListeners(SWT.Selection, new Event());
                WidgetFinder.find(dialog, Button.class, b -> b.getText().equals("&Annotate")).orElseThrow().notifyListeners(SWT.Selection, new Event());
            } catch (RuntimeException | AssertionError e) {
                offered.append("the dialog could not be answered: ").append(e.getMessage());
                WidgetFinder.find(dialog, Button.class, b -> b.getText().equals("Cancel")).ifPresent(b -> b.notifyListeners(SWT.Selection, new Event()));
            }
        });
        page.getWorkbenchWindow().getService(org.eclipse.ui.handlers.IHandlerService.class).executeCommand("org.trajectory.ui.commands.annotate", null);
        assertEquals("The 2 tasks selected in the table | The tasks not reviewed yet | Every task", offered.toString(),
                "the selection is offered first; the table has no filter, so no choice of its filter's tasks");
        StringBuilder said = new StringBuilder();
        closeWhenShown("nnotated", said); // the run is a job: its end comes after the command
        waitFor(() -> said.length() > 0, "the annotation says its end");
        assertTrue(said.toString().contains("nnotated 2 tasks"), said.toString());
        List<Long> after = versions(folder);
        List<String> annotated = IntStream.range(0, 6).filter(i -> !after.get(i).equals(before.get(i))).mapToObj(i -> "task-" + i).toList();
        assertEquals(List.of("task-1", "task-3"), annotated, "the two chosen were written, not task-5");
    }

    /** Each task's version (a write adds one), task-0 to task-5. */
    private static List<Long> versions(Path folder) throws Exception {
        try (Dataset dataset = Dataset.open(folder)) {
            List<Long> versions = new java.util.ArrayList<>();
            for (int i = 0; i < 6; i++) {
                versions.add(dataset.version("task-" + i));
            }
            return versions;
        }
    }

    /** The read-only combo of {@code dialog} that offers {@code item}. */
    private static Combo combo(Shell dialog, String item) {
        return WidgetFinder.find(dialog, Combo.class, c -> Arrays.asList(c.getItems()).contains(item))
                .orElseThrow(() -> new AssertionError("no choice of " + item));
    }
}
