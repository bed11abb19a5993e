package org.trajectory.dataset;

/**
 * What an export's filters, splits and dataset card look at for one task: its place in the dataset, id, text, OS,
 * domain, final score, where it came from ({@code source}: "recording:FOLDER" (or "recording" when built before the
 * folder was kept), "extraction:METHOD", or the imported file's name) and its review.
 *
 * @since 0.1
 */
public record TaskFacts(long seq, String taskId, String instruction, String os, String domain, Double finalScore,
        String source, ReviewState review, String reviewer) {

    /** How a task was made. */
    public enum Origin {
        RECORDED, EXTRACTED, IMPORTED;

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public Origin origin() {
        if (source != null && source.startsWith(Dataset.EXTRACTED)) {
            return Origin.EXTRACTED;
        }
        return Dataset.RECORDED.equals(source) || Dataset.recordingFolder(source) != null ? Origin.RECORDED : Origin.IMPORTED;
    }

    /** The extraction method's id of an extracted task, else null. */
    public String extractionMethod() {
        return origin() == Origin.EXTRACTED ? source.substring(Dataset.EXTRACTED.length()) : null;
    }
}
