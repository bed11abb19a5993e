/**
 * ONNX Runtime as the workbench runs it: {@link org.trajectory.onnx.OnnxRuntime} loads its native libraries once from
 * the workbench's cache, with no telemetry left behind, and opens the model files that model bundles carry. Sentence
 * embeddings, PP-OCR and the offline extraction's learned models all start their sessions through it.
 *
 * @since 0.1
 */
package org.trajectory.onnx;
