package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The user's own excluded-window patterns: parsed one a line, checked, and applied beside the built-in ones. */
class ExclusionsTest {

    @Test
    void patternsAreReadOneALineAndChecked() {
        assertEquals(List.of("(?i)vault", "Payroll - .*"), PrivacyFilter.parseExclusions("# mine\n(?i)vault\n\n  Payroll - .*  \n"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PrivacyFilter.parseExclusions("ok\n(unclosed"));
        assertTrue(e.getMessage().startsWith("line 2: '(unclosed' is not a regular expression"), e.getMessage());
    }

    @Test
    void aUserPatternKeepsAWindowPrivate() {
        List<InputEvent> stored = new ArrayList<>();
        CaptureSink sink = new CaptureSink() {
            @Override
            public void input(InputEvent event) {
                stored.add(event);
            }

            @Override
            public void window(WindowEvent event) {
            }

            @Override
            public void problem(String message, boolean fatal) {
            }
        };
        PrivacyFilter filter = new PrivacyFilter(sink, PrivacyFilter.exclusions(PrivacyFilter.parseExclusions("Payroll - .*")));
        filter.window(new WindowEvent(1, "Payroll - March", "libreoffice", 1L, 0, 0, 100, 100));
        filter.input(InputEvent.key(2, true, "a", 97, "a", List.of()));
        assertEquals(PrivacyFilter.REDACTED, stored.get(0).character());
        assertEquals(1, filter.redactedSpans(3).size());
    }
}
