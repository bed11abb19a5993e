/**
 * For tests of anything that stores datasets: a real PostgreSQL server in a temporary folder, the engines every store
 * test runs on, and the stored records as JSON.
 *
 * @since 0.1
 */
package org.trajectory.dataset.kit;
