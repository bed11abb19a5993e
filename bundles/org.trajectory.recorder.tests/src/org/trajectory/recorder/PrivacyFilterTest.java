package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.trajectory.recorder.kit.CollectingSink;

class PrivacyFilterTest {

    private final CollectingSink sink = new CollectingSink();
    private final PrivacyFilter filter = new PrivacyFilter(sink, PrivacyFilter.DEFAULT_EXCLUSIONS);

    private void type(double time, String text, List<String> modifiers) {
        for (char c : text.toCharArray()) {
            filter.input(InputEvent.key(time, true, String.valueOf(c), c, String.valueOf(c), modifiers));
            filter.input(InputEvent.key(time, false, String.valueOf(c), c, String.valueOf(c), modifiers));
        }
    }

    private String typed() {
        return sink.inputs().stream().filter(e -> e.action().equals("press")).map(e -> e.character() == null ? "[" + e.name() + "]"
                : e.character()).collect(Collectors.joining());
    }

    @Test
    void noCharactersAreStoredWhileAPasswordPromptIsActive() {
        filter.window(new WindowEvent(1, "Terminal", "XTerm", 1L, 0, 0, 10, 10));
        type(2, "ls", List.of());
        filter.window(new WindowEvent(3, "Enter Password - KeePassXC", "KeePassXC", 2L, 0, 0, 10, 10));
        type(4, "hunter2", List.of());
        filter.window(new WindowEvent(5, "Terminal", "XTerm", 1L, 0, 0, 10, 10));
        type(6, "pwd", List.of());
        assertEquals("ls" + "<redacted>".repeat(7) + "pwd", typed());
        assertEquals("<redacted>", sink.windows().get(1).title(), "the prompt's title is not kept either");
        assertEquals(List.of(new PrivacyFilter.Span(3, 5)), filter.redactedSpans(10));
    }

    /**
     * A password prompt comes forward and the person types at once: the keys reach the filter before the desktop's word
     * that the prompt is in front (another thread brings it). They are judged by the window they went to.
     */
    @Test
    void keysTypedTheMomentAPromptComesForwardAreRedactedThoughTheyArriveBeforeTheWindow() {
        filter.window(new WindowEvent(1, "Terminal", "XTerm", 1L, 0, 0, 10, 10));
        filter.windowsHeard(1.5);
        type(1.6, "ls", List.of());
        filter.windowsHeard(1.7);
        type(2.01, "hunter2", List.of());
        assertEquals("ls", typed(), "nothing typed after the window stream was heard is judged yet");
        filter.window(new WindowEvent(2, "Enter password", "Pinentry", 2L, 0, 0, 10, 10));
        filter.windowsHeard(2.1);
        assertEquals("ls" + "<redacted>".repeat(7), typed());
        type(2.2, "x", List.of());
        filter.window(new WindowEvent(2.3, "Terminal", "XTerm", 1L, 0, 0, 10, 10));
        assertEquals("ls" + "<redacted>".repeat(8), typed(), "a key before the prompt went away was the prompt's");
        type(2.5, "pwd", List.of());
        filter.finish();
        assertEquals("ls" + "<redacted>".repeat(8) + "pwd", typed(), "at the end, what is known judges what waits");
        assertEquals(List.of(new PrivacyFilter.Span(2, 2.3)), filter.redactedSpans(10));
    }

    /** A window stream gone silent (its thread stalled) holds nothing back for ever: a few seconds on, what is known judges. */
    @Test
    void inputIsNotHeldForEverWhenTheWindowStreamFallsSilent() {
        filter.window(new WindowEvent(1, "Terminal", "XTerm", 1L, 0, 0, 10, 10));
        filter.windowsHeard(1);
        type(2, "a", List.of());
        filter.frame(0, 3);
        assertEquals("", typed());
        filter.frame(1, 7.5);
        assertEquals("a", typed());
    }

