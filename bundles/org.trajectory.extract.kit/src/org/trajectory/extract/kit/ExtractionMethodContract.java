package org.trajectory.extract.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.ExtractionMethod;
import org.trajectory.extract.Video;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ActionPrinter;
import org.trajectory.model.operation.Progress;

/**
 * What every extraction method must do, proven on a real video ({@link ScreenVideo}: a button clicked once) in every
 * container ffmpeg writes here. A plugin author extends this with the method made through its catalogue
 * ({@code ExtractionMethods.get().find("id")}) and the context it needs (a model method: a model answering from a
 * local server, as {@code VlmProviderContract}'s {@code LocalServer} does).
 *
 * @since 0.1
 */
public abstract class ExtractionMethodContract {

    @TempDir
    protected Path folder;

    /** The method under test, made through the catalogue. */
    protected abstract ExtractionMethod method();

    /** The context to call it with; {@code progress} must reach it (cancellation is checked through it). */
    protected abstract ExtractionContext context(Progress progress);

    /** The operations the method should find in {@link ScreenVideo}'s video, in order. */
    protected List<String> expectedOperations() {
        return List.of(ExtractedAction.CLICK);
    }

    private List<ExtractedAction> extract(String container) throws Exception {
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen." + container)));
        return method().extract(video, "Add one to the counter", context(Progress.NONE));
    }

    @Test
    public void findsTheScriptedActionsWellFormed() throws Exception {
        List<ExtractedAction> found = extract("mp4");
        assertEquals(expectedOperations(), found.stream().map(ExtractedAction::operation).toList(), "operations found: " + found);
        double last = 0;
        for (ExtractedAction action : found) {
            assertTrue(action.start() >= last - 1e-9, "actions come in time order: " + found);
            last = action.start();
            assertTrue(action.end() <= ScreenVideo.SECONDS + 0.5, "within the video: " + action);
            for (ExtractedAction.Pixel point : java.util.Arrays.asList(action.at(), action.to())) {
                assertTrue(point == null || point.x() >= 0 && point.x() < ScreenVideo.WIDTH && point.y() >= 0 && point.y() < ScreenVideo.HEIGHT,
                        "points are on the frame: " + action);
            }
            String code = ActionPrinter.print(action.actions(ScreenVideo.WIDTH, ScreenVideo.HEIGHT));
            assertTrue(ActionParser.parse(code).problems().isEmpty(), "its code parses: " + code);
        }
    }

    @Test
    public void readsEveryContainer() throws Exception {
        List<String> mp4 = extract("mp4").stream().map(ExtractedAction::operation).toList();
        for (String container : List.of("mkv", "webm", "mov")) {
            assertEquals(mp4, extract(container).stream().map(ExtractedAction::operation).toList(), "the same actions from " + container);
        }
    }

    @Test
    public void aVideoThatCannotBeDecodedIsAnIOExceptionNamingIt() throws Exception {
        Path broken = folder.resolve("broken.mp4");
        Files.writeString(broken, "not a video");
        IOException e = assertThrows(IOException.class, () -> method().extract(new Video(broken, 640, 400, 4), "task", context(Progress.NONE)));
        assertTrue(String.valueOf(e.getMessage()).contains("broken.mp4"), e.getMessage());
        assertFalse(String.valueOf(e.getMessage()).contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    public void cancellingStopsIt() throws Exception {
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen.mkv")));
        assertThrows(InterruptedException.class, () -> method().extract(video, "task", context(Progress.CANCELLED)));
    }
}
