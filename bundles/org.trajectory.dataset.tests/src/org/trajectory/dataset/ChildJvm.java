package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/** Starts a class of this fragment's in a process of its own, with the store's bundles on its class path. */
final class ChildJvm {

    private static final Set<String> BUNDLES = Set.of("org.trajectory.model", "org.trajectory.dataset", "org.trajectory.dataset.tests",
            "com.fasterxml.jackson.core.jackson-core", "com.fasterxml.jackson.core.jackson-databind",
            "com.fasterxml.jackson.core.jackson-annotations", "org.xerial.sqlite-jdbc", "org.postgresql.jdbc");

    private ChildJvm() {
    }

    /** Starts {@code main} with {@code args}; its standard error joins its output. The test server's logins come along (its {@code .pgpass}). */
    static ProcessBuilder of(Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        String passwords = System.getProperty("org.postgresql.pgpassfile");
        if (passwords != null) {
            command.add("-Dorg.postgresql.pgpassfile=" + passwords);
        }
        command.addAll(List.of("--enable-native-access=ALL-UNNAMED", "-cp", classPath(), main.getName())); // SQLite's native library
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true);
    }

    /** The jars and class folders of the store's bundles, read from where OSGi installed them. */
    private static String classPath() {
        Bundle self = FrameworkUtil.getBundle(ChildJvm.class);
        Set<String> entries = new LinkedHashSet<>();
        List<String> found = new ArrayList<>();
        for (Bundle bundle : self.getBundleContext().getBundles()) {
            if (BUNDLES.contains(bundle.getSymbolicName())) {
                found.add(bundle.getSymbolicName());
                File file = installed(bundle.getLocation());
                if (file.isDirectory()) {
                    // A reactor project run from its output folders.
                    for (String output : List.of("target/classes", "target/test-classes")) {
                        entries.add(new File(file, output).getAbsolutePath());
                    }
                } else {
                    entries.add(file.getAbsolutePath());
                }
            }
        }
        assertEquals(BUNDLES.size(), found.size(), "bundles found: " + found);
        return String.join(File.pathSeparator, entries);
    }

    /** Locations look like {@code initial@reference:file:../../x.jar}, relative to the OSGi install area. */
    private static File installed(String location) {
        String path = location.substring(location.indexOf("reference:file:") + "reference:file:".length());
        File file = new File(path);
        if (file.isAbsolute()) {
            return file;
        }
        String area = System.getProperty("osgi.install.area").replaceFirst("^file:", "");
        return new File(area, path).toPath().normalize().toFile();
    }
}