    @Test
    void thePreviewIsBlackWhileAPrivateWindowIsInFrontOrRecordingIsPaused() {
        byte[] white = new byte[4 * 640 * 400];
        java.util.Arrays.fill(white, (byte) 255);
        Preview screen = Preview.ofBgra(java.nio.ByteBuffer.wrap(white), 640, 400, 640 * 4);
        assertEquals(Preview.WIDTH, screen.width());
        assertEquals(200, screen.height(), "the screen's proportions");
        filter.window(new WindowEvent(1, "Terminal", "XTerm", 1L, 0, 0, 10, 10));
        filter.preview(screen);
        filter.window(new WindowEvent(2, "Vault - KeePassXC", "KeePassXC", 2L, 0, 0, 10, 10));
        filter.preview(screen);
        filter.window(new WindowEvent(3, "Terminal", "XTerm", 1L, 0, 0, 10, 10));
        filter.preview(screen);
        filter.input(InputEvent.key(4, true, "p", 'p', "p", List.of("ctrl", "alt"))); // the pause hotkey
        filter.preview(screen);
        assertEquals(List.of(255, 0, 255, 0), sink.previews.stream().map(p -> p.rgb()[p.rgb().length / 2] & 0xff).toList());
    }

    private static ElementEvent element(double time, String cause, String role, String name) {
        return new ElementEvent(time, cause, null, null, role, name, "a hint", List.of("focused"), 0, 0, 10, 10, "app", List.of("frame", role));
    }

    @Test
    void aPasswordFieldWithTheFocusKeepsNoWordsAndNoCharactersAndAnExcludedWindowsElementsNone() {
        filter.window(new WindowEvent(1, "Sign in", "Browser", 1L, 0, 0, 10, 10));
        filter.element(element(2, ElementEvent.FOCUS, "text", "User"));
        type(3, "ada", List.of());
        filter.element(element(4, ElementEvent.FOCUS, ElementEvent.PASSWORD_ROLE, "Password"));
        type(5, "hunter2", List.of());
        filter.element(element(6, ElementEvent.FOCUS, "push button", "Sign in"));
        type(7, "x", List.of());
        assertEquals("ada" + "<redacted>".repeat(7) + "x", typed());
        assertEquals("User", sink.elements.get(0).name());
        assertEquals(null, sink.elements.get(1).name(), "the password field keeps its role, not its words");
        assertEquals(null, sink.elements.get(1).description());

        filter.window(new WindowEvent(8, "Vault - KeePassXC", "KeePassXC", 2L, 0, 0, 10, 10));
        filter.element(element(9, ElementEvent.PRESS, "push button", "Copy password of bank"));
        assertEquals(null, sink.elements.get(3).name(), "an excluded window's elements keep no words");
    }

    @Test
    void theHotkeyPausesAndResumesAndIsNotRecorded() {
        type(1, "a", List.of());
        hotkey(2);
        type(3, "secret", List.of());
        hotkey(4);
        type(5, "b", List.of());
        assertEquals("ab", typed());
        assertTrue(sink.inputs().stream().noneMatch(e -> "p".equals(e.name()) || "ctrl_l".equals(e.name())),
                "neither the P nor its modifiers were recorded: " + sink.inputs());
    }

    @Test
    void ordinaryChordsAndLoneModifiersStillGoThroughInOrder() {
        filter.input(InputEvent.key(1, true, "ctrl_l", 0xffe3, null, List.of()));
        filter.input(InputEvent.key(1.1, true, "s", 's', "s", List.of("ctrl")));
        filter.input(InputEvent.key(1.2, false, "s", 's', "s", List.of("ctrl")));
        filter.input(InputEvent.key(1.3, false, "ctrl_l", 0xffe3, null, List.of("ctrl")));
        filter.input(InputEvent.key(2, true, "shift", 0xffe1, null, List.of()));
        filter.input(InputEvent.key(2.1, false, "shift", 0xffe1, null, List.of("shift")));
        assertEquals(List.of("press ctrl_l", "press s", "release s", "release ctrl_l", "press shift", "release shift"),
                sink.inputs().stream().map(e -> e.action() + " " + e.name()).toList());
    }

