package org.trajectory.ui.internal.preferences;

import org.eclipse.ui.IWorkbench;
import org.trajectory.vlm.VlmProviders;
import org.trajectory.vlm.prompt.Prompts;

/** The parent page of the providers' pages: what they are for and where the prompts can be overridden. */
public final class ModelsPreferencePage extends IntroducedPage {

    public ModelsPreferencePage() {
        super(1);
    }

    @Override
    public void init(IWorkbench workbench) {
        noDefaultAndApplyButton();
    }

    @Override
    protected String intro() {
        return "Vision-language models write the reasoning of trajectories (File > Annotate Dataset)"
                + " and judge the criteria that need a model. Installed providers: " + String.join(", ", VlmProviders.get().all().stream()
                        .map(VlmProviders.Descriptor::name).toList()) + ".\n\nThe prompts (generator.txt, reflector.txt, summarizer.txt)"
                + " can be replaced by files of the same name in " + Prompts.USER_FOLDER + ".";
    }
}
