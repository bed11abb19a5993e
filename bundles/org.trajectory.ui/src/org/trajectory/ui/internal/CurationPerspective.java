package org.trajectory.ui.internal;

import java.util.List;
import java.util.stream.Stream;

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

        List<String> left = List.of(Parts.DATASET_VIEW, Parts.RECORDER_VIEW);
        List<String> bottom = List.of(IPageLayout.ID_PROP_SHEET, Parts.SCORING_VIEW, Parts.OVERVIEW_VIEW, Parts.TEAM_VIEW, Parts.JOBS_VIEW,
                Parts.COMPARISON_VIEW, IPageLayout.ID_PROGRESS_VIEW);
        IFolderLayout leftFolder = layout.createFolder("org.trajectory.ui.folders.left", IPageLayout.LEFT, 0.36f, editorArea);
        left.forEach(leftFolder::addView);
        IFolderLayout bottomFolder = layout.createFolder("org.trajectory.ui.folders.bottom", IPageLayout.BOTTOM, 0.7f, editorArea);
        bottom.forEach(bottomFolder::addView);
        bottomFolder.addPlaceholder(ERROR_LOG_VIEW);
        // Window > Show View lists every view of the perspective, the Error Log too
        Stream.of(left, bottom, List.of(ERROR_LOG_VIEW)).flatMap(List::stream).forEach(layout::addShowViewShortcut);
    }
}
