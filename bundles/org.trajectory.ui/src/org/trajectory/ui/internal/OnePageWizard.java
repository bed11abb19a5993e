package org.trajectory.ui.internal;

import org.eclipse.jface.wizard.Wizard;
import org.eclipse.jface.wizard.WizardPage;

/** A wizard of one page whose Finish starts a job: the dialog does not wait for it, the job shows its own progress. */
public abstract class OnePageWizard<P extends WizardPage> extends Wizard {

    protected final P page;

    protected OnePageWizard(String title, P page) {
        this.page = page;
        setWindowTitle(title);
        setNeedsProgressMonitor(false);
    }

    @Override
    public void addPages() {
        addPage(page);
    }
}
