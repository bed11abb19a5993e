package org.trajectory.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.eclipse.swt.custom.CTabFolder;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.RGB;
import org.junit.jupiter.api.Test;

/** The empty editor area says what to do: open a dataset first, then double-click a task. */
class EditorAreaHintTest extends WorkbenchTest {

    @Test
    void theEmptyEditorAreaSaysWhatToDoAndFollowsTheDatasetOpen() throws Exception {
        List<CTabFolder> folders = EditorAreaHint.editorFolders(page.getWorkbenchWindow());
        assertFalse(folders.isEmpty(), "the window has an editor area");
        CTabFolder folder = folders.get(0);
        assertEquals(0, folder.getItemCount(), "nothing open");
        assertEquals(EditorAreaHint.NO_DATASET, EditorAreaHint.text(session()));
        Screenshots.take(display, "editor-area-hint-no-dataset.png");
        assertTrue(hintPixels(folder) > 100, "the hint is drawn in the empty area");
        openFixture(2);
        waitFor(() -> EditorAreaHint.NO_TASK.equals(EditorAreaHint.text(session())), "the hint for an open dataset");
        waitFor(() -> hintPixels(folder) > 100, "the other hint is drawn (the area is redrawn a moment after the dataset opens)");
        Screenshots.take(display, "editor-area-hint.png");
    }

    /** Dark pixels (the hint's text) in the middle of the folder, away from its borders, as it draws itself now. */
    private int hintPixels(CTabFolder folder) {
        org.eclipse.swt.graphics.Rectangle size = folder.getBounds();
        Image image = new Image(display, size.width, size.height);
        GC gc = new GC(image);
        try {
            folder.print(gc);
        } finally {
            gc.dispose();
        }
        ImageData data = image.getImageData();
        image.dispose();
        int count = 0;
        for (int y = data.height / 6; y < data.height / 2; y++) {
            for (int x = 20; x < data.width * 5 / 6; x++) {
                RGB rgb = data.palette.getRGB(data.getPixel(x, y));
                if (rgb.red + rgb.green + rgb.blue < 3 * 128) {
                    count++;
                }
            }
        }
        return count;
    }
}
