/**
 * Actions from video alone: the {@code extractionMethods} extension point ({@link
 * org.trajectory.extract.ExtractionMethod}), the video and frame access methods share, and {@link
 * org.trajectory.extract.ExtractOperation}, which makes a trajectory of each video.
 *
 * @since 0.1
 */
package org.trajectory.extract;
