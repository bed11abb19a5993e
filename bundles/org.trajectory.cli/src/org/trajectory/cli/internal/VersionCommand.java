package org.trajectory.cli.internal;

import java.io.PrintStream;

import picocli.CommandLine.Command;

/** {@code version}: the product version and the runtime it runs on, for bug reports. */
final class VersionCommand extends OptionsCommand<VersionCommand.Options> {

    @Command(name = "version", description = "print the version of the workbench and of the Java runtime")
    static final class Options {
    }

    private final String version;

    VersionCommand(String version) {
        this.version = version;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) {
        out.println("Trajectory Workbench " + version);
        out.println("Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + "), "
                + System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        return OK;
    }
}
