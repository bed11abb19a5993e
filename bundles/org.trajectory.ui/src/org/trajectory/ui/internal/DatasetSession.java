package org.trajectory.ui.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;

import org.osgi.service.prefs.BackingStoreException;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.DatasetChanges;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.TaskRow;

/**
 * The dataset the window shows: one for the workbench, a service every area takes from where it sits (a part from its
 * site, a command from its window: {@link #of}); the workbench advisor puts it in the application's context. Reads go
 * through one connection, one at a time; long operations (import, export) open their own, so the table stays readable
 * while they write (SQLite's WAL lets readers and a writer overlap).
 */
public final class DatasetSession {

    /** Told when a dataset is opened or closed, or its content changed; called on any thread. */
    public interface Listener {
        void datasetChanged();
    }

    /** Preference key: the folder of the dataset open when the window closed. */
    static final String LAST_DATASET = "dataset.last";

    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private Dataset dataset;
    private DatasetChanges changes;
    private String unfinishedCopy;

    DatasetSession() {
    }

    /**
     * The session as seen from {@code where} (a part's site, a window, the workbench). On the UI thread: the service
     * lookup is not for other threads, so work off it takes the session with it.
     */
    public static DatasetSession of(org.eclipse.ui.services.IServiceLocator where) {
        DatasetSession session = where.getService(DatasetSession.class);
        if (session == null) {
            throw new IllegalStateException("no dataset session in " + where + ": the workbench advisor puts it in the application's context");
        }
        return session;
    }

    /** Opens {@code folder}, creating the dataset there if {@code create}; closes the one open before. */
    public void open(Path folder, boolean create) throws IOException, SQLException {
        open(new DatasetAddress.Folder(folder), create);
    }

    /**
     * Opens the dataset at {@code address} (a folder, or a server database), creating it if {@code create}; closes the
     * one open before. Changes other people commit to it reach the listeners as they happen.
     */
    public void open(DatasetAddress address, boolean create) throws IOException, SQLException {
        Dataset opened = create ? Dataset.openOrCreate(address) : Dataset.open(address);
        DatasetChanges heard;
        String unfinished;
        try {
            unfinished = opened.unfinishedCopy();
            heard = opened.watch(change -> changed());
        } catch (SQLException e) {
            opened.close();
            throw e;
        }
        synchronized (this) {
            closeQuietly();
            dataset = opened;
            changes = heard;
            unfinishedCopy = unfinished;
        }
        if (unfinished != null) {
            ILog.of(getClass()).warn(address + " is " + unfinished);
        }
        remember(address);
        changed();
    }

    /** Reopens the dataset open when the workbench last closed, if it is still there. */
    public void reopenLast() {
        String last = preferences().get(LAST_DATASET, null);
        if (last == null) {
            return;
        }
        DatasetAddress address;
        try {
            address = DatasetAddress.parse(last);
        } catch (IllegalArgumentException e) {
            return;
        }
        if (address instanceof DatasetAddress.Server || Files.isRegularFile(Path.of(last, Dataset.DATABASE))) {
            try {
                open(address, false);
            } catch (IOException | SQLException e) {
                ILog.of(getClass()).warn("Could not reopen the last dataset " + last + ": " + e.getMessage());
            }
        }
    }

    private static void remember(DatasetAddress address) {
        IEclipsePreferences preferences = preferences();
        preferences.put(LAST_DATASET, address instanceof DatasetAddress.Folder folder ? folder.path().toAbsolutePath().toString() : address.spec());
        try {
            preferences.flush();
        } catch (BackingStoreException e) {
            ILog.of(DatasetSession.class).warn("Could not remember the open dataset: " + e.getMessage());
        }
    }

    private static IEclipsePreferences preferences() {
        return InstanceScope.INSTANCE.getNode("org.trajectory.ui");
    }

    public void close() {
        synchronized (this) {
            closeQuietly();
        }
        changed();
    }

