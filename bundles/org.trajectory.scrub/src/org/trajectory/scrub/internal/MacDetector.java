package org.trajectory.scrub.internal;

import java.util.List;
import java.util.regex.Pattern;

import org.trajectory.scrub.Detector;

/** Hardware (MAC) addresses: six pairs of hex digits, joined all by colons or all by dashes, or three groups of four by dots. */
public final class MacDetector implements Detector {

    private static final Pattern MAC = Pattern.compile("(?<![0-9A-Fa-f:.-])(?:[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\\1){4}[0-9A-Fa-f]{2}"
            + "|[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4}\\.[0-9A-Fa-f]{4})(?![0-9A-Fa-f:.-])");

    @Override
    public List<Span> find(String text, Context context) {
        return Candidates.find(MAC, text, candidate -> true);
    }
}
