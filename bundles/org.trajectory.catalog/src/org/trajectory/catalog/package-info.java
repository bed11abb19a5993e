/**
 * The one catalogue mechanism behind every extension point: a {@link org.trajectory.catalog.Catalogue} reads an
 * extension point once, checks and logs bad contributions, and makes each contributed class on first use; an area's
 * {@link org.trajectory.catalog.Registry} of {@link org.trajectory.catalog.Entry}s is what its code and tests use.
 *
 * @since 0.1
 */
package org.trajectory.catalog;