    private void closeQuietly() {
        if (changes != null) {
            try {
                changes.close();
            } catch (SQLException e) {
                // it only listened
            }
            changes = null;
        }
        if (dataset != null) {
            try {
                dataset.close();
            } catch (SQLException e) {
                // closing a read connection loses nothing
            }
            dataset = null;
        }
    }

    /** Where the open dataset lives, or null when none is open. */
    public synchronized DatasetAddress address() {
        return dataset == null ? null : dataset.address();
    }

    /** The user whose review queue is theirs on the open dataset (tasks are assigned to them), or null. */
    public synchronized String queueOwner() throws SQLException {
        return dataset != null && dataset.teamReview().hasAssignments() ? dataset.user() : null;
    }

    public synchronized long count(TaskQuery query) throws SQLException {
        return dataset == null ? 0 : dataset.count(query);
    }

    /** Null, or what the open dataset's opener is told: it is a copy not finished yet, whose tasks may be missing. */
    public synchronized String unfinishedCopy() {
        return unfinishedCopy;
    }

    /** Everyone who gave a task of the open dataset its review (empty when none is open). */
    public synchronized List<String> reviewers() throws SQLException {
        return dataset == null ? List.of() : dataset.reviews().reviewers();
    }

    public synchronized Dataset.ReviewProgress reviewProgress() throws SQLException {
        return dataset == null ? new Dataset.ReviewProgress(0, 0) : dataset.reviews().progress();
    }

    /**
     * Decodes the first screenshot of {@code taskId} for the editor that may open it next (off the UI thread): the
     * bytes are read under the session's lock, the decoding is done outside it.
     */
    public void readAhead(String taskId) throws SQLException, IOException {
        String sha;
        byte[] bytes;
        synchronized (this) {
            org.trajectory.dataset.TaskDraft draft = dataset == null ? null : dataset.draft(taskId);
            sha = draft == null || draft.stepCount() == 0 ? null : draft.image(0);
            if (sha == null || org.trajectory.ui.internal.editor.FirstScreens.has(sha)) {
                return;
            }
            bytes = dataset.images().read(sha);
        }
        org.trajectory.ui.internal.editor.FirstScreens.decode(sha, bytes);
    }

    public synchronized List<TaskRow> page(TaskQuery query, long offset, int limit) throws SQLException {
        return dataset == null ? List.of() : dataset.page(query, offset, limit);
    }

    /** The stored scores of a task, by criterion (empty when no dataset is open). */
    public synchronized java.util.Map<String, Dataset.StoredScore> scores(String taskId) throws SQLException {
        return dataset == null ? java.util.Map.of() : dataset.scores().get(taskId);
    }

    /** Counts of the whole dataset (by OS, domain, action type, review state); all zero when none is open. */
    public synchronized org.trajectory.dataset.DatasetStats stats() throws SQLException {
        return dataset == null ? org.trajectory.dataset.DatasetStats.EMPTY : dataset.stats();
    }

    /** How many tasks score in each of {@code bins} bins of [0,1] by {@code criterion} ({@code final_score}: the final). */
    public synchronized long[] histogram(String criterion, int bins) throws SQLException {
        return dataset == null ? new long[bins] : dataset.scores().histogram(criterion, bins);
    }

    /**
     * The team's review of the open dataset: who reviews (the server's reviewers, else whoever has tasks), each one's
     * share, and how far they agree; null when no dataset is open.
     */
    public synchronized Team team() throws SQLException {
        if (dataset == null) {
            return null;
        }
        java.util.Map<String, Dataset.Workload> workload = dataset.teamReview().workload();
        java.util.Set<String> reviewers = new java.util.TreeSet<>(workload.keySet());
        if (dataset.folder() == null) {
            dataset.members().forEach((login, role) -> {
                if (role == org.trajectory.dataset.TeamRoles.Role.REVIEWER) {
                    reviewers.add(login);
                }
            });
        }
        return new Team(dataset.address(), List.copyOf(reviewers), workload, org.trajectory.review.Agreement.of(dataset.teamReview().verdicts()));
    }

