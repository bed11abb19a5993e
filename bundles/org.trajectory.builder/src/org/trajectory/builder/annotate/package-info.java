/**
 * Reasoning for each step and a summary for each task: {@link org.trajectory.builder.annotate.AnnotateOperation} runs
 * an {@link org.trajectory.builder.annotate.Annotator} (a model, or the offline annotator) over a dataset, resuming
 * where it stopped.
 *
 * @since 0.1
 */
package org.trajectory.builder.annotate;
