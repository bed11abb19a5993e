package org.trajectory.ui.internal;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/** Datasets on the left, trajectories in the editor area, properties and running jobs below. */
public final class CurationPerspective implements IPerspectiveFactory {

    public static final String ID = "org.trajectory.ui.perspectives.curation";
    /** The platform's Error Log view (bundle org.eclipse.ui.views.log keeps its historic PDE id). */
    public static final String ERROR_LOG_VIEW = "org.eclipse.pde.runtime.LogView";

    @Override
    public void createInitialLayout(IPageLayout layout) {
        String editorArea = layout.getEditorArea();
        layout.setEditorAreaVisible(true);

        IFolderLayout left = layout.createFolder("org.trajectory.ui.folders.left", IPageLayout.LEFT, 0.36f, editorArea);
        left.addView(Parts.DATASET_VIEW);
        left.addView(Parts.RECORDER_VIEW);

        IFolderLayout bottom = layout.createFolder("org.trajectory.ui.folders.bottom", IPageLayout.BOTTOM, 0.7f, editorArea);
        bottom.addView(IPageLayout.ID_PROP_SHEET);
        bottom.addView(Parts.SCORING_VIEW);
        bottom.addView(Parts.OVERVIEW_VIEW);
        bottom.addView(Parts.TEAM_VIEW);
        bottom.addView(Parts.COMPARISON_VIEW);
        bottom.addView(IPageLayout.ID_PROGRESS_VIEW);
        bottom.addPlaceholder(ERROR_LOG_VIEW);

        layout.addShowViewShortcut(Parts.DATASET_VIEW);
        layout.addShowViewShortcut(Parts.RECORDER_VIEW);
        layout.addShowViewShortcut(IPageLayout.ID_PROP_SHEET);
        layout.addShowViewShortcut(Parts.SCORING_VIEW);
        layout.addShowViewShortcut(Parts.OVERVIEW_VIEW);
        layout.addShowViewShortcut(Parts.TEAM_VIEW);
        layout.addShowViewShortcut(Parts.COMPARISON_VIEW);
        layout.addShowViewShortcut(IPageLayout.ID_PROGRESS_VIEW);
        layout.addShowViewShortcut(ERROR_LOG_VIEW);
    }
}
