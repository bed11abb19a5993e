package org.trajectory.screentext.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.trajectory.screentext.Word;

/**
 * Runs the real Tesseract ({@code apt install tesseract-ocr}) on pictures as they are encoded (PNG, PGM: Tesseract
 * tells them by their bytes), shared among at most a given number of processes, each reading its share from a list of
 * files: starting Tesseract and loading its language costs more than reading a crop, and its own threads only slow
 * small pictures down.
 */
final class TesseractProcesses {

    /** A word Tesseract read, with the line it belongs to (a number within its picture). */
    record Read(Word word, int line) {
    }

    private TesseractProcesses() {
    }

    static boolean available() {
        try {
            Process process = new ProcessBuilder("tesseract", "--version").redirectErrorStream(true).start();
            process.getInputStream().readAllBytes();
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Every word Tesseract reads in each picture, which is {@code scale} times the size the boxes are given back in,
     * read as {@code psm} (its page segmentation mode: 3 a whole screen, 6 a block, 7 one line). {@code tryInverted}:
     * Tesseract reads each word it doubts a second time inverted, for light text on a dark ground; a caller that turned
     * such text dark on light saves that time.
     */
    static List<List<Read>> read(List<byte[]> pictures, int scale, int psm, int processes, boolean tryInverted)
            throws IOException, InterruptedException {
        List<List<Read>> read = new ArrayList<>();
        for (int i = 0; i < pictures.size(); i++) {
            read.add(new ArrayList<>());
        }
        if (pictures.isEmpty()) {
            return read;
        }
        int used = Math.min(processes, pictures.size());
        Path folder = Files.createTempDirectory("tw-ocr");
        try {
            List<Process> running = new ArrayList<>();
            List<Integer> shares = new ArrayList<>();
            for (int p = 0; p < used; p++) {
                List<String> files = new ArrayList<>();
                for (int i = p; i < pictures.size(); i += used) {
                    files.add(Files.write(folder.resolve(Integer.toString(i)), pictures.get(i)).toString());
                }
                Path list = Files.write(folder.resolve(p + ".txt"), files);
                List<String> command = new ArrayList<>(List.of("tesseract", list.toString(), "stdout", "--psm", Integer.toString(psm), "-l", "eng"));
                if (!tryInverted) {
                    command.addAll(List.of("-c", "tessedit_do_invert=0"));
                }
                command.add("tsv"); // a row a word, with its page (the picture), box and confidence
                ProcessBuilder tesseract = new ProcessBuilder(command)
                        .redirectOutput(folder.resolve(p + ".out").toFile()).redirectError(folder.resolve(p + ".err").toFile());
                tesseract.environment().put("OMP_THREAD_LIMIT", "1");
                running.add(tesseract.start());
                shares.add(files.size());
            }
            try {
                for (int p = 0; p < used; p++) {
                    Process process = running.get(p);
                    if (!process.waitFor(60 + shares.get(p), TimeUnit.SECONDS)) {
                        throw new IOException("tesseract took longer than " + (60 + shares.get(p)) + " s for " + shares.get(p) + " pictures");
                    }
                    if (process.exitValue() != 0) {
                        throw new IOException("tesseract failed: " + Files.readString(folder.resolve(p + ".err")).strip());
                    }
                    rows(Files.readString(folder.resolve(p + ".out"), StandardCharsets.UTF_8), p, used, scale, read);
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
        return read;
    }

    /**
     * Tesseract's TSV rows (level, page, block, paragraph, line, word, left, top, width, height, confidence, text) of
     * process {@code p}: the words of its page k belong to picture p + k * processes.
     */
    private static void rows(String output, int p, int processes, int scale, List<List<Read>> read) {
        for (String row : output.split("\n")) {
            String[] cells = row.split("\t", -1);
            if (cells.length < 12 || !cells[0].equals("5") || cells[11].isBlank()) {
                continue; // the header, and rows of pages, blocks and lines
            }
            int index = p + (Integer.parseInt(cells[1]) - 1) * processes;
            int line = Integer.parseInt(cells[2]) * 10000 + Integer.parseInt(cells[3]) * 100 + Integer.parseInt(cells[4]);
            if (index < read.size()) {
                Word word = new Word(cells[11].strip(), Integer.parseInt(cells[6]) / scale, Integer.parseInt(cells[7]) / scale,
                        Math.ceilDiv(Integer.parseInt(cells[8]), scale), Math.ceilDiv(Integer.parseInt(cells[9]), scale),
                        Math.max(0, Double.parseDouble(cells[10])) / 100);
                read.get(index).add(new Read(word, line));
            }
        }
    }
}
