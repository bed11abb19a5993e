package org.trajectory.scrub.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

import org.trajectory.scrub.Detector;

/**
 * Access tokens and keys: those with a published prefix (GitHub, GitLab, Slack, OpenAI, Anthropic, Hugging Face, AWS,
 * Google, Stripe, npm, PyPI, JSON Web Tokens, PEM private keys), and long strings of mixed letters and digits too
 * random to be words (Shannon entropy of at least {@value #ENTROPY} bits a character). Hexadecimal strings (commit
 * hashes, checksums) are not taken for keys: they are published on purpose far more often.
 */
public final class TokenDetector implements Detector {

    private static final Pattern KNOWN = Pattern.compile("(?<![\\w-])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,}"
            + "|glpat-[A-Za-z0-9_-]{20,}|xox[abposr]-[A-Za-z0-9-]{10,}|sk-(?:proj-|ant-(?:api\\d\\d-)?)?[A-Za-z0-9_-]{20,}"
            + "|hf_[A-Za-z0-9]{30,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|ya29\\.[0-9A-Za-z_-]{20,}"
            + "|[sr]k_(?:live|test)_[0-9A-Za-z]{16,}|npm_[A-Za-z0-9]{36}|pypi-[A-Za-z0-9_-]{50,}"
            + "|eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}"
            + "|-----BEGIN (?:[A-Z]+ )*PRIVATE KEY-----)");
    private static final Pattern RANDOM = Pattern.compile("(?<![\\w+/=-])[A-Za-z0-9+/_=-]{24,}(?![\\w+/=-])");
    static final double ENTROPY = 4.0;

    @Override
    public List<Span> find(String text, Context context) {
        List<Span> spans = new ArrayList<>(Candidates.find(KNOWN, text, candidate -> true));
        for (Span span : Candidates.find(RANDOM, text, TokenDetector::random)) {
            if (spans.stream().noneMatch(known -> known.start() < span.end() && span.start() < known.end())) {
                spans.add(span);
            }
        }
        spans.sort(Comparator.comparingInt(Span::start));
        return spans;
    }

    /** Upper and lower case letters and digits, not hexadecimal, and random enough. */
    static boolean random(String candidate) {
        if (candidate.matches("[0-9a-fA-F]+") || !candidate.matches(".*[a-z].*") || !candidate.matches(".*[A-Z].*")
                || !candidate.matches(".*\\d.*")) {
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
        return entropy >= ENTROPY;
    }
}
