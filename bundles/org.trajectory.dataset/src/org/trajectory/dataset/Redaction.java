package org.trajectory.dataset;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.trajectory.dataset.StoredScrub.Finding;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ActionPrinter;
import org.trajectory.model.action.ParsedCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * What an export writes instead of a task's personal data, from its reviewed scrub: every text found becomes a
 * placeholder numbered per kind ({@code <EMAIL_1>}), the same one wherever it occurs in the record (the step where it
 * is typed, the thought that mentions it, the instruction), and each box in a screenshot is filled. Typed text stays
 * a valid action: {@code write('<EMAIL_1>')}. Findings a reviewer rejected are left as they are.
 *
 * @since 0.1
 */
public final class Redaction {

    /** Fields that name things rather than say them: never rewritten. */
    private static final Set<String> NAMES = Set.of(Task.TASK_ID, Step.IMAGE);
    /** Room around a box: antialiased glyphs reach a pixel or two beyond what OCR reports. */
    private static final int PAD = 2;

    private final Map<String, String> placeholders = new LinkedHashMap<>();
    private final List<Map.Entry<Pattern, String>> replacements = new ArrayList<>();
    private final Map<Integer, List<int[]>> boxes = new TreeMap<>();
    private final Map<String, Integer> counts = new TreeMap<>();
    /** Texts that stand in the record as they are; keys pressed one by one do not, and are rewritten per step instead. */
    private final Set<String> literal = new java.util.HashSet<>();
    /** Steps whose keys pressed one by one typed personal data: the placeholder they type instead. */
    private final Map<Integer, String> typedSteps = new TreeMap<>();

    public Redaction(StoredScrub scrub) {
        Map<String, Integer> numbers = new TreeMap<>();
        for (Finding finding : scrub.findings()) {
            if (!finding.redacted()) {
                continue;
            }
            if (finding.box() != null) {
                boxes.computeIfAbsent(finding.step(), s -> new ArrayList<>()).add(finding.box());
            }
            if (finding.text() == null || finding.text().isBlank()) {
                counts.merge(finding.kind(), 1, Integer::sum);
                continue;
            }
            String key = finding.text().toLowerCase(java.util.Locale.ROOT);
            if (!placeholders.containsKey(key)) {
                String name = StoredScrub.placeholderName(finding.kind());
                int number = numbers.merge(name, 1, Integer::sum);
                placeholders.put(key, "<" + name + "_" + number + ">");
                counts.merge(finding.kind(), 1, Integer::sum);
            }
            if (finding.field().equals(StoredScrub.TYPED)) {
                typedSteps.putIfAbsent(finding.step(), placeholders.get(key));
            } else {
                literal.add(key);
            }
        }
        placeholders.entrySet().stream().filter(e -> literal.contains(e.getKey())).sorted(Comparator.comparing((Map.Entry<String, String> e) -> e.getKey().length()).reversed())
                .forEach(e -> replacements.add(Map.entry(Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(e.getKey())
                        + "(?![\\p{L}\\p{N}])", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE), e.getValue())));
    }

    /** Whether it changes anything. */
    public boolean isEmpty() {
        return placeholders.isEmpty() && boxes.isEmpty();
    }

    /** How many pieces of personal data of each kind it redacts (a text counted once however often it occurs). */
    public Map<String, Integer> counts() {
        return Map.copyOf(counts);
    }

    /** {@code text} with every redacted text replaced by its placeholder. */
    public String text(String text) {
        String result = text;
        for (Map.Entry<Pattern, String> replacement : replacements) {
            Matcher matcher = replacement.getKey().matcher(result);
            result = matcher.replaceAll(Matcher.quoteReplacement(replacement.getValue()));
        }
        return result;
    }

    /** Rewrites every text of a whole record (a task with its {@code traj}) in place, and returns it. */
    public ObjectNode apply(ObjectNode record) {
        if (!replacements.isEmpty()) {
            rewrite(record);
        }
        typedSteps.forEach((step, placeholder) -> {
            if (record.path(Task.TRAJ).path(step).path(Step.VALUE) instanceof ObjectNode value && value.path(Step.CODE).isTextual()) {
                value.put(Step.CODE, typing(value.path(Step.CODE).asText(), placeholder));
            }
        });
        return record;
    }

    /** A step's code with the keys it presses one by one replaced by writing the placeholder; its other actions kept. */
    private static String typing(String code, String placeholder) {
        ParsedCode parsed = ActionParser.parse(code);
        List<Action> actions = new ArrayList<>();
        boolean written = false;
        for (Action action : parsed.actions()) {
            if (action instanceof Action.Press press && press.types()) {
                if (!written) {
                    actions.add(new Action.Write(placeholder));
                    written = true;
                }
            } else {
                actions.add(action);
            }
        }
        return parsed.ok() ? ActionPrinter.print(actions) : "pyautogui.write(message=" + ActionPrinter.quote(placeholder) + ")";
    }

    private void rewrite(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (NAMES.contains(field.getKey())) {
                    continue;
                }
                if (field.getValue().isTextual()) {
                    field.setValue(TextNode.valueOf(text(field.getValue().asText())));
                } else {
                    rewrite(field.getValue());
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i).isTextual()) {
                    array.set(i, TextNode.valueOf(text(array.get(i).asText())));
                } else {
                    rewrite(array.get(i));
                }
            }
        }
    }

    /** Whether step {@code step}'s screenshot has boxes to fill. */
    public boolean redactsImage(int step) {
        return boxes.containsKey(step);
    }

    /** Step {@code step}'s screenshot with its boxes filled, as PNG; the bytes as given when it has none. */
    public byte[] image(int step, byte[] image) throws IOException {
        List<int[]> filled = boxes.get(step);
        if (filled == null) {
            return image;
        }
        BufferedImage picture = ImageIO.read(new ByteArrayInputStream(image));
        if (picture == null) {
            throw new IOException("step " + (step + 1) + "'s screenshot is no picture ImageIO reads: its personal data cannot be covered");
        }
        BufferedImage copy = new BufferedImage(picture.getWidth(), picture.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = copy.createGraphics();
        g.drawImage(picture, 0, 0, null);
        g.setColor(Color.BLACK);
        for (int[] box : filled) {
            g.fillRect(box[0] - PAD, box[1] - PAD, box[2] + 2 * PAD, box[3] + 2 * PAD);
        }
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(copy, "png", out);
        return out.toByteArray();
    }
}
