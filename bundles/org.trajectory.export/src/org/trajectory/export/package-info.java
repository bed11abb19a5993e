/**
 * Exports: the {@code exporters} extension point ({@link org.trajectory.export.Exporter}), what an export selects
 * (filters, leak-free splits), the rules every exporter writes by ({@link org.trajectory.export.ExportTarget}, {@link
 * org.trajectory.export.ImageSink}), and {@link org.trajectory.export.ExportOperation}.
 *
 * @since 0.1
 */
package org.trajectory.export;
