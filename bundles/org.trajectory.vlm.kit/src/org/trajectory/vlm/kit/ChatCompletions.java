package org.trajectory.vlm.kit;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a test reads from an OpenAI Chat Completions request that reached a {@link LocalServer}: the text of its
 * messages and the images it carried, for servers that answer by what was asked.
 *
 * @since 0.1
 */
public final class ChatCompletions {

    private ChatCompletions() {
    }

    /** The text of every message, a line per message or text part. */
    public static String text(JsonNode request) {
        StringBuilder text = new StringBuilder();
        for (JsonNode message : request.path("messages")) {
            JsonNode content = message.path("content");
            if (content.isTextual()) {
                text.append(content.asText()).append('\n');
            }
            content.forEach(part -> text.append(part.path("text").asText("")).append('\n'));
        }
        return text.toString();
    }

    /** The images' {@code image_url} addresses (data URLs for images sent inline), in order. */
    public static List<String> imageUrls(JsonNode request) {
        List<String> images = new ArrayList<>();
        for (JsonNode message : request.path("messages")) {
            for (JsonNode part : message.path("content")) {
                if (part.path("type").asText().equals("image_url")) {
                    images.add(part.path("image_url").path("url").asText());
                }
            }
        }
        return images;
    }
}
