package org.trajectory.scrub.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

import org.trajectory.scrub.Detector;

/**
 * Access tokens and keys: those with a published prefix (GitHub, GitLab, Slack, OpenAI, Anthropic, Hugging Face, AWS,
 * Google, Stripe, npm, PyPI, JSON Web Tokens, PEM private keys; also with the letters OCR takes for theirs: "aipat-"
 * for "glpat-", "AKTA" for "AKIA"), values after a label that says they are secret, and long strings of mixed-case
 * letters and digits too random to be words (Shannon entropy of at least {@value #ENTROPY} bits a character;
 * {@value #LETTERS_ENTROPY} for letters alone). Hexadecimal strings (commit hashes, checksums),
 * paths and names in parts are not taken for keys: they are published on purpose far more often.
 */
public final class TokenDetector implements Detector {

    /** A g and an l as OCR may read them on a screen ("aipat-" for "glpat-"): a prefix is looked for in each reading. */
    private static final String G = "[gaoq9]";
    private static final String L = "[lI1i|!T]";

    private static final Pattern KNOWN = Pattern.compile("(?<![\\w-])(?:gh[pousr]_[A-Za-z0-9](?:[A-Za-z0-9]|[.,'`|\\[\\]](?=[A-Za-z0-9])){29,}|github_pat_[A-Za-z0-9_]{22,}"
            + "|" + G + L + "pat-[A-Za-z0-9_-]{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|sk-(?:proj-|ant-(?:api\\d\\d-)?)?[A-Za-z0-9_-]{20,}"
            + "|h[ft]_[A-Za-z0-9]{30,}|(?:AK|AS)" + L + "A[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|ya29\\.[0-9A-Za-z_-]{20,}"
            + "|[sr]k_(?:live|test)_[0-9A-Za-z]{16,}|npm_[A-Za-z0-9]{36}|pypi-[A-Za-z0-9_-]{50,}"
            + "|eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}"
            + "|-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----)");
    /** A value after a label that says it is secret: what follows "token:", "API key =" or "password:" is one, whatever it looks like. */
    private static final Pattern LABELLED = Pattern.compile("(?i)\\b(?:(?:api|access|secret|private)[ _-]?key|key|token|secret|password|passwd|pwd)"
            + "\\s*[:=]\\s*([^\\s\"']{8,})");
    private static final Pattern RANDOM = Pattern.compile("(?<![\\w+/=-])[A-Za-z0-9+/_=-]{24,}(?![\\w+/=-])");
    static final double ENTROPY = 4.0;
    /** Letters alone must be more random than that: words run together reach 4 bits. */
    static final double LETTERS_ENTROPY = 4.4;

    @Override
    public List<Span> find(String text, Context context) {
        List<Span> spans = new ArrayList<>(Candidates.find(KNOWN, text, candidate -> true));
        java.util.regex.Matcher labelled = LABELLED.matcher(text);
        while (labelled.find()) {
            String value = labelled.group(1);
            Span span = new Span(labelled.start(1), labelled.end(1));
            // a key's name ("Key: Ctrl+Escape") or a hash is no secret; a secret has a digit, or is long and of both cases
            boolean secret = value.matches(".*\\d.*") || value.length() >= 16 && value.matches(".*[a-z].*") && value.matches(".*[A-Z].*");
            if (secret && !mostlyHex(value) && spans.stream().noneMatch(s -> s.start() < span.end() && span.start() < s.end())) {
                spans.add(span);
            }
        }
        for (Span span : Candidates.find(RANDOM, text, TokenDetector::random)) {
            if (spans.stream().noneMatch(known -> known.start() < span.end() && span.start() < known.end())) {
                spans.add(span);
            }
        }
        spans.sort(Comparator.comparingInt(Span::start));
        return spans;
    }

    /**
     * A hash as OCR reads it ("commit 63F2c729..." run together, an 8 read as B): nine in ten of its characters are hex
     * digits, where a random key's letters and digits are hex one time in three.
     */
    private static boolean mostlyHex(String candidate) {
        long hex = candidate.toLowerCase(java.util.Locale.ROOT).chars().filter(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f').count();
        return hex >= 0.75 * candidate.length();
    }

    /** The longest run of letters and digits: a file name's parts ("report-2024-v3-Final") are short, a key's are not. */
    private static int longestRun(String candidate) {
        int longest = 0;
        for (String run : candidate.split("[^A-Za-z0-9]+")) {
            longest = Math.max(longest, run.length());
        }
        return longest;
    }

    /** Upper and lower case letters and digits, not hexadecimal, not a path or a name in parts, and random enough. */
    static boolean random(String candidate) {
        if (candidate.chars().filter(c -> c == '/').count() >= 2 || mostlyHex(candidate) || longestRun(candidate) < 16
                || !candidate.matches(".*[a-z].*") || !candidate.matches(".*[A-Z].*")) {
            return false;
        }
        boolean digits = candidate.matches(".*\\d.*");
        long upper = candidate.chars().filter(Character::isUpperCase).count();
        long letters = candidate.chars().filter(Character::isLetter).count();
        // letters alone (a Hugging Face token) only when as random as a key: a camel-cased name has few capitals
        if (!digits && (upper < 0.25 * letters || upper > 0.75 * letters)) {
            return false;
        }
        int[] counts = new int[128];
        candidate.chars().forEach(c -> counts[c]++);
        double entropy = 0;
        for (int count : counts) {
            if (count > 0) {
                double p = (double) count / candidate.length();
                entropy -= p * Math.log(p) / Math.log(2);
            }
        }
        return entropy >= (digits ? ENTROPY : LETTERS_ENTROPY);
    }
}
