package org.trajectory.dataset.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The first bytes of a file, for telling formats apart without reading the whole of it. */
final class Sniff {

    private static final int HEAD = 64 * 1024;

    private Sniff() {
    }

    /** Up to 64 KB of the file's first line (its start, when longer), as text. */
    static String firstLine(Path file) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(HEAD);
        }
        String text = new String(head, StandardCharsets.UTF_8);
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }

    /** The first character that is not white space, or -1 for an empty file. */
    static int firstCharacter(Path file) throws IOException {
        String line = firstLine(file).stripLeading();
        return line.isEmpty() ? -1 : line.charAt(0);
    }

    /** Whether a JSON line looks like an ADP standardized trajectory (its content items carry {@code class_}). */
    static boolean isAdpLine(String line) {
        return line.contains("\"class_\"") && line.contains("\"content\"") && !line.contains("\"traj\"");
    }
}
