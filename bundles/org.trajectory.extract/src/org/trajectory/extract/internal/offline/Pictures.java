package org.trajectory.extract.internal.offline;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.MatOfInt;
import org.opencv.core.Rect;
import org.opencv.core.Size;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.Frame;
import org.trajectory.extract.FrameSampler;
import org.trajectory.extract.Video;

/**
 * The pictures the offline method needs from a video, taken as it is read so it is decoded once: the steps'
 * screenshots (PNG) and the crops the screen text reader reads. The frames an action may yet point at are held (I420, a handful at
 * a time); a picture asked of a frame no longer held (or of a video whose odd size I420 cannot be converted at) is
 * taken after the reading: where such frames lie close together, ffmpeg seeks to them, and a frame decoded there serves
 * only if its content is the very one the reading had at that number (a seek in a video of varying rate may land a
 * frame away); what no seek served is taken in one pass from the start, numbered as the reading was.
 */
final class Pictures implements AutoCloseable {

    /**
     * A part of a frame, there once the frame is taken; a square around a point ({@code size} > 0) reaches past the
     * frame's edge with its border repeated, and is scaled to size x size.
     */
    static final class Crop {
        private final Rect area;
        private final int size;
        private BufferedImage image;

        private Crop(Rect area, int size) {
            this.area = area;
            this.size = size;
        }

        BufferedImage image() {
            return image;
        }

        /** Where a rectangle of the frame lies in this crop's picture. */
        Rect local(Rect inFrame) {
            return new Rect(inFrame.x - area.x, inFrame.y - area.y, inFrame.width, inFrame.height);
        }
    }

    /** Wanted frames further apart than this (seconds) are sought apart: a seek decodes from the keyframe before, a few seconds. */
    private static final double APART = 20;
    /** How far (seconds) before the first of a run a seek goes, and past its last a search for its frames goes on. */
    private static final double LEEWAY = 1;

