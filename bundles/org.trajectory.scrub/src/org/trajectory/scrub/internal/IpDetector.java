package org.trajectory.scrub.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.apache.commons.validator.routines.InetAddressValidator;
import org.trajectory.scrub.Detector;

/**
 * IP addresses, version 4 and 6, as Apache Commons Validator reads them. A dotted quad after "v" or "version" is a
 * version number, not an address; a time ("12:30:45") is no IPv6 address.
 */
public final class IpDetector implements Detector {

    private static final Pattern V4 = Pattern.compile("(?<![\\w.])(?:\\d{1,3}\\.){3}\\d{1,3}(?!\\w|\\.\\d)");
    private static final Pattern V6 = Pattern.compile("(?<![\\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\\w:])");
    private static final Pattern VERSION = Pattern.compile("(?i)(?:\\bv|version\\s?)$");
    private static final InetAddressValidator ADDRESSES = InetAddressValidator.getInstance();

    @Override
    public List<Span> find(String text, Context context) {
        List<Span> spans = new ArrayList<>();
        for (Span span : Candidates.find(V4, text, ADDRESSES::isValidInet4Address)) {
            if (!VERSION.matcher(text.substring(Math.max(0, span.start() - 8), span.start())).find()) {
                spans.add(span);
            }
        }
        // an IPv6 address has at least one hex letter group or "::", so "12:30:45" and "1:2:3" are not taken
        spans.addAll(Candidates.find(V6, text, c -> c.length() >= 6 && c.chars().filter(ch -> ch == ':').count() >= 2
                && (c.contains("::") || c.split(":").length == 8) && ADDRESSES.isValidInet6Address(c)));
        spans.sort(java.util.Comparator.comparingInt(Span::start));
        return spans;
    }
}
