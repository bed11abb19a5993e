package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.ParameterizedType;
import java.nio.file.NoSuchFileException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

import org.trajectory.cli.Command;
import org.trajectory.cli.CommandLine;
import org.trajectory.dataset.DatasetActivity;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.StaleTaskException;
import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Report;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmException;

/**
 * The shared frame of the commands with options. A command declares itself once, as its picocli-annotated options
 * class {@code O}: its name and summary ({@code @Command}) and its options as fields; parsing, validation, the
 * synopsis, the option list of {@code help} and the dataset named in a "busy" message all come from that declaration.
 * A command line that does not fit gets one line naming the problem and the synopsis, and exit code 2.
 */
abstract class OptionsCommand<O> implements Command {

    /** A value that parsed but does not make sense (an unknown criterion, a negative weight); shown as it is, exit 2. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /** The options class the command names as {@code O}. */
    private Class<?> optionsType() {
        return (Class<?>) ((ParameterizedType) getClass().getGenericSuperclass()).getActualTypeArguments()[0];
    }

    /** A fresh object of the options class, its fields holding the defaults. */
    @SuppressWarnings("unchecked")
    private O newOptions() {
        Class<?> type = optionsType();
        try {
            return (O) picocli.CommandLine.defaultFactory().create(type);
        } catch (Exception e) {
            throw new IllegalStateException("the options of " + getClass().getSimpleName() + " cannot be made", e);
        }
    }

