package org.trajectory.recorder;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.Environment;
import org.trajectory.recorder.replay.Setup;

/**
 * A private replay display (Xvfb, openbox, an xterm, each confined) in a process of its own, for a test to kill. Prints
 * "up" once the terminal shows, then waits to be killed. Argument: the work folder.
 */
public final class ReplayDesktopChild {

    private ReplayDesktopChild() {
    }

    public static void main(String[] args) throws Exception {
        // By name: the Linux fragment is a sibling of this test fragment, not on its compile path.
        Environment xvfb = (Environment) Class.forName("org.trajectory.recorder.linux.internal.XvfbEnvironment").getConstructor().newInstance();
        Setup setup = new Setup(640, 400, null, List.of(new Setup.Application(List.of("xterm"), null, Map.of(), "XTerm", null, null, true)),
                List.of());
        try (Desktop desktop = xvfb.start(setup, Path.of(args[0]))) {
            System.out.println("up");
            System.out.flush();
            Thread.sleep(120_000);
        }
    }
}
