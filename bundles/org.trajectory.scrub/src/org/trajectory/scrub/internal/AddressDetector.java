package org.trajectory.scrub.internal;

import java.util.List;
import java.util.regex.Pattern;

import org.trajectory.scrub.Detector;

/**
 * Street addresses as they are written in the United States, the United Kingdom and German-speaking countries: a house
 * number and a street of a known kind ("221 Baker Street", "1600 Pennsylvania Ave NW, Washington, DC 20500"), a street
 * and a number ("Hauptstraße 5, 10115 Berlin"), and British postcodes. Our own patterns: no maintained address parser
 * runs on the JVM (libpostal, the one that reads the world's addresses, is a C library with a 2 GB model that Debian
 * does not package), so addresses in other countries' formats are not found; the detector guide says so.
 */
public final class AddressDetector implements Detector {

    private static final String STREET_KIND = "(?:(?:Street|Avenue|Road|Boulevard|Lane|Drive|Court|Place|Way|Terrace|Square|Highway"
            + "|Parkway|Circle|Close|Crescent|Gardens|Row|Mews|Hill)\\b|(?:St|Ave|Rd|Blvd|Ln|Dr|Ct|Pl|Ter|Sq|Hwy|Pkwy|Cir)\\b\\.?)";
    private static final String WORD = "[A-Z][A-Za-z'-]+";
    private static final Pattern ENGLISH = Pattern.compile("\\b\\d{1,6}[A-Za-z]?\\s+(?:(?:N|S|E|W|NE|NW|SE|SW)\\.?\\s+)?(?:" + WORD
            + "\\s+){0,3}" + WORD + "\\s+" + STREET_KIND + "(?:\\s+(?:N|S|E|W|NE|NW|SE|SW)\\b)?"
            + "(?:,?\\s+(?:Apt|Apartment|Suite|Ste|Unit|Flat|#)\\.?\\s*[A-Za-z0-9-]+)?"
            + "(?:,\\s*" + WORD + "(?:\\s+" + WORD + ")*)?(?:,?\\s+[A-Z]{2}\\s+\\d{5}(?:-\\d{4})?)?"
            + "(?:,?\\s+[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2})?");
    /** "Hauptstraße 5", "Berliner Straße 63, 80331 München"; OCR reads ß as B more often than not. */
    private static final Pattern GERMAN = Pattern.compile("\\b(?:[A-ZÄÖÜ][\\wäöüß.-]*(?:stra(?:ß|ss|B|fs)e|str\\.|weg|gasse|platz|allee|damm|ufer)"
            + "|(?:[A-ZÄÖÜ][\\wäöüß-]+\\s)?(?:Stra(?:ß|ss|B|fs)e|Str\\.|Weg|Gasse|Platz|Allee|Ring|Damm|Ufer))"
            + "\\s+\\d{1,4}\\s?[a-z]?\\b(?:,\\s*\\d{4,5}\\s+[A-ZÄÖÜ][\\wäöüß-]+)?", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern UK_POSTCODE = Pattern.compile("\\b(?:[A-Z]{1,2}\\d[A-Z\\d]?\\s\\d[A-Z]{2})\\b");

    @Override
    public List<Span> find(String text, Context context) {
        List<Span> spans = new java.util.ArrayList<>(Candidates.find(ENGLISH, text, candidate -> true));
        for (Pattern other : List.of(GERMAN, UK_POSTCODE)) {
            for (Span span : Candidates.find(other, text, candidate -> true)) {
                if (spans.stream().noneMatch(s -> s.start() < span.end() && span.start() < s.end())) {
                    spans.add(span);
                }
            }
        }
        spans.sort(java.util.Comparator.comparingInt(Span::start));
        return spans;
    }
}
