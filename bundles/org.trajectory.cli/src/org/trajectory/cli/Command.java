package org.trajectory.cli;

import java.io.PrintStream;
import java.util.List;

/**
 * One verb of the headless application ({@code ./workbench <name> [args]}).
 * A command writes its results to {@code out}, its diagnostics to {@code err}, and returns the process exit code.
 *
 * @since 0.1
 */
public interface Command {

    /** Exit code of a command that did what it was asked. */
    int OK = 0;
    /** Exit code of a command that ran and failed (bad data, I/O error). */
    int FAILED = 1;
    /** Exit code of a command line that could not be understood. */
    int USAGE = 2;

    /** The verb typed on the command line, lower case, no spaces. */
    String name();

    /** One line for the command list of {@code help}. */
    String summary();

    /** The argument synopsis shown by {@code help <name>}, e.g. {@code "--dataset DIR [--json]"}; empty if none. */
    default String usage() {
        return "";
    }

    /** One line per argument for {@code help <name>}: its synopsis and what it does; empty if none. */
    default List<String> details() {
        return List.of();
    }

    int run(List<String> args, PrintStream out, PrintStream err);
}
