/**
 * Recording a person at work: the {@code captureBackends} extension point ({@link
 * org.trajectory.recorder.CaptureBackend}, the sessions and events a backend delivers), the privacy filter, reading a
 * {@link org.trajectory.recorder.Recording}, and {@link org.trajectory.recorder.RecordOperation}, the one way a
 * recording is made.
 *
 * @since 0.1
 */
package org.trajectory.recorder;
