/**
 * Loads OpenCV's native library for this platform from the workbench cache; a fragment of the OpenCV bundle, so the
 * library binds to OpenCV's own classes. The extraction bundle calls it before its first use of OpenCV.
 *
 * @since 0.1
 */
package org.trajectory.extract.opencv;
