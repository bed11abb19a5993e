package org.trajectory.model.action;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.trajectory.model.action.Action.Point;

/**
 * Writes actions as canonical code: one call a line, keyword coordinates with 4 decimals (more when the point has more:
 * a reference's {@code x=0.391571} is written as it was given, so that the code reads back to the same point),
 * single-quoted strings.
 *
 * @since 0.1
 */
public final class ActionPrinter {

    private ActionPrinter() {
    }

    public static String print(List<Action> actions) {
        return actions.stream().map(ActionPrinter::print).collect(Collectors.joining("\n"));
    }

    public static String print(Action action) {
        return switch (action) {
            case Action.Click c -> "pyautogui." + c.kind().function() + "(" + point(c.at()) + ")";
            case Action.MoveTo m -> "pyautogui.moveTo(" + point(m.to()) + ")";
            case Action.DragTo d -> "pyautogui.dragTo(" + point(d.to()) + ", button=" + quote(d.button().pythonName()) + ")";
            case Action.Scroll s -> "pyautogui.scroll(" + s.clicks() + (s.at() == null ? "" : ", " + point(s.at())) + ")";
            case Action.HScroll s -> "pyautogui.hscroll(" + s.clicks() + (s.at() == null ? "" : ", " + point(s.at())) + ")";
            case Action.Write w -> "pyautogui.write(message=" + quote(w.text()) + ")";
            case Action.Press p -> "pyautogui.press(" + (p.keys().size() == 1 ? quote(p.keys().get(0)) : list(p.keys()))
                    + (p.presses() == 1 ? "" : ", presses=" + p.presses()) + ")";
            case Action.Hotkey h -> "pyautogui.hotkey(" + h.keys().stream().map(ActionPrinter::quote).collect(Collectors.joining(", ")) + ")";
            case Action.KeyDown k -> "pyautogui.keyDown(" + quote(k.key()) + ")";
            case Action.KeyUp k -> "pyautogui.keyUp(" + quote(k.key()) + ")";
            case Action.Sleep s -> "pyautogui.sleep(" + plain(s.seconds()) + ")";
            case Action.Terminate t -> "computer.terminate(status=" + quote(t.status()) + ")";
        };
    }

    private static String point(Point point) {
        return point == null ? "" : "x=" + coordinate(point.x()) + ", y=" + coordinate(point.y());
    }

    private static String coordinate(double value) {
        return Action.round4(value) == value ? String.format(Locale.ROOT, "%.4f", value) : plain(value);
    }

    private static String list(List<String> keys) {
        return keys.stream().map(ActionPrinter::quote).collect(Collectors.joining(", ", "[", "]"));
    }

    private static String plain(double value) {
        String text = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        return text.contains(".") ? text : text + ".0";
    }

    /** A Python string literal that reads back to exactly {@code text}. */
    public static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('\'');
        text.codePoints().forEach(c -> {
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\'' -> out.append("\\'");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format(Locale.ROOT, "\\x%02x", c));
                    } else if (Character.getType(c) == Character.SURROGATE || Character.getType(c) == Character.UNASSIGNED
                            || Character.getType(c) == Character.LINE_SEPARATOR || Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
                        out.append(c > 0xffff ? String.format(Locale.ROOT, "\\U%08x", c) : String.format(Locale.ROOT, "\\u%04x", c));
                    } else {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.append('\'').toString();
    }
}