    @Override
    public final int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.contains("--help") || args.contains("-h")) {
            HelpCommand.describe(this, out); // what "help NAME" shows, where people look first
            return OK;
        }
        O options = newOptions();
        picocli.CommandLine parser = parser(options);
        try {
            parser.parseArgs(args.toArray(String[]::new));
        } catch (ParameterException e) {
            return usageError(err, message(e, args));
        }
        try {
            return run(options, out, err);
        } catch (UsageException e) {
            return usageError(err, e.getMessage());
        } catch (NoSuchFileException e) {
            err.println(prefix() + e.getFile() + ": " + (e.getReason() == null ? "no such file or folder" : e.getReason()));
            return FAILED;
        } catch (IOException e) {
            err.println(prefix() + e.getMessage());
            return FAILED;
        } catch (VlmException e) {
            err.println(prefix() + e.getMessage());
            return FAILED;
        } catch (SQLException e) {
            OptionSpec datasetOption = parser.getCommandSpec().findOption("--dataset");
            Object dataset = datasetOption == null ? null : datasetOption.getValue();
            err.println(prefix() + (DatasetActivity.isBusy(e) && dataset instanceof DatasetAddress.Folder folder ? DatasetActivity.busyMessage(folder.path())
                    : e instanceof StaleTaskException ? e.getMessage()
                    : "42501".equals(e.getSQLState()) ? "the server refused: " + firstLine(e) + " (your role on this dataset does not allow it; see users)"
                    : "the dataset could not be read or written: " + firstLine(e)));
            return FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println(prefix() + "interrupted");
            return FAILED;
        } catch (RuntimeException e) {
            throw e; // a bug: CommandLine reports it with its trace
        } catch (Exception e) {
            err.println(prefix() + e.getMessage());
            return FAILED;
        }
    }

    /** The server's message without its "ERROR:" and the position lines it adds. */
    private static String firstLine(SQLException e) {
        String message = String.valueOf(e.getMessage()).strip();
        int end = message.indexOf('\n');
        return (end < 0 ? message : message.substring(0, end)).replaceFirst("^ERROR: ", "").strip();
    }

    /** Does the command: usually makes the operation its options describe and gives it to {@link #execute}. */
    abstract int run(O options, PrintStream out, PrintStream err) throws Exception;

    /**
     * Runs an operation as every command does: its progress on the terminal, its problems on {@code err} (each with its
     * place), then its sentence and the seconds it took on {@code out}, or with {@code json} its fields; a report that
     * counts bytes also gives the rate. {@code usage} is the model's, null when no model is asked. Exit 0 when it
     * succeeded, 1 when it met problems or was cancelled.
     */
    final int execute(Operation<?> operation, boolean json, Usage usage, PrintStream out, PrintStream err) throws Exception {
        return exitCode(execute(operation, json, usage, Map.of(), out, err, true));
    }

    /** Exit 0 when the operation did all it was asked without a problem, 1 otherwise (null: a model stopped it). */
    static int exitCode(Report report) {
        return report != null && report.succeeded() ? OK : FAILED;
    }

    /**
     * As {@link #execute(Operation, boolean, Usage, PrintStream, PrintStream)}, with {@code fields} the command knows
     * (the provider asked) before the report's in the JSON; {@code listProblems} false when the operation printed them
     * itself. Returns the report, or null when a model stopped the operation (a refused key): that is said, with the
     * usage so far.
     */
    final <R extends Report> R execute(Operation<R> operation, boolean json, Usage usage, Map<String, Object> fields, PrintStream out,
            PrintStream err, boolean listProblems) throws Exception {
        TerminalProgress progress = new TerminalProgress(err);
        long start = System.nanoTime();
        R report;
        try {
            report = operation.run(progress);
        } catch (VlmException e) {
            progress.finish();
            err.println(prefix() + "stopped: " + e.getMessage());
            if (usage != null) {
                err.println(prefix() + "used " + usage);
            }
            return null;
        } finally {
            progress.finish();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (listProblems) {
            // each report keeps only its first problems (import and validate 10,000) and counts the rest
            List<Problem> problems = report.problems();
            // a place in a file reads as compilers write it (file:line: ...); anything else is said by the command
            problems.forEach(problem -> err.println((problem.line() > 0 ? "" : prefix()) + problem));
            long unlisted = report.problemCount() - problems.size();
            if (unlisted > 0) {
                err.println(prefix() + "... and " + Words.count(unlisted, "more problem"));
            }
        }
        Map<String, Object> reported = report.json(); // made once: an evaluation's fields cover every task
        Map<String, Object> all = new LinkedHashMap<>(fields);
        all.putAll(reported);
        if (json || !(reported.get("bytes") instanceof Number bytes) || seconds == 0) {
            printResult(out, json, all, report.summary(), usage, seconds);
        } else {
            out.printf(Locale.ROOT, "%s, in %.1f s (%.1f MB/s)%n", report.summary(), seconds, bytes.doubleValue() / seconds / 1048576);
        }
        return report;
    }

    @Override
    public final String name() {
        // Read from the annotation alone: every command is named at each start, and a whole picocli model of all of
        // them cost a tenth of a second.
        return optionsType().getAnnotation(picocli.CommandLine.Command.class).name();
    }

    @Override
    public final String summary() {
        return String.join(" ", spec().usageMessage().description());
    }

    @Override
    public final String usage() {
        CommandSpec spec = spec();
        List<String> parts = new ArrayList<>();
        for (PositionalParamSpec positional : spec.positionalParameters()) {
            String label = positional.paramLabel() + (positional.arity().max() > 1 ? "..." : "");
            parts.add(positional.arity().min() > 0 ? label : "[" + label + "]");
        }
        for (OptionSpec option : options(spec)) {
            String text = option.longestName() + (option.arity().max() == 0 ? "" : " " + option.paramLabel());
            parts.add(option.required() ? text : "[" + text + "]");
        }
        return String.join(" ", parts);
    }

    @Override
    public final List<String> details() {
        CommandSpec spec = spec();
        List<String[]> rows = new ArrayList<>();
        for (PositionalParamSpec positional : spec.positionalParameters()) {
            rows.add(new String[] {positional.paramLabel(), String.join(" ", positional.description())});
        }
        for (OptionSpec option : options(spec)) {
            rows.add(new String[] {option.longestName() + (option.arity().max() == 0 ? "" : " " + option.paramLabel()),
                    String.join(" ", option.description())});
        }
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        List<String> lines = new ArrayList<>();
        rows.forEach(r -> lines.add(String.format(Locale.ROOT, "  %-" + width + "s  %s", r[0], r[1]).stripTrailing()));
        lines.addAll(notes());
        return lines;
    }

    /** Lines shown after the options by {@code help}, for what only the running product knows (installed providers). */
    List<String> notes() {
        return List.of();
    }

    /** In declaration order, but --json last: it is about the output, not the work. */
    private static List<OptionSpec> options(CommandSpec spec) {
        List<OptionSpec> options = new ArrayList<>(spec.options());
        options.sort(java.util.Comparator.comparing(option -> option.longestName().equals("--json")));
        return options;
    }

    private CommandSpec spec() {
        return parser(newOptions()).getCommandSpec();
    }

    private static picocli.CommandLine parser(Object options) {
        picocli.CommandLine parser = new picocli.CommandLine(options);
        parser.setExpandAtFiles(false); // "@file" is a plain argument here, not a file of more arguments
        parser.setOverwrittenOptionsAllowed(true); // the last of a repeated option wins, as in most tools
        parser.registerConverter(Integer.class, number(Integer::valueOf, "a whole number"));
        parser.registerConverter(Integer.TYPE, number(Integer::valueOf, "a whole number"));
        parser.registerConverter(Double.class, number(Double::valueOf, "a number"));
        parser.registerConverter(Double.TYPE, number(Double::valueOf, "a number"));
        parser.registerConverter(DatasetAddress.class, text -> {
            try {
                return DatasetAddress.parse(text);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        });
        return parser;
    }

    /** A number parsed by {@code parse}; else the error names what it must be ("a whole number"). */
    private static <T> ITypeConverter<T> number(java.util.function.Function<String, T> parse, String what) {
        return text -> {
            try {
                return parse.apply(text);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("must be " + what + ", not '" + text + "'");
            }
        };
    }

    /** picocli's exceptions in our words: which option, what is wrong with it. */
    private static String message(ParameterException e, List<String> args) {
        if (e instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String first = unmatched.getUnmatched().get(0);
            return first.startsWith("-") ? "unknown option " + first.replaceFirst("=.*", "") : "unexpected argument '" + first + "'";
        }
        if (e instanceof MissingParameterException missing && !missing.getMissing().isEmpty()) {
            ArgSpec arg = missing.getMissing().get(0);
            if (arg instanceof PositionalParamSpec positional) {
                return "expected " + String.join(" ", positional.description());
            }
            String name = ((OptionSpec) arg).longestName();
            return (args.contains(name) ? name + " needs a value" : name + " is required");
        }
        if (e.getCause() instanceof TypeConversionException conversion && e.getArgSpec() instanceof OptionSpec option) {
            return option.longestName() + " " + conversion.getMessage();
        }
        String text = e.getMessage();
        return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }

    private int usageError(PrintStream err, String message) {
        err.println(prefix() + message + "; usage: " + synopsis(this));
        return USAGE;
    }

    /** How a command is typed: {@code workbench help [COMMAND]}. */
    static String synopsis(Command command) {
        return CommandLine.PROGRAM + " " + command.name() + (command.usage().isEmpty() ? "" : " " + command.usage());
    }

    String prefix() {
        return CommandLine.PROGRAM + " " + name() + ": ";
    }

    static void printJson(PrintStream out, Object value) throws JsonProcessingException {
        out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value));
    }

    /**
     * Prints how a run went: for {@code --json} its fields, the model's usage and the seconds; else its sentence, the
     * seconds and a line of usage. {@code usage} is null when no model was asked.
     */
    static void printResult(PrintStream out, boolean json, Map<String, Object> fields, String summary, Usage usage, double seconds)
            throws JsonProcessingException {
        if (json) {
            Map<String, Object> all = new LinkedHashMap<>(fields);
            if (usage != null) {
                all.putAll(usage.json());
            }
            all.put("seconds", seconds);
            printJson(out, all);
        } else {
            // a report of several lines (evaluate's tables) gets the time on a line of its own
            out.printf(Locale.ROOT, summary.contains("\n") ? "%s%n(%.1f s)%n" : "%s, in %.1f s%n", summary, seconds);
            if (usage != null) {
                out.println("usage: " + usage);
            }
        }
    }
}
