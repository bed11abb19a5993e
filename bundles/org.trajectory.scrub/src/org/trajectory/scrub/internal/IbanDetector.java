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
 * goes on after the number ("DE89 3704 0044 0532 0130 00 EUR"), the longest valid beginning is taken. Printed in its
 * groups of four, or after the word "IBAN", the number's shape is enough: OCR's misreadings break the checksum.
 */
public final class IbanDetector implements Detector {

    private static final Pattern CANDIDATE = Pattern.compile("(?<![A-Za-z0-9])[A-Z]{2}\\d{2}(?: ?[A-Z0-9]){10,32}");
    /**
     * An IBAN as it is printed, in groups of four after a country's code and two check digits, with at least four
     * groups: the shape is the IBAN's own, and it survives OCR's misreadings, which the checksum does not (an o for a
     * check digit 0, a field's border read as a letter stuck to its front).
     */
    private static final Pattern GROUPED = Pattern.compile("([A-Z]{2})[0-9OoISBlZ]{2}(?: [A-Z0-9]{4}){3,7}(?: [A-Z0-9]{1,4})?(?![A-Za-z0-9])");
    /** An IBAN labelled as one, as OCR may misread it (an O for a 0, a B for an 8): its checksum cannot be trusted. */
    private static final Pattern LABELLED = Pattern.compile("(?i)\\bIBAN\\b\\W{0,3}([A-Z0-9]{4}(?: ?[A-Z0-9]{1,4}){3,8})(?![A-Za-z0-9])");

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
        Matcher grouped = GROUPED.matcher(text);
        while (grouped.find()) {
            Span span = new Span(grouped.start(), grouped.end());
            if (IBANValidator.getInstance().hasValidator(grouped.group(1)) && spans.stream().noneMatch(s -> s.start() < span.end() && span.start() < s.end())) {
                spans.add(span);
            }
        }
        Matcher labelled = LABELLED.matcher(text);
        while (labelled.find()) {
            Span span = new Span(labelled.start(1), labelled.end(1));
            if (spans.stream().noneMatch(s -> s.start() < span.end() && span.start() < s.end())) {
                spans.add(span);
            }
        }
        spans.sort(java.util.Comparator.comparingInt(Span::start));
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
