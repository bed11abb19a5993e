package org.trajectory.ui.internal.dataset;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.layout.RowLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;
import org.eclipse.swt.widgets.Text;

import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.StoredReplay;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.dataset.TaskQuery.PersonalData;

/**
 * The filters above the task table a reviewer sets directly (not by clicking a chart's bar): review state, reviewer,
 * last replay, personal data, final score range. Each change narrows the table at once; a score range that is not two
 * numbers from 0 to 1 is said beside it and left unapplied, never read as something else.
 */
final class TaskFilters {

    /** Each filter's choices, in the words shown, to the value it keeps (null: all). */
    private static final Map<String, String> REPLAYS = new LinkedHashMap<>();
    private static final Map<String, PersonalData> PERSONAL = new LinkedHashMap<>();
    /** Where the choice to show the filters is kept between sessions. */
    private static final org.eclipse.core.runtime.preferences.IEclipsePreferences PREFERENCES = org.eclipse.core.runtime.preferences.InstanceScope.INSTANCE
            .getNode("org.trajectory.ui");
    private static final String SHOWN = "dataset.filters.shown";
    static {
        REPLAYS.put(DatasetView.ANY, null);
        REPLAYS.put("replayed to the end", StoredReplay.REPLAYED);
        REPLAYS.put("diverged", StoredReplay.DIVERGED);
        REPLAYS.put("could not start", StoredReplay.NOT_STARTED);
        REPLAYS.put("never replayed", TaskQuery.NEVER_REPLAYED);
        PERSONAL.put(DatasetView.ANY, null);
        PERSONAL.put("findings to review", PersonalData.TO_REVIEW);
        PERSONAL.put("all findings reviewed", PersonalData.ALL_REVIEWED);
        PERSONAL.put("never scrubbed", PersonalData.NEVER_SCRUBBED);
    }

    private final Combo review;
    private final Combo reviewer;
    private final Combo replay;
    private final Combo personal;
    private final Text minScore;
    private final Text maxScore;
    private final Label scoreProblem;
    private final Composite area;
    /** Shows or hides the filters, saying how many are set while they are hidden. */
    private final Link toggle;

