package org.trajectory.scrub.internal;

import java.awt.Rectangle;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.trajectory.catalog.Entry;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.dataset.StoredScrub.Finding;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;
import org.trajectory.scrub.Detector;
import org.trajectory.scrub.Detector.Span;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One task's texts and screen lines, given to each detector, then searched again for everything found anywhere in the
 * task: personal data seen once is redacted everywhere it occurs, in whatever field or screenshot.
 */
public final class TaskScan {

    /** A text of the record: its step (-1 for the task's own fields) and field ("instruction", "code", "thought"...). */
    public record Text(int step, String field, String text) {
    }

    /** Fields that name things rather than say them. */
    private static final Set<String> NAMES = Set.of(Task.TASK_ID, Step.IMAGE);
    /** Values shorter than this are not looked for elsewhere: they would be found where they mean something else. */
    private static final int SHORTEST_ECHO = 4;

    private final List<Text> texts;
    private final List<Entry<Detector>> detectors;
    private final Detector.Context context;
    private final Map<Integer, List<ScreenLines.Line>> screens = new TreeMap<>();
    private final ReadableText typed;

    public TaskScan(Task task, List<Entry<Detector>> detectors, Detector.Context context) {
        this.texts = texts(task);
        this.typed = typed(task);
        this.detectors = detectors;
        this.context = context;
    }

    /** Adds what step {@code step}'s screenshot shows. */
    public void screen(int step, List<ScreenLines.Line> lines) {
        screens.put(step, lines);
    }

    /** What the detectors found, and where else the task shows it, in the order of the task. */
    public List<Finding> findings() {
        List<Finding> findings = new ArrayList<>();
        for (Text text : texts) {
            detect(ReadableText.of(text.step(), text.field(), text.text()), findings);
        }
        detect(typed, findings);
        for (Map.Entry<Integer, List<ScreenLines.Line>> screen : screens.entrySet()) {
            for (ScreenLines.Line read : screen.getValue()) {
                for (ScreenLines.Line line : read.variants()) {
                    for (Entry<Detector> detector : detectors) {
                        for (Span span : detector.created().find(line.text(), context)) {
                            addFromLine(findings, screen.getKey(), line, detector.id(), span.start(), span.end());
                        }
                    }
                }
            }
        }
        echoes(findings);
        return findings;
    }

    /** What the detectors find in a text as a person reads it, reported where the record holds it. */
    private void detect(ReadableText readable, List<Finding> findings) {
        String text = readable.text();
        for (Entry<Detector> detector : detectors) {
            for (Span span : detector.created().find(text, context)) {
                for (ReadableText.Piece piece : readable.pieces(span.start(), span.end())) {
                    ReadableText.Source source = piece.source();
                    add(findings, new Finding(source.step(), source.literal() ? source.field() : StoredScrub.TYPED, detector.id(), piece.text(),
                            null, StoredScrub.PROPOSED));
                }
            }
        }
    }

    /**
     * Everything the task types, in order, as the screen would show it: written text and keys pressed one by one joined
     * across steps (an address typed in two steps, or key by key, is one address), a backspace taking back the last
     * character; anything else a step does (a click, a hotkey) ends the run.
     */
    private static ReadableText typed(Task task) {
        ReadableText typed = new ReadableText();
        int part = 0;
        for (int k = 0; k < task.steps().size(); k++) {
            ParsedCode code = ActionParser.parse(task.steps().get(k).code());
            for (Action action : code.actions()) {
                part++;
                switch (action) {
                    case Action.Write write -> typed.append(new ReadableText.Source(k, Step.CODE, part, true), write.text());
                    case Action.Press press -> {
                        for (int n = 0; n < Math.max(1, press.presses()); n++) {
                            for (String key : press.keys()) {
                                String character = Action.Press.character(key);
                                if (character != null) {
                                    typed.append(new ReadableText.Source(k, Step.CODE, part, false), character);
                                } else if (key.equalsIgnoreCase("backspace")) {
                                    typed.eraseLast();
                                } else {
                                    typed.separate();
                                }
                            }
                        }
                    }
                    default -> typed.separate();
                }
            }
        }
        return typed;
    }

