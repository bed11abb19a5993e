package org.trajectory.extract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.trajectory.extract.ChangeLocalizer.Box;

/** The Frame Difference Localizer on frames whose changes are known. */
class ChangeLocalizerTest {

    private static final int WIDTH = 640;
    private static final int HEIGHT = 400;

    /** A grey desktop with white rectangles {x, y, w, h} on it. */
    private static Frame frame(int[]... rectangles) {
        byte[] rgb = new byte[WIDTH * HEIGHT * 3];
        java.util.Arrays.fill(rgb, (byte) 60);
        for (int[] r : rectangles) {
            for (int y = r[1]; y < r[1] + r[3]; y++) {
                for (int x = r[0]; x < r[0] + r[2]; x++) {
                    int i = (y * WIDTH + x) * 3;
                    rgb[i] = rgb[i + 1] = rgb[i + 2] = (byte) 250;
                }
            }
        }
        return new Frame(0, WIDTH, HEIGHT, Frame.Layout.RGB, rgb);
    }

    private static void assertAround(Box box, int x, int y, int right, int bottom) {
        // the blur widens a change by a few pixels before the 100 px growth; the frame's edges clip it
        int slack = 6;
        assertTrue(Math.abs(box.x() - x) <= slack && Math.abs(box.y() - y) <= slack && Math.abs(box.x() + box.width() - right) <= slack
                && Math.abs(box.y() + box.height() - bottom) <= slack, box + " is not about (" + x + "," + y + ")-(" + right + "," + bottom + ")");
    }

    @Test
    void aChangedRegionBecomesItsBoxGrownBy100AndClippedToTheFrame() throws Exception {
        List<Box> boxes = new ChangeLocalizer(ChangeLocalizer.Settings.PAPER).changes(frame(), frame(new int[] {300, 150, 40, 20}));
        assertEquals(1, boxes.size(), boxes.toString());
        assertAround(boxes.get(0), 200, 50, 440, 270);
        List<Box> corner = new ChangeLocalizer(ChangeLocalizer.Settings.PAPER).changes(frame(), frame(new int[] {10, 10, 30, 30}));
        assertAround(corner.get(0), 0, 0, 140, 140);
    }

    @Test
    void regionsApartStayApartRegionsWhoseGrownBoxesOverlapMergeAndSpecksAreIgnored() throws Exception {
        ChangeLocalizer localizer = new ChangeLocalizer(ChangeLocalizer.Settings.PAPER);
        assertEquals(2, localizer.changes(frame(), frame(new int[] {20, 150, 20, 20}, new int[] {500, 150, 20, 20})).size(),
                "480 px apart: two boxes");
        List<Box> near = localizer.changes(frame(), frame(new int[] {200, 150, 20, 20}, new int[] {360, 150, 20, 20}));
        assertEquals(1, near.size(), "140 px apart: their 100 px margins overlap");
        assertAround(near.get(0), 100, 50, 480, 270);
        Frame faint = frame();
        faint.pixels()[(200 * WIDTH + 300) * 3] = (byte) 90; // one pixel, a little brighter: compression noise, not a change
        assertEquals(List.of(), localizer.changes(frame(), faint));
        assertEquals(List.of(), localizer.changes(frame(), frame()));
    }

    @Test
    void mergingIsTransitiveAndFramesMustMatchInSize() throws Exception {
        List<Box> merged = ChangeLocalizer.merge(List.of(new Box(0, 0, 10, 10), new Box(50, 0, 10, 10), new Box(5, 0, 50, 5)));
        assertEquals(List.of(new Box(0, 0, 60, 10)), merged);
        ChangeLocalizer localizer = new ChangeLocalizer(ChangeLocalizer.Settings.PAPER);
        assertThrows(IllegalArgumentException.class, () -> localizer.changes(frame(), new Frame(0, 2, 2, Frame.Layout.RGB, new byte[12])));
    }
}
