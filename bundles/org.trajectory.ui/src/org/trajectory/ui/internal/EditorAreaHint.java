package org.trajectory.ui.internal;

import java.util.List;

import org.eclipse.e4.ui.model.application.ui.basic.MPartStack;
import org.eclipse.e4.ui.model.application.ui.basic.MWindow;
import org.eclipse.e4.ui.workbench.modeling.EModelService;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.ui.IWorkbenchWindow;

/**
 * What to do, written in the editor area while no task is open in it: open a dataset first, or double-click a task.
 * Drawn over the editor stack's empty tab folder (the platform has no placeholder of its own for an empty area).
 */
final class EditorAreaHint {

    static final String NO_DATASET = "Open a dataset with File > Open Dataset (or make one with File > Import),\n"
            + "then double-click a task to review and edit it here.";
    static final String NO_TASK = "Double-click a task in the Dataset view (or select it and press Enter)\nto review and edit it here.";

    private EditorAreaHint() {
    }

    /**
     * Draws the hint in the window's editor stacks while they are empty, following the dataset open. The stacks are
     * rendered a moment after the window opens: looked for again, a few times a second, until they are there.
     */
    static void install(IWorkbenchWindow window) {
        install(window, 40);
    }

    private static void install(IWorkbenchWindow window, int tries) {
        List<CTabFolder> folders = editorFolders(window);
        DatasetSession session = DatasetSession.of(window);
        if (folders.isEmpty() && tries > 0 && !window.getShell().isDisposed()) {
            window.getShell().getDisplay().timerExec(250, () -> install(window, tries - 1));
        }
        for (CTabFolder folder : folders) {
            // The stack's content composite covers the folder's client area: the hint is drawn on it.
            org.eclipse.swt.widgets.Control canvas = java.util.Arrays.stream(folder.getChildren())
                    .filter(child -> !(child instanceof org.eclipse.swt.widgets.ToolBar))
                    .max(java.util.Comparator.comparingInt(child -> child.getSize().x * child.getSize().y)).orElse(folder);
            canvas.addPaintListener(event -> {
                if (folder.getItemCount() == 0) {
                    org.eclipse.swt.graphics.Point size = canvas.getSize();
                    paint(event.gc, new Rectangle(0, 0, size.x, size.y), text(session));
                }
            });
            canvas.redraw();
            DatasetSession.Listener redraw = () -> folder.getDisplay().asyncExec(() -> {
                if (!canvas.isDisposed()) {
                    canvas.redraw();
                }
            });
            session.addListener(redraw);
            folder.addDisposeListener(e -> session.removeListener(redraw));
        }
    }

    /** The tab folders of the window's editor stacks, as the e4 model holds them. */
    static List<CTabFolder> editorFolders(IWorkbenchWindow window) {
        MWindow model = window.getService(MWindow.class);
        EModelService models = window.getService(EModelService.class);
        if (model == null || models == null) {
            return List.of();
        }
        return models.findElements(model, null, MPartStack.class, List.of("EditorStack")).stream()
                .map(MPartStack::getWidget).filter(CTabFolder.class::isInstance).map(CTabFolder.class::cast).toList();
    }

    /** The hint for now: whether a dataset is open decides what comes first. */
    static String text(DatasetSession session) {
        return session.address() == null ? NO_DATASET : NO_TASK;
    }

    private static void paint(GC gc, Rectangle area, String text) {
        Point size = gc.textExtent(text, SWT.DRAW_DELIMITER);
        gc.setForeground(gc.getDevice().getSystemColor(SWT.COLOR_WIDGET_DARK_SHADOW));
        gc.drawText(text, area.x + 24, area.y + Math.max(8, area.height / 3 - size.y / 2), SWT.DRAW_DELIMITER | SWT.DRAW_TRANSPARENT);
    }
}
