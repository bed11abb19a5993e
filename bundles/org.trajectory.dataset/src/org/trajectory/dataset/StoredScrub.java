package org.trajectory.dataset;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.trajectory.model.Json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;

/**
 * A task's personal data as its last scrub found it, and how a reviewer judged each finding: the hash of the task
 * content it scanned (an edit makes it stale), the detectors it ran (and a digest of what they were told: new
 * identifiers make it stale too), when, and the findings.
 *
 * @since 0.1
 */
public record StoredScrub(String contentHash, List<String> detectors, String scrubbedAt, List<Finding> findings) {

    /** Found by a detector, not judged yet: an export that publishes refuses the task until it is. */
    public static final String PROPOSED = "proposed";
    /** Personal data: redacted in exports. */
    public static final String ACCEPTED = "accepted";
    /** Not personal data (a detector's mistake): left as it is. */
    public static final String REJECTED = "rejected";
    /** A finding's {@code field} when it is in a step's screenshot. */
    public static final String SCREENSHOT = "screenshot";
    /**
     * A finding's {@code field} when it is in keys a step presses one by one ({@code press(['a', 'l'])}): its text is the
     * characters they type, which stand nowhere in the code as they are; an export types the placeholder instead.
     */
    public static final String TYPED = "typed";

    public StoredScrub {
        detectors = List.copyOf(detectors);
        findings = List.copyOf(findings);
    }

    /**
     * One piece of personal data: where (a step, -1 for the task's own fields; a field of the record, or
     * {@value #SCREENSHOT} with a box in the screenshot's pixels), of which kind (a detector's id, or what a reviewer
     * named a box they drew), the text found (null for a box drawn around no text), and its review state.
     */
    public record Finding(int step, String field, String kind, String text, int[] box, String state) {

        public Finding {
            if (!List.of(PROPOSED, ACCEPTED, REJECTED).contains(state)) {
                throw new IllegalArgumentException("no review state '" + state + "' (there are proposed, accepted and rejected)");
            }
        }

        /** Redacted in exports: everything a reviewer did not reject. */
        public boolean redacted() {
            return !state.equals(REJECTED);
        }

        public Finding withState(String newState) {
            return new Finding(step, field, kind, text, box, newState);
        }

        /** The same piece of data in the same place: what keeps its review when a task is scrubbed again. */
        public boolean samePlace(Finding other) {
            return step == other.step && field.equals(other.field) && kind.equals(other.kind) && java.util.Objects.equals(text, other.text)
                    && java.util.Arrays.equals(box, other.box);
        }

        /** "step 3 screenshot: email 'a@b.org'" */
        public String describe() {
            String where = (step < 0 ? "" : "step " + (step + 1) + " ") + field;
            return where + ": " + kind + (text == null ? " (drawn)" : " '" + text + "'");
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Finding f && samePlace(f) && state.equals(f.state);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(step, field, kind, text, java.util.Arrays.hashCode(box), state);
        }
    }

    /** How many findings no reviewer has judged yet. */
    public int unreviewed() {
        return (int) findings.stream().filter(f -> f.state().equals(PROPOSED)).count();
    }

    /** A few words for a table cell: "clean", "3 to review", "2 redacted". */
    public String describe() {
        int open = unreviewed();
        long redacted = findings.stream().filter(Finding::redacted).count();
        if (open > 0) {
            return open + " to review";
        }
        return redacted == 0 ? "clean" : redacted + " redacted";
    }

    /** A placeholder's name for a kind: {@code EMAIL} for {@code email}, {@code URL_CREDENTIALS} for {@code url-credentials}. */
    public static String placeholderName(String kind) {
        String name = kind.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_").replaceAll("^_|_$", "");
        return name.isEmpty() ? "PERSONAL" : name;
    }

    String findingsJson() {
        try {
            return Json.MAPPER.writeValueAsString(findings);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<Finding> readFindings(String json) {
        try {
            return new ArrayList<>(Json.MAPPER.readValue(json, new TypeReference<List<Finding>>() {
            }));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a scrub's findings do not read: " + e.getOriginalMessage(), e);
        }
    }
}
