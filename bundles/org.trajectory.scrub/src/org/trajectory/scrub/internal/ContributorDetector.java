package org.trajectory.scrub.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.trajectory.scrub.Detector;

/**
 * The contributor's own identifiers: their user and host names and the names and addresses they list in the
 * preferences, wherever they occur as whole words, in any case ("Alice Martin" in a title bar, "alice" in a prompt,
 * "/home/alice" in a path). The surest signal there is: no model has to guess that it is personal. Identifiers of one
 * or two characters are left out: they would match everywhere.
 */
public final class ContributorDetector implements Detector {

    @Override
    public List<Span> find(String text, Context context) {
        List<Span> spans = new ArrayList<>();
        List<String> identifiers = context.contributor().stream().map(String::strip).filter(i -> i.length() >= 3)
                .sorted(Comparator.comparingInt(String::length).reversed()).toList();
        for (String identifier : identifiers) {
            Matcher matcher = Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(identifier).replace(" ", "\\E\\s+\\Q")
                    + "(?![\\p{L}\\p{N}])", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE).matcher(text);
            while (matcher.find()) {
                Span span = new Span(matcher.start(), matcher.end());
                if (spans.stream().noneMatch(s -> s.start() < span.end() && span.start() < s.end())) {
                    spans.add(span);
                }
            }
        }
        spans.sort(Comparator.comparingInt(Span::start));
        return spans;
    }
}
