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
 * detector says where. It finds pointers by what pointers look like (learned, {@link PointerDetector}), so a theme or a
 * size it never saw is found too; it is safe to share.
 */
public final class PointerLocator {

    private final PointerDetector detector;

    public PointerLocator() throws IOException {
        OpenCvLibrary.load();
        this.detector = PointerDetector.shared();
    }

    /** The pointer's hotspot in the frame shown at {@code time}, or null when no pointer can be seen there. */
    public Pixel locate(Video video, double time) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(FrameGrab.png(video, time)));
        int w = image.getWidth();
        int h = image.getHeight();
        byte[] bgr = new byte[w * h * 3];
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            image.getRGB(0, y, w, 1, row, 0, w);
            for (int x = 0; x < w; x++) {
                int at = 3 * (y * w + x);
                bgr[at] = (byte) row[x];
                bgr[at + 1] = (byte) (row[x] >> 8);
                bgr[at + 2] = (byte) (row[x] >> 16);
            }
        }
        Mat frame = new Mat(h, w, CvType.CV_8UC3);
        try {
            frame.put(0, 0, bgr);
            PointerDetector.Hit hit = detector.find(frame, new Rect(0, 0, w, h));
            return hit == null ? null : new Pixel((int) Math.round(hit.x()), (int) Math.round(hit.y()));
        } finally {
            frame.release();
        }
    }
}
