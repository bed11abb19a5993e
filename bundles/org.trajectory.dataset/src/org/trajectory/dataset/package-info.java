/**
 * The dataset store: {@link org.trajectory.dataset.Dataset} on SQLite in a folder or on a PostgreSQL server ({@link
 * org.trajectory.dataset.DatasetAddress}), with content-addressed images, queries and pages, drafts saved with
 * versions, reviews and team roles; and the operations on the store itself: import, copy between engines, validation.
 *
 * @since 0.1
 */
package org.trajectory.dataset;
