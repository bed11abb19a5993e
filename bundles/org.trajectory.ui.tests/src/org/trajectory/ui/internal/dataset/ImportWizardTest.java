package org.trajectory.ui.internal.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.Test;

import org.trajectory.ui.internal.WidgetFinder;
import org.trajectory.ui.internal.WorkbenchTest;

/** File > Import as it first opens. */
class ImportWizardTest extends WorkbenchTest {

    /** The help is on the page while Finish says what it waits for, and whole, not cut at its last line. */
    @Test
    void everyWordOfTheHelpIsInSight() {
        WizardDialog dialog = new WizardDialog(display.getActiveShell(), new ImportWizard());
        dialog.setBlockOnOpen(false);
        dialog.open();
        try {
            settle();
            List<String> cut = new ArrayList<>();
            for (Control control : WidgetFinder.all(dialog.getShell(), Control.class)) {
                boolean wrapped = (control.getStyle() & SWT.WRAP) != 0;
                String text = control instanceof Label label && wrapped ? label.getText()
                        : control instanceof Text field && wrapped && !field.getEditable() ? field.getText() : null;
                if (text != null && !text.isBlank() && control.isVisible()
                        && control.computeSize(control.getSize().x, SWT.DEFAULT).y > control.getSize().y + 1) {
                    cut.add(text + " (" + control.getSize() + ")");
                }
            }
            assertEquals(List.of(), cut, "help cut off");
            // the page's description gives way to what Finish waits for ("Choose the file..."): the help is on the page
            assertEquals(true, WidgetFinder.all(dialog.getShell(), Label.class).stream()
                    .anyMatch(label -> label.isVisible() && label.getText().contains("A malformed record is reported")), "the help is shown");
        } finally {
            dialog.close();
        }
    }
}
