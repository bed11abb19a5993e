package org.trajectory.export;

import java.util.Set;

import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskFacts;

/**
 * Which tasks an export takes. Null fields do not filter. {@code review} null means the default of every export, in
 * every format and from both front ends: approved tasks only (what a review passed); an empty set means any. {@code os} and {@code domain} match exactly
 * (any case); {@code application} matches a step's window title anywhere (any case); {@code reviewer} the reviewer's name.
 *
 * @since 0.1
 */
public record ExportFilter(Set<ReviewState> review, String reviewer, Double minScore, Double maxScore, String os, String domain,
        String application, TaskFacts.Origin origin) {

    /** Every task, reviewed or not. */
    public static final ExportFilter ANY = new ExportFilter(Set.of(), null, null, null, null, null, null, null);

    /** The default: approved tasks only, nothing else filtered. */
    public static final ExportFilter DEFAULT = new ExportFilter(null, null, null, null, null, null, null, null);

    public ExportFilter withReview(Set<ReviewState> states) {
        return new ExportFilter(states, reviewer, minScore, maxScore, os, domain, application, origin);
    }
}
