package org.trajectory.cli.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.Status;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.osgi.framework.FrameworkUtil;
import org.trajectory.cli.CommandLine;

/** The application behind {@code ./workbench <command> [args]}: runs one command and exits with its code. */
public final class HeadlessApplication implements IApplication {

    @Override
    public Object start(IApplicationContext context) {
        context.applicationRunning();
        deleteStartMarker();
        String[] argv = (String[]) context.getArguments().get(IApplicationContext.APPLICATION_ARGS);
        List<String> args;
        try {
            args = arguments(argv, System.getProperty("trajectory.args"));
        } catch (IOException e) {
            System.err.println("workbench: the command's arguments could not be read: " + e.getMessage());
            return 2;
        }
        ILog log = ILog.of(getClass());
        CommandLine commandLine = createCommandLine(version(),
                e -> log.log(Status.error("A headless command failed unexpectedly", e)));
        return commandLine.run(args, System.out, System.err);
    }

    /**
     * The command's arguments: those given, or, where {@code ./workbench} put a long command's in a file ({@code file},
     * the property {@code trajectory.args}; ONNX Runtime dies starting in a process with a long command line), that
     * file's, each ended by a NUL; the file is deleted once read.
     */
    static List<String> arguments(String[] argv, String file) throws IOException {
        if (file == null) {
            return argv == null ? List.of() : Arrays.asList(argv);
        }
        Path path = Path.of(file);
        String all = Files.readString(path, StandardCharsets.UTF_8);
        Files.delete(path);
        if (!all.isEmpty() && !all.endsWith("\0")) {
            throw new IOException(file + " does not end with a NUL: cut short");
        }
        return all.isEmpty() ? List.of() : List.of(all.substring(0, all.length() - 1).split("\0", -1));
    }

    /**
     * Deletes the file that {@code ./workbench} names in {@code trajectory.start.marker}: the script starts a command
     * again on a fresh configuration only when the framework ended without the command having started.
     */
    private static void deleteStartMarker() {
        String marker = System.getProperty("trajectory.start.marker");
        if (marker == null) return;
        try {
            Files.deleteIfExists(Path.of(marker));
        } catch (IOException | InvalidPathException e) {
            // Left, it makes the script start the command again only if the framework also ends it with 13.
        }
    }

    @Override
    public void stop() {
        // Commands run to completion or are cancelled by the process ending; nothing to interrupt here.
    }

    /** Every command of the headless application, in the order {@code help} lists them. */
    static CommandLine createCommandLine(String version, Consumer<Throwable> crashLog) {
        CommandLine commandLine = new CommandLine(crashLog);
        List.of(new HelpCommand(commandLine), new VersionCommand(version), new ImportCommand(), new ExportCommand(), new CopyCommand(), new TeamCommands.Users(), new TeamCommands.Assign(),
                new TeamCommands.Queue(), new TeamCommands.Review(), new TeamCommands.AgreementReport(), new PushCommand(),
                new ValidateCommand(), new StatsCommand(), new ListCommand(), new ShowCommand(), new RecordCommand(), new BuildCommand(),
                new AnnotateCommand(), new ScoreCommand(), new EvaluateCommand(), new ExtractCommand(), new ReplayCommand(), new ScrubCommand(),
                new QueueCommands.Enqueue(), new QueueCommands.Jobs()).forEach(commandLine::add);
        return commandLine;
    }

    /** All bundles of the product carry the version of the root pom. */
    static String version() {
        return FrameworkUtil.getBundle(HeadlessApplication.class).getVersion().toString();
    }
}
