package org.trajectory.export;

import java.io.IOException;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.dataset.Redaction;
import org.trajectory.dataset.StoredRecords;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.dataset.TaskFacts;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Problem;

/**
 * What an export does with the personal data {@code scrub} found, the setting every exporter has: {@value #REDACT}
 * (the default) writes what a reviewer kept as a placeholder or a filled box and leaves out the tasks whose findings
 * are not reviewed yet; {@value #REDACT_UNREVIEWED} writes those too, every finding redacted; {@value #KEEP} writes
 * records and screenshots as stored. Both redacting modes leave out tasks never scrubbed, or changed since: nobody
 * looked for what they hold. The originals stay in the dataset: only exports carry redacted pixels.
 *
 * @since 0.1
 */
public final class PersonalData {

    public static final String SETTING = "personal_data";
    public static final String REDACT = "redact";
    public static final String REDACT_UNREVIEWED = "redact-unreviewed";
    public static final String KEEP = "keep";

    private final String mode;
    /** Each selected task's stored scrub, by its row number; none for a task never scrubbed. */
    private final Map<Long, StoredScrub> scrubs = new HashMap<>();
    private final Map<Long, String> taskIds = new HashMap<>();

    private PersonalData(String mode) {
        this.mode = mode;
    }

    public static ExportSetting setting() {
        return ExportSetting.choice(SETTING, REDACT, "redact: what scrub found and a reviewer kept becomes a placeholder or a filled"
                + " box, and tasks with findings not reviewed yet are left out; redact-unreviewed: they go out, their findings"
                + " redacted unreviewed; keep: records and screenshots as stored. Tasks not scrubbed since their last change go out only with keep", REDACT, REDACT_UNREVIEWED, KEEP);
    }

    /** The job's setting and the scrubs of its tasks (one query, not one a task). */
    public static PersonalData of(ExportJob job) throws SQLException {
        PersonalData personal = new PersonalData(job.settings().text(SETTING));
        if (!personal.mode.equals(KEEP)) {
            Map<String, StoredScrub> all = job.dataset().scrubs().all();
            for (TaskFacts task : job.selection().tasks()) {
                personal.taskIds.put(task.seq(), task.taskId());
                if (all.containsKey(task.taskId())) {
                    personal.scrubs.put(task.seq(), all.get(task.taskId()));
                }
            }
        }
        return personal;
    }

    /** Whether records and screenshots go out as stored. */
    public boolean keeps() {
        return mode.equals(KEEP);
    }

    /**
     * Whether the task at {@code records} may not go out yet (said in {@code problems}): unless personal data is kept as
     * stored, a task never scrubbed, or changed since it was, is left out (nobody looked for what it holds); with
     * {@value #REDACT}, so is one whose findings are not reviewed yet.
     */
    public boolean leftOut(StoredRecords records, List<Problem> problems) throws IOException {
        if (mode.equals(KEEP)) {
            return false;
        }
        long seq = records.seq();
        StoredScrub scrub = scrubs.get(seq);
        if (scrub == null || !scrub.contentHash().equals(records.contentHash())) {
            problems.add(new Problem(taskIds.get(seq), 0, -1, "left out: " + (scrub == null ? "never scrubbed" : "changed since it was scrubbed")
                    + " (run scrub on it, or export with " + SETTING + "=" + KEEP + " to write it as stored)"));
            return true;
        }
        if (!mode.equals(REDACT) || scrub.unreviewed() == 0) {
            return false;
        }
        problems.add(new Problem(taskIds.get(seq), 0, -1, "left out: " + Words.count(scrub.unreviewed(), "finding") + " of personal data"
                + " not reviewed yet (review them in the editor, or export with " + SETTING + "=" + REDACT_UNREVIEWED + ")"));
        return true;
    }

    /** Whether the task of row {@code seq} was scrubbed. */
    public boolean scrubbed(long seq) {
        return scrubs.containsKey(seq);
    }

    /** What the export writes instead of the task's personal data; null when it writes the task as stored. */
    public Redaction redaction(long seq) {
        StoredScrub scrub = scrubs.get(seq);
        Redaction redaction = scrub == null ? null : new Redaction(scrub);
        return redaction == null || redaction.isEmpty() ? null : redaction;
    }
}
