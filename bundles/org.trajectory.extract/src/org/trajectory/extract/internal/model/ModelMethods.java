package org.trajectory.extract.internal.model;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.trajectory.extract.ExtractionContext;
import org.trajectory.vlm.Model;
import org.trajectory.vlm.prompt.Prompts;

/** What the two model methods share: their model, their prompts, cancellation and how frames are listed in a prompt. */
final class ModelMethods {

    private ModelMethods() {
    }

    static Model model(ExtractionContext context, String method) {
        if (context.model() == null) {
            throw new IllegalArgumentException("the " + method + " method asks a model, and none was given");
        }
        return context.model();
    }

    /** The prompts shipped in this bundle's {@code prompts/}, or the user's files of the same names. */
    static Prompts prompts(ExtractionContext context) {
        return context.prompts() == null ? Prompts.defaults(ModelMethods.class) : new Prompts(context.prompts(), ModelMethods.class);
    }

    static void checkCancelled(ExtractionContext context) throws InterruptedException {
        if (Thread.interrupted() || context.progress().isCancelled()) {
            throw new InterruptedException("extraction cancelled");
        }
    }

    static String frameList(List<SampledFrames.Shown> frames) {
        return frames.stream().map(f -> String.format(Locale.ROOT, "%d (%.1f s)", f.number(), f.time())).collect(Collectors.joining(", "));
    }
}
