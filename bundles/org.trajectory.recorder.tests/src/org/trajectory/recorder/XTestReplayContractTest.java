package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.trajectory.model.action.Action;
import org.trajectory.recorder.kit.CollectingSink;
import org.trajectory.recorder.kit.ReplayBackendContract;
import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.Environments;
import org.trajectory.recorder.replay.ReplayBackend;
import org.trajectory.recorder.replay.ReplayBackends;
import org.trajectory.recorder.replay.ReplaySession;
import org.trajectory.recorder.replay.Setup;

/**
 * The X11 replay backend (XTEST) through the published contract on the test display, and its input as our own
 * recorder reads it back: every character with the key and modifiers the keyboard map gives it, clicks where they
 * were sent.
 */
class XTestReplayContractTest extends ReplayBackendContract {

    @Override
    protected ReplayBackend backend() throws Exception {
        return ReplayBackends.get().find("linux.xtest").orElseThrow().backend();
    }

    @Override
    protected Desktop desktop() throws Exception {
        return Environments.get().choose("desktop").environment().start(new Setup(1, 1, null, List.of(), List.of()), Path.of("."));
    }

    @Test
    void whatItTypesAndClicksIsWhatTheRecorderReads() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (CaptureSession capture = CaptureBackends.get().find("linux.x11").orElseThrow().backend().start(CaptureSettings.inputOnly(), sink);
                Desktop desktop = desktop(); ReplaySession session = backend().open(desktop)) {
            Thread.sleep(300);
            session.moveTo(40, 30);
            session.button(Action.Button.RIGHT, true);
            session.button(Action.Button.RIGHT, false);
            session.type("Hello, World! 3*4=12 (ok) \"q\" ~"); // a character the map lacks goes through a lent keycode, which our recorder does not read back
            session.key("ctrl", true);
            session.key("a", true);
            session.key("a", false);
            session.key("ctrl", false);
            Thread.sleep(400);
        }
        String typed = sink.inputs().stream().filter(e -> e.action().equals("press") && e.character() != null
                && (e.modifiers() == null || !e.modifiers().contains("ctrl"))).map(InputEvent::character).collect(Collectors.joining());
        assertEquals("Hello, World! 3*4=12 (ok) \"q\" ~", typed);
        List<String> clicks = sink.inputs().stream().filter(e -> e.action().equals("click"))
                .map(e -> e.button() + (e.pressed() ? "+" : "-") + "@" + e.x() + "," + e.y()).toList();
        assertEquals(List.of("right+@40,30", "right-@40,30"), clicks);
        assertEquals(1, sink.inputs().stream().filter(e -> e.action().equals("press") && "a".equals(e.name()) && e.modifiers() != null
                && e.modifiers().contains("ctrl")).count(), "ctrl+a arrives as a key with its modifier");
    }
}
