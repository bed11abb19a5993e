package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.util.List;

import org.trajectory.cli.Command;
import org.trajectory.cli.CommandLine;

/** {@code version}: the product version and the runtime it runs on, for bug reports. */
final class VersionCommand implements Command {

    private final String version;

    VersionCommand(String version) {
        this.version = version;
    }

    @Override
    public String name() {
        return "version";
    }

    @Override
    public String summary() {
        return "print the version of the workbench and of the Java runtime";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        if (!args.isEmpty()) {
            err.println(CommandLine.PROGRAM + " version: takes no arguments");
            return USAGE;
        }
        out.println("Trajectory Workbench " + version);
        out.println("Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + "), "
                + System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        return OK;
    }
}
