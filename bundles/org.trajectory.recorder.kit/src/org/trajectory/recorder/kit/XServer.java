package org.trajectory.recorder.kit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * An X server for a test (Xvfb, Xephyr) on a display it picks itself: started with {@code -displayfd}, it writes the
 * number it took once it accepts clients. Picking a number beforehand raced with servers still shutting down and with
 * other builds, and a socket file appearing did not yet mean the server answered. It never resets: an X server left by
 * its last client starts over and refuses clients meanwhile, and a test's clients come and go (seen under load: the
 * recorder could not connect to a Xephyr that xdpyinfo had just left).
 *
 * @since 0.1
 */
public final class XServer implements AutoCloseable {

    private final Process process;
    private final String display;

    private XServer(Process process, String display) {
        this.process = process;
        this.display = display;
    }

    /**
     * Starts {@code command} (the server and its options, without a display) with {@code -displayfd 1 -noreset}; its
     * messages go to {@code log}. Returns once it accepts clients, or throws with what it said.
     */
    public static XServer start(Path log, String... command) throws IOException {
        List<String> arguments = new ArrayList<>(List.of(command));
        arguments.addAll(1, List.of("-displayfd", "1", "-noreset"));
        Process process = new ProcessBuilder(arguments).redirectError(log.toFile()).start();
        String number = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII)).readLine();
        if (number == null || !number.strip().matches("\\d+")) {
            process.destroyForcibly();
            throw new IOException(command[0] + " did not start: " + java.nio.file.Files.readString(log));
        }
        return new XServer(process, ":" + number.strip());
    }

    /** The server's display name, {@code :N}. */
    public String display() {
        return display;
    }

    public Process process() {
        return process;
    }

    /** Asks the server to end, so that it removes its socket and lock, and waits for it. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
