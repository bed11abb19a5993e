package org.trajectory.scrub.internal;

import java.util.List;
import java.util.regex.Pattern;

import org.trajectory.scrub.Detector;

/**
 * E-mail addresses: a local part, an at sign, a domain with a top-level name of letters. Deliberately looser than
 * RFC 5322's grammar: what a screen shows is what people write, and OCR's reading of it.
 */
public final class EmailDetector implements Detector {

    private static final Pattern EMAIL = Pattern.compile(
            "(?<![\\w.%+-])[\\w.%+-]*\\w@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\\.[A-Za-z]{2,24}(?![\\w-])");

    @Override
    public List<Span> find(String text, Context context) {
        return Candidates.find(EMAIL, text, candidate -> true);
    }
}