    /**
     * The filters in a row of {@code parent}, under a link that shows or hides them (hidden, they leave the table the
     * height they take in a narrow view; the choice is kept); {@code changed} runs after each change a user makes.
     */
    TaskFilters(Composite parent, Runnable user) {
        toggle = new Link(parent, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(toggle);
        toggle.addListener(SWT.Selection, e -> show(!shown()));
        Runnable changed = () -> {
            user.run();
            sayHowManySet();
        };
        // each filter its label and box together, flowing onto the next line when the view is narrow
        area = new Composite(parent, SWT.NONE);
        RowLayoutFactory.fillDefaults().wrap(true).spacing(12).center(true).applyTo(area);
        GridDataFactory.fillDefaults().grab(true, false).hint(100, SWT.DEFAULT).applyTo(area);
        review = combo(area, "Re&view:", "Tasks by their review state (changed: approved or rejected, then edited)", changed);
        review.add(DatasetView.ANY);
        for (ReviewState state : ReviewState.values()) {
            review.add(DatasetView.reviewWords(state));
        }
        review.select(0);
        reviewer = combo(area, "Revie&wer:", "Tasks whose review this person gave last", changed);
        reviewers(List.of());
        replay = combo(area, "Re&play:", "Tasks by their last replay (File > Replay Tasks): proven to work, diverged, or never replayed", changed);
        replay.setItems(REPLAYS.keySet().toArray(String[]::new));
        replay.select(0);
        personal = combo(area, "Personal &data:", "Tasks by what their last scrub found (File > Scrub Personal Data)", changed);
        personal.setItems(PERSONAL.keySet().toArray(String[]::new));
        personal.select(0);
        Composite range = new Composite(area, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(5).applyTo(range);
        new Label(range, SWT.NONE).setText("Score &from:");
        minScore = scoreField(range, "The lowest final score kept (0-1); empty: no lower bound", changed);
        new Label(range, SWT.NONE).setText("t&o");
        maxScore = scoreField(range, "The highest final score kept (0-1); empty: no upper bound", changed);
        scoreProblem = new Label(range, SWT.NONE);
        scoreProblem.setForeground(parent.getDisplay().getSystemColor(SWT.COLOR_RED));
        GridDataFactory.fillDefaults().grab(true, false).applyTo(scoreProblem);
        show(PREFERENCES.getBoolean(SHOWN, false));
    }

    boolean shown() {
        return area.getVisible();
    }

    /** Shows the filters or hides them, and keeps the choice for the next time the view opens. */
    void show(boolean visible) {
        area.setVisible(visible);
        ((org.eclipse.swt.layout.GridData) area.getLayoutData()).exclude = !visible;
        PREFERENCES.putBoolean(SHOWN, visible);
        sayHowManySet();
        area.getParent().layout(true, true);
    }

    private void sayHowManySet() {
        if (toggle.isDisposed()) {
            return;
        }
        long set = java.util.stream.Stream.of(review, reviewer, replay, personal).filter(c -> c.getSelectionIndex() > 0).count()
                + java.util.stream.Stream.of(minScore, maxScore).filter(t -> !t.getText().isBlank()).count();
        String count = set == 0 ? "" : " (" + set + " set)";
        toggle.setText(shown() ? "<a>Hide the filters</a>" + count : "<a>Filters: review, reviewer, replay, personal data, score</a>" + count);
        toggle.setToolTipText(shown() ? "Hide the filters (those set still apply)" : "Show the filters");
        toggle.getParent().layout(new org.eclipse.swt.widgets.Control[] { toggle });
    }

    Link toggle() {
        return toggle;
    }

    private static Combo combo(Composite area, String label, String tip, Runnable changed) {
        Composite pair = new Composite(area, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(pair);
        new Label(pair, SWT.NONE).setText(label);
        Combo combo = new Combo(pair, SWT.READ_ONLY);
        combo.setToolTipText(tip);
        combo.addListener(SWT.Selection, e -> changed.run());
        return combo;
    }

    private static Text scoreField(Composite area, String tip, Runnable changed) {
        Text field = new Text(area, SWT.BORDER);
        field.setMessage("0-1");
        field.setToolTipText(tip);
        GridDataFactory.fillDefaults().hint(50, SWT.DEFAULT).applyTo(field);
        field.addModifyListener(e -> { // applied a moment after typing stops, as the text filter is
            field.getDisplay().timerExec(-1, changed);
            field.getDisplay().timerExec(DatasetView.FILTER_DELAY_MS, changed);
        });
        return field;
    }

    /** Offers these reviewers (the dataset's, read off the UI thread), keeping the one chosen if still among them. */
    void reviewers(List<String> names) {
        String chosen = reviewer.getSelectionIndex() > 0 ? reviewer.getText() : null;
        reviewer.removeAll();
        reviewer.add(DatasetView.ANY);
        names.forEach(reviewer::add);
        reviewer.select(chosen != null && names.contains(chosen) ? names.indexOf(chosen) + 1 : 0);
    }

    /** {@code query} narrowed by every filter set here; the review state left to the caller (the queue overrides it). */
    TaskQuery apply(TaskQuery query) {
        TaskQuery narrowed = query.withReviewer(reviewer.getSelectionIndex() > 0 ? reviewer.getText() : null)
                .withReplay(REPLAYS.get(replay.getText())).withPersonalData(PERSONAL.get(personal.getText()));
        boolean valid = inRange(minScore) && inRange(maxScore);
        scoreProblem.setText(valid ? "" : "scores are numbers from 0 to 1");
        scoreProblem.getParent().getParent().getParent().layout(true, true); // the message may take a line of its own
        return narrowed.withScore(inRange(minScore) ? bound(minScore) : null, inRange(maxScore) ? bound(maxScore) : null);
    }

    /** The bound a score field holds: null when empty (no bound), NaN when it holds no number. */
    private static Double bound(Text field) {
        String text = field.getText().strip();
        if (text.isEmpty()) {
            return null;
        }
        try {
            return Double.valueOf(text.replace(',', '.'));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Whether a score field is empty or holds a number from 0 to 1; one that does not bounds nothing. */
    private static boolean inRange(Text field) {
        Double bound = bound(field);
        return bound == null || bound >= 0 && bound <= 1;
    }

    /** The review state chosen, or null for any. */
    ReviewState reviewState() {
        return review.getSelectionIndex() > 0 ? ReviewState.values()[review.getSelectionIndex() - 1] : null;
    }

    /** Shows every state again (the review queue is a review filter of its own). */
    void anyReviewState() {
        review.select(0);
        sayHowManySet();
    }

    Combo review() {
        return review;
    }

    Combo reviewer() {
        return reviewer;
    }

    Combo personal() {
        return personal;
    }

    Text minScore() {
        return minScore;
    }

    Text maxScore() {
        return maxScore;
    }
}