    private final Video video;
    private final double fps;
    private final Map<Long, byte[]> screenshots;
    private final boolean convertible;
    private final Map<Integer, byte[]> held = new HashMap<>();
    /** The held frames converted to colour while they are needed (BGR, OpenCV's order). */
    private final Map<Integer, Mat> colour = new HashMap<>();
    private final Map<Integer, List<Crop>> pendingCrops = new TreeMap<>();
    private final Map<Integer, Boolean> pendingScreenshots = new TreeMap<>();
    /**
     * Screenshots are encoded (PNG, the slowest part of a picture) beside the reading, a few waiting at most: the
     * reading goes on meanwhile, and memory holds a few frames.
     */
    private final ExecutorService encoder = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(4), runnable -> {
        Thread thread = new Thread(runnable, "Screenshot encoder");
        thread.setDaemon(true);
        return thread;
    }, new ThreadPoolExecutor.CallerRunsPolicy());
    private final Map<Long, Future<byte[]>> encoding = new HashMap<>();
    /** Each frame read so far, by number: a print of its content, by which a frame decoded after a seek is known. */
    private long[] prints = new long[1024];
    /** How many frames were decoded after the reading, for the pictures of frames let go. */
    private int decodedAfter;

    /** Pictures of {@code video} sampled at {@code fps}, the screenshots put into {@code screenshots} by their time. */
    Pictures(Video video, double fps, Map<Long, byte[]> screenshots) {
        this.video = video;
        this.fps = fps;
        this.screenshots = screenshots;
        this.convertible = video.width() % 2 == 0 && video.height() % 2 == 0; // as bgr(...) converts
    }

    /** Frame {@code number} as read (I420); kept until {@link #keepOnly} lets it go. Crops asked of it before it came are taken. */
    void hold(int number, byte[] i420) {
        if (convertible) {
            held.put(number, i420);
            List<Crop> waiting = pendingCrops.remove(number);
            if (waiting != null) {
                Mat frame = colour(number);
                waiting.forEach(crop -> take(crop, frame));
            }
        }
    }

    /** Frame {@code number} as the reading decoded it (every frame, held or not): its print is kept. */
    void read(int number, byte[] i420) {
        if (number >= prints.length) {
            prints = Arrays.copyOf(prints, Math.max(number + 1, 2 * prints.length));
        }
        prints[number] = print(i420);
    }

    /** Two checksums of a frame's bytes, which hardware computes at gigabytes a second: equal for equal frames only, as near as matters. */
    private static long print(byte[] pixels) {
        CRC32C castagnoli = new CRC32C();
        castagnoli.update(pixels);
        CRC32 ieee = new CRC32();
        ieee.update(pixels);
        return castagnoli.getValue() << 32 | ieee.getValue();
    }

    void keepOnly(Set<Integer> numbers) {
        held.keySet().retainAll(numbers);
        colour.entrySet().removeIf(entry -> {
            boolean gone = !numbers.contains(entry.getKey());
            if (gone) {
                entry.getValue().release();
            }
            return gone;
        });
    }

    /** The step screenshot of frame {@code number}. */
    void screenshot(int number) {
        long key = ExtractionContext.at(number / fps);
        if (screenshots.containsKey(key) || encoding.containsKey(key) || pendingScreenshots.containsKey(number)) {
            return;
        }
        Mat frame = colour(number);
        if (frame == null) {
            pendingScreenshots.put(number, true);
            return;
        }
        Mat copy = frame.clone(); // the held frame may be let go before the encoder comes to it
        encoding.put(key, encoder.submit(() -> {
            try {
                return png(copy);
            } finally {
                copy.release();
            }
        }));
    }

    /** A frame as PNG. */
    private static byte[] png(Mat bgr) {
        MatOfByte png = new MatOfByte();
        try {
            // run-length deflate: as fast as the default strategy, and a screen's PNG 15-50 % smaller (its runs of one colour)
            Imgcodecs.imencode(".png", bgr, png, new MatOfInt(Imgcodecs.IMWRITE_PNG_COMPRESSION, 1, Imgcodecs.IMWRITE_PNG_STRATEGY,
                    Imgcodecs.IMWRITE_PNG_STRATEGY_RLE));
            return png.toArray();
        } finally {
            png.release();
        }
    }

    /** The rectangle at x, y of that size (clipped to the frame) of frame {@code number}. */
    Crop crop(int number, int x, int y, int width, int height) {
        int[] clipped = video.clip(x, y, width, height);
        return taken(number, new Crop(new Rect(clipped[0], clipped[1], clipped[2], clipped[3]), 0));
    }

    /** The side x side square of frame {@code number} centred at x, y (its border repeated past the frame's edge), scaled to size x size. */
    Crop square(int number, int x, int y, int side, int size) {
        return taken(number, new Crop(new Rect(x - side / 2, y - side / 2, side, side), size));
    }

    private Crop taken(int number, Crop crop) {
        Mat frame = colour(number);
        if (frame == null) {
            pendingCrops.computeIfAbsent(number, n -> new ArrayList<>()).add(crop);
        } else {
            take(crop, frame);
        }
        return crop;
    }

    private static void take(Crop crop, Mat frame) {
        Rect a = crop.area;
        int left = Math.max(0, a.x);
        int top = Math.max(0, a.y);
        int right = Math.min(frame.cols(), a.x + a.width);
        int bottom = Math.min(frame.rows(), a.y + a.height);
        if (right <= left || bottom <= top) {
            return; // wholly outside the frame: no picture
        }
        Mat part = frame.submat(new Rect(left, top, right - left, bottom - top));
        if (crop.size == 0) {
            crop.image = image(part);
            part.release();
            return;
        }
        Mat whole = new Mat();
        Core.copyMakeBorder(part, whole, top - a.y, a.y + a.height - bottom, left - a.x, a.x + a.width - right, Core.BORDER_REPLICATE);
        Mat scaled = new Mat();
        Imgproc.resize(whole, scaled, new Size(crop.size, crop.size), 0, 0, whole.cols() >= crop.size ? Imgproc.INTER_AREA : Imgproc.INTER_LINEAR);
        crop.image = image(scaled);
        part.release();
        whole.release();
        scaled.release();
    }

    /**
     * After the video's {@code read} frames were read: the screenshots encoded, and the pictures of frames no longer held,
     * in one decoding pass (that far into the video only); a frame past the last has none.
     */
    void finish(int read) throws IOException, InterruptedException {
        close();
        for (Map.Entry<Long, Future<byte[]>> png : encoding.entrySet()) {
            try {
                screenshots.put(png.getKey(), png.getValue().get());
            } catch (ExecutionException e) {
                throw new IOException("a screenshot could not be encoded: " + e.getCause(), e.getCause());
            }
        }
        encoding.clear();
        TreeSet<Integer> numbers = new TreeSet<>(pendingCrops.keySet());
        numbers.addAll(pendingScreenshots.keySet());
        numbers.removeIf(number -> number >= read); // else the pass decodes the whole video to find none
        if (!numbers.isEmpty()) {
            takeAfter(numbers);
        }
        pendingCrops.clear();
        pendingScreenshots.clear();
    }

    /**
     * The pictures of frames {@code numbers}: near each run of them (none further than {@link #APART} seconds from the
     * next), ffmpeg seeks and the frames whose print is a wanted one's serve; the rest are read as the reading read them,
     * from the start on to the last. ffmpeg picking them itself (its select filter) or encoding them (PNG) takes twice as
     * long.
     */
    private void takeAfter(TreeSet<Integer> numbers) throws IOException {
        if (convertible) {
            for (List<Integer> run : runs(numbers)) {
                numbers.removeAll(seekAndTake(run));
            }
        }
        if (numbers.isEmpty()) {
            return;
        }
        try (FrameSampler frames = FrameSampler.open(video, fps, convertible ? Frame.Layout.I420 : Frame.Layout.RGB)) {
            Frame frame;
            for (int number = 0; number <= numbers.last() && (frame = frames.next()) != null; number++) {
                decodedAfter++;
                if (numbers.contains(number)) {
                    Mat whole = convertible ? bgr(frame.pixels(), video.width(), video.height()) : fromRgb(frame);
                    serve(number, whole);
                    whole.release();
                }
            }
        }
    }

    /** The wanted frames in runs, a run's next no more than {@link #APART} seconds after its last. */
    private List<List<Integer>> runs(TreeSet<Integer> numbers) {
        List<List<Integer>> runs = new ArrayList<>();
        List<Integer> run = new ArrayList<>();
        for (int number : numbers) {
            if (!run.isEmpty() && number - run.get(run.size() - 1) > APART * fps) {
                runs.add(run);
                run = new ArrayList<>();
            }
            run.add(number);
        }
        if (!run.isEmpty()) {
            runs.add(run);
        }
        return runs;
    }

    /** The frames of {@code run} served after a seek to {@link #LEEWAY} seconds before its first: those whose print was found. */
    private Set<Integer> seekAndTake(List<Integer> run) throws IOException {
        Map<Long, List<Integer>> wanted = new HashMap<>();
        run.stream().filter(number -> number < prints.length) // (a frame never read has no print, and is found by none)
                .forEach(number -> wanted.computeIfAbsent(prints[number], print -> new ArrayList<>()).add(number));
        Set<Integer> served = new HashSet<>();
        int leeway = (int) Math.ceil(LEEWAY * fps);
        int first = Math.max(0, run.get(0) - leeway);
        int last = run.get(run.size() - 1) + leeway;
        try (FrameSampler frames = FrameSampler.open(video, fps, Frame.Layout.I420, first)) {
            Frame frame;
            for (int number = first; number <= last && !wanted.isEmpty() && (frame = frames.next()) != null; number++) {
                decodedAfter++;
                List<Integer> same = wanted.remove(print(frame.pixels()));
                if (same != null) {
                    Mat whole = bgr(frame.pixels(), video.width(), video.height());
                    same.forEach(wantedNumber -> serve(wantedNumber, whole));
                    whole.release();
                    served.addAll(same);
                }
            }
        }
        return served;
    }

    /** The pictures asked of frame {@code number}, taken from it ({@code whole}, BGR). */
    private void serve(int number, Mat whole) {
        if (pendingScreenshots.containsKey(number)) {
            screenshots.put(ExtractionContext.at(number / fps), png(whole));
        }
        pendingCrops.getOrDefault(number, List.of()).forEach(crop -> take(crop, whole));
    }

    /** How many frames were decoded after the reading (for the pictures of frames let go): none when the held frames served all. */
    int decodedAfter() {
        return decodedAfter;
    }

    /** Lets the held frames go and stops the encoder (what it had begun is finished). */
    @Override
    public void close() {
        colour.values().forEach(Mat::release);
        colour.clear();
        held.clear();
        encoder.shutdown();
    }

    /** How many pictures had to wait for the second pass (none, when the held frames served them all). */
    int pending() {
        return pending(Integer.MAX_VALUE);
    }

    /** How many of them are of the first {@code read} frames: those the second pass takes ({@link #finish}). */
    int pending(int read) {
        return pendingCrops.entrySet().stream().filter(e -> e.getKey() < read).mapToInt(e -> e.getValue().size()).sum()
                + (int) pendingScreenshots.keySet().stream().filter(number -> number < read).count();
    }

    private Mat colour(int number) {
        Mat bgr = colour.get(number);
        if (bgr == null && held.containsKey(number)) {
            bgr = bgr(held.get(number), video.width(), video.height());
            colour.put(number, bgr);
        }
        return bgr;
    }

    private static Mat fromRgb(Frame frame) {
        Mat rgb = new Mat(frame.height(), frame.width(), CvType.CV_8UC3);
        rgb.put(0, 0, frame.pixels());
        Mat bgr = new Mat();
        Imgproc.cvtColor(rgb, bgr, Imgproc.COLOR_RGB2BGR);
        rgb.release();
        return bgr;
    }

    /** An I420 frame in BGR; null when its size is odd, which OpenCV converts I420 at only when even. */
    static Mat bgr(byte[] i420, int width, int height) {
        if (width % 2 != 0 || height % 2 != 0) {
            return null;
        }
        Mat planes = new Mat(height * 3 / 2, width, CvType.CV_8UC1);
        planes.put(0, 0, i420);
        Mat bgr = new Mat();
        Imgproc.cvtColor(planes, bgr, Imgproc.COLOR_YUV2BGR_I420);
        planes.release();
        return bgr;
    }

    private static BufferedImage image(Mat bgr) {
        Mat dense = bgr.isContinuous() ? bgr : bgr.clone(); // a submatrix's rows are apart in memory
        BufferedImage image = new BufferedImage(dense.cols(), dense.rows(), BufferedImage.TYPE_3BYTE_BGR);
        dense.get(0, 0, ((DataBufferByte) image.getRaster().getDataBuffer()).getData());
        if (dense != bgr) {
            dense.release();
        }
        return image;
    }
}
