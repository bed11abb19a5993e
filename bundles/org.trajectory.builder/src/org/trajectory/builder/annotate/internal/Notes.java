package org.trajectory.builder.annotate.internal;

/** What the annotation pipeline writes: per step the generator's and the reflector's fields, per task the summary. */
public final class Notes {

    private Notes() {
    }

    /** The generator's fields of a step. */
    public record Described(String observation, String thought, String action) {
    }

    /** The reflector's judgment of a step, stored on the step after it ({@code last_step_*}). */
    public record Reflected(String reflection, boolean correct, boolean redundant) {
    }

    /** The summarizer's fields of a task; scores 0-10. */
    public record Summary(String naturalLanguageTask, String actualTask, Double alignment, Double efficiency, Double difficulty,
            Boolean completed, String reason) {
    }
}
