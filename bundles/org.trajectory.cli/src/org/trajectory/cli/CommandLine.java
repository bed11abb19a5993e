package org.trajectory.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.trajectory.cli.internal.TerminalSafe;

/**
 * Dispatches {@code <command> [args]} to the command of that name; knows nothing about any single command.
 *
 * @since 0.1
 */
public final class CommandLine {

    /** The name the user types to start the headless application. */
    public static final String PROGRAM = "workbench";

    private final Map<String, Command> commands = new LinkedHashMap<>();
    private final Consumer<Throwable> crashLog;

    /** @param crashLog receives what a command throws, with its stack trace, for the log file */
    public CommandLine(Consumer<Throwable> crashLog) {
        this.crashLog = crashLog;
    }

    public CommandLine add(Command command) {
        if (commands.putIfAbsent(command.name(), command) != null) {
            throw new IllegalArgumentException("two commands named '" + command.name() + "'");
        }
        return this;
    }

    public List<Command> commands() {
        return Collections.unmodifiableList(new ArrayList<>(commands.values()));
    }

    public Command find(String name) {
        return commands.get(name);
    }

    public int run(List<String> argv, PrintStream terminalOut, PrintStream terminalErr) {
        // Data may hold control characters (a title's ESC, a name's NUL): printed visibly, never obeyed.
        PrintStream out = TerminalSafe.wrap(terminalOut, false);
        PrintStream err = TerminalSafe.wrap(terminalErr, true);
        try {
            return dispatch(argv, out, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    private int dispatch(List<String> argv, PrintStream out, PrintStream err) {
        if (argv.isEmpty()) {
            err.println(PROGRAM + ": no command given; run '" + PROGRAM + " help' for the list of commands");
            return Command.USAGE;
        }
        String name = argv.get(0);
        Command command = commands.get(name);
        if (command == null) {
            err.println(PROGRAM + ": unknown command '" + name + "'; run '" + PROGRAM + " help' for the list of commands");
            return Command.USAGE;
        }
        try {
            return command.run(argv.subList(1, argv.size()), out, err);
        } catch (RuntimeException | Error e) {
            // A bug in a command (or a plugin built against another version: a LinkageError) must still end in one
            // readable line and a failing exit code; an Error left to the framework ends the process with 0.
            crashLog.accept(e);
            err.println(PROGRAM + " " + name + ": internal error: " + e + " (the log has the details)");
            return Command.FAILED;
        }
    }
}