    /** Everything found, looked for in every text and screen line of the task (spaces OCR put in or left out aside). */
    private void echoes(List<Finding> findings) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Finding finding : List.copyOf(findings)) {
            if (finding.text().strip().length() >= SHORTEST_ECHO) {
                values.putIfAbsent(finding.text().strip().toLowerCase(Locale.ROOT), finding.kind());
            }
        }
        for (Map.Entry<String, String> value : values.entrySet()) {
            Pattern pattern = spaced(value.getKey());
            for (Text text : texts) {
                Matcher matcher = pattern.matcher(text.text());
                while (matcher.find()) {
                    add(findings, new Finding(text.step(), text.field(), value.getValue(), matcher.group(), null, StoredScrub.PROPOSED));
                }
            }
            for (Map.Entry<Integer, List<ScreenLines.Line>> screen : screens.entrySet()) {
                for (ScreenLines.Line line : screen.getValue()) {
                    Matcher matcher = pattern.matcher(line.text());
                    while (matcher.find()) {
                        addFromLine(findings, screen.getKey(), line, value.getValue(), matcher.start(), matcher.end());
                    }
                }
            }
        }
    }

    /** The value, in any case, with any spaces between its characters, as a whole word. */
    private static Pattern spaced(String value) {
        StringBuilder regex = new StringBuilder("(?<![\\p{L}\\p{N}])");
        String compact = value.replaceAll("\\s+", "");
        for (int i = 0; i < compact.length(); i++) {
            if (i > 0) {
                regex.append("\\s*");
            }
            regex.append(Pattern.quote(String.valueOf(compact.charAt(i))));
        }
        return Pattern.compile(regex.append("(?![\\p{L}\\p{N}])").toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    private static void addFromLine(List<Finding> findings, int step, ScreenLines.Line line, String kind, int start, int end) {
        int[] box = line.box(start, end);
        if (box != null) {
            add(findings, new Finding(step, StoredScrub.SCREENSHOT, kind, line.text().substring(start, end), box, StoredScrub.PROPOSED));
        }
    }

    /**
     * Adds a finding unless one already covers its place: the same text in the same field, or a box around its box
     * (two readings of one line, a variant of it, an echo). A finding whose box holds those of others replaces them.
     */
    private static void add(List<Finding> findings, Finding finding) {
        for (Iterator<Finding> it = findings.iterator(); it.hasNext();) {
            Finding held = it.next();
            if (held.step() != finding.step() || !held.field().equals(finding.field())) {
                continue;
            }
            if (finding.box() == null) {
                if (held.text().equalsIgnoreCase(finding.text())) {
                    return;
                }
                continue;
            }
            if (held.box() == null) {
                continue;
            }
            boolean holds = rectangle(held.box()).contains(rectangle(finding.box()));
            boolean heldIn = rectangle(finding.box()).contains(rectangle(held.box()));
            if (holds && !(heldIn && finding.text().length() > held.text().length())) {
                return; // the same words say no more than what is held (the longer text wins where the box is the same)
            }
            if (heldIn) {
                it.remove();
            }
        }
        findings.add(finding);
    }

    private static Rectangle rectangle(int[] box) {
        return new Rectangle(box[0], box[1], box[2], box[3]);
    }

    /** Every text field of the record but the ones that name things, with its step and its path within the step or task. */
    public static List<Text> texts(Task task) {
        List<Text> texts = new ArrayList<>();
        JsonNode record = task.json();
        for (Iterator<Map.Entry<String, JsonNode>> fields = record.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!field.getKey().equals(Task.TRAJ)) {
                collect(field.getValue(), field.getKey(), -1, texts);
            }
        }
        JsonNode traj = record.path(Task.TRAJ);
        for (int k = 0; k < traj.size(); k++) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = traj.get(k).fields(); fields.hasNext();) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals(Step.VALUE)) {
                    for (Iterator<Map.Entry<String, JsonNode>> values = field.getValue().fields(); values.hasNext();) {
                        Map.Entry<String, JsonNode> value = values.next();
                        collect(value.getValue(), value.getKey(), k, texts);
                    }
                } else {
                    collect(field.getValue(), field.getKey(), k, texts);
                }
            }
        }
        return texts;
    }

    private static void collect(JsonNode node, String path, int step, List<Text> texts) {
        String name = path.contains(".") ? path.substring(path.lastIndexOf('.') + 1) : path;
        if (NAMES.contains(name)) {
            return;
        }
        if (node.isTextual() && !node.asText().isBlank()) {
            texts.add(new Text(step, path, node.asText()));
        } else if (node.isObject()) {
            node.fields().forEachRemaining(f -> collect(f.getValue(), path + "." + f.getKey(), step, texts));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), path + "[" + i + "]", step, texts);
            }
        }
    }
}
