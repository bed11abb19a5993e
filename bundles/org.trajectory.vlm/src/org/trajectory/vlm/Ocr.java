package org.trajectory.vlm;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

/**
 * Text in a picture, read by the real Tesseract ({@code apt install tesseract-ocr}) when it is installed.
 *
 * @since 0.1
 */
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

    /**
     * The text Tesseract reads in each part of a screen, one block of text assumed, whitespace collapsed, empty where it
     * reads none. Each crop is enlarged three times first: Tesseract reads small screen text far better so. The crops are
     * shared among one Tesseract process per core, each reading its share from a list of files: starting Tesseract and
     * loading its language costs more than reading a crop, and its own threads only slow small pictures down.
     */
    public static List<String> readScreens(List<BufferedImage> crops) throws IOException, InterruptedException {
        return read(crops, false);
    }

    /** Tesseract's confidence (0-100) below which a word is taken for a guess at shapes that are no text. */
    static final double WORD_CONFIDENCE = 70;

    /**
     * Only the words in each part of a screen: what Tesseract read with a confidence of at least
     * {@value #WORD_CONFIDENCE} that has two letters or a digit, in reading order; empty where there is none. Borders,
     * icons and pointer shapes read as text ("a. ee") are left out, so a sentence never quotes them.
     */
    public static List<String> readWords(List<BufferedImage> crops) throws IOException, InterruptedException {
        return read(crops, true);
    }

    /** A word Tesseract read, its box in the picture's own pixels, its confidence (0-100) and its line (a number within its picture). */
    public record Word(String text, int x, int y, int width, int height, double confidence, int line) {
    }

    /**
     * Every word Tesseract reads in each picture, with its box, enlarged {@code scale} times first, read as {@code psm}
     * (Tesseract's page segmentation mode: 3 for a whole screen, 7 for one line) and boxes given back in the picture's
     * pixels. Pictures are shared among processes as {@link #readScreens} does.
     */
    public static List<List<Word>> readBoxes(List<BufferedImage> pictures, int scale, int psm) throws IOException, InterruptedException {
        return boxes(pictures.size(), (i, file) -> ImageIO.write(scale == 1 ? pictures.get(i) : enlarged(pictures.get(i), scale), "png",
                file.toFile()), scale, psm, Runtime.getRuntime().availableProcessors(), true);
    }

    /**
     * Every word Tesseract reads in each picture as it is encoded (PNG, PGM, JPEG: Tesseract tells them by their bytes),
     * which is {@code scale} times the size the boxes are given back in, read as {@code psm} by at most {@code processes}
     * Tesseract processes (a caller reading several screens at once on its own threads gives each one).
     * {@code tryInverted}: Tesseract reads each word it doubts a second time inverted, for light text on a dark ground;
     * a caller that turned such text dark on light saves that time.
     */
    public static List<List<Word>> readStored(List<byte[]> pictures, int scale, int psm, int processes, boolean tryInverted)
            throws IOException, InterruptedException {
        return boxes(pictures.size(), (i, file) -> Files.write(file, pictures.get(i)), scale, psm, processes, tryInverted);
    }

    private static List<List<Word>> boxes(int count, Picture picture, int scale, int psm, int processes, boolean tryInverted)
            throws IOException, InterruptedException {
        List<List<Word>> boxes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            boxes.add(new ArrayList<>());
        }
        run(count, picture, processes, psm, tryInverted ? List.of("tsv") : List.of("-c", "tessedit_do_invert=0", "tsv"),
                (p, used, output) -> {
            for (String row : output.split("\n")) {
                String[] cells = row.split("\t", -1);
                if (cells.length < 12 || !cells[0].equals("5") || cells[11].isBlank()) {
                    continue;
                }
                int index = p + (Integer.parseInt(cells[1]) - 1) * used;
                int line = Integer.parseInt(cells[2]) * 10000 + Integer.parseInt(cells[3]) * 100 + Integer.parseInt(cells[4]);
                if (index < boxes.size()) {
                    boxes.get(index).add(new Word(cells[11].strip(), Integer.parseInt(cells[6]) / scale, Integer.parseInt(cells[7]) / scale,
                            Math.ceilDiv(Integer.parseInt(cells[8]), scale), Math.ceilDiv(Integer.parseInt(cells[9]), scale),
                            Double.parseDouble(cells[10]), line));
                }
            }
        });
        return boxes;
    }

    private static List<String> read(List<BufferedImage> crops, boolean words) throws IOException, InterruptedException {
        String[] texts = new String[crops.size()];
        run(crops.size(), (i, file) -> ImageIO.write(enlarged(crops.get(i), 3), "png", file.toFile()),
                Runtime.getRuntime().availableProcessors(), 6, words ? List.of("tsv") : List.of(), (p, processes, output) -> {
            if (words) {
                words(List.of(output.split("\n")), p, processes, texts);
                return;
            }
            // each picture's text is ended by a form feed, the last one's perhaps not
            String[] pages = output.split("\f", -1);
            for (int k = 0, i = p; i < texts.length; k++, i += processes) {
                if (k >= pages.length) {
                    throw new IOException("tesseract read " + pages.length + " of the pictures it was given");
                }
                texts[i] = pages[k].replaceAll("\\s+", " ").strip();
            }
        });
        return List.of(texts);
    }

    /** What is done with one process's output: process p of {@code processes} read pictures p, p + processes, ... */
    private interface Output {
        void read(int p, int processes, String output) throws IOException;
    }

    /** Writes picture {@code i} to {@code file}, for Tesseract to read. */
    private interface Picture {
        void write(int i, Path file) throws IOException;
    }

    /**
     * Runs Tesseract on the pictures, by at most {@code maxProcesses} processes and never more than there are pictures,
     * with {@code options} after its page segmentation mode and language.
     */
    private static void run(int count, Picture picture, int maxProcesses, int psm, List<String> options, Output output)
            throws IOException, InterruptedException {
        if (count == 0) {
            return;
        }
        int processes = Math.min(maxProcesses, count);
        Path folder = Files.createTempDirectory("tw-ocr");
        try {
            List<Process> running = new ArrayList<>();
            List<Integer> shares = new ArrayList<>();
            for (int p = 0; p < processes; p++) {
                List<String> files = new ArrayList<>();
                for (int i = p; i < count; i += processes) {
                    Path file = folder.resolve(i + ".png");
                    picture.write(i, file);
                    files.add(file.toString());
                }
                Path list = Files.write(folder.resolve(p + ".txt"), files);
                List<String> command = new ArrayList<>(List.of("tesseract", list.toString(), "stdout", "--psm", Integer.toString(psm), "-l", "eng"));
                command.addAll(options); // tsv: a row a word, with its page (the picture), box and confidence
                ProcessBuilder tesseract = new ProcessBuilder(command)
                        .redirectOutput(folder.resolve(p + ".out").toFile()).redirectError(folder.resolve(p + ".err").toFile());
                tesseract.environment().put("OMP_THREAD_LIMIT", "1");
                running.add(tesseract.start());
                shares.add(files.size());
            }
            try {
                for (int p = 0; p < processes; p++) {
                    Process process = running.get(p);
                    if (!process.waitFor(60 + shares.get(p), TimeUnit.SECONDS)) {
                        throw new IOException("tesseract took longer than " + (60 + shares.get(p)) + " s for " + shares.get(p) + " pictures");
                    }
                    if (process.exitValue() != 0) {
                        throw new IOException("tesseract failed: " + Files.readString(folder.resolve(p + ".err")).strip());
                    }
                    output.read(p, processes, Files.readString(folder.resolve(p + ".out"), StandardCharsets.UTF_8));
                }
            } finally {
                running.forEach(Process::destroyForcibly); // when cancelled or one failed; the others are done by now
            }
        } finally {
            try (var files = Files.list(folder)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(folder);
        }
    }

    /**
     * Tesseract's TSV rows (level, page, block, paragraph, line, word, left, top, width, height, confidence, text) of
     * process {@code p}: the sure words of its page k go to crop p + k * processes.
     */
    private static void words(List<String> rows, int p, int processes, String[] texts) {
        for (int i = p; i < texts.length; i += processes) {
            texts[i] = "";
        }
        for (String row : rows) {
            String[] cells = row.split("\t", -1);
            if (cells.length < 12 || !cells[0].equals("5")) {
                continue; // the header, and rows of pages, blocks and lines
            }
            String word = cells[11].strip();
            double confidence = Double.parseDouble(cells[10]);
            int index = p + (Integer.parseInt(cells[1]) - 1) * processes;
            if (confidence >= WORD_CONFIDENCE && index < texts.length && (word.codePoints().filter(Character::isLetter).count() >= 2
                    || word.codePoints().anyMatch(Character::isDigit))) {
                texts[index] = texts[index].isEmpty() ? word : texts[index] + " " + word;
            }
        }
    }

    private static BufferedImage enlarged(BufferedImage crop, int scale) {
        BufferedImage large = new BufferedImage(crop.getWidth() * scale, crop.getHeight() * scale, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = large.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
        g.drawImage(crop, 0, 0, large.getWidth(), large.getHeight(), null);
        g.dispose();
        return large;
    }
}
