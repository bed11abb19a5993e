package org.trajectory.model.action;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.model.action.Action.Button;
import org.trajectory.model.action.Action.ClickKind;
import org.trajectory.model.action.Action.Point;
import org.trajectory.model.action.Tokenizer.Token;
import org.trajectory.model.action.Tokenizer.Type;

/**
 * Reads a step's code (the PyAutoGUI subset of the field) into typed actions. It reads, it never evaluates: only
 * calls of known functions with literal arguments are accepted, everything else is an error with its line and column.
 *
 * @since 0.1
 */
public final class ActionParser {

    /** Arguments PyAutoGUI takes that change timing only; accepted and dropped. */
    private static final Set<String> TIMING = Set.of("duration", "interval", "tween", "_pause", "logScreenshot",
            "mouseDownUp");

    private final List<Token> tokens;
    private int next;
    private final List<Action> actions = new ArrayList<>();
    private final List<CodeProblem> problems = new ArrayList<>();

    private ActionParser(String code) {
        this.tokens = Tokenizer.tokenize(code);
    }

    public static ParsedCode parse(String code) {
        ActionParser parser = new ActionParser(code == null ? "" : code);
        parser.statements();
        return new ParsedCode(parser.actions, parser.problems);
    }

    private void statements() {
        while (peek().type() != Type.END) {
            if (atStatementEnd()) {
                next++;
                continue;
            }
            try {
                actions.add(statement());
                if (!atStatementEnd() && peek().type() != Type.END) {
                    throw new Problem(peek(), "expected the end of the statement, found " + describe(peek()));
                }
            } catch (Problem problem) {
                problems.add(new CodeProblem(problem.at.line(), problem.at.column(), problem.getMessage()));
                while (peek().type() != Type.END && !atStatementEnd()) {
                    next++;
                }
            }
        }
    }

    private boolean atStatementEnd() {
        Token token = peek();
        return token.type() == Type.NEWLINE || (token.type() == Type.PUNCT && token.text().equals(";"));
    }

    private Action statement() {
        Token start = peek();
        StringBuilder name = new StringBuilder(expect(Type.NAME, "a function call such as pyautogui.click(...)").text());
        while (isPunct(".")) {
            next++;
            name.append('.').append(expect(Type.NAME, "a name after '.'").text());
        }
        if (!isPunct("(")) {
            throw new Problem(peek(), "expected '(' after " + name + ", found " + describe(peek()));
        }
        next++;
        List<Arg> args = new ArrayList<>();
        while (!isPunct(")")) {
            args.add(argument());
            if (isPunct(",")) {
                next++;
            } else if (!isPunct(")")) {
                throw new Problem(peek(), "expected ',' or ')' in the arguments of " + name + ", found " + describe(peek()));
            }
        }
        next++;
        return Functions.bind(new Call(name.toString(), args, start));
    }

    private Arg argument() {
        Token at = peek();
        if (at.type() == Type.NAME && tokens.get(next + 1).type() == Type.PUNCT && tokens.get(next + 1).text().equals("=")) {
            next += 2;
            return new Arg(at.text(), value(), at);
        }
        return new Arg(null, value(), at);
    }

    private Object value() {
        Token token = peek();
        switch (token.type()) {
            case NUMBER -> {
                next++;
                return token.value();
            }
            case STRING -> {
                StringBuilder text = new StringBuilder();
                while (peek().type() == Type.STRING) { // adjacent literals concatenate, as in Python
                    text.append(tokens.get(next++).value());
                }
                return text.toString();
            }
            case NAME -> {
                next++;
                return switch (token.text()) {
                    case "True" -> Boolean.TRUE;
                    case "False" -> Boolean.FALSE;
                    case "None" -> null;
                    default -> throw new Problem(token, "'" + token.text() + "' is not a literal; only numbers, strings,"
                            + " True, False, None and lists are allowed");
                };
            }
            case ERROR -> throw new Problem(token, token.text());
            default -> {
                if (isPunct("-") || isPunct("+")) {
                    next++;
                    Token number = expect(Type.NUMBER, "a number after '" + token.text() + "'");
                    if (token.text().equals("+")) {
                        return number.value();
                    }
                    return number.value() instanceof Long l ? (Object) (-l) : (Object) (-(Double) number.value());
                }
                if (isPunct("[") || isPunct("(")) {
                    String close = isPunct("[") ? "]" : ")";
                    next++;
                    List<Object> items = new ArrayList<>();
                    while (!isPunct(close)) {
                        items.add(value());
                        if (isPunct(",")) {
                            next++;
                        } else if (!isPunct(close)) {
                            throw new Problem(peek(), "expected ',' or '" + close + "', found " + describe(peek()));
                        }
                    }
                    next++;
                    return items;
                }
                throw new Problem(token, "expected a value, found " + describe(token));
            }
        }
    }

