package org.trajectory.cli.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Parses {@code --name value}, {@code --flag} and positional arguments against what a command declares. */
final class Arguments {

    /** A command line that does not fit the command; the message is shown as it is. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    private final Map<String, String> options = new HashMap<>();
    private final List<String> positionals = new ArrayList<>();

    private Arguments() {
    }

    static Arguments parse(List<String> args, Set<String> valued, Set<String> flags) throws UsageException {
        Arguments parsed = new Arguments();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("--") && arg.length() > 2) {
                String name = arg.substring(2);
                String value = null;
                int equals = name.indexOf('=');
                if (equals > 0) {
                    value = name.substring(equals + 1);
                    name = name.substring(0, equals);
                }
                if (flags.contains(name) && value == null) {
                    parsed.options.put(name, "true");
                } else if (valued.contains(name)) {
                    if (value == null) {
                        if (i + 1 >= args.size()) {
                            throw new UsageException("--" + name + " needs a value");
                        }
                        value = args.get(++i);
                    }
                    parsed.options.put(name, value);
                } else {
                    throw new UsageException("unknown option --" + name);
                }
            } else {
                parsed.positionals.add(arg);
            }
        }
        return parsed;
    }

    boolean flag(String name) {
        return options.containsKey(name);
    }

    String option(String name) {
        return options.get(name);
    }

    String required(String name) throws UsageException {
        String value = options.get(name);
        if (value == null) {
            throw new UsageException("--" + name + " is required");
        }
        return value;
    }

    Path path(String name) {
        String value = options.get(name);
        return value == null ? null : Path.of(value);
    }

    Integer integer(String name) throws UsageException {
        String value = options.get(name);
        try {
            return value == null ? null : Integer.valueOf(value);
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " must be a whole number, not '" + value + "'");
        }
    }

    Double decimal(String name) throws UsageException {
        String value = options.get(name);
        try {
            return value == null ? null : Double.valueOf(value);
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " must be a number, not '" + value + "'");
        }
    }

    List<String> positionals(int min, int max, String what) throws UsageException {
        if (positionals.size() < min || positionals.size() > max) {
            throw new UsageException(min == max ? "expected " + what : "expected at most " + max + " " + what
                    + ", got " + positionals.size() + " arguments");
        }
        return positionals;
    }
}
