package org.trajectory.scoring;

import java.io.IOException;

import org.trajectory.model.Task;
import org.trajectory.vlm.Model;

/**
 * A task as criteria see it: the record, its step images (read on demand from the dataset's store), and the model to
 * ask, when the run has one.
 *
 * @since 0.1
 */
public interface TaskInput {

    Task task();

    /** The SHA-256 of the stored image of step {@code position}, or null when it has none. */
    String imageHash(int position);

    /** The image bytes of step {@code position}, or null when the step has none (or its file is missing). */
    byte[] image(int position) throws IOException;

    /** The first {@code max} bytes of the image of step {@code position} (enough for its header), or null. */
    byte[] imageHead(int position, int max) throws IOException;

    /** The model for criteria that need one, or null when the run has none. */
    Model model();

    /** The task alone: no images, no model (what a criterion of the record alone needs, and its tests). */
    static TaskInput of(Task task) {
        return new TaskInput() {
            @Override
            public Task task() {
                return task;
            }

            @Override
            public String imageHash(int position) {
                return null;
            }

            @Override
            public byte[] image(int position) {
                return null;
            }

            @Override
            public byte[] imageHead(int position, int max) {
                return null;
            }

            @Override
            public Model model() {
                return null;
            }
        };
    }
}
