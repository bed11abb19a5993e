/**
 * Prompts as templates the user may replace, the strict JSON replies asked of a model, and the markers drawn on
 * screenshots, shared by annotation, model-judged scoring and extraction.
 *
 * @since 0.1
 */
package org.trajectory.vlm.prompt;
