package org.trajectory.recorder.internal;

import static org.trajectory.recorder.RecordingFolder.ELEMENTS;
import static org.trajectory.recorder.RecordingFolder.EVENTS;
import static org.trajectory.recorder.RecordingFolder.FRAMES;
import static org.trajectory.recorder.RecordingFolder.FRAME_SOURCE;
import static org.trajectory.recorder.RecordingFolder.METADATA;
import static org.trajectory.recorder.RecordingFolder.RECORDER;
import static org.trajectory.recorder.RecordingFolder.TASK;
import static org.trajectory.recorder.RecordingFolder.VIDEO;
import static org.trajectory.recorder.RecordingFolder.WINDOWS;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.trajectory.model.Folders;
import org.trajectory.model.Json;
import org.trajectory.recorder.CaptureSink;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.ElementEvent;
import org.trajectory.recorder.FrameTable;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.Monitor;
import org.trajectory.recorder.Preview;
import org.trajectory.recorder.PrivacyFilter;
import org.trajectory.recorder.Recording;
import org.trajectory.recorder.RecordingCounters;
import org.trajectory.recorder.ScreenSize;
import org.trajectory.recorder.replay.Setup;
import org.trajectory.recorder.WindowEvent;
import org.trajectory.recorder.internal.VideoRedaction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Writes a recording folder as it happens, in a superset of AgentNetTool/DuckTrack's layout: {@code events.jsonl},
 * {@code top_window.jsonl}, {@code task_name.json} and {@code metadata.json}. Lines reach the operating system at least
 * every {@value #FLUSH_MS} ms, so a recorder killed with SIGKILL loses at most that much. The metadata carries no
 * machine identifier: no MAC address, host name, user name or e-mail.
 */
public final class RecordingWriter implements CaptureSink, RecordingCounters, AutoCloseable {

    public static final long FLUSH_MS = 200;

    private final Path folder;
    /** Held from the first line to the stop time: while it stands, nobody finishes or builds the recording. */
    private final WritingLock lock;
    private final BufferedWriter events;
    private final BufferedWriter windows;
    private final BufferedWriter elements;
    private final ScheduledExecutorService flusher = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "Recording flusher");
        thread.setDaemon(true);
        return thread;
    });
    private final Map<String, Object> metadata = new LinkedHashMap<>();
    private final java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
    private final AtomicLong eventCount = new AtomicLong();
    private final AtomicLong windowCount = new AtomicLong();
    /** The frame table as the capture stamps its frames (null when ffmpeg grabs them: then it is read from the video). */
    private BufferedWriter frames;
    private final AtomicLong frameCount = new AtomicLong();
    private final AtomicLong framesSkipped = new AtomicLong();
    /** Slots the backend left out since the last frame because the screen did not change: not skipped. */
    private final AtomicLong unchangedSlots = new AtomicLong();
    private volatile double lastFrameTime = Double.NaN;
    private volatile int fps;
    private volatile String lastProblem;
    private volatile Preview preview;
    private List<PrivacyFilter.Span> redactedSpans = List.of();
    /** Delay from an event's own time to its arrival here, in ms, for the first {@value #LATENCY_SAMPLES} events. */
    private final double[] latencies = new double[LATENCY_SAMPLES];
    private static final int LATENCY_SAMPLES = 200_000;

    public RecordingWriter(Path folder, String task, String backend) throws IOException {
        this.folder = Files.createDirectories(folder);
        lock = WritingLock.take(folder);
        try {
            events = Files.newBufferedWriter(folder.resolve(EVENTS), StandardCharsets.UTF_8);
            windows = Files.newBufferedWriter(folder.resolve(WINDOWS), StandardCharsets.UTF_8);
            elements = Files.newBufferedWriter(folder.resolve(ELEMENTS), StandardCharsets.UTF_8);
            ObjectNode taskName = Json.MAPPER.createObjectNode().put("task_name", task).put("description", task);
            Files.writeString(folder.resolve(TASK), taskName.toString());
            metadata.put("system", System.getProperty("os.name"));
            metadata.put("release", System.getProperty("os.version"));
            metadata.put("machine", System.getProperty("os.arch"));
            metadata.put("os", operatingSystem());
            metadata.put("backend", backend);
            metadata.put("clock", "CLOCK_MONOTONIC seconds");
            metadata.put("start_time", Clock.now());
            metadata.put("start_wall_time", Instant.now().toString());
            metadata.put("recorder", RECORDER);
            writeMetadata();
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
        flusher.scheduleAtFixedRate(() -> {
            flush();
            checkSpace();
        }, FLUSH_MS, FLUSH_MS, TimeUnit.MILLISECONDS);
    }

    /**
     * The space a recording keeps free on its disk (MB; the system property {@value #MIN_FREE_PROPERTY} changes it):
     * enough to close it whole (frame table, blanked frames, metadata) when it stops because the disk is filling up.
     */
    public static final String MIN_FREE_PROPERTY = "trajectory.recorder.minFreeMB";

    /** The space the recording's disk must keep free, in bytes. */
    static long minFreeBytes() {
        return Long.getLong(MIN_FREE_PROPERTY, 64) * 1024 * 1024;
    }

    /** Null, or why recording into {@code folder} must not start or go on: its disk is (nearly) full. */
    public static String lowSpace(Path folder) {
        try {
            Path existing = folder.toAbsolutePath();
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            long usable = Files.getFileStore(existing).getUsableSpace();
            if (usable < minFreeBytes()) {
                return String.format(java.util.Locale.ROOT, "the disk holding %s has %.1f MB left (a recording keeps %d MB free to close"
                        + " whole)", folder, usable / 1048576.0, minFreeBytes() / 1048576);
            }
            return null;
        } catch (IOException e) {
            return null; // no store to ask: the writes themselves say when they fail
        }
    }

    /** Ends the recording, keeping what it holds, when its disk fills up. */
    private void checkSpace() {
        String low = lowSpace(folder);
        if (low != null && ended.getCount() > 0) {
            problem(low + ": the recording stopped and keeps everything written until then; free some space to record again", true);
        }
    }

    /**
     * The task's {@code os} as the field writes it: the Linux distribution's id from /etc/os-release ("debian",
     * "ubuntu", "fedora"), "windows", "macos"; a Linux without os-release is "linux".
     */
    static String operatingSystem() {
        String name = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT);
        if (name.startsWith("windows")) {
            return "windows";
        }
        if (name.startsWith("mac")) {
            return "macos";
        }
        try {
            for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (line.startsWith("ID=")) {
                    return line.substring(3).replace("\"", "").strip().toLowerCase(java.util.Locale.ROOT);
                }
            }
        } catch (IOException e) {
            // no os-release: said generally
        }
        return name.startsWith("linux") ? "linux" : name;
    }

    /** Adds fields to metadata.json (screen size, monitors, fps...), written at once. */
    public synchronized void metadata(String key, Object value) {
        metadata.put(key, value);
        try {
            writeMetadata();
        } catch (IOException e) {
            failed(e);
        }
    }

    private synchronized void writeMetadata() throws IOException {
        String whole = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(metadata);
        Folders.writeWhole(folder.resolve(METADATA), partial -> Files.writeString(partial, whole)); // on failure the last whole one stays
    }

    @Override
    public void input(InputEvent event) {
        long index = eventCount.get();
        if (index < LATENCY_SAMPLES && !event.action().equals("move")) {
            latencies[(int) index] = (Clock.now() - event.time()) * 1000;
        }
        ObjectNode line = line(event.time());
        line.put("action", event.action());
        putPresent(line, "x", event.x());
        putPresent(line, "y", event.y());
        putPresent(line, "button", event.button());
        putPresent(line, "pressed", event.pressed());
        putPresent(line, "dx", event.dx());
        putPresent(line, "dy", event.dy());
        putPresent(line, "name", event.name());
        putPresent(line, "keysym", event.keysym());
        putPresent(line, "char", event.character());
        if (event.modifiers() != null && !event.modifiers().isEmpty()) {
            event.modifiers().forEach(line.putArray("modifiers")::add);
        }
        if (Boolean.TRUE.equals(event.injected())) {
            line.put("injected", true);
        }
        line.put("event_idx", eventCount.getAndIncrement());
        write(events, line);
    }

    /** A line of events.jsonl, windows.jsonl or elements.jsonl: the time on the recording's clock first. */
    private static ObjectNode line(double time) {
        return Json.MAPPER.createObjectNode().put("time_stamp", time);
    }

    /** A field only when there is a value: a line has the fields of its kind of event and no nulls. */
    private static void putPresent(ObjectNode line, String field, Object value) {
        if (value != null) {
            line.putPOJO(field, value); // written as the number, text or true/false it is
        }
    }

    @Override
    public void setup(Setup setup) {
        metadata(Setup.FIELD, setup.json());
    }

    /** The first size goes into metadata.json; every size also into events.jsonl, so a change is known by its time. */
    @Override
    public void screen(ScreenSize size) {
        synchronized (this) {
            if (!metadata.containsKey("screen_width")) {
                metadata("screen_width", size.width());
                metadata("screen_height", size.height());
            }
        }
        ObjectNode line = line(size.time());
        line.put("action", "screen");
        line.put("width", size.width());
        line.put("height", size.height());
        write(events, line);
    }

    @Override
    public void window(WindowEvent event) {
        ObjectNode line = line(event.time());
        line.put("top_window_name", event.title());
        line.put("class", event.windowClass());
        putPresent(line, "process", event.process());
        putPresent(line, "pid", event.pid());
        if (event.width() != null) {
            line.putObject("geometry").put("x", event.x()).put("y", event.y()).put("width", event.width()).put("height", event.height());
        }
        windowCount.incrementAndGet();
        write(windows, line);
    }

    @Override
    public void element(ElementEvent event) {
        ObjectNode line = line(event.time());
        line.put("cause", event.cause());
        putPresent(line, "x", event.x());
        putPresent(line, "y", event.y());
        line.put("role", event.role());
        line.put("name", event.name());
        if (event.description() != null && !event.description().isEmpty()) {
            line.put("description", event.description());
        }
        event.states().forEach(line.putArray("states")::add);
        if (event.width() != null) {
            line.putObject("bbox").put("x", event.left()).put("y", event.top()).put("width", event.width()).put("height", event.height());
        }
        line.put("application", event.application());
        event.path().forEach(line.putArray("path")::add);
        write(elements, line);
    }

    @Override
    public void elementCapture(String status) {
        metadata("elements", status);
    }

    @Override
    public void problem(String message, boolean fatal) {
        lastProblem = message;
        if (fatal) {
            ended.countDown();
        }
    }

    /** Frames taken so far by a backend that stamps its own (0 when ffmpeg grabs). */
    @Override
    public long frames() {
        return frameCount.get();
    }

    @Override
    public void preview(Preview latest) {
        preview = latest;
    }

    /** The latest preview of the screen, or null when the backend makes none (ffmpeg grabs, or no video). */
    @Override
    public Preview preview() {
        return preview;
    }

    /** Frame slots that passed without a frame (the capture could not keep up), after the first frame. */
    @Override
    public long framesSkipped() {
        return framesSkipped.get();
    }

    /** Waits up to {@code millis} for the capture to end by itself (the X server went away); true if it did. */
    public boolean awaitEnd(long millis) throws InterruptedException {
        return ended.await(millis, TimeUnit.MILLISECONDS);
    }

    private void write(BufferedWriter writer, ObjectNode line) {
        synchronized (writer) {
            try {
                writer.write(line.toString());
                writer.write('\n');
            } catch (IOException e) {
                failed(e);
            }
        }
    }

    /** A write that failed (a full disk, a folder gone) ends the recording: going on would record into nothing. */
    private void failed(IOException e) {
        if (ended.getCount() > 0) {
            problem("could not write " + folder + " (" + e.getMessage() + "): the recording stopped and keeps everything written until then", true);
        }
    }

    /** Every monitor's name, geometry, physical size and scale, into metadata.json. */
    @Override
    public void monitors(List<Monitor> monitors) {
        metadata("monitors", monitors.stream().map(m -> Json.fields("name", m.name(), "primary", m.primary(), "x", m.x(), "y", m.y(),
                "width", m.width(), "height", m.height(), "width_mm", m.widthMm(), "height_mm", m.heightMm(), "scale", m.scale())).toList());
    }

    /** A frame the backend grabbed and sent to the video, with its time on the events' clock: a row of the frame table. */
    @Override
    public void frame(long index, double time) {
        synchronized (this) {
            if (frames == null) {
                try {
                    frames = Files.newBufferedWriter(folder.resolve(FRAMES), StandardCharsets.US_ASCII);
                    frames.write("frame,time_stamp\n");
                } catch (IOException e) {
                    failed(e);
                    return;
                }
                metadata(FRAME_SOURCE, "capture");
            }
        }
        try {
            synchronized (frames) {
                frames.write(String.format(java.util.Locale.ROOT, "%d,%.6f%n", index, time));
            }
            frameCount.incrementAndGet();
            if (fps > 0 && !Double.isNaN(lastFrameTime) && index > 1) {
                long missing = Math.round((time - lastFrameTime) * fps) - 1 - unchangedSlots.getAndSet(0); // slots with no frame
                if (missing > 0) {
                    framesSkipped.addAndGet(missing);
                }
            }
            lastFrameTime = time;
        } catch (IOException e) {
            failed(e);
        }
    }

    @Override
    public void unchanged(long slots) {
        unchangedSlots.addAndGet(slots);
    }

    /** Hands buffered lines to the operating system; a process killed afterwards keeps them. */
    public void flush() {
        BufferedWriter table;
        synchronized (this) {
            table = frames;
        }
        for (BufferedWriter writer : table == null ? new BufferedWriter[] { events, windows, elements } : new BufferedWriter[] { events, windows, elements, table }) {
            synchronized (writer) {
                try {
                    writer.flush();
                } catch (IOException e) {
                    failed(e);
                }
            }
        }
    }

    public Path folder() {
        return folder;
    }

    @Override
    public long events() {
        return eventCount.get();
    }

    @Override
    public long windows() {
        return windowCount.get();
    }

    @Override
    public String lastProblem() {
        return lastProblem;
    }

    /** Where the backend should write the screen video: Matroska, which stays playable if the process dies. */
    public Path video() {
        return folder.resolve(VIDEO);
    }

    /** Notes the video's settings and the offset that puts its wall-clock frame stamps on the events' clock. */
    @Override
    public void videoStarted(int fps, int width, int height) {
        this.fps = fps;
        metadata("fps", fps);
        metadata("screen_width", width);
        metadata("screen_height", height);
        metadata("video", VIDEO);
        metadata("video_wall_minus_monotonic", FrameTable.wallMinusMonotonic());
    }

    /** Spans whose frames are blanked when the recording closes (an excluded window was active). */
    public void redact(List<PrivacyFilter.Span> spans) {
        redactedSpans = List.copyOf(spans);
    }

    /** p50 and p99 of the delay from key, button and wheel events' own times to their arrival, in ms. */
    private Map<String, Double> latency() {
        double[] sorted = java.util.Arrays.stream(latencies, 0, (int) Math.min(eventCount.get(), LATENCY_SAMPLES))
                .filter(v -> v != 0).sorted().toArray();
        Map<String, Double> figures = new LinkedHashMap<>();
        if (sorted.length > 0) {
            figures.put("p50", Math.round(sorted[sorted.length / 2] * 10) / 10.0);
            figures.put("p99", Math.round(sorted[Math.min(sorted.length - 1, (int) (sorted.length * 0.99))] * 10) / 10.0);
            figures.put("events", (double) sorted.length);
        }
        return figures;
    }

    @Override
    public void close() throws IOException {
        double stop = Clock.now();
        try (lock) {
            flusher.shutdownNow();
            metadata("event_latency_ms", latency());
            flush();
            events.close();
            windows.close();
            elements.close();
            synchronized (this) {
                if (frames != null) {
                    frames.close();
                }
            }
            Object offset = metadata.get("video_wall_minus_monotonic");
            if (Files.isRegularFile(video()) && (frames != null || offset instanceof Double)) {
                boolean captured = frames != null;
                double[] times = captured ? FrameTable.read(folder.resolve(FRAMES)) : FrameTable.onEventClock(video(), (Double) offset);
                VideoRedaction.blank(video(), redactedSpans, times);
                metadata("redacted_spans", redactedSpans.stream().map(s -> List.of(s.from(), s.to())).toList());
                metadata("frames", captured ? frameCount.get() : FrameTable.write(video(), (Double) offset));
                if (captured) {
                    metadata("frames_skipped", framesSkipped.get());
                }
            }
            // Last: a recording with a stop time is whole, its excluded windows blanked; one closed halfway is finished later.
            metadata.put("stop_time", stop);
            try {
                writeMetadata();
            } catch (IOException e) {
                throw new IOException("could not finish the recording in " + folder + " (" + e.getMessage() + "); what it holds is kept,"
                        + " and it is finished when space is freed and it is built or a recording starts beside it", e);
            }
        }
    }

}
