package org.trajectory.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A workbench ended by SIGTERM or by kill -9 in the middle of a replay leaves no X server, window manager or
 * application running: each is ended with its parent.
 */
class ReplayLeftoversTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(booleans = { false, true })
    void aReplayEndedByAnySignalLeavesNothingRunning(boolean killed) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/bwrap")) && Files.isExecutable(Path.of("/usr/bin/xterm")),
                "bubblewrap and xterm are installed");
        Path log = temp.resolve("child.log");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", RecorderProcessTest.classPath(),
                ReplayDesktopChild.class.getName(), temp.resolve("work").toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        long deadline = System.currentTimeMillis() + 40_000;
        while (!Files.readString(log).contains("up") && System.currentTimeMillis() < deadline) {
            assertTrue(child.isAlive(), "the replay display starts: " + Files.readString(log));
            Thread.sleep(50);
        }
        List<ProcessHandle> started = child.descendants().toList();
        List<String> names = started.stream().map(p -> p.info().command().orElse("?")).toList();
        assertTrue(names.stream().anyMatch(n -> n.endsWith("Xvfb")) && names.stream().anyMatch(n -> n.endsWith("xterm")), names.toString());
        if (killed) {
            child.destroyForcibly();
        } else {
            child.destroy();
        }
        assertTrue(child.waitFor(20, TimeUnit.SECONDS));
        for (int i = 0; i < 200 && started.stream().anyMatch(ProcessHandle::isAlive); i++) {
            Thread.sleep(50);
        }
        assertEquals(List.of(), started.stream().filter(ProcessHandle::isAlive).map(p -> p.pid() + " " + p.info().command().orElse("?")).toList(),
                "left running after " + (killed ? "kill -9" : "SIGTERM"));
    }
}
