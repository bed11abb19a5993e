package org.trajectory.model;

import java.nio.file.Path;

/**
 * The workbench's own folder in the user's home, {@code ~/.trajectory-workbench}: caches (ONNX Runtime's and OpenCV's
 * libraries, model replies), prompts and pointer images a user adds, secure storage, replays. Named here only.
 *
 * @since 0.1
 */
public final class Home {

    private Home() {
    }

    /** {@code ~/.trajectory-workbench}, or a path in it. */
    public static Path folder(String... parts) {
        return Path.of(System.getProperty("user.home"), ".trajectory-workbench").resolve(Path.of("", parts));
    }
}
