package org.trajectory.model.action;

import java.util.ArrayList;
import java.util.List;

/** Splits code into the tokens of the Python subset PyAutoGUI code uses. Never evaluates anything. */
final class Tokenizer {

    enum Type { NAME, NUMBER, STRING, PUNCT, NEWLINE, END, ERROR }

    record Token(Type type, String text, Object value, int line, int column) {
    }

    private final String code;
    private int pos;
    private int line = 1;
    private int lineStart;
    private int depth;
    private final List<Token> tokens = new ArrayList<>();

    private Tokenizer(String code) {
        this.code = code;
    }

    static List<Token> tokenize(String code) {
        Tokenizer tokenizer = new Tokenizer(code);
        tokenizer.run();
        return tokenizer.tokens;
    }

    private void run() {
        while (pos < code.length()) {
            char c = code.charAt(pos);
            int column = pos - lineStart + 1;
            if (c == '\n') {
                if (depth == 0) {
                    tokens.add(new Token(Type.NEWLINE, "\n", null, line, column));
                }
                pos++;
                line++;
                lineStart = pos;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                pos++;
            } else if (c == '\\' && pos + 1 < code.length() && code.charAt(pos + 1) == '\n') {
                pos += 2; // explicit line joining
                line++;
                lineStart = pos;
            } else if (c == '#') {
                while (pos < code.length() && code.charAt(pos) != '\n') {
                    pos++;
                }
            } else if (Character.isLetter(c) || c == '_') {
                int start = pos;
                while (pos < code.length() && (Character.isLetterOrDigit(code.charAt(pos)) || code.charAt(pos) == '_')) {
                    pos++;
                }
                String word = code.substring(start, pos);
                if (pos < code.length() && (code.charAt(pos) == '\'' || code.charAt(pos) == '"')
                        && (word.equalsIgnoreCase("r") || word.equalsIgnoreCase("u"))) {
                    string(column, word.equalsIgnoreCase("r"));
                } else {
                    tokens.add(new Token(Type.NAME, word, null, line, column));
                }
            } else if (Character.isDigit(c) || (c == '.' && pos + 1 < code.length() && Character.isDigit(code.charAt(pos + 1)))) {
                number(column);
            } else if (c == '\'' || c == '"') {
                string(column, false);
            } else if ("()[],=.;+-".indexOf(c) >= 0) {
                if (c == '(' || c == '[') {
                    depth++;
                } else if ((c == ')' || c == ']') && depth > 0) {
                    depth--;
                }
                tokens.add(new Token(Type.PUNCT, String.valueOf(c), null, line, column));
                pos++;
            } else {
                error(column, "unexpected character '" + c + "'");
                pos++;
            }
        }
        tokens.add(new Token(Type.END, "", null, line, pos - lineStart + 1));
    }

    private void number(int column) {
        int start = pos;
        boolean real = false;
        while (pos < code.length()) {
            char c = code.charAt(pos);
            if (Character.isDigit(c) || c == '_') {
                pos++;
            } else if (c == '.' || c == 'e' || c == 'E') {
                real = true;
                pos++;
                if ((c == 'e' || c == 'E') && pos < code.length() && (code.charAt(pos) == '+' || code.charAt(pos) == '-')) {
                    pos++;
                }
            } else {
                break;
            }
        }
        String text = code.substring(start, pos).replace("_", "");
        try {
            Object value = real ? (Object) Double.parseDouble(text) : (Object) Long.parseLong(text);
            tokens.add(new Token(Type.NUMBER, text, value, line, column));
        } catch (NumberFormatException e) {
            error(column, "malformed number '" + text + "'");
        }
    }

    private void string(int column, boolean raw) {
        char quote = code.charAt(pos);
        boolean triple = code.startsWith(String.valueOf(quote).repeat(3), pos);
        pos += triple ? 3 : 1;
        int startLine = line;
        StringBuilder text = new StringBuilder();
        while (true) {
            if (pos >= code.length()) {
                error(startLine, column, "unterminated string");
                return;
            }
            char c = code.charAt(pos);
            if (triple ? code.startsWith(String.valueOf(quote).repeat(3), pos) : c == quote) {
                pos += triple ? 3 : 1;
                tokens.add(new Token(Type.STRING, text.toString(), text.toString(), startLine, column));
                return;
            }
            if (c == '\n') {
                if (!triple) {
                    error(startLine, column, "unterminated string");
                    return;
                }
                line++;
                lineStart = pos + 1;
            }
            if (c == '\\' && !raw && pos + 1 < code.length()) {
                int escapeColumn = pos - lineStart + 1;
                pos++;
                if (!escape(text)) {
                    error(line, escapeColumn, "invalid escape sequence in string");
                    skipString(quote, triple);
                    return;
                }
                continue;
            }
            text.append(c);
            pos++;
        }
    }

    /** Reads the escape after a backslash into {@code text}; false when it is malformed. */
    private boolean escape(StringBuilder text) {
        char c = code.charAt(pos++);
        switch (c) {
            case 'n' -> text.append('\n');
            case 't' -> text.append('\t');
            case 'r' -> text.append('\r');
            case '0' -> text.append('\0');
            case 'a' -> text.append('\u0007');
            case 'b' -> text.append('\b');
            case 'f' -> text.append('\f');
            case 'v' -> text.append('\u000b');
            case '\\', '\'', '"' -> text.append(c);
            case '\n' -> {
                line++;
                lineStart = pos;
            }
            case 'x' -> {
                return hex(text, 2);
            }
            case 'u' -> {
                return hex(text, 4);
            }
            case 'U' -> {
                return hex(text, 8);
            }
            default -> text.append('\\').append(c); // Python keeps unknown escapes as written
        }
        return true;
    }

    private boolean hex(StringBuilder text, int digits) {
        if (pos + digits > code.length()) {
            return false;
        }
        try {
            int codePoint = Integer.parseInt(code.substring(pos, pos + digits), 16);
            if (!Character.isValidCodePoint(codePoint)) {
                return false;
            }
            text.appendCodePoint(codePoint);
            pos += digits;
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private void skipString(char quote, boolean triple) {
        while (pos < code.length()) {
            if (code.charAt(pos) == '\\') {
                pos += 2;
            } else if (triple ? code.startsWith(String.valueOf(quote).repeat(3), pos) : code.charAt(pos) == quote) {
                pos += triple ? 3 : 1;
                return;
            } else {
                pos++;
            }
        }
    }

    private void error(int column, String message) {
        error(line, column, message);
    }

    private void error(int atLine, int column, String message) {
        tokens.add(new Token(Type.ERROR, message, null, atLine, column));
    }
}
