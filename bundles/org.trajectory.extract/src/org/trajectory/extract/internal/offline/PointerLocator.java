package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;

import javax.imageio.ImageIO;

import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Rect;
import org.trajectory.extract.ExtractedAction.Pixel;
import org.trajectory.extract.FrameGrab;
import org.trajectory.extract.Video;
import org.trajectory.extract.opencv.OpenCvLibrary;

/**
 * Where the pointer is in one frame of a video, for the model methods: a model says what was clicked, the pointer
 * finder says where. One instance holds the pointer templates; it is safe to share.
 */
public final class PointerLocator {

    private final PointerFinder finder;

    public PointerLocator() throws IOException {
        OpenCvLibrary.load();
        this.finder = new PointerFinder();
    }

    /** The pointer's hotspot in the frame shown at {@code time}, or null when no pointer can be seen there. */
    public Pixel locate(Video video, double time) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(FrameGrab.png(video, time)));
        int w = image.getWidth();
        int h = image.getHeight();
        byte[] grey = new byte[w * h];
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            image.getRGB(0, y, w, 1, row, 0, w);
            for (int x = 0; x < w; x++) {
                grey[y * w + x] = (byte) Math.round(0.299 * (row[x] >> 16 & 0xff) + 0.587 * (row[x] >> 8 & 0xff) + 0.114 * (row[x] & 0xff));
            }
        }
        Mat frame = new Mat(h, w, CvType.CV_8UC1);
        try {
            frame.put(0, 0, grey);
            PointerFinder.Found found = finder.find(frame, null, new Rect(0, 0, w, h), null, PointerFinder.Scale.NATIVE);
            if (found == null) {
                found = finder.find(frame, null, new Rect(0, 0, w, h), null, new PointerFinder.Scale()); // every size: seconds, once
            }
            return found == null ? null : new Pixel(found.x(), found.y());
        } finally {
            frame.release();
        }
    }
}
