package org.trajectory.recorder.linux.internal;

import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.ReplayBackend;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplaySession;

/** Replays into an X server through XTEST and grabs its screen with the pointer drawn in, as the recorder's frames show it. */
public final class XTestBackend implements ReplayBackend {

    @Override
    public ReplaySession open(Desktop desktop) throws ReplayException {
        return XTestSession.open(desktop.address());
    }
}
