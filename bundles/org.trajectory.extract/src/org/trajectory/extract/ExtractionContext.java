package org.trajectory.extract;

import java.nio.file.Path;

import org.trajectory.model.Progress;
import org.trajectory.vlm.Model;

/**
 * What a method is given besides the video: its settings, the model to ask (null for methods that need none), the
 * folder of prompts that replace the shipped ones (null: the shipped ones, or the user's in
 * {@code ~/.trajectory-workbench/prompts/}), and progress with cancellation.
 */
public record ExtractionContext(ExtractionSettings settings, Model model, Path prompts, Progress progress) {

    public static ExtractionContext offline(ExtractionSettings settings) {
        return new ExtractionContext(settings, null, null, Progress.NONE);
    }
}
