package org.trajectory.extract.internal.offline;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

import org.trajectory.onnx.OnnxRuntime;
import org.trajectory.extract.opencv.OpenCvLibrary;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

/** A network this bundle ships (trained by a command in releng/, its model card beside it), on our ONNX Runtime. */
record BundledModel(OrtEnvironment environment, OrtSession session) {

    /** Each network loaded, or why it cannot be (said again without trying again). */
    private static final Map<String, Object> LOADED = new HashMap<>();

    /** The network in {@code resource}, loaded once per workbench; an IOException saying that {@code what} cannot be loaded, and why. */
    static synchronized BundledModel shared(String resource, String what) throws IOException {
        Object known = LOADED.get(resource);
        if (known instanceof String unavailable) {
            throw new IOException(unavailable);
        }
        if (known == null) {
            try {
                known = load(resource, what);
            } catch (IOException e) {
                LOADED.put(resource, e.getMessage());
                throw e;
            }
            LOADED.put(resource, known);
        }
        return (BundledModel) known;
    }

    private static BundledModel load(String resource, String what) throws IOException {
        try {
            OpenCvLibrary.load();
            OrtEnvironment environment = OnnxRuntime.environment();
            byte[] model;
            try (InputStream in = BundledModel.class.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IOException(resource + " is not in the extraction bundle");
                }
                model = in.readAllBytes();
            }
            OrtSession.SessionOptions options = OnnxRuntime.sizeVaryingOptions(Math.min(2, Runtime.getRuntime().availableProcessors()));
            return new BundledModel(environment, environment.createSession(model, options));
        } catch (IOException | OrtException | UnsatisfiedLinkError e) {
            throw new IOException(what + " cannot be loaded: " + e.getMessage(), e);
        }
    }

    /** A value the training wrote into the network's metadata, or null. */
    String stated(String key) throws IOException {
        try {
            return session.getMetadata().getCustomMetadata().get(key);
        } catch (OrtException e) {
            throw new IOException("the metadata of a bundled network cannot be read: " + e.getMessage(), e);
        }
    }
}
