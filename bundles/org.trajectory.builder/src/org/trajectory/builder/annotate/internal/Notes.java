package org.trajectory.builder.annotate.internal;

/** What the annotation pipeline writes: per step the generator's and the reflector's fields, per task the summary. */
public final class Notes {

    private Notes() {
    }

    /** The generator's fields of a step. */
    public record Described(String observation, String thought, String action) {
    }

    /**
     * The reflector's judgment of a step, stored on the step after it ({@code last_step_*}); null where it cannot tell
     * (the field is then left out of the record, never written as false).
     */
    public record Reflected(String reflection, Boolean correct, Boolean redundant) {
    }

    /** The summarizer's fields of a task; scores 0-10. */
    public record Summary(String naturalLanguageTask, String actualTask, Double alignment, Double efficiency, Double difficulty,
            Boolean completed, String reason) {
    }
}
