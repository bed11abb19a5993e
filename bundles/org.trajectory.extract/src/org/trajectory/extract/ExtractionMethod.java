package org.trajectory.extract;

import java.io.IOException;
import java.util.List;

import org.trajectory.vlm.VlmException;

/**
 * A way of finding the actions a person did in a screen video, contributed to the {@code extractionMethods} extension
 * point ({@link ExtractionMethods}). An implementation is stateless and may be called for several videos at once.
 *
 * @since 0.1
 */
public interface ExtractionMethod {

    /**
     * The actions in {@code video}, in time order.
     *
     * @param task what the person was doing, in their words (the model methods put it in their prompts)
     * @throws IOException          the video cannot be read, with the reason in one line
     * @throws VlmException         the model failed after its retries
     * @throws InterruptedException the run was cancelled; nothing is left running
     */
    List<ExtractedAction> extract(Video video, String task, ExtractionContext context) throws IOException, VlmException, InterruptedException;

    /** At most how many model calls extracting {@code video} takes (before repairs and retries), said before a run; 0 for none. */
    default long estimateCalls(Video video, ExtractionSettings settings) {
        return 0;
    }
}
