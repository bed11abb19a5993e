package org.trajectory.extract.opencv;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.imgproc.Imgproc;

import org.trajectory.model.Folders;
import org.trajectory.model.Home;

/**
 * Loads OpenCV's native library for this platform from the OpenCV bundle, once per process. This class lives in a
 * fragment of that bundle, so it is loaded by the bundle's class loader and {@code System.load} binds the library to
 * the classes that need it (a library loaded from any other bundle would leave {@code org.opencv.*} unlinked). The
 * library is unpacked once into the workbench cache, never into {@code /tmp}.
 */
public final class OpenCvLibrary {

    /** The OpenCV version inside the bundle, as its library is named. */
    public static final String VERSION = "490";
    private static final Path CACHE = Home.folder("cache", "opencv", VERSION);
    private static volatile boolean loaded;

    private OpenCvLibrary() {
    }

    /** A picture as one grey channel (loads the library first); the caller releases it. */
    public static Mat grey(BufferedImage image) throws IOException {
        Mat colour = bgr(image);
        Mat grey = new Mat();
        Imgproc.cvtColor(colour, grey, Imgproc.COLOR_BGR2GRAY);
        colour.release();
        return grey;
    }

    /** A picture as OpenCV's three channels, blue, green, red (loads the library first); the caller releases it. */
    public static Mat bgr(BufferedImage image) throws IOException {
        load();
        BufferedImage bgr = image;
        // a sub-image shares its parent's buffer: copied too
        if (image.getType() != BufferedImage.TYPE_3BYTE_BGR || image.getRaster().getParent() != null
                || ((DataBufferByte) image.getRaster().getDataBuffer()).getData().length != image.getWidth() * image.getHeight() * 3) {
            bgr = new BufferedImage(image.getWidth(), image.getHeight(), BufferedImage.TYPE_3BYTE_BGR);
            Graphics2D g = bgr.createGraphics();
            g.drawImage(image, 0, 0, null);
            g.dispose();
        }
        Mat colour = new Mat(bgr.getHeight(), bgr.getWidth(), CvType.CV_8UC3);
        colour.put(0, 0, ((DataBufferByte) bgr.getRaster().getDataBuffer()).getData());
        return colour;
    }

    public static synchronized void load() throws IOException {
        if (loaded) {
            return;
        }
        String entry = entry();
        Path target = CACHE.resolve(platform()).resolve(entry.substring(entry.lastIndexOf('/') + 1));
        if (!Files.isRegularFile(target)) {
            try (InputStream in = OpenCvLibrary.class.getClassLoader().getResourceAsStream(entry)) {
                if (in == null) {
                    throw new IOException("OpenCV has no native library for " + platform() + " (" + entry + ")");
                }
                Files.createDirectories(target.getParent());
                // whole or not at all: two processes starting at once never load a half-written library
                Folders.writeWhole(target, partial -> Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING));
            }
        }
        try {
            System.load(target.toString());
        } catch (UnsatisfiedLinkError e) {
            throw new IOException("OpenCV's native library " + target + " could not be loaded: " + e.getMessage(), e);
        }
        loaded = true;
    }

    private static String platform() {
        return System.getProperty("os.name").toLowerCase(Locale.ROOT).replaceAll("\\s+", "") + "-" + System.getProperty("os.arch");
    }

    /** Where the OpenCV bundle keeps the library for this platform. */
    private static String entry() throws IOException {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        boolean x64 = arch.equals("amd64") || arch.equals("x86_64");
        boolean arm64 = arch.equals("aarch64") || arch.equals("arm64");
        if (os.contains("linux") && x64) {
            return "nu/pattern/opencv/linux/x86_64/libopencv_java" + VERSION + ".so";
        }
        if (os.contains("linux") && arm64) {
            return "nu/pattern/opencv/linux/ARMv8/libopencv_java" + VERSION + ".so";
        }
        if (os.contains("win") && x64) {
            return "nu/pattern/opencv/windows/x86_64/opencv_java" + VERSION + ".dll";
        }
        if (os.contains("mac") && arm64) {
            return "nu/pattern/opencv/osx/ARMv8/libopencv_java" + VERSION + ".dylib";
        }
        if (os.contains("mac") && x64) {
            return "nu/pattern/opencv/osx/x86_64/libopencv_java" + VERSION + ".dylib";
        }
        throw new IOException("OpenCV brings no native library for " + os + " on " + arch);
    }
}
