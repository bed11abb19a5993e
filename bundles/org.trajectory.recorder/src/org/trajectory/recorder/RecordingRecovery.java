package org.trajectory.recorder;

import static org.trajectory.recorder.RecordingFolder.EVENTS;
import static org.trajectory.recorder.RecordingFolder.FRAMES;
import static org.trajectory.recorder.RecordingFolder.FRAME_SOURCE;
import static org.trajectory.recorder.RecordingFolder.METADATA;
import static org.trajectory.recorder.RecordingFolder.VIDEO;
import static org.trajectory.recorder.RecordingFolder.WINDOWS;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.trajectory.model.Folders;
import org.trajectory.model.Json;
import org.trajectory.recorder.internal.VideoRedaction;
import org.trajectory.recorder.internal.WritingLock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Crash recovery: a recording whose recorder was killed (SIGKILL, a power cut) is finished from what it left, so it
 * builds like any other. The builder runs it before building, and a new recording first finishes the killed ones
 * beside it ({@link RecordOperation#finishInterrupted(Path)}).
 */
public final class RecordingRecovery {

    private RecordingRecovery() {
    }

    /**
     * Finishes a recording whose recorder was killed: metadata without a stop time gets the time of its last event and
     * the frame table is rebuilt from the video. Returns false when the folder was already finished, is still being
     * written, or is not ours (a peer recorder's folder is never changed).
     */
    public static boolean finishInterrupted(Path folder) throws IOException {
        if (RecordingFolder.state(folder) != RecordingFolder.State.INTERRUPTED) {
            return false;
        }
        Path metadataFile = folder.resolve(METADATA);
        ObjectNode metadata = (ObjectNode) RecordingFolder.readJson(metadataFile);
        double last = metadata.path("start_time").asDouble();
        Path events = folder.resolve(EVENTS);
        if (Files.isRegularFile(events)) {
            RecordingFolder.ownFile(events);
            for (String line : Files.readAllLines(events)) {
                try {
                    last = Math.max(last, Json.MAPPER.readTree(line).path("time_stamp").asDouble());
                } catch (IOException torn) {
                    // the last line may be cut short by the kill: the lines before it stand
                }
            }
        }
        boolean captured = metadata.path(FRAME_SOURCE).asText().equals("capture") && Files.isRegularFile(folder.resolve(FRAMES));
        if ((captured || metadata.has("video_wall_minus_monotonic")) && Files.isRegularFile(folder.resolve(VIDEO))) {
            double offset = metadata.path("video_wall_minus_monotonic").asDouble();
            double[] times = captured ? FrameTable.read(folder.resolve(FRAMES)) : FrameTable.onEventClock(folder.resolve(VIDEO), offset);
            // The window stream marks the excluded windows: their frames are blanked now, as the close would have. One
            // still in front when the recorder died stays so to the video's end (ffmpeg outlives it by a moment).
            double videoEnd = times.length == 0 ? last : times[times.length - 1];
            List<PrivacyFilter.Span> spans = redactedSpans(folder.resolve(WINDOWS), Math.max(last, videoEnd));
            VideoRedaction.blank(folder.resolve(VIDEO), spans, times);
            metadata.putPOJO("redacted_spans", spans.stream().map(span -> List.of(span.from(), span.to())).toList());
            metadata.put("frames", captured ? times.length : FrameTable.write(folder.resolve(VIDEO), offset));
        }
        metadata.put("stop_time", last);
        metadata.put("interrupted", true);
        String whole = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(metadata);
        Folders.writeWhole(metadataFile, partial -> Files.writeString(partial, whole));
        WritingLock.removeStale(folder);
        return true;
    }

    /** The spans in which the window stream shows a redacted (excluded) window, the last one closed at {@code until}. */
    private static List<PrivacyFilter.Span> redactedSpans(Path windows, double until) throws IOException {
        List<PrivacyFilter.Span> spans = new ArrayList<>();
        if (!Files.isRegularFile(windows)) {
            return spans;
        }
        Double since = null;
        for (String line : Files.readAllLines(windows)) {
            JsonNode window;
            try {
                window = Json.MAPPER.readTree(line);
            } catch (IOException torn) {
                continue;
            }
            boolean redacted = PrivacyFilter.REDACTED.equals(window.path("top_window_name").asText());
            double time = window.path("time_stamp").asDouble();
            if (redacted && since == null) {
                since = time;
            } else if (!redacted && since != null) {
                spans.add(new PrivacyFilter.Span(since, time));
                since = null;
            }
        }
        if (since != null) {
            spans.add(new PrivacyFilter.Span(since, Math.max(since, until)));
        }
        return spans;
    }
}
