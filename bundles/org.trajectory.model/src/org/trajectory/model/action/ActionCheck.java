package org.trajectory.model.action;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The one place that decides whether a step's code could have happened: it parses (coordinates in [0,1] included),
 * every key is one PyAutoGUI knows, and no drag ends where it started. Import, {@code validate}, the editor and the
 * scoring criteria all ask it, so they never disagree.
 *
 * @since 0.1
 */
public final class ActionCheck {

    /** PyAutoGUI's key names (its KEYBOARD_KEYS), besides any single character, F1-F24 and num0-num9. */
    public static final Set<String> KEYS = Set.of("accept", "add", "alt", "altleft", "altright", "apps", "backspace", "browserback",
            "browserfavorites", "browserforward", "browserhome", "browserrefresh", "browsersearch", "browserstop", "capslock",
            "clear", "convert", "ctrl", "ctrlleft", "ctrlright", "decimal", "del", "delete", "divide", "down", "end", "enter",
            "esc", "escape", "execute", "final", "fn", "hanguel", "hangul", "hanja", "help", "home", "insert", "junja", "kana",
            "kanji", "launchapp1", "launchapp2", "launchmail", "launchmediaselect", "left", "modechange", "multiply",
            "nexttrack", "nonconvert", "numlock", "pagedown", "pageup", "pause", "pgdn", "pgup", "playpause", "prevtrack",
            "print", "printscreen", "prntscrn", "prtsc", "prtscr", "return", "right", "scrolllock", "select", "separator",
            "shift", "shiftleft", "shiftright", "sleep", "space", "stop", "subtract", "tab", "up", "volumedown", "volumemute",
            "volumeup", "win", "winleft", "winright", "yen", "command", "option", "optionleft", "optionright");

    private ActionCheck() {
    }

    public static boolean knownKey(String key) {
        return key.codePointCount(0, key.length()) == 1 || KEYS.contains(key) || key.matches("f([1-9]|1[0-9]|2[0-4])")
                || key.matches("num[0-9]");
    }

    /** Every problem of the code: what the parser found, else what could not have happened (at line 1, column 1). */
    public static List<CodeProblem> problems(String code) {
        return problems(ActionParser.parse(code == null ? "" : code));
    }

    public static List<CodeProblem> problems(ParsedCode parsed) {
        if (!parsed.ok()) {
            return parsed.problems();
        }
        List<CodeProblem> found = new ArrayList<>();
        Action.Point moveStart = null;
        for (Action action : parsed.actions()) {
            String problem = switch (action) {
                case Action.Press press -> unknownKeys(press.keys());
                case Action.Hotkey hotkey -> unknownKeys(hotkey.keys());
                case Action.KeyDown down -> unknownKeys(List.of(down.key()));
                case Action.KeyUp up -> unknownKeys(List.of(up.key()));
                case Action.DragTo drag -> drag.to().equals(moveStart) ? "a drag of zero length (it ends where it starts)" : null;
                default -> null;
            };
            if (action instanceof Action.MoveTo move) {
                moveStart = move.to();
            }
            if (problem != null) {
                found.add(new CodeProblem(1, 1, problem));
            }
        }
        return found;
    }

    private static String unknownKeys(List<String> keys) {
        List<String> unknown = keys.stream().filter(k -> !knownKey(k)).toList();
        return unknown.isEmpty() ? null : "unknown key" + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown);
    }
}
