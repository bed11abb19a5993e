package org.trajectory.recorder;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.trajectory.model.Json;
import org.trajectory.recorder.internal.WritingLock;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A recording folder as every part of the workbench sees it: the names of its files (a superset of AgentNetTool's and
 * DuckTrack's layout, see docs/recording.md), the one checked way to read them (never through a link out of the folder,
 * never quoting their content in an error) and where a folder stands (being written, killed, finished). The recorder
 * writes it ({@code RecordingWriter}); everything else reads it through here.
 */
public final class RecordingFolder {

    /** Input events, one JSON line each, on the recording's monotonic clock. */
    public static final String EVENTS = "events.jsonl";
    /** The window in front, one JSON line per change. */
    public static final String WINDOWS = "top_window.jsonl";
    /** The accessibility elements actions met (AgentNetTool's file name; our fields, see {@link ElementEvent}). */
    public static final String ELEMENTS = "element.jsonl";
    /** The recording's metadata: clock offsets, screen, monitors, recorder, no machine identifier. */
    public static final String METADATA = "metadata.json";
    /** The task: {@code {"task_name": ...}}. */
    public static final String TASK = "task_name.json";
    /** The screen video: Matroska, playable even when the recorder was killed. */
    public static final String VIDEO = "video.mkv";
    /** The video's frame times ({@link FrameTable}). */
    public static final String FRAMES = "frames.csv";
    /** Metadata "recorder": a recording this product wrote. */
    public static final String RECORDER = "Trajectory Workbench";
    /** Metadata: "capture" when the backend wrote the frame table as it grabbed (MIT-SHM), absent when read from the video. */
    public static final String FRAME_SOURCE = "frame_source";

    private RecordingFolder() {
    }

    /** Where a recording folder stands; the Recorder view shows the names in lower case. */
    public enum State {
        /** A recorder, in this process or another, is writing it now. */
        RECORDING,
        /** Ours, without a stop time and nobody writing it: its recorder was killed; {@link RecordingRecovery} finishes it. */
        INTERRUPTED,
        /** Closed with its stop time, or a peer recorder's (never changed by us); also a folder without metadata. */
        FINISHED
    }

    public static State state(Path folder) throws IOException {
        if (WritingLock.isHeld(folder)) {
            return State.RECORDING;
        }
        Path metadataFile = folder.resolve(METADATA);
        if (!Files.isRegularFile(metadataFile)) {
            return State.FINISHED;
        }
        JsonNode metadata = readJson(metadataFile);
        return !metadata.has("stop_time") && RECORDER.equals(metadata.path("recorder").asText()) ? State.INTERRUPTED : State.FINISHED;
    }

    /** The folder's screen video: {@link #VIDEO}, or a video of another container a peer wrote under that name. */
    public static Path video(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().matches("video\\.(mkv|mp4|webm|mov|avi)")).sorted().findFirst()
                    .orElse(folder.resolve(VIDEO));
        }
    }

    /** The task the folder's {@link #TASK} states, or null when it has none. */
    public static String task(Path folder) throws IOException {
        Path file = folder.resolve(TASK);
        return Files.isRegularFile(file) ? readJson(file).path("task_name").asText(null) : null;
    }

    /** A JSON file of the recording's own (no link out of its folder), its content never quoted in an error. */
    public static JsonNode readJson(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "not a recording (no " + file.getFileName() + ")");
        }
        ownFile(file);
        try {
            return Json.MAPPER.readTree(Files.readString(file));
        } catch (JsonProcessingException e) { // its message quotes the content: not repeated
            throw new IOException(file + " is not JSON (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        }
    }

    /**
     * Refuses a file that is a symbolic link, or reached through one, out of the recording's folder: a recording is
     * read from its own files only, as import reads only the images under its folder.
     */
    public static void ownFile(Path file) throws IOException {
        Path folder = file.toAbsolutePath().getParent().toRealPath();
        Path real;
        try {
            real = file.toRealPath();
        } catch (FileSystemException e) {
            throw unreadable(file, e);
        }
        if (!real.startsWith(folder)) {
            throw new IOException(file + " is a link to a file outside the recording; the workbench reads only the recording's own files"
                    + " (copy the file into the folder instead)");
        }
    }

    /** A file the file system would not give, said in words (a loop of links is the common one). */
    public static IOException unreadable(Path file, FileSystemException e) {
        String reason = e.getReason() == null ? e.getClass().getSimpleName()
                : e.getReason().startsWith("Too many levels of symbolic links") ? "it is a loop of symbolic links" : e.getReason();
        return new IOException(file + " cannot be read: " + reason);
    }
}
