package org.trajectory.ui.internal.preferences;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.preference.PreferencePage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;
import org.trajectory.vlm.VlmProviders;
import org.trajectory.vlm.prompt.Prompts;

/** The parent page of the providers' pages: what they are for and where the prompts can be overridden. */
public final class ModelsPreferencePage extends PreferencePage implements IWorkbenchPreferencePage {

    @Override
    public void init(IWorkbench workbench) {
        noDefaultAndApplyButton();
    }

    @Override
    protected Control createContents(Composite parent) {
        Composite page = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().applyTo(page);
        Label text = new Label(page, SWT.WRAP);
        text.setText("Vision-language models write the reasoning of trajectories (File > Annotate Dataset) and judge the criteria"
                + " that need a model. Installed providers: " + String.join(", ", VlmProviders.get().all().stream()
                        .map(VlmProviders.Descriptor::name).toList()) + ".\n\nThe prompts (generator.txt, reflector.txt, summarizer.txt)"
                + " can be replaced by files of the same name in " + Prompts.USER_FOLDER + ".");
        GridDataFactory.fillDefaults().grab(true, false).hint(460, SWT.DEFAULT).applyTo(text);
        return page;
    }
}
