package org.trajectory.onnx;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.namespace.BundleNamespace;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;
import org.trajectory.model.Folders;
import org.trajectory.model.Home;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

/**
 * ONNX Runtime for every model the workbench runs: its native libraries, unpacked once into the workbench's own cache
 * ({@code ~/.trajectory-workbench/cache/onnxruntime/VERSION/OS-ARCH}) and loaded from there, session options, and the
 * model files of model bundles. Left to itself, ONNX Runtime copies 28 MB of libraries into a new
 * {@code /tmp/onnxruntime-java*} folder on every start (and leaves it behind when killed), and its telemetry library
 * leaves an empty {@code mat-debug-PID.log} in the temporary folder.
 *
 * @since 0.1
 */
public final class OnnxRuntime {

    /** ONNX Runtime's own property: the folder it loads its libraries from instead of unpacking them. */
    private static final String NATIVE_PATH = "onnxruntime.native.path";
    private static final String[] LIBRARIES = { "onnxruntime", "onnxruntime4j_jni" };
    /** The workbench's cache, which the libraries are unpacked into. */
    private static final Path CACHE = Home.folder("cache");

    private static boolean prepared;

    private OnnxRuntime() {
    }

    /**
     * The environment, with the libraries loaded from (and first unpacked into) the workbench's cache; call instead of
     * {@link OrtEnvironment#getEnvironment()}, before any other ONNX Runtime class loads.
     */
    public static synchronized OrtEnvironment environment() throws IOException {
        if (!prepared) {
            if (System.getProperty(NATIVE_PATH) == null) {
                Path folder = unpack(CACHE);
                if (folder != null) {
                    System.setProperty(NATIVE_PATH, folder.toString());
                }
            }
            prepared = true;
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            try {
                environment.setTelemetry(false);
            } catch (ai.onnxruntime.OrtException e) {
                throw new IOException("ONNX Runtime's telemetry could not be turned off: " + e.getMessage(), e);
            }
            removeTelemetryLog();
            removeTelemetryStore();
            return environment;
        }
        return OrtEnvironment.getEnvironment();
    }

    /**
     * Session options for a model asked of inputs each of a size of its own (screen parts, text lines): every graph
     * optimisation, no memory plan kept per size (they only grow the memory held), and {@code threads} threads that
     * sleep rather than spin while they wait (callers read on several threads at once, and spinning threads would take
     * the cores from each other).
     */
    public static OrtSession.SessionOptions sizeVaryingOptions(int threads) throws OrtException {
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
        options.setIntraOpNumThreads(threads);
        options.addConfigEntry("session.intra_op.allow_spinning", "0");
        options.setMemoryPatternOptimization(false);
        return options;
    }

    /**
     * An entry of the model bundle {@code modelBundle} that {@code user}'s bundle requires (a model's file, its vocabulary),
     * or outside OSGi the resource of that name on {@code user}'s class path; an {@link IOException} naming the bundle
     * when it is not installed.
     */
    public static InputStream open(Class<?> user, String modelBundle, String entry) throws IOException {
        Bundle self = FrameworkUtil.getBundle(user);
        BundleWiring wiring = self == null ? null : self.adapt(BundleWiring.class);
        if (wiring != null) {
            // The model bundle is required, so it is wired to the user's whether or not either was started.
            for (BundleWire wire : wiring.getRequiredWires(BundleNamespace.BUNDLE_NAMESPACE)) {
                Bundle bundle = wire.getProvider().getBundle();
                if (bundle.getSymbolicName().equals(modelBundle) && bundle.getEntry(entry) != null) {
                    return bundle.getEntry(entry).openStream();
                }
            }
        }
        InputStream plain = user.getClassLoader().getResourceAsStream(entry);
        if (plain == null) {
            throw new IOException(entry + " is not installed (bundle " + modelBundle + ")");
        }
        return plain;
    }

    /** The cache folder holding this platform's libraries, unpacked now if they are not there; null if the jar has none. */
    private static Path unpack(Path cache) throws IOException {
        String platform = platform();
        Bundle bundle = FrameworkUtil.getBundle(OrtEnvironment.class);
        String version = bundle != null ? bundle.getVersion().toString() : String.valueOf(OrtEnvironment.class.getProtectionDomain()
                .getCodeSource().getLocation().toString().hashCode() & 0x7fffffff);
        Path folder = cache.resolve("onnxruntime").resolve(version).resolve(platform);
        for (String library : LIBRARIES) {
            String name = System.mapLibraryName(library);
            Path file = folder.resolve(name);
            if (Files.isRegularFile(file)) {
                continue;
            }
            try (InputStream in = OrtEnvironment.class.getResourceAsStream("/ai/onnxruntime/native/" + platform + "/" + name)) {
                if (in == null) {
                    return null; // a build without bundled libraries: ONNX Runtime finds them its own way
                }
                Files.createDirectories(folder);
                // whole or not at all: two processes starting at once never load a half-written library
                Folders.writeWhole(file, part -> Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING));
            }
        }
        return folder;
    }

    /** ONNX Runtime's name for this platform's folder of libraries, e.g. {@code linux-x64}. */
    private static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osName = os.contains("win") ? "win" : os.contains("mac") || os.contains("darwin") ? "osx" : "linux";
        String archName = arch.equals("amd64") || arch.equals("x86_64") ? "x64" : arch;
        return osName + "-" + archName;
    }

    /**
     * ONNX Runtime (1.29 on Linux and macOS) writes a device id and a queue of telemetry events under the user's cache
     * as its environment is made, before it can be told not to (ORT_TELEMETRY_DISABLED, which ./workbench sets, stops
     * it only in later versions): telemetry is off from then on, and what it wrote is removed.
     */
    private static void removeTelemetryStore() {
        String cache = System.getenv("XDG_CACHE_HOME");
        String home = System.getenv("HOME");
        Path base = cache != null && !cache.isEmpty() ? Path.of(cache) : home != null && !home.isEmpty() ? Path.of(home, ".cache") : null;
        if (base == null) {
            return;
        }
        Path folder = base.resolve("Microsoft").resolve("DeveloperTools").resolve(".onnxruntime");
        try (java.util.stream.Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                String name = file.getFileName().toString();
                if (name.equals("deviceid") || name.startsWith("onnxruntime.db")) {
                    Files.deleteIfExists(file);
                }
            }
            deleteIfEmpty(folder);
            deleteIfEmpty(folder.getParent());
            deleteIfEmpty(folder.getParent().getParent());
        } catch (IOException e) {
            // nothing written there, or not ours to remove
        }
    }

    private static void deleteIfEmpty(Path folder) throws IOException {
        try (java.util.stream.Stream<Path> entries = Files.list(folder)) {
            if (entries.findAny().isEmpty()) {
                Files.delete(folder);
            }
        }
    }

    /** The telemetry library opens an empty log in the temporary folder when the environment starts; it is not needed. */
    private static void removeTelemetryLog() {
        String temp = System.getenv("TMPDIR") == null ? System.getProperty("java.io.tmpdir") : System.getenv("TMPDIR");
        Path log = Path.of(temp, "mat-debug-" + ProcessHandle.current().pid() + ".log");
        try {
            if (Files.isRegularFile(log) && Files.size(log) == 0) {
                Files.delete(log);
            }
        } catch (IOException e) {
            // left behind: harmless
        }
    }
}
