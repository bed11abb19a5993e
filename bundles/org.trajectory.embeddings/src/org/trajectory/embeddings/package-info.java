/**
 * Sentence embeddings as a library: {@link org.trajectory.embeddings.SentenceEmbedder} (all-MiniLM-L6-v2 on ONNX
 * Runtime, in-process), a cache of embeddings on disk, and exact nearest-neighbour search ({@link
 * org.trajectory.embeddings.VectorIndex}).
 *
 * @since 0.1
 */
package org.trajectory.embeddings;
