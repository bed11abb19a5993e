package org.trajectory.recorder.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Point;
import java.awt.image.BufferedImage;

import org.junit.jupiter.api.Test;
import org.trajectory.model.action.Action;
import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.ReplayBackend;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplaySession;

/**
 * What every replay backend must do; a backend's test class extends this, says how to make the backend and gives a
 * desktop of its system to drive. Published in this bundle so that a backend in a plugin of its own is proven the
 * way ours is: require {@code org.trajectory.recorder.kit} in its test bundle.
 *
 * @since 0.1
 */
public abstract class ReplayBackendContract {

    protected abstract ReplayBackend backend() throws Exception;

    /** A desktop of the backend's system for the test, closed by it. */
    protected abstract Desktop desktop() throws Exception;

    @Test
    public void grabsTheWholeScreenItReports() throws Exception {
        try (Desktop desktop = desktop(); ReplaySession session = backend().open(desktop)) {
            assertTrue(session.width() > 0 && session.height() > 0);
            BufferedImage screen = session.grab();
            assertEquals(session.width(), screen.getWidth());
            assertEquals(session.height(), screen.getHeight());
        }
    }

    @Test
    public void movesThePointerWhereItIsTold() throws Exception {
        try (Desktop desktop = desktop(); ReplaySession session = backend().open(desktop)) {
            Point target = new Point(session.width() / 3, session.height() / 4);
            session.moveTo(target.x, target.y);
            assertEquals(target, pointerSettledAt(session, target));
            session.moveTo(-50, session.height() + 50); // off the screen: kept on it
            Point corner = new Point(0, session.height() - 1);
            assertEquals(corner, pointerSettledAt(session, corner));
        }
    }

    @Test
    public void aKeyItCannotTypeFailsNamingIt() throws Exception {
        try (Desktop desktop = desktop(); ReplaySession session = backend().open(desktop)) {
            ReplayException failure = assertThrows(ReplayException.class, () -> session.key("no-such-key", true));
            assertTrue(failure.getMessage().contains("'no-such-key'"), failure.getMessage());
        }
    }

    @Test
    public void buttonsAndKeysHeldAreReleasedOnClose() throws Exception {
        try (Desktop desktop = desktop()) {
            try (ReplaySession session = backend().open(desktop)) {
                session.moveTo(5, 5);
                session.button(Action.Button.LEFT, true);
                session.key("shift", true);
            }
            try (ReplaySession again = backend().open(desktop)) { // a held button would make this drag, not move
                again.moveTo(20, 20);
                assertEquals(new Point(20, 20), pointerSettledAt(again, new Point(20, 20)));
            }
        }
    }

    /** Where the pointer is once it reached {@code expected}, or after 2 s: a busy desktop may take a moment to move it. */
    private static Point pointerSettledAt(ReplaySession session, Point expected) throws Exception {
        Point at = session.pointer();
        for (int i = 0; i < 40 && !at.equals(expected); i++) {
            Thread.sleep(50);
            at = session.pointer();
        }
        return at;
    }

    /** A backend that cannot reach its desktop says so rather than replaying nothing. */
    @Test
    public void aDesktopItCannotReachIsRefusedWithWhy() throws Exception {
        Desktop nowhere = new Desktop() {
            @Override
            public String system() {
                return "x11";
            }

            @Override
            public String address() {
                return ":987";
            }

            @Override
            public boolean shared() {
                return false;
            }

            @Override
            public void close() {
            }
        };
        ReplayException failure = assertThrows(ReplayException.class, () -> backend().open(nowhere).close());
        assertTrue(!failure.getMessage().isBlank());
    }
}
