package org.trajectory.extract.internal.model;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import org.trajectory.extract.ExtractionContext;
import org.trajectory.vlm.Model;
import org.trajectory.vlm.VlmException;
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

    /**
     * The answers of {@code calls}, in their order, at most the settings' concurrency of them running at once; each
     * answer counts {@code callsEach} model calls of progress. Cancelling stops those running (their requests are
     * interrupted) and throws.
     */
    static <T> List<T> inParallel(List<Callable<T>> calls, int callsEach, ExtractionContext context)
            throws IOException, VlmException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(context.settings().concurrency(), calls.size())), r -> {
            Thread thread = new Thread(r, "Extraction model request");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<T>> pending = calls.stream().map(pool::submit).toList();
            List<T> answers = new ArrayList<>(calls.size());
            for (Future<T> answer : pending) {
                while (true) {
                    checkCancelled(context);
                    try {
                        answers.add(answer.get(200, TimeUnit.MILLISECONDS));
                        break;
                    } catch (TimeoutException notYet) {
                        // look at the cancel button again
                    } catch (ExecutionException e) {
                        switch (e.getCause()) {
                            case IOException io -> throw io;
                            case VlmException vlm -> throw vlm;
                            case InterruptedException stopped -> throw stopped;
                            case RuntimeException runtime -> throw runtime;
                            default -> throw new IOException(e.getCause());
                        }
                    }
                }
                context.progress().worked(callsEach);
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    static String frameList(List<SampledFrames.Shown> frames) {
        return frames.stream().map(f -> String.format(Locale.ROOT, "%d (%.1f s)", f.number(), f.time())).collect(Collectors.joining(", "));
    }
}
