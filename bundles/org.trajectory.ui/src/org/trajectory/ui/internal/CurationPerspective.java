package org.trajectory.ui.internal;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

/** Datasets on the left, trajectories in the editor area, properties and running jobs below. */
public final class CurationPerspective implements IPerspectiveFactory {

    public static final String ID = "org.trajectory.ui.perspectives.curation";
    public static final String DATASET_VIEW = "org.trajectory.ui.views.datasets";
    /** The platform's Error Log view (bundle org.eclipse.ui.views.log keeps its historic PDE id). */
    public static final String ERROR_LOG_VIEW = "org.eclipse.pde.runtime.LogView";

    @Override
    public void createInitialLayout(IPageLayout layout) {
        String editorArea = layout.getEditorArea();
        layout.setEditorAreaVisible(true);

        IFolderLayout left = layout.createFolder("org.trajectory.ui.folders.left", IPageLayout.LEFT, 0.36f, editorArea);
        left.addView(DATASET_VIEW);
        left.addView(RecorderView.ID);

        IFolderLayout bottom = layout.createFolder("org.trajectory.ui.folders.bottom", IPageLayout.BOTTOM, 0.7f, editorArea);
        bottom.addView(IPageLayout.ID_PROP_SHEET);
        bottom.addView(ScoringView.ID);
        bottom.addView(OverviewView.ID);
        bottom.addView(TeamView.ID);
        bottom.addView(ComparisonView.ID);
        bottom.addView(IPageLayout.ID_PROGRESS_VIEW);
        bottom.addPlaceholder(ERROR_LOG_VIEW);

        layout.addShowViewShortcut(DATASET_VIEW);
        layout.addShowViewShortcut(RecorderView.ID);
        layout.addShowViewShortcut(IPageLayout.ID_PROP_SHEET);
        layout.addShowViewShortcut(ScoringView.ID);
        layout.addShowViewShortcut(OverviewView.ID);
        layout.addShowViewShortcut(TeamView.ID);
        layout.addShowViewShortcut(ComparisonView.ID);
        layout.addShowViewShortcut(IPageLayout.ID_PROGRESS_VIEW);
        layout.addShowViewShortcut(ERROR_LOG_VIEW);
    }
}
