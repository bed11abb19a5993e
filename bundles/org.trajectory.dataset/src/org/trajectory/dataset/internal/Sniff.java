package org.trajectory.dataset.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The first bytes of a file, for telling formats apart without reading the whole of it. */
final class Sniff {

    private static final int HEAD = 64 * 1024;

    /** What a file holds, by its name and first bytes: each importer reads its own kinds, so no two read one file. */
    enum Kind {
        /** A {@code .json} file holding one object (an AgentNetBench task). */
        JSON_OBJECT,
        /** A {@code .json} file holding a list (ADP's {@code sample_std.json}). */
        JSON_LIST,
        /** ADP's standardized trajectories, one a line. */
        ADP_LINES,
        /** Other JSON lines ({@code .jsonl}, {@code .ndjson}, or a first line that is an object): AgentNet's. */
        JSON_LINES,
        /** Anything else, a folder among them. */
        OTHER
    }

    private Sniff() {
    }

    static Kind kind(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Kind.OTHER;
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".json")) {
            int first = firstCharacter(file);
            return first == '{' ? Kind.JSON_OBJECT : first == '[' ? Kind.JSON_LIST : Kind.OTHER;
        }
        String line = firstLine(file);
        if (isAdpLine(line)) {
            return Kind.ADP_LINES;
        }
        return name.endsWith(".jsonl") || name.endsWith(".ndjson") || line.stripLeading().startsWith("{") ? Kind.JSON_LINES : Kind.OTHER;
    }

    /** Up to 64 KB of the file's first line (its start, when longer), as text. */
    static String firstLine(Path file) throws IOException {
        String text = head(file);
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }

    /** The first character that is not white space (in the first 64 KB), or -1 for a file of none. */
    static int firstCharacter(Path file) throws IOException {
        String text = head(file).stripLeading();
        return text.isEmpty() ? -1 : text.charAt(0);
    }

    private static String head(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(HEAD), StandardCharsets.UTF_8);
        }
    }

    /** Whether a JSON line looks like an ADP standardized trajectory (its content items carry {@code class_}). */
    static boolean isAdpLine(String line) {
        return line.contains("\"class_\"") && line.contains("\"content\"") && !line.contains("\"traj\"");
    }
}
