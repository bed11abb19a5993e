package org.trajectory.builder.annotate;

import java.io.IOException;
import java.util.List;

import org.trajectory.builder.annotate.internal.Notes;
import org.trajectory.builder.annotate.internal.StepView;
import org.trajectory.vlm.VlmException;

/**
 * Writes the reasoning of a trajectory: a model through a provider ({@link ModelAnnotator}) or, with no network,
 * {@link OfflineAnnotator}. Implementations are thread-safe: steps are annotated in parallel.
 *
 * @since 0.1
 */
public interface Annotator {

    /** Observation, thought and action for a step. */
    Notes.Described describe(StepView step) throws VlmException, IOException, InterruptedException;

    /** Judges a step from the screen before it and after it ({@code after} null when there is none). */
    Notes.Reflected reflect(StepView step, Notes.Described described, byte[] after) throws VlmException, IOException, InterruptedException;

    /** Who writes, kept on each task it annotated ({@code annotated_by}): "model gpt-4o, prompts 3f2a9c1b0d4e", "offline". */
    String by();

    /** Summarizes a task from its steps (in words) and its final screen. */
    Notes.Summary summarize(String task, List<String> steps, byte[] finalScreen) throws VlmException, IOException, InterruptedException;
}
