package org.trajectory.dataset.internal;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.trajectory.dataset.IntegrityCheck;
import org.trajectory.model.Step;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;

/**
 * A step whose sentence says another action than its code does, as far as that can be told without a model: the
 * sentence begins with a verb that names an action (Click, Double-click, Right-click, Type, Press and a key, Scroll,
 * Drag, Click and drag) and neither the code nor one of the step's alternatives has an action of that kind; or it says
 * to type a quoted text and the code types another.
 */
public final class DescribedActionCheck implements IntegrityCheck {

    private enum Kind { CLICK, TYPE, KEY, SCROLL, DRAG }

    private static final Pattern KEY_WORD = Pattern.compile("(?i)^press(?:es|ing)?\\s+(?:the\\s+)?(enter|return|tab|esc|escape|ctrl|control"
            + "|alt|shift|cmd|command|delete|del|backspace|space|up|down|left|right|home|end|page|f\\d+|win|windows)\\b");
    private static final List<Pattern> QUOTED = List.of(Pattern.compile("\"([^\"]+)\""), Pattern.compile("\u201c([^\u201d]+)\u201d"),
            Pattern.compile("(?<!\\w)'([^']+)'(?!\\w)"));

    @Override
    public Run start() {
        return (checked, findings) -> {
            List<Step> steps = checked.task().steps();
            for (int i = 0; i < steps.size(); i++) {
                String sentence = steps.get(i).text(Step.ACTION);
                ParsedCode code = ActionParser.parse(steps.get(i).code() == null ? "" : steps.get(i).code());
                if (sentence == null || sentence.isBlank() || !code.ok() || code.actions().isEmpty()) {
                    continue;
                }
                String said = said(sentence.strip());
                Kind kind = kind(sentence.strip());
                if (kind != null && code.actions().stream().noneMatch(a -> is(kind, a)) && !anAlternativeDoes(steps.get(i), kind)) {
                    findings.add(checked.task().taskId(), i, "its sentence says \"" + shorten(sentence.strip()) + "\" but its code does "
                            + shorten(steps.get(i).code().strip().replace('\n', ' ')));
                } else if (kind == Kind.TYPE && said != null) {
                    String typed = typed(code.actions());
                    if (!typed.isEmpty() && !said.strip().equals(typed.strip())) {
                        findings.add(checked.task().taskId(), i, "its sentence quotes \"" + shorten(said) + "\" but its code types \""
                                + shorten(typed.strip()) + "\"");
                    }
                }
            }
        };
    }

    /** Whether one of the step's alternatives (equally right ways) does an action of that kind: the sentence may describe it. */
    private static boolean anAlternativeDoes(Step step, Kind kind) {
        for (var alternative : step.json().path(Step.ALTERNATIVES)) {
            ParsedCode code = ActionParser.parse(alternative.path(Step.CODE).asText(""));
            if (code.ok() && code.actions().stream().anyMatch(a -> is(kind, a))) {
                return true;
            }
        }
        return false;
    }

    private static Kind kind(String sentence) {
        String lower = sentence.toLowerCase(Locale.ROOT);
        if (lower.matches("^(click|press) and (drag|hold)\\b.*")) {
            return Kind.DRAG;
        }
        if (lower.matches("^(double[- ]?click|right[- ]?click|triple[- ]?click|click|tap)\\b.*")) {
            return Kind.CLICK;
        }
        if (lower.matches("^(type|enter the text|input the text|write)\\b.*")) {
            return Kind.TYPE;
        }
        if (KEY_WORD.matcher(sentence).find()) {
            return Kind.KEY;
        }
        if (lower.matches("^scroll\\b.*")) {
            return Kind.SCROLL;
        }
        return lower.matches("^drag\\b.*") ? Kind.DRAG : null;
    }

    private static boolean is(Kind kind, Action action) {
        return switch (kind) {
            case CLICK -> action instanceof Action.Click;
            case TYPE -> action instanceof Action.Write || action instanceof Action.Hotkey; // a paste types too
            case KEY -> action instanceof Action.Press || action instanceof Action.Hotkey || action instanceof Action.KeyDown;
            case SCROLL -> action instanceof Action.Scroll || action instanceof Action.HScroll;
            case DRAG -> action instanceof Action.DragTo;
        };
    }

    /** The first quoted text of a sentence, or null. */
    private static String said(String sentence) {
        String first = null;
        int at = Integer.MAX_VALUE;
        for (Pattern quoted : QUOTED) {
            Matcher m = quoted.matcher(sentence);
            if (m.find() && m.start() < at) {
                at = m.start();
                first = m.group(1);
            }
        }
        return first;
    }

    private static String typed(List<Action> actions) {
        StringBuilder text = new StringBuilder();
        actions.stream().filter(Action.Write.class::isInstance).forEach(a -> text.append(((Action.Write) a).text()));
        return text.toString();
    }

    private static String shorten(String text) {
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }
}
