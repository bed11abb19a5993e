/**
 * The team's review measured: how far reviewers agree ({@link org.trajectory.review.Agreement}: Cohen's kappa per pair,
 * Krippendorff's alpha, accuracy on gold tasks, the disagreements to settle) and the gold file a lead assigns with. The
 * verdicts themselves are stored, and their writing enforced, by the dataset.
 *
 * @since 0.1
 */
package org.trajectory.review;
