/**
 * Publishing an export to the Hugging Face Hub through its HTTP API: {@link org.trajectory.export.hub.PushOperation},
 * resumable, large files through Git LFS.
 *
 * @since 0.1
 */
package org.trajectory.export.hub;
