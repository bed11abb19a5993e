package org.trajectory.vlm;

import java.util.List;

/**
 * A conversation for a vision-language model: messages of text and images, whether the answer must be a JSON object,
 * and the most tokens it may have.
 *
 * @since 0.1
 */
public record VlmRequest(List<Message> messages, boolean json, int maxTokens, double temperature) {

    public enum Role { SYSTEM, USER, ASSISTANT }

    public record Message(Role role, List<Part> parts) {
        public Message {
            parts = List.copyOf(parts);
        }

        public static Message user(Part... parts) {
            return new Message(Role.USER, List.of(parts));
        }

        public static Message system(String text) {
            return new Message(Role.SYSTEM, List.of(new Text(text)));
        }

        public static Message assistant(String text) {
            return new Message(Role.ASSISTANT, List.of(new Text(text)));
        }

        /** The text parts joined; images left out. */
        public String text() {
            StringBuilder out = new StringBuilder();
            for (Part part : parts) {
                if (part instanceof Text text) {
                    out.append(out.isEmpty() ? "" : "\n").append(text.text());
                }
            }
            return out.toString();
        }
    }

    public sealed interface Part {
    }

    public record Text(String text) implements Part {
    }

    /** An image as bytes with its media type ({@code image/png}, {@code image/jpeg}). */
    public record Image(byte[] data, String mediaType) implements Part {
        /** A screenshot, its type told by its bytes: JPEG, else PNG. */
        public static Image of(byte[] data) {
            boolean jpeg = data.length > 2 && (data[0] & 0xff) == 0xff && (data[1] & 0xff) == 0xd8;
            return new Image(data, jpeg ? "image/jpeg" : "image/png");
        }
    }

    public VlmRequest {
        messages = List.copyOf(messages);
        if (maxTokens <= 0) {
            throw new IllegalArgumentException("maxTokens must be positive");
        }
    }

    /** A request of the given messages at temperature 0 with at most 1024 tokens of answer. */
    public static VlmRequest of(boolean json, Message... messages) {
        return new VlmRequest(List.of(messages), json, 1024, 0);
    }

    /** The text of the system messages, joined; empty when there are none. */
    public String systemText() {
        return String.join("\n", messages.stream().filter(m -> m.role() == Role.SYSTEM).map(Message::text).toList());
    }

    /** The same conversation with more messages. */
    public VlmRequest with(Message... more) {
        List<Message> all = new java.util.ArrayList<>(messages);
        all.addAll(List.of(more));
        return new VlmRequest(all, json, maxTokens, temperature);
    }
}
