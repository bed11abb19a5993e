/**
 * For exporter authors: the published {@link org.trajectory.export.kit.ExporterContract} and {@link
 * org.trajectory.export.kit.ExportFixture}, a small real dataset to export.
 *
 * @since 0.1
 */
package org.trajectory.export.kit;
