package org.trajectory.cli.internal;

import java.io.PrintStream;
import java.util.List;

import org.trajectory.cli.Command;
import org.trajectory.cli.CommandLine;

/** {@code help [command]}: the command list, or one command's synopsis. */
final class HelpCommand implements Command {

    private final CommandLine commandLine;

    HelpCommand(CommandLine commandLine) {
        this.commandLine = commandLine;
    }

    @Override
    public String name() {
        return "help";
    }

    @Override
    public String summary() {
        return "show the commands, or how to use one";
    }

    @Override
    public String usage() {
        return "[COMMAND]";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.size() > 1) {
            err.println(CommandLine.PROGRAM + " help: expected at most one command name, got " + args.size() + " arguments");
            return USAGE;
        }
        if (args.size() == 1) {
            Command command = commandLine.find(args.get(0));
            if (command == null) {
                err.println(CommandLine.PROGRAM + " help: unknown command '" + args.get(0) + "'");
                return USAGE;
            }
            out.println("usage: " + synopsis(command));
            out.println();
            out.println(command.summary());
            if (!command.details().isEmpty()) {
                out.println();
                command.details().forEach(out::println);
            }
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

    private static String synopsis(Command command) {
        String usage = command.usage();
        return CommandLine.PROGRAM + " " + command.name() + (usage.isEmpty() ? "" : " " + usage);
    }
}
