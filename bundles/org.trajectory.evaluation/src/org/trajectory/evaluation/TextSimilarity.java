package org.trajectory.evaluation;

import java.io.IOException;
import java.util.Collection;

import org.trajectory.model.operation.Progress;

/**
 * How alike two texts are in meaning, from -1 to 1 (a cosine); Sharingan compares details and contexts with it.
 *
 * @since 0.1
 */
public interface TextSimilarity {

    double similarity(String a, String b) throws IOException;

    /** Called with the texts about to be compared, so that an implementation can work in batches. */
    default void prepare(Collection<String> texts, Progress progress) throws IOException {
    }
}
