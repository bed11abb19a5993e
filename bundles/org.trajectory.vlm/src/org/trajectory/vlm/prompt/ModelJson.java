package org.trajectory.vlm.prompt;

import java.util.List;

import org.trajectory.vlm.Model;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmRequest.Message;
import org.trajectory.vlm.VlmRequest.Part;
import org.trajectory.vlm.VlmRequest.Text;
import org.trajectory.vlm.VlmRequest;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Asks a model for a JSON object and reads it strictly: a wrong answer (not JSON, a field missing or of the wrong
 * type) gets one repair request that says what was wrong; a second wrong answer is a BAD_RESPONSE.
 *
 * @since 0.1
 */
public final class ModelJson {

    private ModelJson() {
    }

    /** Reads the fields of an answer's object, or says what is wrong with it. */
    public interface Reader<T> {
        T read(ObjectNode reply) throws Invalid;
    }

    /** What is wrong with an answer, said back to the model. */
    public static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;

        public Invalid(String message) {
            super(message);
        }
    }

    public static <T> T ask(Model model, Prompts.Prompt prompt, List<Part> parts, Reader<T> reader)
            throws VlmException, InterruptedException {
        return ask(model, prompt, parts, reader, 1024);
    }

    /** As {@link #ask(Model, Prompts.Prompt, List, Reader)}, for answers of up to {@code maxTokens} (a list of actions). */
    public static <T> T ask(Model model, Prompts.Prompt prompt, List<Part> parts, Reader<T> reader, int maxTokens)
            throws VlmException, InterruptedException {
        VlmRequest request = new VlmRequest(List.of(Message.system(prompt.system()), new Message(VlmRequest.Role.USER, parts)), true,
                maxTokens, 0);
        String answer = model.complete(request).text();
        try {
            return reader.read(Replies.object(answer));
        } catch (Invalid first) {
            VlmRequest repair = request.with(Message.assistant(answer), Message.user(new Text("That answer cannot be used: "
                    + first.getMessage() + ". Reply with only the JSON object asked for, nothing before or after it.")));
            try {
                return reader.read(Replies.object(model.complete(repair).text()));
            } catch (Invalid second) {
                throw new VlmException(VlmException.Kind.BAD_RESPONSE, "the model's answer was not the JSON asked for, twice: "
                        + second.getMessage());
            }
        }
    }
}
