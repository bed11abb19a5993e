package org.trajectory.evaluation.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Predicted code read the way OpenCUA's AgentNetBench agent reads a model's answer before scoring it (its
 * {@code agent/opencua.py}, {@code extract_actions}): line by line, by patterns, not by PyAutoGUI's meaning. Our own
 * implementation of those published rules, for reproducing the published numbers. Where it differs from PyAutoGUI:
 * <ul>
 * <li>a {@code press} of a list of several keys, written positionally, is a hotkey ({@code press(keys=[...])} stays a press);</li>
 * <li>{@code cmd} and {@code command} are {@code ctrl};</li>
 * <li>a {@code scroll} with more than its amount ({@code x=}, {@code y=}) is not read, nor is {@code hscroll};</li>
 * <li>a text is taken as written between its quotes, escapes and all ({@code '\n'} is a backslash and an n), up to the
 * first quote of either kind;</li>
 * <li>a click, moveTo or dragTo is read only with {@code x=} and {@code y=}; tripleClick, middleClick, keyDown, keyUp
 * and sleep are not read.</li>
 * </ul>
 */
public final class OpenCuaReading {

    private static final int FLAGS = Pattern.UNICODE_CHARACTER_CLASS;
    private static final Pattern STATUS = Pattern.compile("status=['\"](\\w+)['\"]", FLAGS);
    private static final Pattern POINT = Pattern.compile("x=([\\d.]+),\\s*y=([\\d.]+)", FLAGS);
    private static final Pattern MESSAGE = Pattern.compile("message=['\"](.+?)['\"]", FLAGS);
    private static final Pattern WRITE = Pattern.compile("pyautogui\\.write\\((['\"])(.*?)\\1\\)", FLAGS);
    private static final Pattern KEYS = Pattern.compile("keys=\\[(.*?)\\]", FLAGS);
    private static final Pattern KEY = Pattern.compile("['\"]([^'\"]*)['\"]|(\\w+)", FLAGS);
    private static final Pattern QUOTED = Pattern.compile("['\"]([^'\"]+)['\"]", FLAGS);
    private static final Pattern HOTKEY = Pattern.compile("pyautogui\\.hotkey\\((.*)\\)", FLAGS);
    private static final Pattern PRESS = Pattern.compile("pyautogui\\.press\\((.*)\\)", FLAGS);
    private static final Pattern SCROLL = Pattern.compile("pyautogui\\.scroll\\(([-\\d]+)\\)", FLAGS);

    private OpenCuaReading() {
    }

    /** The actions OpenCUA's agent reads in {@code code}; a line it cannot read adds nothing. */
    public static List<BenchAction> actions(String code) {
        List<BenchAction> actions = new ArrayList<>();
        if (code == null || code.isEmpty()) {
            return actions;
        }
        for (String raw : code.strip().split("\n", -1)) {
            String line = raw.strip();
            if (line.startsWith("computer.terminate")) {
                Matcher status = STATUS.matcher(line);
                if (status.find()) {
                    actions.add(BenchAction.terminate(status.group(1)));
                    continue;
                }
            }
            if (line.startsWith("computer.triple_click")) {
                double[] point = point(line);
                if (point != null) {
                    actions.add(BenchAction.pointer("triple_click", point[0], point[1]));
                    continue;
                }
            }
            if (line.startsWith("pyautogui.")) {
                readCall(line, actions);
            }
        }
        return actions;
    }

    private static void readCall(String line, List<BenchAction> actions) {
        double[] point = point(line);
        if (point != null) {
            String type = line.contains("click") && !line.contains("doubleClick") && !line.contains("rightClick") ? "click"
                    : line.contains("moveTo") ? "moveto" : line.contains("doubleClick") ? "doubleclick"
                    : line.contains("rightClick") ? "rightclick" : line.contains("dragTo") ? "dragto" : null;
            if (type != null) {
                actions.add(BenchAction.pointer(type, point[0], point[1]));
            }
        }
        Matcher message = MESSAGE.matcher(line);
        if (message.find()) {
            actions.add(BenchAction.write(message.group(1)));
        } else {
            Matcher write = WRITE.matcher(line);
            if (write.find()) {
                actions.add(BenchAction.write(write.group(2)));
            }
        }
        Matcher keys = KEYS.matcher(line);
        if (keys.find()) {
            List<String> found = new ArrayList<>();
            for (Matcher key = KEY.matcher(keys.group(1)); key.find();) {
                String name = key.group(1) != null && !key.group(1).isEmpty() ? key.group(1) : key.group(2);
                if (name != null && !name.isEmpty()) {
                    found.add(ctrl(name.strip()));
                }
            }
            actions.add(BenchAction.keys(line.contains("hotkey") ? "hotkey" : "press", found));
        }
        if (line.contains("hotkey(") && !line.contains("keys=")) {
            Matcher inside = HOTKEY.matcher(line);
            if (inside.find()) {
                List<String> parts = quoted(inside.group(1));
                if (!parts.isEmpty()) {
                    actions.add(BenchAction.keys("hotkey", parts.stream().map(p -> ctrl(p.strip())).toList()));
                }
            }
        }
        if (line.contains("press(") && !line.contains("keys=")) {
            Matcher inside = PRESS.matcher(line);
            if (inside.find()) {
                String argument = inside.group(1).strip();
                List<String> pressed = argument.startsWith("[") ? quoted(argument).stream().map(String::strip).toList()
                        : quoted(argument).stream().limit(1).map(String::strip).toList();
                if (!pressed.isEmpty()) {
                    List<String> normalized = pressed.stream().map(OpenCuaReading::ctrl).toList();
                    actions.add(BenchAction.keys(normalized.size() > 1 ? "hotkey" : "press", normalized));
                }
            }
        }
        Matcher scroll = SCROLL.matcher(line);
        if (scroll.find()) {
            try {
                actions.add(BenchAction.scroll(Integer.parseInt(scroll.group(1))));
            } catch (NumberFormatException e) {
                // "-" or "3-2": the original fails on the whole trajectory; here the line adds nothing
            }
        }
    }

    private static double[] point(String line) {
        Matcher point = POINT.matcher(line);
        if (!point.find()) {
            return null;
        }
        try {
            return new double[] {Double.parseDouble(point.group(1)), Double.parseDouble(point.group(2))};
        } catch (NumberFormatException e) {
            return null; // "0.1.2": the original fails on the whole trajectory; here the line adds nothing
        }
    }

    private static List<String> quoted(String text) {
        List<String> parts = new ArrayList<>();
        for (Matcher m = QUOTED.matcher(text); m.find();) {
            parts.add(m.group(1));
        }
        return parts;
    }

    private static String ctrl(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        return lower.equals("cmd") || lower.equals("command") ? "ctrl" : key;
    }
}