    /**
     * The workbench's own window is excluded, and nothing done in it is recorded: not the press on Stop, which comes a
     * moment before the desktop says the window is in front, nor its release or keys; a click from it into another
     * window is that window's.
     */
    @Test
    void theWorkbenchsOwnWindowsAreLeftOutWithThePressThatBroughtThemToTheFront() {
        PrivacyFilter ours = new PrivacyFilter(sink, List.of(), 99);
        ours.window(new WindowEvent(0.5, "Trajectory Workbench", "SWT", 99L, 900, 0, 700, 1000)); // Start was clicked there
        ours.window(new WindowEvent(1, "Terminal", "XTerm", 1L, 0, 0, 800, 600));
        ours.input(InputEvent.click(2, 100, 100, "left", true, List.of()));
        ours.input(InputEvent.click(2.1, 100, 100, "left", false, List.of()));
        ours.input(InputEvent.click(3, 1000, 500, "left", true, List.of()));
        ours.element(new ElementEvent(3.001, ElementEvent.PRESS, 1000, 500, "push button", "Stop", null, List.of(), 980, 490, 40, 20,
                "java", List.of()));
        ours.window(new WindowEvent(3.01, "Trajectory Workbench", "SWT", 99L, 900, 0, 700, 1000));
        ours.input(InputEvent.click(3.1, 1000, 500, "left", false, List.of()));
        ours.input(InputEvent.key(3.2, true, "a", 'a', "a", List.of()));
        ours.input(InputEvent.key(3.3, false, "a", 'a', "a", List.of()));
        ours.input(InputEvent.click(4, 100, 100, "left", true, List.of()));
        ours.window(new WindowEvent(4.01, "Terminal", "XTerm", 1L, 0, 0, 800, 600));
        ours.input(InputEvent.click(4.1, 100, 100, "left", false, List.of()));
        ours.input(InputEvent.click(5, 1000, 500, "left", true, List.of()));
        ours.window(new WindowEvent(5.01, "Trajectory Workbench", "SWT", 99L, 900, 0, 700, 1000));
        assertEquals(List.of("2.0 true", "2.1 false", "4.0 true", "4.1 false"), sink.inputs().stream().map(e -> e.time() + " " + e.pressed())
                .toList(), "the terminal's clicks only");
        assertEquals(PrivacyFilter.REDACTED, sink.windows().get(2).title(), "the workbench's own window is excluded");
        assertTrue(sink.elements.isEmpty(), "nor the button it pressed: " + sink.elements);
        assertEquals(List.of(new PrivacyFilter.Span(0.5, 1), new PrivacyFilter.Span(3.01, 4.01), new PrivacyFilter.Span(5.01, 10)),
                ours.redactedSpans(10),
                "its frames are blanked, and the recording stopped from it ends in it");
    }

    /**
     * The person brings another window over the workbench from the keyboard and clicks in it at once; on a busy machine
     * the desktop's word that the other window is in front reaches the filter after the pointer's move and click.
     */
    @Test
    void inputInAnotherWindowIsKeptWhenTheDesktopSaysLateThatItCameForward() {
        PrivacyFilter ours = new PrivacyFilter(sink, List.of(), 99);
        ours.window(new WindowEvent(0.5, "Trajectory Workbench", "SWT", 99L, 0, 0, 1600, 1000));
        ours.input(InputEvent.move(1, 300, 200));
        ours.input(InputEvent.move(2, 1100, 200));
        ours.input(InputEvent.click(2.01, 1100, 200, "left", true, List.of()));
        ours.input(InputEvent.click(2.02, 1100, 200, "left", false, List.of()));
        ours.window(new WindowEvent(1.9, "Terminal", "XTerm", 1L, 900, 100, 500, 300));
        ours.input(InputEvent.move(3, 1200, 200));
        assertEquals(List.of("2.0 move", "2.01 click", "2.02 click", "3.0 move"), sink.inputs().stream().map(e -> e.time() + " " + e.action())
                .toList(), "the workbench's own move is left out, the terminal's input kept");
        ours.window(new WindowEvent(4, "Trajectory Workbench", "SWT", 99L, 0, 0, 1600, 1000));
        ours.input(InputEvent.move(5, 300, 200));
        ours.input(InputEvent.key(5.1, true, "ctrl_l", 0xffe3, null, List.of()));
        ours.input(InputEvent.key(5.1, true, "alt_l", 0xffe9, null, List.of("ctrl")));
        ours.input(InputEvent.key(5.2, true, "s", 's', "s", List.of("ctrl", "alt")));
        assertTrue(ours.stopAsked(), "the stop hotkey is heard at once, not after the pointer's next move");
    }

    private void hotkey(double time) {
        filter.input(InputEvent.key(time, true, "ctrl_l", 0xffe3, null, List.of()));
        filter.input(InputEvent.key(time, true, "alt_l", 0xffe9, null, List.of("ctrl")));
        filter.input(InputEvent.key(time, true, "p", 'p', "p", List.of("ctrl", "alt")));
        filter.input(InputEvent.key(time, false, "p", 'p', "p", List.of("ctrl", "alt")));
        filter.input(InputEvent.key(time, false, "alt_l", 0xffe9, null, List.of("ctrl", "alt")));
        filter.input(InputEvent.key(time, false, "ctrl_l", 0xffe3, null, List.of("ctrl")));
    }
}
