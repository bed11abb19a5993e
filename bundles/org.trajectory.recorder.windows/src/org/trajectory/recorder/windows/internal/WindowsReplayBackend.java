package org.trajectory.recorder.windows.internal;

import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.ReplayBackend;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplaySession;

/** Replays into the Windows desktop this product runs on, through SendInput, and grabs it with GDI. */
public final class WindowsReplayBackend implements ReplayBackend {

    @Override
    public ReplaySession open(Desktop desktop) throws ReplayException {
        if (!desktop.address().isEmpty()) {
            throw new ReplayException("The Windows replay backend drives only the desktop it runs on, not '" + desktop.address() + "'.");
        }
        return new WindowsReplaySession();
    }
}
