package org.trajectory.cli.internal;

import java.io.PrintStream;

import org.trajectory.cli.Command;
import org.trajectory.cli.CommandLine;

import picocli.CommandLine.Parameters;

/** {@code help [command]}: the command list, or one command's synopsis. */
final class HelpCommand extends OptionsCommand<HelpCommand.Options> {

    @picocli.CommandLine.Command(name = "help", description = "show the commands, or how to use one")
    static final class Options {
        @Parameters(arity = "0..1", paramLabel = "COMMAND", description = "the command to show the arguments of")
        String command;
    }

    private final CommandLine commandLine;

    HelpCommand(CommandLine commandLine) {
        this.commandLine = commandLine;
    }

    @Override
    int run(Options args, PrintStream out, PrintStream err) throws UsageException {
        if (args.command != null) {
            Command command = commandLine.find(args.command);
            if (command == null) {
                throw new UsageException("unknown command '" + args.command + "'");
            }
            describe(command, out);
            return OK;
        }
        out.println("usage: " + CommandLine.PROGRAM + "                    open the Trajectory Workbench window");
        out.println("       " + CommandLine.PROGRAM + " COMMAND [ARGS...]  run a command without a window");
        out.println();
        out.println("commands:");
        int width = commandLine.commands().stream().mapToInt(c -> c.name().length()).max().orElse(0);
        for (Command command : commandLine.commands()) {
            out.printf("  %-" + width + "s  %s%n", command.name(), command.summary());
        }
        out.println();
        out.println("Run '" + CommandLine.PROGRAM + " help COMMAND' for the arguments of one command.");
        return OK;
    }

    /** How to type {@code command}, what it does and each of its arguments. */
    static void describe(Command command, PrintStream out) {
        out.println("usage: " + synopsis(command));
        out.println();
        out.println(command.summary());
        if (!command.details().isEmpty()) {
            out.println();
            command.details().forEach(out::println);
        }
    }
}
