/**
 * For extraction method authors: the published {@link org.trajectory.extract.kit.ExtractionMethodContract} and {@link
 * org.trajectory.extract.kit.ScreenVideo}, a real test video.
 *
 * @since 0.1
 */
package org.trajectory.extract.kit;
