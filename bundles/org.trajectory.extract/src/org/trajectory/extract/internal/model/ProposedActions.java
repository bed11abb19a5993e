package org.trajectory.extract.internal.model;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.Video;
import org.trajectory.extract.internal.offline.PointerLocator;
import org.trajectory.model.Json;
import org.trajectory.vlm.prompt.ModelJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The actions a model proposes, as every extraction prompt asks for them: {@code {"actions": [{"operation", "first_frame",
 * "last_frame", "detail", "context", "text", "amount", "evidence"}]}}, read strictly (what is wrong is said back to the
 * model for its one repair), and made into {@link ExtractedAction}s with the pointer finder's points.
 */
final class ProposedActions {

    /** One proposed action, frames numbered as the prompt showed them. */
    record Proposed(String operation, int firstFrame, int lastFrame, String detail, String context, String text, int amount, String evidence) {
    }

    private ProposedActions() {
    }

    /** A reader of the answer's actions, their frames within [first, last]. */
    static ModelJson.Reader<List<Proposed>> reader(int first, int last) {
        return reply -> {
            JsonNode actions = reply.get("actions");
            if (actions == null || !actions.isArray()) {
                throw new ModelJson.Invalid("\"actions\" must be an array of actions");
            }
            List<Proposed> read = new ArrayList<>();
            for (int i = 0; i < actions.size(); i++) {
                read.add(read(actions.get(i), i, first, last));
            }
            return read;
        };
    }

    private static Proposed read(JsonNode action, int i, int first, int last) throws ModelJson.Invalid {
        String where = "action " + (i + 1) + ": ";
        if (!action.isObject()) {
            throw new ModelJson.Invalid(where + "must be an object");
        }
        String operation = action.path("operation").asText("").strip().toLowerCase(Locale.ROOT);
        if (!ExtractedAction.OPERATIONS.contains(operation)) {
            throw new ModelJson.Invalid(where + "\"operation\" must be one of " + String.join(", ", ExtractedAction.OPERATIONS));
        }
        JsonNode from = action.get("first_frame");
        JsonNode to = action.get("last_frame");
        if (from == null || !from.canConvertToInt() || to == null || !to.canConvertToInt() || from.asInt() < first || to.asInt() > last
                || from.asInt() > to.asInt()) {
            throw new ModelJson.Invalid(where + "\"first_frame\" and \"last_frame\" must be frame numbers from " + first + " to " + last
                    + ", the first not after the last");
        }
        String detail = action.path("detail").asText("").strip();
        if (detail.isEmpty()) {
            throw new ModelJson.Invalid(where + "\"detail\" must say what was done");
        }
        String text = action.path("text").isTextual() ? action.path("text").asText() : null;
        if ((operation.equals(ExtractedAction.TYPE) || operation.equals(ExtractedAction.PRESS) || operation.equals(ExtractedAction.HOTKEY))
                && (text == null || text.isEmpty())) {
            throw new ModelJson.Invalid(where + "a " + operation + " needs \"text\": what was typed, or the keys (\"enter\", \"ctrl+s\")");
        }
        return new Proposed(operation, from.asInt(), to.asInt(), detail, action.path("context").asText("").strip(), text,
                action.path("amount").asInt(0), action.path("evidence").asText(""));
    }

    /** The actions as JSON text, for the next prompt (the corrector's, the merger's). */
    static String json(List<Proposed> actions) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        ArrayNode list = root.putArray("actions");
        for (Proposed p : actions) {
            ObjectNode node = list.addObject();
            node.put("operation", p.operation()).put("first_frame", p.firstFrame()).put("last_frame", p.lastFrame())
                    .put("detail", p.detail()).put("context", p.context());
            if (p.text() != null) {
                node.put("text", p.text());
            }
            if (p.amount() != 0) {
                node.put("amount", p.amount());
            }
            node.put("evidence", p.evidence());
        }
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The proposed actions as extracted ones: times from their frames; a pointer action's point where the pointer is in
     * its first frame (a drag's and a selection's end in its last).
     */
    static List<ExtractedAction> extracted(List<Proposed> proposed, SampledFrames frames, Video video, double confidence)
            throws IOException {
        PointerLocator pointers = new PointerLocator();
        List<ExtractedAction> actions = new ArrayList<>();
        for (Proposed p : proposed) {
            SampledFrames.Shown first = frames.number(p.firstFrame());
            SampledFrames.Shown last = frames.number(p.lastFrame());
            boolean pointer = !List.of(ExtractedAction.TYPE, ExtractedAction.PRESS, ExtractedAction.HOTKEY).contains(p.operation());
            ExtractedAction.Pixel at = pointer ? pointers.locate(video, first.time()) : null;
            boolean span = p.operation().equals(ExtractedAction.DRAG) || p.operation().equals(ExtractedAction.SELECT);
            ExtractedAction.Pixel to = span ? pointers.locate(video, last.time()) : null;
            int amount = p.operation().equals(ExtractedAction.SCROLL) ? (p.amount() == 0 ? -1 : p.amount()) : Math.max(0, p.amount());
            actions.add(new ExtractedAction(p.operation(), first.time(), Math.max(first.time(), last.time()), at, to, p.text(), amount,
                    p.detail(), p.context().isEmpty() ? null : p.context(), at == null && pointer ? confidence / 2 : confidence));
        }
        actions.sort(java.util.Comparator.comparingDouble(ExtractedAction::start));
        return actions;
    }
}
