package org.trajectory.extract.internal.model;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.trajectory.extract.ChangeLocalizer;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.Frame;
import org.trajectory.extract.FrameSampler;
import org.trajectory.extract.Video;

/**
 * The frames a model is shown: sampled at the method's rate, numbered from 1, each with its time, its PNG and the
 * regions where it differs from the frame before (the Frame Difference Localizer's boxes). With
 * {@code changedOnly}, frames that do not differ from the one kept before are left out (the first and last are kept).
 */
record SampledFrames(List<Shown> frames) {

    /** One frame as a model sees it. */
    record Shown(int number, double time, byte[] png, List<ChangeLocalizer.Box> changes, int width, int height) {
    }

    static SampledFrames of(Video video, double fps, boolean changedOnly, ExtractionContext context)
            throws IOException, InterruptedException {
        ChangeLocalizer localizer = new ChangeLocalizer(ChangeLocalizer.Settings.PAPER);
        List<Shown> shown = new ArrayList<>();
        context.progress().begin("Sampling " + video.file().getFileName() + " at " + fps + " frames/s", (long) Math.ceil(video.duration() * fps),
                "frames");
        try (FrameSampler sampler = FrameSampler.open(video, fps)) {
            Frame previous = null;
            Frame frame;
            Frame skipped = null;
            while ((frame = sampler.next()) != null) {
                if (Thread.interrupted() || context.progress().isCancelled()) {
                    throw new InterruptedException("extraction cancelled");
                }
                List<ChangeLocalizer.Box> changes = previous == null ? List.of() : localizer.changes(previous, frame);
                if (previous == null || !changedOnly || !changes.isEmpty()) {
                    shown.add(new Shown(shown.size() + 1, frame.time(), png(frame), changes, frame.width(), frame.height()));
                    previous = frame;
                    skipped = null;
                } else {
                    skipped = frame;
                }
                context.progress().worked(1);
            }
            if (skipped != null) {
                shown.add(new Shown(shown.size() + 1, skipped.time(), png(skipped), List.of(), skipped.width(), skipped.height()));
            }
        }
        shown.forEach(f -> context.taken().put(ExtractionContext.at(f.time()), f.png()));
        if (shown.isEmpty()) {
            throw new IOException(video.file() + ": not a video ffmpeg can read (no frame of it could be decoded)");
        }
        return new SampledFrames(List.copyOf(shown));
    }

    static byte[] png(Frame frame) throws IOException {
        BufferedImage image = new BufferedImage(frame.width(), frame.height(), BufferedImage.TYPE_INT_RGB);
        int[] row = new int[frame.width()];
        byte[] rgb = frame.pixels();
        for (int y = 0; y < frame.height(); y++) {
            for (int x = 0; x < frame.width(); x++) {
                int at = (y * frame.width() + x) * 3;
                row[x] = (rgb[at] & 0xff) << 16 | (rgb[at + 1] & 0xff) << 8 | (rgb[at + 2] & 0xff);
            }
            image.setRGB(0, y, frame.width(), 1, row, 0, frame.width());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    Shown number(int number) {
        return frames.get(Math.max(1, Math.min(frames.size(), number)) - 1);
    }

    /** The frames in windows of {@code size} sharing {@code overlap}; one window of all when size is 0 or covers them. */
    List<List<Shown>> windows(int size, int overlap) {
        if (size <= 0 || size >= frames.size()) {
            return List.of(frames);
        }
        List<List<Shown>> windows = new ArrayList<>();
        for (int start = 0; ; start += size - overlap) {
            int end = Math.min(frames.size(), start + size);
            windows.add(frames.subList(start, end));
            if (end == frames.size()) {
                return windows;
            }
        }
    }
}
