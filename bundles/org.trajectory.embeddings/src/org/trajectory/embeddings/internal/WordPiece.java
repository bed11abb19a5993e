package org.trajectory.embeddings.internal;

import java.io.IOException;
import java.io.InputStream;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * BERT's uncased tokenizer, as all-MiniLM-L6-v2 was trained with it: clean the text, lower-case it and strip accents,
 * split on white space and punctuation (and around CJK characters), then split each word into the longest vocabulary
 * pieces ({@code ##} marks a piece inside a word), wrapped in [CLS] ... [SEP]. The vocabulary comes from the model's
 * Hugging Face {@code tokenizer.json}.
 */
public final class WordPiece {

    private final Map<String, Integer> vocabulary;
    private final int unknown;
    private final int cls;
    private final int sep;
    private final String prefix;
    private final int maxCharsPerWord;

    private WordPiece(Map<String, Integer> vocabulary, String prefix, int maxCharsPerWord) {
        this.vocabulary = vocabulary;
        this.prefix = prefix;
        this.maxCharsPerWord = maxCharsPerWord;
        this.unknown = id("[UNK]");
        this.cls = id("[CLS]");
        this.sep = id("[SEP]");
    }

    private int id(String token) {
        Integer id = vocabulary.get(token);
        if (id == null) {
            throw new IllegalArgumentException("the vocabulary has no " + token);
        }
        return id;
    }

    /** Reads the WordPiece model of a Hugging Face {@code tokenizer.json}. */
    public static WordPiece read(InputStream tokenizerJson) throws IOException {
        JsonNode model = Json.MAPPER.readTree(tokenizerJson).path("model");
        if (!model.path("type").asText().equals("WordPiece")) {
            throw new IOException("not a WordPiece tokenizer: " + model.path("type").asText("(no model type)"));
        }
        Map<String, Integer> vocabulary = new HashMap<>();
        model.path("vocab").properties().forEach(e -> vocabulary.put(e.getKey(), e.getValue().asInt()));
        return new WordPiece(vocabulary, model.path("continuing_subword_prefix").asText("##"),
                model.path("max_input_chars_per_word").asInt(100));
    }

    /** The token ids of {@code text}, [CLS] first and [SEP] last, at most {@code maxTokens} in all. */
    public long[] encode(String text, int maxTokens) {
        List<Integer> ids = new ArrayList<>();
        ids.add(cls);
        for (String word : words(text)) {
            List<Integer> pieces = pieces(word);
            if (ids.size() + pieces.size() > maxTokens - 1) {
                break;
            }
            ids.addAll(pieces);
        }
        ids.add(sep);
        return ids.stream().mapToLong(Integer::longValue).toArray();
    }

    /** Cleaned, lower-cased, accent-free words and punctuation marks. */
    static List<String> words(String text) {
        String lower = Normalizer.normalize(text.toLowerCase(Locale.ROOT), Normalizer.Form.NFD);
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        lower.codePoints().forEach(c -> {
            int type = Character.getType(c);
            if (type == Character.NON_SPACING_MARK || c == 0 || c == 0xfffd || (Character.isISOControl(c) && !Character.isWhitespace(c))) {
                return; // accents and control characters go
            }
            if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                flush(word, words);
            } else if (isPunctuation(c) || isCjk(c)) {
                flush(word, words);
                words.add(Character.toString(c));
            } else {
                word.appendCodePoint(c);
            }
        });
        flush(word, words);
        return words;
    }

    private static void flush(StringBuilder word, List<String> words) {
        if (!word.isEmpty()) {
            words.add(word.toString());
            word.setLength(0);
        }
    }

    private static boolean isPunctuation(int c) {
        if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) {
            return true; // BERT counts every ASCII non-letter, non-digit as punctuation
        }
        int type = Character.getType(c);
        return type == Character.CONNECTOR_PUNCTUATION || type == Character.DASH_PUNCTUATION || type == Character.START_PUNCTUATION
                || type == Character.END_PUNCTUATION || type == Character.INITIAL_QUOTE_PUNCTUATION
                || type == Character.FINAL_QUOTE_PUNCTUATION || type == Character.OTHER_PUNCTUATION;
    }

    private static boolean isCjk(int c) {
        return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF)
                || (c >= 0x2A700 && c <= 0x2CEAF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
    }

    /** Greedy longest-match pieces of one word; the whole word is [UNK] when a part of it matches nothing. */
    List<Integer> pieces(String word) {
        if (word.codePointCount(0, word.length()) > maxCharsPerWord) {
            return List.of(unknown);
        }
        List<Integer> pieces = new ArrayList<>();
        int start = 0;
        while (start < word.length()) {
            int end = word.length();
            Integer found = null;
            while (start < end) {
                String candidate = (start > 0 ? prefix : "") + word.substring(start, end);
                found = vocabulary.get(candidate);
                if (found != null) {
                    break;
                }
                end = word.offsetByCodePoints(end, -1);
            }
            if (found == null) {
                return List.of(unknown);
            }
            pieces.add(found);
            start = end;
        }
        return pieces;
    }
}
