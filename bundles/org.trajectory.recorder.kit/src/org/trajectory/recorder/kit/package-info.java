/**
 * For capture backend authors and tests of what reads recordings: the published {@link
 * org.trajectory.recorder.kit.CaptureBackendContract}, test X servers, videos and small recordings.
 *
 * @since 0.1
 */
package org.trajectory.recorder.kit;
