package org.trajectory.scrub.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.commons.validator.routines.IBANValidator;
import org.trajectory.scrub.Detector;

/**
 * International bank account numbers: a country's code, two check digits and the account, grouped by spaces or not,
 * of the country's length and with a valid ISO 7064 checksum, as Apache Commons Validator checks them. Where the text
 * goes on after the number ("DE89 3704 0044 0532 0130 00 EUR"), the longest valid beginning is taken.
 */
public final class IbanDetector implements Detector {

    private static final Pattern CANDIDATE = Pattern.compile("(?<![A-Za-z0-9])[A-Z]{2}\\d{2}(?: ?[A-Z0-9]){10,32}");

    @Override
    public List<Span> find(String text, Context context) {
        List<Span> spans = new ArrayList<>();
        Matcher matcher = CANDIDATE.matcher(text);
        int from = 0;
        while (from < text.length() && matcher.find(from)) {
            int end = longestValid(text, matcher.start(), matcher.end());
            if (end > 0) {
                spans.add(new Span(matcher.start(), end));
                from = end;
            } else {
                from = matcher.start() + 1;
            }
        }
        return spans;
    }

    /** The end of the longest valid number from {@code start}, not cut inside a group; -1 when there is none. */
    private static int longestValid(String text, int start, int end) {
        for (int e = end; e > start + 14; e--) {
            boolean wholeGroup = e == text.length() || !Character.isLetterOrDigit(text.charAt(e));
            if (wholeGroup && IBANValidator.getInstance().isValid(Candidates.compact(text.substring(start, e)))) {
                return e;
            }
        }
        return -1;
    }
}
