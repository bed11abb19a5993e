package org.trajectory.scoring.criteria;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.trajectory.model.Step;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.TaskInput;

/**
 * The share of steps whose actions could have happened: the code parses (coordinates in [0,1] included), every key
 * is one PyAutoGUI knows, no drag ends where it started, and no typing goes into a window that appeared and was not
 * clicked (known where the steps carry {@code window_title}, as built trajectories do).
 */
public final class ActionValidityCriterion implements ScoringCriterion {

    /** PyAutoGUI's key names (its KEYBOARD_KEYS), besides any single character. */
    static final Set<String> KEYS = Set.of("accept", "add", "alt", "altleft", "altright", "apps", "backspace", "browserback",
            "browserfavorites", "browserforward", "browserhome", "browserrefresh", "browsersearch", "browserstop", "capslock",
            "clear", "convert", "ctrl", "ctrlleft", "ctrlright", "decimal", "del", "delete", "divide", "down", "end", "enter",
            "esc", "escape", "execute", "final", "fn", "hanguel", "hangul", "hanja", "help", "home", "insert", "junja", "kana",
            "kanji", "launchapp1", "launchapp2", "launchmail", "launchmediaselect", "left", "modechange", "multiply",
            "nexttrack", "nonconvert", "numlock", "pagedown", "pageup", "pause", "pgdn", "pgup", "playpause", "prevtrack",
            "print", "printscreen", "prntscrn", "prtsc", "prtscr", "return", "right", "scrolllock", "select", "separator",
            "shift", "shiftleft", "shiftright", "sleep", "space", "stop", "subtract", "tab", "up", "volumedown", "volumemute",
            "volumeup", "win", "winleft", "winright", "yen", "command", "option", "optionleft", "optionright");

    static boolean knownKey(String key) {
        return key.codePointCount(0, key.length()) == 1 || KEYS.contains(key)
                || key.matches("f([1-9]|1[0-9]|2[0-4])") || key.matches("num[0-9]");
    }

    @Override
    public String version() {
        return "1";
    }

    @Override
    public Score score(TaskInput input) {
        List<Step> steps = input.task().steps();
        if (steps.isEmpty()) {
            return Score.of(0, "no steps to judge");
        }
        List<Score.Flag> flags = new ArrayList<>();
        Set<Integer> invalid = new HashSet<>();
        String window = null;
        boolean clickedInWindow = true;
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            String title = step.json().path("window_title").asText(null);
            if (title != null && !title.equals(window)) {
                clickedInWindow = window == null; // the first window is where the recording started: taken as focused
                window = title;
            }
            ParsedCode code = ActionParser.parse(step.code() == null ? "" : step.code());
            if (!code.ok()) {
                flags.add(new Score.Flag(i, "the code does not parse: " + code.problems().get(0)));
                invalid.add(i);
                continue;
            }
            Action.Point moveStart = null;
            for (Action action : code.actions()) {
                String problem = switch (action) {
                    case Action.Press press -> unknownKeys(press.keys());
                    case Action.Hotkey hotkey -> unknownKeys(hotkey.keys());
                    case Action.KeyDown down -> unknownKeys(List.of(down.key()));
                    case Action.KeyUp up -> unknownKeys(List.of(up.key()));
                    case Action.DragTo drag -> drag.to().equals(moveStart) ? "a drag of zero length (it ends where it starts)" : null;
                    case Action.Write write -> title != null && !clickedInWindow
                            ? "typing into \"" + title + "\", which appeared and was not clicked first" : null;
                    default -> null;
                };
                if (action instanceof Action.MoveTo move) {
                    moveStart = move.to();
                }
                if (action instanceof Action.Click || action instanceof Action.Hotkey || action instanceof Action.Press) {
                    clickedInWindow = true; // a click, or keys that move focus (Tab, Alt+Tab), give the window input
                }
                if (problem != null) {
                    flags.add(new Score.Flag(i, problem));
                    invalid.add(i);
                }
            }
        }
        double value = (steps.size() - invalid.size()) / (double) steps.size();
        String reason = invalid.isEmpty() ? "all " + steps.size() + " steps could happen"
                : invalid.size() + " of " + steps.size() + " steps could not happen; first: step " + flags.get(0).step() + ", "
                        + flags.get(0).message();
        return Score.of(value, reason, flags);
    }

    private static String unknownKeys(List<String> keys) {
        List<String> unknown = keys.stream().filter(k -> !knownKey(k)).toList();
        return unknown.isEmpty() ? null : "unknown key" + (unknown.size() > 1 ? "s " : " ") + String.join(", ", unknown);
    }
}