    /** The work queue of the open server dataset ({@code jobs}); null when none is open or it is a folder, which has none. */
    public synchronized org.trajectory.dataset.WorkQueue.Status queue() throws SQLException {
        if (dataset == null || dataset.folder() != null) {
            return null;
        }
        try (org.trajectory.dataset.WorkQueue queue = dataset.workQueue()) {
            return queue.status();
        }
    }

    /** Puts the failed items numbered back to waiting ({@code retry}) or sets them aside; how many changed. */
    public int settleFailed(List<Long> ids, boolean retry) throws SQLException {
        int count;
        synchronized (this) {
            if (dataset == null || dataset.folder() != null) {
                throw new SQLException("no server dataset is open");
            }
            try (org.trajectory.dataset.WorkQueue queue = dataset.workQueue()) {
                count = retry ? queue.retry(ids, null) : queue.dismiss(ids, null);
            }
        }
        changed();
        return count;
    }

    /** The user's review decision on the tasks ({@link org.trajectory.dataset.Reviews#decide}); call it off the UI thread. */
    public void decide(List<String> taskIds, ReviewState state, String note) throws SQLException {
        synchronized (this) {
            if (dataset == null) {
                throw new SQLException("no dataset is open");
            }
            dataset.reviews().decide(taskIds, state, note);
        }
        changed();
    }

    /** What {@link #team()} reads. */
    public record Team(DatasetAddress address, List<String> reviewers, java.util.Map<String, Dataset.Workload> workload,
            org.trajectory.review.Agreement agreement) {
    }

    /** Assigns the open dataset's tasks to reviewers ({@link Dataset#assign}); call it off the UI thread. */
    public int assign(List<String> reviewers, int overlap, java.util.Map<String, ReviewState> gold) throws SQLException {
        int count;
        synchronized (this) {
            if (dataset == null) {
                throw new SQLException("no dataset is open");
            }
            count = dataset.teamReview().assign(reviewers, overlap, gold);
        }
        changed();
        return count;
    }

    public void addListener(Listener listener) {
        listeners.add(listener);
    }

    public void removeListener(Listener listener) {
        listeners.remove(listener);
    }

    /**
     * Tells the listeners the content changed (after an import, say), at most once every {@value #REFRESH_MS} ms
     * however many changes come (a scoring run or a team stores many tasks a second): the first change is told at
     * once, those that follow it within the interval together at its end. Listeners hear it on a job's thread, in the
     * family {@link DatasetJobs#READS} that tests join.
     */
    public void changed() {
        if (refreshPending.compareAndSet(false, true)) {
            refresh.schedule(Math.max(0, lastRefresh + REFRESH_MS - System.currentTimeMillis()));
        }
    }

    /** At most this often the views hear of changes (a few times a second, never once per change). */
    static final long REFRESH_MS = 250;
    private final java.util.concurrent.atomic.AtomicBoolean refreshPending = new java.util.concurrent.atomic.AtomicBoolean();
    private volatile long lastRefresh;
    private final org.eclipse.core.runtime.jobs.Job refresh = new org.eclipse.core.runtime.jobs.Job("Following the dataset's changes") {
        {
            setSystem(true);
        }

        @Override
        protected org.eclipse.core.runtime.IStatus run(org.eclipse.core.runtime.IProgressMonitor monitor) {
            lastRefresh = System.currentTimeMillis();
            refreshPending.set(false); // a change from now on is told again
            listeners.forEach(Listener::datasetChanged);
            return org.eclipse.core.runtime.Status.OK_STATUS;
        }

        @Override
        public boolean belongsTo(Object family) {
            return family == DatasetJobs.READS;
        }
    };
}
