package org.trajectory.builder.annotate;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** Text in a picture, read by the real Tesseract ({@code apt install tesseract-ocr}) when it is installed. */
public final class Ocr {

    private static volatile Boolean available;

    private Ocr() {
    }

    public static boolean available() {
        if (available == null) {
            try {
                Process process = new ProcessBuilder("tesseract", "--version").redirectErrorStream(true).start();
                process.getInputStream().readAllBytes();
                available = process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
            } catch (IOException e) {
                available = false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return available;
    }

    /** The text Tesseract reads in a part of a screen, enlarged three times first: it reads small screen text far better so. */
    public static String readScreen(java.awt.image.BufferedImage crop) throws IOException, InterruptedException {
        java.awt.image.BufferedImage large = new java.awt.image.BufferedImage(crop.getWidth() * 3, crop.getHeight() * 3,
                java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = large.createGraphics();
        g.setRenderingHint(java.awt.RenderingHints.KEY_INTERPOLATION, java.awt.RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(crop, 0, 0, large.getWidth(), large.getHeight(), null);
        g.dispose();
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(large, "png", png);
        return read(png.toByteArray());
    }

    /** The text Tesseract reads in a PNG (one block of text assumed), whitespace collapsed; empty if none. */
    public static String read(byte[] png) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("tesseract", "stdin", "stdout", "--psm", "6", "-l", "eng").start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(png);
        }
        String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("tesseract took longer than 30 s");
        }
        if (process.exitValue() != 0) {
            throw new IOException("tesseract failed: " + new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        }
        return text.replaceAll("\\s+", " ").strip();
    }
}
