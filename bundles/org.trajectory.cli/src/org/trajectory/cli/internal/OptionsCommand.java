package org.trajectory.cli.internal;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

import org.trajectory.cli.Command;
import org.trajectory.cli.CommandLine;
import org.trajectory.dataset.DatasetActivity;
import org.trajectory.model.Json;

import com.fasterxml.jackson.core.JsonProcessingException;

/** The shared frame of the commands with options: argument parsing, errors as one line, --json output. */
abstract class OptionsCommand implements Command {

    private final Set<String> valued;
    private final Set<String> flags;

    OptionsCommand(Set<String> valued, Set<String> flags) {
        this.valued = valued;
        this.flags = flags;
    }

    @Override
    public final int run(List<String> args, PrintStream out, PrintStream err) {
        Arguments parsed = null;
        try {
            parsed = Arguments.parse(args, valued, flags);
            return run(parsed, out, err);
        } catch (Arguments.UsageException e) {
            err.println(prefix() + e.getMessage() + "; usage: " + CommandLine.PROGRAM + " " + name() + " " + usage());
            return USAGE;
        } catch (NoSuchFileException e) {
            err.println(prefix() + e.getFile() + ": " + (e.getReason() == null ? "no such file or folder" : e.getReason()));
            return FAILED;
        } catch (IOException e) {
            err.println(prefix() + e.getMessage());
            return FAILED;
        } catch (SQLException e) {
            String dataset = parsed == null ? null : parsed.option("dataset");
            err.println(prefix() + (DatasetActivity.isBusy(e) && dataset != null ? DatasetActivity.busyMessage(Path.of(dataset))
                    : "the dataset could not be read or written: " + e.getMessage()));
            return FAILED;
        }
    }

    abstract int run(Arguments args, PrintStream out, PrintStream err) throws Arguments.UsageException, IOException, SQLException;

    String prefix() {
        return CommandLine.PROGRAM + " " + name() + ": ";
    }

    static void printJson(PrintStream out, Object value) throws JsonProcessingException {
        out.println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value));
    }
}
