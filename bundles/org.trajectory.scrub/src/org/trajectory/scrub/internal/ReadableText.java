package org.trajectory.scrub.internal;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Text as a person reads it, which is what a detector must see: compatibility forms folded (NFKC: a full-width
 * {@code ＠} is {@code @}, a ligature its letters), format characters (zero-width spaces and joiners, a byte-order mark)
 * taken out, and pieces typed in several steps joined in order. Each character remembers where in the record it came
 * from, so that what a detector finds is reported as the record holds it, and redacted there.
 */
final class ReadableText {

    /**
     * Where a piece came from: a step (-1: the task), a field, the part of it (one typing action of several), and whether
     * its characters stand in that field as they are (typed text does; keys pressed one by one do not).
     */
    record Source(int step, String field, int part, boolean literal) {
    }

    /** A found span as the record holds it: per source, the original characters from the first to the last. */
    record Piece(Source source, String text) {
    }

    private final StringBuilder text = new StringBuilder();
    /** For each character of {@link #text}: its source (null for a separator) and its original characters. */
    private final List<Source> sources = new ArrayList<>();
    private final List<String> originals = new ArrayList<>();

    /** A whole field's text. */
    static ReadableText of(int step, String field, String original) {
        ReadableText readable = new ReadableText();
        readable.append(new Source(step, field, 0, true), original);
        return readable;
    }

    /** Appends {@code original} as read: each code point folded on its own, so every folded character knows its original. */
    void append(Source source, String original) {
        for (int i = 0; i < original.length();) {
            int codePoint = original.codePointAt(i);
            String character = original.substring(i, i + Character.charCount(codePoint));
            i += character.length();
            if (Character.getType(codePoint) == Character.FORMAT) {
                if (!originals.isEmpty() && source.equals(sources.get(sources.size() - 1))) {
                    originals.set(originals.size() - 1, originals.get(originals.size() - 1) + character); // stays inside a span found around it
                }
                continue;
            }
            String folded = Normalizer.normalize(character, Normalizer.Form.NFKC);
            for (int k = 0; k < folded.length(); k++) {
                text.append(folded.charAt(k));
                sources.add(source);
                originals.add(k == 0 ? character : "");
            }
        }
    }

    /** Ends a run of typing: what follows is not read as the same word (a click, a hotkey came between). */
    void separate() {
        if (!text.isEmpty() && text.charAt(text.length() - 1) != '\n') {
            text.append('\n');
            sources.add(null);
            originals.add("");
        }
    }

    /** A backspace typed: the last character is gone from what the screen shows. */
    void eraseLast() {
        if (!text.isEmpty() && sources.get(sources.size() - 1) != null) {
            text.setLength(text.length() - 1);
            sources.remove(sources.size() - 1);
            originals.remove(originals.size() - 1);
        }
    }

    String text() {
        return text.toString();
    }

    /** The original characters of {@code text().substring(start, end)}, per source in order. */
    List<Piece> pieces(int start, int end) {
        Map<Source, StringBuilder> pieces = new LinkedHashMap<>();
        for (int i = start; i < end; i++) {
            if (sources.get(i) != null) {
                pieces.computeIfAbsent(sources.get(i), s -> new StringBuilder()).append(originals.get(i));
            }
        }
        List<Piece> result = new ArrayList<>();
        pieces.forEach((source, original) -> {
            if (!original.toString().strip().isEmpty()) {
                result.add(new Piece(source, original.toString().strip())); // a space typed before or after is no part of it
            }
        });
        return result;
    }
}
