/**
 * The field's other record formats and ours, both ways: each format is one class reading its records into our
 * {@link org.trajectory.model.Task} and writing tasks back, saying what it cannot hold.
 *
 * @since 0.1
 */
package org.trajectory.model.format;
