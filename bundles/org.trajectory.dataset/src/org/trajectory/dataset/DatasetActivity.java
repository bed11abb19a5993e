package org.trajectory.dataset;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Who is writing a dataset: each long write (an import, a build, a scoring or annotation run) leaves a line in
 * {@value #FOLDER}/ while it runs, so that a process kept waiting can say whose work it waited for, and so that a
 * long writer can let others in between its transactions. Entries of processes that are gone are ignored and removed.
 *
 * @since 0.1
 */
public final class DatasetActivity implements AutoCloseable {

    public static final String FOLDER = ".activity";
    private static final AtomicLong NEXT = new AtomicLong();

    private final Path file;

    private DatasetActivity(Path file) {
        this.file = file;
    }

    /**
     * Notes that this process does {@code what} (e.g. "import of data.jsonl") on the dataset in {@code folder}; on a
     * server ({@code folder} null) the server's own locks and row versions keep writers apart, and nothing is noted.
     */
    public static DatasetActivity begin(Path folder, String what) {
        if (folder == null) {
            return new DatasetActivity(null);
        }
        Path file = folder.resolve(FOLDER).resolve(ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet());
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, what + ", since " + LocalTime.now().truncatedTo(ChronoUnit.SECONDS));
        } catch (IOException e) {
            return new DatasetActivity(null); // a read-only folder: nobody can be told, the work goes on
        }
        return new DatasetActivity(file);
    }

    /** True when some other work (another process, or another activity of this one) is registered on the dataset. */
    public boolean othersAtWork() {
        return !others(file == null ? null : file.getParent(), file).isEmpty();
    }

    /** What other live processes are doing on the dataset in {@code folder}, e.g. "pid 1234: import of a.jsonl, since 12:00:01". */
    public static List<String> others(Path folder) {
        return others(folder == null ? null : folder.resolve(FOLDER), null);
    }

    private static List<String> others(Path activities, Path self) {
        List<String> found = new ArrayList<>();
        if (activities == null || !Files.isDirectory(activities)) {
            return found;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(activities)) {
            for (Path entry : files) {
                if (entry.equals(self)) {
                    continue;
                }
                String name = entry.getFileName().toString();
                int dash = name.indexOf('-');
                long pid;
                try {
                    pid = Long.parseLong(dash < 0 ? name : name.substring(0, dash));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                    Files.deleteIfExists(entry); // a killed process's entry
                    continue;
                }
                try {
                    found.add("pid " + pid + ": " + Files.readString(entry, StandardCharsets.UTF_8).strip());
                } catch (IOException e) {
                    // it ended while we looked
                }
            }
        } catch (IOException e) {
            // nothing to tell
        }
        return found;
    }

    /** True when {@code e} says the database stayed locked by another writer for the whole busy timeout. */
    public static boolean isBusy(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLiteException sqlite && (sqlite.getResultCode().code & 0xff) == SQLiteErrorCode.SQLITE_BUSY.code) {
                return true;
            }
        }
        return false;
    }

    /** The user's line for a database that stayed locked: whose work it waited for, and that a rerun resumes. */
    public static String busyMessage(Path folder) {
        List<String> others = others(folder);
        String who = others.isEmpty() ? "another process was writing to it" : "another process was writing to it (" + String.join("; ", others) + ")";
        return "the dataset " + folder + " is busy: " + who + " and did not let go for " + Dataset.BUSY_TIMEOUT_MS / 1000
                + " s; nothing was lost: run the command again when that work has finished, and it resumes where it stopped";
    }

    @Override
    public void close() {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // an entry left behind is ignored once its process is gone
            }
        }
    }
}
