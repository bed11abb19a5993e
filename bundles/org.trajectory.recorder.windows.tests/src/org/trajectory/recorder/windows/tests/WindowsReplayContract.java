package org.trajectory.recorder.windows.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.trajectory.model.action.Action;
import org.trajectory.recorder.CaptureSession;
import org.trajectory.recorder.CaptureSettings;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.kit.CollectingSink;
import org.trajectory.recorder.kit.ReplayBackendContract;
import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.Environment;
import org.trajectory.recorder.replay.ReplayBackend;
import org.trajectory.recorder.replay.ReplaySession;

/**
 * The replay contract, for the Windows backend (SendInput), and its input as the Windows recorder reads it back: in
 * place, and marked injected.
 * Not run by the Linux test runtime (its name is no test's): {@link WindowsRecorderTest} runs it inside the Windows Java
 * runtime under Wine, on a plain class path, where the fragment's classes are loaded by name.
 */
public class WindowsReplayContract extends ReplayBackendContract {

    private static Object make(String name) {
        try {
            return Class.forName("org.trajectory.recorder.windows.internal." + name).getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the Windows fragment is not on the class path", e);
        }
    }

    @Override
    protected ReplayBackend backend() {
        return (ReplayBackend) make("WindowsReplayBackend");
    }

    @Override
    protected Desktop desktop() throws Exception {
        return ((Environment) make("WindowsDesktop")).start(null, null);
    }

    @Test
    public void whatItTypesAndClicksIsWhatTheRecorderReads() throws Exception {
        CollectingSink sink = new CollectingSink();
        try (CaptureSession capture = new WindowsBackendContract().backend().start(CaptureSettings.inputOnly(), sink);
                Desktop desktop = desktop(); ReplaySession session = backend().open(desktop)) {
            Thread.sleep(300);
            session.moveTo(321, 123);
            session.button(Action.Button.LEFT, true);
            session.button(Action.Button.LEFT, false);
            session.type("Hello, World! 3*4=12");
            session.key("enter", true);
            session.key("enter", false);
            for (int i = 0; i < 50 && sink.inputs().stream().noneMatch(e -> e.action().equals("release") && "enter".equals(e.name())); i++) {
                Thread.sleep(100);
            }
        }
        List<InputEvent> clicks = sink.inputs().stream().filter(e -> e.action().equals("click")).toList();
        assertEquals(2, clicks.size(), sink.inputs().toString());
        for (InputEvent click : clicks) { // SendInput's input is a program's: the hooks' flags mark it injected
            assertEquals(List.of(321, 123, true), List.of(click.x(), click.y(), click.injected()), click.toString());
        }
        List<InputEvent> presses = sink.inputs().stream()
                .filter(e -> e.action().equals("press") && e.character() != null && !"enter".equals(e.name())).toList();
        assertEquals("Hello, World! 3*4=12", presses.stream().map(InputEvent::character).collect(Collectors.joining()));
        assertTrue(presses.stream().allMatch(InputEvent::injected), presses.toString());
        assertTrue(sink.inputs().stream().anyMatch(e -> e.action().equals("press") && "enter".equals(e.name())), sink.inputs().toString());
    }
}
