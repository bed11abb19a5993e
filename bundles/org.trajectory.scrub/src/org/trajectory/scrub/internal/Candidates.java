package org.trajectory.scrub.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.trajectory.scrub.Detector.Span;

/** Text that looks like a kind of data, kept where a checker (a checksum, a maintained validator) says it is one. */
final class Candidates {

    private Candidates() {
    }

    static List<Span> find(Pattern pattern, String text, Predicate<String> valid) {
        List<Span> spans = new ArrayList<>();
        Matcher matcher = pattern.matcher(text);
        while (matcher.find()) {
            if (valid.test(matcher.group())) {
                spans.add(new Span(matcher.start(), matcher.end()));
            }
        }
        return spans;
    }

    /** Only the characters that are letters or digits: the number a card or an IBAN is, however it is grouped. */
    static String compact(String text) {
        return text.replaceAll("[^\\p{Alnum}]", "");
    }
}
