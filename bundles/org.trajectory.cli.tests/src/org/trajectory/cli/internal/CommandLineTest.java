package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.trajectory.cli.Command;
import org.trajectory.cli.CommandLine;

class CommandLineTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final List<Throwable> crashes = new ArrayList<>();

    private int run(CommandLine commandLine, String... argv) {
        return commandLine.run(List.of(argv), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private CommandLine product() {
        return HeadlessApplication.createCommandLine("1.2.3.test", crashes::add);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void helpListsEveryCommandWithItsSummary() {
        CommandLine commandLine = product();
        assertEquals(Command.OK, run(commandLine, "help"));
        for (Command command : commandLine.commands()) {
            assertTrue(out().contains(command.name() + "  "), "help lists " + command.name() + ":\n" + out());
            assertTrue(out().contains(command.summary()), "help shows the summary of " + command.name());
        }
        assertEquals("", err());
    }

    @Test
    void helpForOneCommandShowsItsSynopsis() {
        assertEquals(Command.OK, run(product(), "help", "help"));
        assertTrue(out().startsWith("usage: workbench help [COMMAND]"), out());
    }

    @Test
    void everyCommandAnswersHelpWithWhatHelpSaysOfIt() {
        CommandLine commandLine = product();
        for (Command command : commandLine.commands()) {
            for (String asked : List.of("--help", "-h")) {
                out.reset();
                assertEquals(Command.OK, run(commandLine, command.name(), asked), command.name() + " " + asked + ": " + err());
                String answer = out();
                out.reset();
                run(commandLine, "help", command.name());
                assertEquals(out(), answer, command.name() + " " + asked);
                assertTrue(answer.startsWith("usage: workbench " + command.name()), answer);
            }
        }
        assertEquals("", err());
    }

    @Test
    void versionPrintsTheProductVersion() {
        assertEquals(Command.OK, run(product(), "version"));
        assertTrue(out().startsWith("Trajectory Workbench 1.2.3.test" + System.lineSeparator()), out());
        assertTrue(out().contains("Java " + System.getProperty("java.version")), out());
    }

    @Test
    void theRunningBundleSuppliesTheVersion() {
        assertTrue(HeadlessApplication.version().startsWith("0."), HeadlessApplication.version());
    }

    @Test
    void unknownCommandIsOneClearLineAndAUsageExitCode() {
        assertEquals(Command.USAGE, run(product(), "nonsense"));
        assertEquals("workbench: unknown command 'nonsense'; run 'workbench help' for the list of commands",
                err().strip());
        assertEquals("", out());
    }

    @Test
    void noCommandIsAUsageError() {
        assertEquals(Command.USAGE, run(product()));
        assertTrue(err().contains("no command given"), err());
    }

    @Test
    void extraArgumentsAreRefused() {
        assertEquals(Command.USAGE, run(product(), "version", "--now"));
        assertTrue(err().startsWith("workbench version: unknown option --now; usage: workbench version"), err());
        assertEquals(Command.USAGE, run(product(), "help", "no-such-command"));
    }

    @Test
    void aCommandThatThrowsFailsWithAReadableLineAndIsLogged() {
        assertEquals(Command.FAILED, run(throwing(new IllegalStateException("broken")), "boom"));
        assertTrue(err().startsWith("workbench boom: internal error: java.lang.IllegalStateException: broken"), err());
        assertEquals(1, crashes.size());
    }

    /** A plugin built against another version of a bundle fails with a LinkageError, which Equinox would end with 0. */
    @Test
    void aCommandThatFailsWithAnErrorFailsToo() {
        assertEquals(Command.FAILED, run(throwing(new NoSuchMethodError("Importers.named")), "boom"));
        assertTrue(err().startsWith("workbench boom: internal error: java.lang.NoSuchMethodError: Importers.named"), err());
        assertEquals(1, crashes.size());
    }

    private CommandLine throwing(Throwable failure) {
        return new CommandLine(crashes::add).add(new Command() {
            @Override
            public String name() {
                return "boom";
            }

            @Override
            public String summary() {
                return "throws";
            }

            @Override
            public int run(List<String> args, PrintStream o, PrintStream e) {
                if (failure instanceof Error error) {
                    throw error;
                }
                throw (RuntimeException) failure;
            }
        });
    }
}
