package org.trajectory.dataset;

import java.nio.file.Files;
import java.nio.file.Path;

/** Files under the test fragment's testdata/ folder; Tycho runs tests with the fragment's folder as working directory. */
final class TestData {

    private TestData() {
    }

    static Path path(String name) {
        Path path = Path.of("testdata", name).toAbsolutePath();
        if (!Files.exists(path)) {
            throw new IllegalStateException("no test data " + path);
        }
        return path;
    }
}
