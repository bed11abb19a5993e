package org.trajectory.extract;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.trajectory.model.operation.Progress;
import org.trajectory.vlm.Model;

/**
 * What a method is given besides the video: its settings, the model to ask (null for methods that need none), the
 * folder of prompts that replace the shipped ones (null: the shipped ones, or the user's in
 * {@code ~/.trajectory-workbench/prompts/}), progress with cancellation, and {@code taken}: frames the method decoded
 * anyway (PNG, by their time in milliseconds), which the run reuses as the steps' screenshots instead of decoding the
 * video again.
 *
 * @since 0.1
 */
public record ExtractionContext(ExtractionSettings settings, Model model, Path prompts, Progress progress, Map<Long, byte[]> taken) {

    public ExtractionContext(ExtractionSettings settings, Model model, Path prompts, Progress progress) {
        this(settings, model, prompts, progress, new ConcurrentHashMap<>());
    }

    public static ExtractionContext offline(ExtractionSettings settings) {
        return new ExtractionContext(settings, null, null, Progress.NONE);
    }

    /** The key of a frame shown at {@code seconds}. */
    public static long at(double seconds) {
        return Math.round(seconds * 1000);
    }
}
