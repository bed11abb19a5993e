package org.trajectory.dataset;

/**
 * A filter and an order over a dataset's tasks, as the table asks for them. Null fields do not filter.
 * {@code text} matches the instruction or the task id, case-insensitively, anywhere. {@code minScore}/{@code maxScore} bound the score
 * of {@code scoreCriterion} (null: the final score); {@code sortCriterion}, when set, sorts by that criterion's score
 * instead of {@code sortBy}. {@code extracted} keeps the tasks extracted from videos (true) or the others (false).
 * {@code queueOf} keeps a reviewer's queue: the tasks assigned to them that they have not judged yet.
 * {@code application} keeps the tasks with a step in that application (a recorded step's window class or process).
 * {@code replay} keeps the tasks whose last replay had that outcome ({@link StoredReplay#REPLAYED}...), or
 * {@link #NEVER_REPLAYED}. {@code reviewer} keeps the tasks whose review was last given by that reviewer;
 * {@code personalData} keeps the tasks by what their last scrub found.
 *
 * @since 0.1
 */
public record TaskQuery(String text, String domain, String os, Integer minSteps, Integer maxSteps, Double minScore,
        Double maxScore, ReviewState review, Column sortBy, boolean ascending, String scoreCriterion, String sortCriterion,
        Boolean extracted, String queueOf, String application, String replay, String reviewer, PersonalData personalData) {

    /** The sortable columns, with the SQL expression each sorts by. */
    public enum Column {
        ORDER("t.seq", false), ID("t.task_id", false), TASK("t.instruction", false), DOMAIN("t.domain", true), OS("t.os", true), STEPS("t.step_count", false),
        SCORE("t.final_score", true), ALIGNMENT("t.alignment_score", true), EFFICIENCY("t.efficiency_score", true),
        DIFFICULTY("t.task_difficulty", true), REVIEW("COALESCE(r.state, 'new')", false), CONFIDENCE("t.extraction_confidence", true),
        REPLAY("(SELECT p.outcome FROM replays p WHERE p.task_seq = t.seq)", true),
        /** Personal data: the findings not reviewed yet (null: never scrubbed). */
        PERSONAL_DATA("(SELECT sc.unreviewed FROM scrubs sc WHERE sc.task_seq = t.seq)", true);

        final String sql;
        /** Whether the column may be NULL (those sort last, which takes an expression no index serves). */
        final boolean nullable;

        Column(String sql, boolean nullable) {
            this.sql = sql;
            this.nullable = nullable;
        }
    }

    /** A task's personal data as its last scrub left it. */
    public enum PersonalData {
        /** Scrubbed, with findings no one has accepted or rejected yet. */
        TO_REVIEW("unreviewed > 0"),
        /** Scrubbed, and every finding reviewed (or none found). */
        ALL_REVIEWED("unreviewed = 0"),
        /** Never scrubbed. */
        NEVER_SCRUBBED(null);

        final String unreviewed;

        PersonalData(String unreviewed) {
            this.unreviewed = unreviewed;
        }
    }

    public static final TaskQuery ALL = new TaskQuery(null, null, null, null, null, null, null, null, Column.ORDER, true, null, null, null, null, null, null, null, null);
    /** The {@code replay} filter's value for tasks never replayed. */
    public static final String NEVER_REPLAYED = "never";

    public TaskQuery withText(String value) {
        return with(q -> q.text = value);
    }

    public TaskQuery withDomain(String value) {
        return with(q -> q.domain = value);
    }

    public TaskQuery withOs(String value) {
        return with(q -> q.os = value);
    }

    public TaskQuery withSteps(Integer min, Integer max) {
        return with(q -> {
            q.minSteps = min;
            q.maxSteps = max;
        });
    }

    /** Tasks whose final score is in [min, max]. */
    public TaskQuery withScore(Double min, Double max) {
        return withScore(null, min, max);
    }

    /** Tasks whose score of {@code criterion} (null: the final score) is in [min, max]. */
    public TaskQuery withScore(String criterion, Double min, Double max) {
        return with(q -> {
            q.scoreCriterion = criterion;
            q.minScore = min;
            q.maxScore = max;
        });
    }

    public TaskQuery withReview(ReviewState value) {
        return with(q -> q.review = value);
    }

    /** Only the tasks extracted from videos (true), only the others (false), or all (null). */
    public TaskQuery withExtracted(Boolean value) {
        return with(q -> q.extracted = value);
    }

    /** Only the tasks with a step in {@code value} (null: all). */
    public TaskQuery withApplication(String value) {
        return with(q -> q.application = value);
    }

    /** Only the tasks assigned to {@code reviewer} without their verdict yet (null: all). */
    public TaskQuery withQueueOf(String assignee) {
        return with(q -> q.queueOf = assignee);
    }

    /** Only the tasks whose last replay had this outcome, or {@link #NEVER_REPLAYED} (null: all). */
    public TaskQuery withReplay(String outcome) {
        return with(q -> q.replay = outcome);
    }

    /** Only the tasks whose review {@code value} gave last (null: all). */
    public TaskQuery withReviewer(String value) {
        return with(q -> q.reviewer = value);
    }

    /** Only the tasks whose personal data is in {@code value}'s state (null: all). */
    public TaskQuery withPersonalData(PersonalData value) {
        return with(q -> q.personalData = value);
    }

    public TaskQuery sortedBy(Column column, boolean up) {
        return with(q -> {
            q.sortBy = column;
            q.ascending = up;
            q.sortCriterion = null;
        });
    }

    /** Sorted by the score of one criterion (tasks without one last). */
    public TaskQuery sortedByScore(String criterion, boolean up) {
        return with(q -> {
            q.sortBy = Column.ORDER;
            q.ascending = up;
            q.sortCriterion = criterion;
        });
    }

    /** This query with {@code change} made to a copy of its fields. */
    private TaskQuery with(java.util.function.Consumer<Draft> change) {
        Draft q = new Draft(this);
        change.accept(q);
        return new TaskQuery(q.text, q.domain, q.os, q.minSteps, q.maxSteps, q.minScore, q.maxScore, q.review, q.sortBy, q.ascending,
                q.scoreCriterion, q.sortCriterion, q.extracted, q.queueOf, q.application, q.replay, q.reviewer, q.personalData);
    }

    /** A query's fields, to change one or two of them. */
    private static final class Draft {
        String text;
        String domain;
        String os;
        Integer minSteps;
        Integer maxSteps;
        Double minScore;
        Double maxScore;
        ReviewState review;
        Column sortBy;
        boolean ascending;
        String scoreCriterion;
        String sortCriterion;
        Boolean extracted;
        String queueOf;
        String application;
        String replay;
        String reviewer;
        PersonalData personalData;

        Draft(TaskQuery query) {
            text = query.text;
            domain = query.domain;
            os = query.os;
            minSteps = query.minSteps;
            maxSteps = query.maxSteps;
            minScore = query.minScore;
            maxScore = query.maxScore;
            review = query.review;
            sortBy = query.sortBy;
            ascending = query.ascending;
            scoreCriterion = query.scoreCriterion;
            sortCriterion = query.sortCriterion;
            extracted = query.extracted;
            queueOf = query.queueOf;
            application = query.application;
            replay = query.replay;
            reviewer = query.reviewer;
            personalData = query.personalData;
        }
    }
}
