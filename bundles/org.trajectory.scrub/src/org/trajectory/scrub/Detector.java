package org.trajectory.scrub;

import java.util.List;

/**
 * Finds one kind of personal data in a text: a field of a record, or a line a screenshot shows as OCR read it.
 * Contributed to the {@code detectors} extension point ({@link Detectors}) with an id, which is the kind of what it
 * finds ({@code email}; the placeholder an export writes is {@code <EMAIL_1>}). A detector is called from several
 * threads at once and keeps no state between calls.
 *
 * @since 0.1
 */
public interface Detector {

    /** Where in {@code text} each piece of personal data is, in order; none overlap. */
    List<Span> find(String text, Context context);

    /** A piece of the text: {@code text.substring(start, end)}. */
    record Span(int start, int end) {
        public Span {
            if (start < 0 || end <= start) {
                throw new IllegalArgumentException("an empty or negative span " + start + ".." + end);
            }
        }
    }

    /**
     * What a detector may know beyond the text: the contributor's own identifiers (the recording's user and host names,
     * the names and addresses listed in the preferences), and the region whose national formats phone numbers and
     * addresses are read in (ISO 3166 code, "US").
     */
    record Context(List<String> contributor, String region) {
        public Context {
            contributor = List.copyOf(contributor);
        }

        public static final Context NONE = new Context(List.of(), "US");
        /** User and host names that name no one: every machine has them. */
        private static final java.util.Set<String> SHARED_NAMES = java.util.Set.of("root", "admin", "administrator", "user", "guest",
                "ubuntu", "debian", "localhost", "localhost.localdomain");

        /**
         * The identifiers of the person at this machine (their user name, the machine's host name, unless they are
         * names every machine has, such as root and localhost) and {@code more},
         * the names and addresses they listed; the region from the machine's locale unless given.
         */
        public static Context ofThisMachine(List<String> more, String region) {
            java.util.Set<String> identifiers = new java.util.LinkedHashSet<>();
            identifiers.add(System.getProperty("user.name", ""));
            try {
                identifiers.add(java.net.InetAddress.getLocalHost().getHostName());
            } catch (java.io.IOException e) {
                // no host name to look for
            }
            identifiers.removeIf(SHARED_NAMES::contains);
            identifiers.addAll(more);
            identifiers.removeIf(String::isBlank);
            String country = region != null ? region : java.util.Locale.getDefault().getCountry();
            return new Context(List.copyOf(identifiers), country.isEmpty() ? "US" : country.toUpperCase(java.util.Locale.ROOT));
        }
    }
}
