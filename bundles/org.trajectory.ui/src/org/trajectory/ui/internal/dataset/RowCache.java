package org.trajectory.ui.internal.dataset;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

import org.eclipse.core.runtime.Status;
import org.eclipse.swt.widgets.Display;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.TaskRow;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;

/**
 * The rows of the virtual table, fetched a page at a time by a background job around the rows SWT asks for, and
 * delivered on the UI thread. Changing the query starts a new generation: pages of the old one are dropped.
 */
final class RowCache {

    /** Job family of the page fetches, for tests to join. */
    static final Object FAMILY = RowCache.class;
    static final int PAGE = 200;
    private static final int MAX_PAGES = 50;

    private final Display display;
    private final DatasetSession session;
    private final BiConsumer<Integer, TaskRow> deliver;
    private final Map<Long, List<TaskRow>> pages = new HashMap<>();
    private final Set<Long> loading = new HashSet<>();
    private TaskQuery query = TaskQuery.ALL;
    private int generation;

    /** @param deliver called on the UI thread with each row that arrived, by index */
    RowCache(Display display, DatasetSession session, BiConsumer<Integer, TaskRow> deliver) {
        this.display = display;
        this.session = session;
        this.deliver = deliver;
    }

    TaskQuery query() {
        return query;
    }

    /** Forgets every row; the next requests fetch from {@code newQuery}. UI thread only. */
    void reset(TaskQuery newQuery) {
        query = newQuery;
        generation++;
        pages.clear();
        loading.clear();
    }

    /** The row at {@code index} if it is here; otherwise null, and its page is on its way. UI thread only. */
    TaskRow row(int index) {
        long page = index / PAGE;
        List<TaskRow> rows = pages.get(page);
        if (rows != null) {
            return index - page * PAGE < rows.size() ? rows.get((int) (index - page * PAGE)) : null;
        }
        if (loading.add(page)) {
            fetch(page, query, generation);
        }
        return null;
    }

    private void fetch(long page, TaskQuery pageQuery, int pageGeneration) {
        DatasetJobs.background("Reading tasks " + page * PAGE + "-" + (page * PAGE + PAGE), FAMILY, monitor -> {
            List<TaskRow> rows;
            try {
                rows = session.page(pageQuery, page * PAGE, PAGE);
            } catch (SQLException e) {
                return Status.error("Could not read the dataset: " + e.getMessage(), e);
            }
            display.asyncExec(() -> arrived(page, pageGeneration, rows));
            return Status.OK_STATUS;
        });
    }

    private void arrived(long page, int pageGeneration, List<TaskRow> rows) {
        if (pageGeneration != generation) {
            return;
        }
        loading.remove(page);
        if (pages.size() >= MAX_PAGES) {
            pages.clear(); // a table scrolled far away keeps memory flat; visible rows come back on demand
        }
        pages.put(page, rows);
        for (int i = 0; i < rows.size(); i++) {
            deliver.accept((int) (page * PAGE + i), rows.get(i));
        }
    }
}