    private Token expect(Type type, String what) {
        Token token = peek();
        if (token.type() == Type.ERROR) {
            throw new Problem(token, token.text());
        }
        if (token.type() != type) {
            throw new Problem(token, "expected " + what + ", found " + describe(token));
        }
        next++;
        return token;
    }

    private boolean isPunct(String text) {
        Token token = peek();
        return token.type() == Type.PUNCT && token.text().equals(text);
    }

    private Token peek() {
        return tokens.get(next);
    }

    private static String describe(Token token) {
        return switch (token.type()) {
            case END -> "the end of the code";
            case NEWLINE -> "the end of the line";
            case ERROR -> token.text();
            case STRING -> "a string";
            default -> "'" + token.text() + "'";
        };
    }

    /** An argument as written: keyword (or null), literal value, and where it starts. */
    private record Arg(String keyword, Object value, Token at) {
    }

    private record Call(String function, List<Arg> args, Token at) {
    }

    /** An error at a token; unwinds to the statement loop. */
    private static final class Problem extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Token at;

        Problem(Token at, String message) {
            super(message, null, false, false);
            this.at = at;
        }
    }

    /** The function table: how each call's arguments bind, and the action they make. */
    private static final class Functions {

        private static final Map<String, List<String>> PARAMETERS = new HashMap<>();

        static {
            for (String click : List.of("click", "doubleClick", "tripleClick", "rightClick", "middleClick")) {
                PARAMETERS.put(click, List.of("x", "y", "clicks", "interval", "button", "duration", "tween"));
            }
            PARAMETERS.put("moveTo", List.of("x", "y", "duration", "tween"));
            PARAMETERS.put("dragTo", List.of("x", "y", "duration", "tween", "button", "mouseDownUp"));
            PARAMETERS.put("scroll", List.of("clicks", "x", "y"));
            PARAMETERS.put("hscroll", List.of("clicks", "x", "y"));
            PARAMETERS.put("write", List.of("message", "interval"));
            PARAMETERS.put("typewrite", List.of("message", "interval"));
            PARAMETERS.put("press", List.of("keys", "presses", "interval"));
            PARAMETERS.put("keyDown", List.of("key"));
            PARAMETERS.put("keyUp", List.of("key"));
            PARAMETERS.put("sleep", List.of("seconds"));
            PARAMETERS.put("terminate", List.of("status"));
        }

        static Action bind(Call call) {
            String function = simpleName(call);
            if (function.equals("hotkey")) {
                return hotkey(call);
            }
            Map<String, Arg> args = bindArguments(call, PARAMETERS.get(function));
            return switch (function) {
                case "click" -> click(call, args);
                case "doubleClick" -> clickOf(call, args, ClickKind.DOUBLE_CLICK);
                case "tripleClick" -> clickOf(call, args, ClickKind.TRIPLE_CLICK);
                case "rightClick" -> clickOf(call, args, ClickKind.RIGHT_CLICK);
                case "middleClick" -> clickOf(call, args, ClickKind.MIDDLE_CLICK);
                case "moveTo" -> new Action.MoveTo(requiredPoint(call, args));
                case "dragTo" -> new Action.DragTo(requiredPoint(call, args), button(args, Button.LEFT));
                case "scroll" -> new Action.Scroll(integer(call, args, "clicks"), optionalPoint(call, args));
                case "hscroll" -> new Action.HScroll(integer(call, args, "clicks"), optionalPoint(call, args));
                case "write", "typewrite" -> write(call, args);
                case "press" -> press(call, args);
                case "keyDown" -> new Action.KeyDown(string(call, args, "key"));
                case "keyUp" -> new Action.KeyUp(string(call, args, "key"));
                case "sleep" -> new Action.Sleep(number(call, args, "seconds"));
                case "terminate" -> terminate(call, args);
                default -> throw new IllegalStateException(function);
            };
        }

        /** The function name without its module, after checking the module is one the field uses. */
        private static String simpleName(Call call) {
            String name = call.function();
            int dot = name.lastIndexOf('.');
            String module = dot < 0 ? "" : name.substring(0, dot);
            String function = name.substring(dot + 1);
            boolean known = switch (module) {
                case "pyautogui" -> PARAMETERS.containsKey(function) && !function.equals("terminate") || function.equals("hotkey");
                case "computer" -> function.equals("terminate");
                case "time" -> function.equals("sleep");
                default -> false;
            };
            if (!known) {
                throw new Problem(call.at(), "unknown action '" + name + "'");
            }
            return function;
        }

        private static Map<String, Arg> bindArguments(Call call, List<String> parameters) {
            Map<String, Arg> bound = new HashMap<>();
            int position = 0;
            for (Arg arg : call.args()) {
                String name;
                if (arg.keyword() == null) {
                    if (!bound.isEmpty() && bound.values().stream().anyMatch(a -> a.keyword() != null)) {
                        throw new Problem(arg.at(), "positional argument after a keyword argument");
                    }
                    if (position >= parameters.size()) {
                        throw new Problem(arg.at(), call.function() + " takes at most " + parameters.size() + " arguments");
                    }
                    name = parameters.get(position++);
                } else {
                    name = arg.keyword();
                    if (!parameters.contains(name) && !TIMING.contains(name)) {
                        throw new Problem(arg.at(), call.function() + " has no argument '" + name + "'");
                    }
                }
                if (bound.put(name, arg) != null) {
                    throw new Problem(arg.at(), "argument '" + name + "' given twice");
                }
            }
            return bound;
        }

        private static Action click(Call call, Map<String, Arg> args) {
            int clicks = args.containsKey("clicks") ? integer(call, args, "clicks") : 1;
            Button button = button(args, Button.LEFT);
            ClickKind kind;
            if (button == Button.LEFT && clicks >= 1 && clicks <= 3) {
                kind = clicks == 1 ? ClickKind.CLICK : clicks == 2 ? ClickKind.DOUBLE_CLICK : ClickKind.TRIPLE_CLICK;
            } else if (clicks == 1) {
                kind = button == Button.RIGHT ? ClickKind.RIGHT_CLICK : ClickKind.MIDDLE_CLICK;
            } else {
                throw new Problem(args.get("clicks").at(), "clicks=" + clicks + " with button '" + button.pythonName()
                        + "' is not an action of the trajectory format");
            }
            return new Action.Click(kind, optionalPoint(call, args));
        }

        private static Action clickOf(Call call, Map<String, Arg> args, ClickKind kind) {
            if (args.containsKey("clicks")) {
                throw new Problem(args.get("clicks").at(), call.function() + " does not take 'clicks'");
            }
            Button expected = kind == ClickKind.RIGHT_CLICK ? Button.RIGHT
                    : kind == ClickKind.MIDDLE_CLICK ? Button.MIDDLE : Button.LEFT;
            if (button(args, expected) != expected) {
                throw new Problem(args.get("button").at(), call.function() + " with button '"
                        + button(args, expected).pythonName() + "' is not an action of the trajectory format");
            }
            return new Action.Click(kind, optionalPoint(call, args));
        }

        private static Action write(Call call, Map<String, Arg> args) {
            Arg message = required(call, args, "message");
            if (message.value() instanceof List<?>) {
                return new Action.Press(keys(message), 1); // typewrite(['a', 'enter']) presses keys
            }
            return new Action.Write(string(call, args, "message"));
        }

        private static Action press(Call call, Map<String, Arg> args) {
            Arg keys = required(call, args, "keys");
            int presses = args.containsKey("presses") ? integer(call, args, "presses") : 1;
            if (presses < 1) {
                throw new Problem(args.get("presses").at(), "presses must be at least 1");
            }
            List<String> names = keys.value() instanceof List<?> ? keys(keys) : List.of(string(call, args, "keys"));
            if (names.isEmpty()) {
                throw new Problem(keys.at(), "press needs at least one key");
            }
            return new Action.Press(names, presses);
        }

        private static Action hotkey(Call call) {
            List<String> keys = new ArrayList<>();
            for (Arg arg : call.args()) {
                if (arg.keyword() != null && TIMING.contains(arg.keyword())) {
                    continue;
                }
                // hotkey(keys=['ctrl', 'c']): the form AgentNetBench's data and the Qwen2.5-VL agent write
                if (arg.keyword() != null && !arg.keyword().equals("keys")) {
                    throw new Problem(arg.at(), "hotkey has no argument '" + arg.keyword() + "'");
                }
                if (arg.value() instanceof List<?>) {
                    keys.addAll(keys(arg));
                } else if (arg.value() instanceof String key) {
                    keys.add(key);
                } else {
                    throw new Problem(arg.at(), "hotkey takes key names as strings");
                }
            }
            if (keys.isEmpty()) {
                throw new Problem(call.at(), "hotkey needs at least one key");
            }
            return new Action.Hotkey(keys);
        }

        private static Action terminate(Call call, Map<String, Arg> args) {
            String status = string(call, args, "status");
            if (!status.equals("success") && !status.equals("failure")) {
                throw new Problem(args.get("status").at(), "status must be 'success' or 'failure', not '" + status + "'");
            }
            return new Action.Terminate(status);
        }

        private static List<String> keys(Arg arg) {
            List<String> keys = new ArrayList<>();
            for (Object item : (List<?>) arg.value()) {
                if (!(item instanceof String key)) {
                    throw new Problem(arg.at(), "key names must be strings");
                }
                keys.add(key);
            }
            return keys;
        }

        private static Point requiredPoint(Call call, Map<String, Arg> args) {
            Point point = optionalPoint(call, args);
            if (point == null) {
                throw new Problem(call.at(), call.function() + " needs x and y");
            }
            return point;
        }

        private static Point optionalPoint(Call call, Map<String, Arg> args) {
            Arg x = args.get("x");
            Arg y = args.get("y");
            boolean hasX = x != null && x.value() != null;
            boolean hasY = y != null && y.value() != null;
            if (!hasX && !hasY) {
                return null;
            }
            if (hasX != hasY) {
                throw new Problem((hasX ? x : y).at(), call.function() + " needs both x and y, or neither");
            }
            return new Point(coordinate(x), coordinate(y));
        }

        private static double coordinate(Arg arg) {
            if (!(arg.value() instanceof Number number)) {
                throw new Problem(arg.at(), "coordinate must be a number");
            }
            double value = number.doubleValue();
            if (!(value >= 0 && value <= 1)) {
                throw new Problem(arg.at(), "coordinate " + number + " is outside [0,1]; coordinates are normalized by the screen size");
            }
            return value;
        }

        private static Button button(Map<String, Arg> args, Button fallback) {
            Arg arg = args.get("button");
            if (arg == null || arg.value() == null) {
                return fallback;
            }
            if (arg.value() instanceof String name) {
                for (Button button : Button.values()) {
                    if (button.pythonName().equals(name)) {
                        return button;
                    }
                }
            }
            throw new Problem(arg.at(), "button must be 'left', 'right' or 'middle'");
        }

        private static Arg required(Call call, Map<String, Arg> args, String name) {
            Arg arg = args.get(name);
            if (arg == null) {
                throw new Problem(call.at(), call.function() + " needs '" + name + "'");
            }
            return arg;
        }

        private static String string(Call call, Map<String, Arg> args, String name) {
            Arg arg = required(call, args, name);
            if (!(arg.value() instanceof String text)) {
                throw new Problem(arg.at(), "'" + name + "' must be a string");
            }
            return text;
        }

        private static int integer(Call call, Map<String, Arg> args, String name) {
            Arg arg = required(call, args, name);
            if (arg.value() instanceof Long l && l >= Integer.MIN_VALUE && l <= Integer.MAX_VALUE) {
                return l.intValue();
            }
            if (arg.value() instanceof Double d && d == Math.rint(d) && Math.abs(d) < Integer.MAX_VALUE) {
                return d.intValue();
            }
            throw new Problem(arg.at(), "'" + name + "' must be a whole number");
        }

        private static double number(Call call, Map<String, Arg> args, String name) {
            Arg arg = required(call, args, name);
            if (!(arg.value() instanceof Number number) || number.doubleValue() < 0) {
                throw new Problem(arg.at(), "'" + name + "' must be a number of seconds");
            }
            return number.doubleValue();
        }
    }
}
