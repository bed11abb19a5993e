package org.trajectory.scrub.internal;

import java.util.ArrayList;
import java.util.List;

import org.trajectory.scrub.Detector;

import com.google.i18n.phonenumbers.PhoneNumberMatch;
import com.google.i18n.phonenumbers.PhoneNumberUtil;

/**
 * Phone numbers in the world's formats, found by Google's libphonenumber (the numbering plans of every country, kept
 * up to date): numbers written with a country code anywhere, national numbers in the context's region. Only numbers
 * valid in their plan count, so times, versions and sums are left alone, and a date with a time is no number.
 */
public final class PhoneDetector implements Detector {

    private static final PhoneNumberUtil PHONES = PhoneNumberUtil.getInstance();
    /** A date and time ("2026-09-06 15") has a number's digits and a valid area code: it is no number. */
    private static final java.util.regex.Pattern DATE = java.util.regex.Pattern.compile("^(?:19|20)\\d\\d[-/.](?:0[1-9]|1[0-2])[-/.]\\d\\d");

    @Override
    public List<Span> find(String text, Context context) {
        List<Span> spans = new ArrayList<>();
        for (PhoneNumberMatch match : PHONES.findNumbers(text, context.region(), PhoneNumberUtil.Leniency.VALID, Long.MAX_VALUE)) {
            if (!DATE.matcher(match.rawString()).find()) {
                spans.add(new Span(match.start(), match.end()));
            }
        }
        return spans;
    }
}
