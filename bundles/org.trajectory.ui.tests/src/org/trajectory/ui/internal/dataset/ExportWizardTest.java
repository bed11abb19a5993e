package org.trajectory.ui.internal.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.Test;
import org.trajectory.dataset.Dataset;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.WidgetFinder;
import org.trajectory.ui.internal.WorkbenchTest;

/** File > Export Dataset as a user drives it: the counts before anything is written, another format, Finish. */
class ExportWizardTest extends WorkbenchTest {

    @Test
    void previewsTheCountsThenExportsTheChosenFormat() throws Exception {
        openFixture(6); // three of six approved
        WizardDialog dialog = new WizardDialog(display.getActiveShell(), new ExportWizard());
        dialog.setBlockOnOpen(false);
        dialog.open();
        try {
            Label preview = find(dialog.getShell(), Label.class, l -> l.getText().startsWith("Would export") || l.getText().startsWith("Counting"));
            waitFor(() -> preview.getText().equals("Would export 3 of 6 tasks; removed by review 3."),
                    "every export takes the approved tasks unless told: " + preview.getText());
            assertTrue(Files.notExists(temp.resolve("hf")), "nothing written yet");

            Combo review = find(dialog.getShell(), Combo.class, c -> List.of(c.getItems()).contains("needs_fix"));
            review.select(0);
            review.notifyListeners(SWT.Selection, null);
            waitFor(() -> preview.getText().equals("Would export 6 of 6 tasks."), "the count follows the Review filter: " + preview.getText());
            review.select(List.of(review.getItems()).indexOf("approved"));
            review.notifyListeners(SWT.Selection, null);

            Combo format = find(dialog.getShell(), Combo.class, c -> List.of(c.getItems()).contains("Hugging Face dataset folder"));
            format.select(List.of(format.getItems()).indexOf("Hugging Face dataset folder"));
            format.notifyListeners(SWT.Selection, null);
            waitFor(() -> preview.getText().equals("Would export 3 of 6 tasks; removed by review 3."),
                    "the Hugging Face folder takes the approved ones too: " + preview.getText());
            Button finish = find(dialog.getShell(), Button.class, b -> b.getText().replace("&", "").equals("Finish"));
            assertFalse(finish.isEnabled(), "no destination yet");
            String why = ((org.eclipse.jface.dialogs.IMessageProvider) dialog.getCurrentPage()).getMessage();
            assertTrue(why != null && why.contains("Choose where the export goes"), "Finish says why it waits: " + why);

            Text destination = find(dialog.getShell(), Text.class, t -> List.of(t.getParent().getChildren())
                    .stream().anyMatch(c -> c instanceof Label l && l.getText().replace("&", "").startsWith("Destination")));
            destination.setText(temp.resolve("hf").toString());
            waitFor(finish::isEnabled, "a destination makes it complete");
            StringBuilder said = new StringBuilder();
            closeWhenShown("Exported 3 tasks", said); // the wizard is gone by then: its end is said over the window
            finish.notifyListeners(SWT.Selection, null);
            waitFor(() -> Job.getJobManager().find(DatasetJobs.FAMILY).length == 0 && Files.exists(temp.resolve("hf/README.md")), "the export job ends");
            waitFor(() -> !said.isEmpty(), "the export's end is shown");
            assertTrue(said.toString().startsWith("Exported 3 tasks"), said.toString());
        } finally {
            if (dialog.getShell() != null && !dialog.getShell().isDisposed()) {
                dialog.close();
            }
        }
        long records = 0;
        try (Stream<Path> files = Files.list(temp.resolve("hf"))) {
            for (Path jsonl : files.filter(f -> f.toString().endsWith(".jsonl")).toList()) {
                records += Files.readAllLines(jsonl).size();
            }
        }
        assertEquals(3, records);
    }

    private static <T extends Control> T find(Composite root, Class<T> type, Predicate<T> wanted) {
        return WidgetFinder.find(root, type, wanted).orElseThrow(() -> new AssertionError("no such " + type.getSimpleName() + " in the wizard"));
    }

}
