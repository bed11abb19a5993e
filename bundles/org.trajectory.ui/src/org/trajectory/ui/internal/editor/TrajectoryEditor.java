package org.trajectory.ui.internal.editor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.operations.IOperationHistory;
import org.eclipse.core.commands.operations.IUndoableOperation;
import org.eclipse.core.commands.operations.ObjectUndoContext;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.ListenerList;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.dialogs.InputDialog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.layout.RowLayoutFactory;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IActionBars;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IPartListener2;
import org.eclipse.ui.ISaveablePart2;
import org.eclipse.ui.IWorkbenchPartReference;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.contexts.IContextService;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.menus.CommandContributionItem;
import org.eclipse.ui.menus.CommandContributionItemParameter;
import org.eclipse.ui.operations.RedoActionHandler;
import org.eclipse.ui.operations.UndoActionHandler;
import org.eclipse.ui.part.EditorPart;

import org.trajectory.builder.StepClip;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.dataset.ReviewGrades;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.StaleTaskException;
import org.trajectory.dataset.StoredReplay;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Step;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ActionPrinter;
import org.trajectory.model.action.CodeProblem;
import org.trajectory.model.action.ParsedCode;
import org.trajectory.recorder.RecordingFolder;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.TaskEditorInput;
import org.trajectory.ui.internal.review.GradeDialog;
import org.trajectory.ui.internal.review.ReviewDecision;

/**
 * The trajectory editor: the step strip, the screenshot with the step's actions drawn over it, the step's and the
 * task's fields, and the review bar. Every edit goes through the workbench's operation history (undo, redo); Save
 * writes the task in one transaction. A reviewer never needs the mouse: see the key bindings in plugin.xml.
 */
public final class TrajectoryEditor extends EditorPart implements Parts.StepShowing, ISaveablePart2 {

    /** The window's dataset session, taken from this part's site. */
    private DatasetSession session;

    public static final String CONTEXT = "org.trajectory.ui.contexts.trajectoryEditor";
    static final int REPLAY_MS = 1500;

    private Dataset dataset;
    private TaskDraft saved;
    private TaskDraft current;
    private int step;
    private final ObjectUndoContext undoContext = new ObjectUndoContext(this, "Trajectory editor");
    private UndoActionHandler undoHandler;
    private RedoActionHandler redoHandler;
    private ImageCache images;
    private StepStrip strip;
    private ScreenshotCanvas canvas;
    private ReplayPanel replayPanel;
    /** The task's last replay, read when the editor opens; null when it was never replayed. */
    private StoredReplay replay;
    /** The task's last scrub with its review, read when the editor opens; null when it was never scrubbed. */
    private StoredScrub scrub;
    private FindingsPanel findingsPanel;
    private StepForm stepForm;
    private TaskForm taskForm;
    private Label review;
    private final StepSelection selection = new StepSelection();
    private boolean replaying;
    private StepPlayer player;
    /** The width the step player's frames are decoded at. */
    private static final int PLAYER_WIDTH = 800;
    private long openedNanos;
    private long lastSwitchNanos;

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        session = DatasetSession.of(site);
        if (!(input instanceof TaskEditorInput task)) {
            throw new PartInitException("The trajectory editor opens tasks of a dataset, not " + input.getName());
        }
        long start = System.nanoTime();
        setSite(site);
        setInput(input);
        try {
            dataset = offUiThread("Opening " + task.taskId(), () -> {
                try {
                    return Dataset.open(task.dataset());
                } catch (IOException e) {
                    throw new SQLException(e.getMessage(), e);
                }
            });
            saved = offUiThread("Reading " + task.taskId(), () -> dataset.draft(task.taskId()));
            replay = offUiThread("Reading the replay of " + task.taskId(), () -> dataset.replays().get(task.taskId()));
            scrub = offUiThread("Reading the personal data found in " + task.taskId(), () -> dataset.scrubs().get(task.taskId()));
        } catch (SQLException e) {
            throw new PartInitException("Could not open task " + task.taskId() + ": " + e.getMessage(), e);
        }
        if (saved == null) {
            throw new PartInitException("There is no task " + task.taskId() + " in " + task.dataset());
        }
        current = saved;
        openedNanos = start;
        setPartName(task.taskId());
        setTitleToolTip(saved.task().instruction());
    }

    @Override
    public void createPartControl(Composite parent) {
        getSite().getPage().addPartListener(statusFollowsTheActiveEditor);
        images = new ImageCache(dataset.images(), parent.getDisplay());
        GridLayoutFactory.fillDefaults().spacing(0, 0).applyTo(parent);
        SashForm columns = new SashForm(parent, SWT.HORIZONTAL);
        GridDataFactory.fillDefaults().grab(true, true).applyTo(columns);

        strip = new StepStrip(columns, images, this::selectStep);
        stripMenu();
        SashForm screens = new SashForm(columns, SWT.VERTICAL);
        canvas = new ScreenshotCanvas(screens);
        replayPanel = new ReplayPanel(screens, dataset.images());
        replayPanel.setReplay(replay);
        screens.setWeights(55, 45);
        if (!replayPanel.hasReplay()) {
            screens.setMaximizedControl(canvas); // never replayed: the recorded screenshot alone
        }
        canvas.onMarkerMoved(this::markerMoved);
        canvas.findFittedCopiesIn(images::fitted);
        canvas.addListener(SWT.Resize, e -> images.fitTo(canvas.getClientArea().width, canvas.getClientArea().height));

        ScrolledComposite scroller = new ScrolledComposite(columns, SWT.V_SCROLL);
        Composite forms = new Composite(scroller, SWT.NONE);
        GridLayoutFactory.fillDefaults().margins(4, 4).applyTo(forms);
        // Personal data found, while there is some to review: it is the first thing to judge before a task goes out.
        findingsPanel = new FindingsPanel(forms, this::storeScrub, canvas::setMarks);
        findingsPanel.setScrub(scrub);
        GridDataFactory.fillDefaults().grab(true, false).hint(1, SWT.DEFAULT).exclude(scrub == null).applyTo(findingsPanel.control());
        findingsPanel.control().setVisible(scrub != null);
        canvas.onBoxDrawn(this::boxDrawn);
        // The step first: its action and thought are what a reviewer reads at every step, and must be in sight without
        // scrolling on a 1366x768 screen; the task's fields, read once, follow.
        stepForm = new StepForm(forms, (field, text) -> edit("Edit " + field, step + ":" + field, d -> d.withStepText(step, field, text)),
                (field, value) -> edit("Set " + field, null, d -> d.withStepFlag(step, field, value)), this::codeParsed);
        GridDataFactory.fillDefaults().grab(true, false).hint(1, SWT.DEFAULT).applyTo(stepForm.control()); // fills the column, never widens it
        taskForm = new TaskForm(forms, (field, text) -> edit("Edit " + field, "task:" + field, d -> d.withTaskText(field, text)),
                (field, value) -> edit("Edit " + field, "task:" + field, d -> d.withTaskNumber(field, value)));
        GridDataFactory.fillDefaults().grab(true, false).hint(1, SWT.DEFAULT).applyTo(taskForm.control());
        scroller.setContent(forms);
        scroller.setExpandHorizontal(true);
        scroller.setExpandVertical(true);
        // A bar that comes and goes changes the column's width after the fields were laid out, pushing their right edge
        // out of sight; it stays.
        scroller.setAlwaysShowScrollBars(true);
        // As wide as the column, never wider (a field's preferred width would push the rest out of sight); as tall as it needs.
        scroller.addListener(SWT.Resize, e -> scroller.setMinSize(0, forms.computeSize(scroller.getClientArea().width, SWT.DEFAULT).y));
        columns.setWeights(16, 48, 36);

        createReviewBar(parent);
        getSite().setSelectionProvider(selection);
        installCommands();
        show(current, 0);
        showReview();
        session.addListener(othersChanges);
        ILog.of(getClass()).info(String.format("Opened %s (%d steps) in %.0f ms", current.taskId(), current.stepCount(),
                (System.nanoTime() - openedNanos) / 1e6));
    }

    /** The step operations for the mouse, with their keys shown. */
    private void stripMenu() {
        MenuManager menu = new MenuManager();
        for (String[] item : new String[][] { { "Insert step before", "insertStep" }, { "Delete step", "deleteStep" },
                { "Merge with next step", "mergeSteps" }, { "Move step up", "moveStepUp" }, { "Move step down", "moveStepDown" },
                { "Play in its recording", "playStep" } }) {
            menu.add(new CommandContributionItem(new CommandContributionItemParameter(getSite(), null,
                    "org.trajectory.ui.editor." + item[1], CommandContributionItem.STYLE_PUSH) {
                {
                    label = item[0];
                }
            }));
        }
        strip.table().setMenu(menu.createContextMenu(strip.table()));
    }

    private void createReviewBar(Composite parent) {
        // The review line has a row of its own and wraps; the buttons flow onto a second row when the editor is narrow.
        Composite bar = new Composite(parent, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(bar);
        GridLayoutFactory.swtDefaults().spacing(4, 2).applyTo(bar);
        review = new Label(bar, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(100, SWT.DEFAULT).applyTo(review);
        Composite buttons = new Composite(bar, SWT.NONE);
        GridDataFactory.fillDefaults().grab(true, false).hint(100, SWT.DEFAULT).applyTo(buttons);
        RowLayoutFactory.fillDefaults().wrap(true).spacing(4).applyTo(buttons);
        // The keys in the tooltips: in the labels they made the bar three rows high in a 1024 px window, the step's fields scrolled.
        button(buttons, "Approve", "Ctrl+Shift+A", () -> decide(ReviewState.APPROVED));
        button(buttons, "Reject...", "Ctrl+Shift+R", () -> decide(ReviewState.REJECTED));
        button(buttons, "Needs fix...", "Ctrl+Shift+F", () -> decide(ReviewState.NEEDS_FIX));
        button(buttons, "Note...", "Ctrl+Shift+M", this::note);
        button(buttons, "Grade...", "Ctrl+Shift+D", this::grade);
        button(buttons, "Next task", "Alt+PgDn", this::nextTask);
        button(buttons, "Slideshow", "F8", this::toggleReplay);
        button(buttons, "Play step", "F9", this::playStep);
        button(buttons, "History...", null, this::showHistory);
    }

    /** The task's audit trail, read off the UI thread, in a dialog. */
    private void showHistory() {
        String taskId = current.taskId();
        DatasetJobs.read("Reading the history of " + taskId, review, () -> dataset.history(taskId),
                entries -> new TaskHistoryDialog(getSite().getShell(), taskId, entries).open());
    }

    /** A push button that runs {@code run}, its key (if any) in its tooltip: the editor's review bar and its findings panel. */
    static void button(Composite bar, String text, String key, Runnable run) {
        Button button = new Button(bar, SWT.PUSH);
        button.setText(text);
        if (key != null) {
            button.setToolTipText(text.replace("...", "") + " (" + key + ")");
        }
        button.addListener(SWT.Selection, e -> run.run());
    }

    /** Commands with keys (plugin.xml), active while this editor is. */
    private void installCommands() {
        getSite().getService(IContextService.class).activateContext(CONTEXT);
        IHandlerService handlers = getSite().getService(IHandlerService.class);
        command(handlers, "nextStep", () -> selectStep(Math.min(current.stepCount() - 1, step + 1)));
        command(handlers, "previousStep", () -> selectStep(Math.max(0, step - 1)));
        command(handlers, "nextTask", this::nextTask);
        command(handlers, "approve", () -> decide(ReviewState.APPROVED));
        command(handlers, "reject", () -> decide(ReviewState.REJECTED));
        command(handlers, "needsFix", () -> decide(ReviewState.NEEDS_FIX));
        command(handlers, "note", this::note);
        command(handlers, "grade", this::grade);
        command(handlers, "zoomIn", () -> canvas.zoom(1.25)); // wherever the focus is in the editor, not only on the screenshot
        command(handlers, "zoomOut", () -> canvas.zoom(0.8));
        command(handlers, "zoomFit", () -> canvas.fit());
        command(handlers, "insertStep", () -> edit("Insert step", null, d -> d.insertStep(step), step));
        command(handlers, "deleteStep", () -> {
            if (current.stepCount() > 0) {
                edit("Delete step", null, d -> d.deleteStep(step), Math.max(0, Math.min(step, current.stepCount() - 2)));
            }
        });
        command(handlers, "mergeSteps", () -> {
            if (step + 1 < current.stepCount()) {
                edit("Merge steps", null, d -> d.mergeWithNext(step), step);
            }
        });
        command(handlers, "moveStepUp", () -> edit("Move step up", null, d -> d.moveStep(step, -1), Math.max(0, step - 1)));
        command(handlers, "moveStepDown", () -> edit("Move step down", null, d -> d.moveStep(step, 1),
                Math.min(current.stepCount() - 1, step + 1)));
        command(handlers, "replay", this::toggleReplay);
        command(handlers, "playStep", this::playStep);
        command(handlers, "replayedScreen", replayPanel::toggleLarge);
        undoHandler = new UndoActionHandler(getSite(), undoContext);
        redoHandler = new RedoActionHandler(getSite(), undoContext);
        useOwnUndo();
    }

    /**
     * Puts this editor's undo and redo in the Edit menu and on Ctrl+Z. Editors of one kind share their action bars, so
     * the last one opened would otherwise undo for all of them: each takes them back when it becomes active.
     */
    private void useOwnUndo() {
        IActionBars bars = getEditorSite().getActionBars();
        if (bars.getGlobalActionHandler(ActionFactory.UNDO.getId()) != undoHandler) {
            bars.setGlobalActionHandler(ActionFactory.UNDO.getId(), undoHandler);
            bars.setGlobalActionHandler(ActionFactory.REDO.getId(), redoHandler);
            bars.updateActionBars();
        }
    }

    private static void command(IHandlerService handlers, String name, Runnable run) {
        handlers.activateHandler("org.trajectory.ui.editor." + name, new AbstractHandler() {
            @Override
            public Object execute(ExecutionEvent event) {
                run.run();
                return null;
            }
        });
    }

    // Editing

    private void edit(String label, String key, UnaryOperator<TaskDraft> change) {
        edit(label, key, change, step);
    }

    /** Applies an edit through the operation history; typing in one field folds into the edit before it. */
    private void edit(String label, String key, UnaryOperator<TaskDraft> change, int stepAfter) {
        TaskDraft after = change.apply(current);
        if (after.equals(current)) {
            return;
        }
        IOperationHistory history = PlatformUI.getWorkbench().getOperationSupport().getOperationHistory();
        IUndoableOperation last = history.getUndoOperation(undoContext);
        if (last instanceof DraftEdit open && open.absorbs(key) && history.getRedoOperation(undoContext) == null) {
            open.extend(after);
            return;
        }
        try {
            history.execute(new DraftEdit(label, undoContext, this, current, step, after, stepAfter, key), null, null);
        } catch (org.eclipse.core.commands.ExecutionException e) {
            ILog.of(getClass()).error("Edit failed: " + label, e);
        }
    }

    /** Shows a draft (after an edit, undo or redo) at a step. */
    void show(TaskDraft draft, int atStep) {
        current = draft;
        step = Math.max(0, Math.min(atStep, draft.stepCount() - 1));
        strip.show(current, step);
        taskForm.show(current);
        showStep();
        firePropertyChange(IEditorPart.PROP_DIRTY);
    }

    /** Shows step {@code position} (the Scoring view's flags link here). */
    @Override
    public void selectStep(int position) {
        if (position < 0 || position >= current.stepCount()) {
            return;
        }
        long start = System.nanoTime();
        step = position;
        strip.select(step);
        showStep();
        lastSwitchNanos = System.nanoTime() - start;
    }

    private void showStep() {
        stepForm.show(current, step);
        replayPanel.show(step);
        findingsPanel.show(step);
        statusLine();
        if (current.stepCount() == 0) {
            canvas.setImage(null, "This task has no steps.");
            return;
        }
        canvas.setElement(ScreenshotCanvas.Element.of(current.stepField(step, Step.ELEMENT)));
        String sha = current.image(step);
        int shown = step;
        Image ready = images.full(sha, later -> {
            if (!canvas.isDisposed() && shown == step) {
                canvas.setImage(later, later == null ? "The screenshot could not be read." : null);
            }
        });
        if (ready != null) {
            canvas.setImage(ready, null);
        } else {
            canvas.setImage(null, sha == null ? "This step has no screenshot." : "Loading the screenshot...");
        }
        for (int neighbour : new int[] { step + 1, step - 1, step + 2 }) {
            if (neighbour >= 0 && neighbour < current.stepCount()) {
                images.prefetch(current.image(neighbour));
            }
        }
        // The Properties view follows after the switch, not during it.
        canvas.getDisplay().asyncExec(() -> {
            if (!canvas.isDisposed() && shown == step) {
                selection.set(new StepProperties(current, step));
            }
        });
    }

    private void codeParsed(ParsedCode parsed) {
        canvas.setActions(parsed.actions());
    }

    /** A dragged marker moves its action's coordinates; the code is written again in canonical form. */
    private void markerMoved(int index, Action.Point to) {
        ParsedCode parsed = ActionParser.parse(current.stepText(step, Step.CODE));
        if (!parsed.ok() || index >= parsed.actions().size()) {
            return;
        }
        List<Action> actions = new ArrayList<>(parsed.actions());
        actions.set(index, switch (actions.get(index)) {
            case Action.Click c -> new Action.Click(c.kind(), to);
            case Action.MoveTo m -> new Action.MoveTo(to);
            case Action.DragTo d -> new Action.DragTo(to, d.button());
            case Action.Scroll s -> new Action.Scroll(s.clicks(), to);
            case Action.HScroll s -> new Action.HScroll(s.clicks(), to);
            default -> actions.get(index);
        });
        String code = ActionPrinter.print(actions);
        edit("Move marker", null, d -> d.withStepText(step, Step.CODE, code));
    }

    // Review

    /** Judgements of personal data stored from this editor so far: a reading of the dataset begun before one is stale. */
    private int scrubsStored;

    /** Keeps the review of the task's personal data; not an edit of the task (nothing to undo or save). */
    private void storeScrub(StoredScrub judged) {
        scrubsStored++;
        String taskId = current.taskId();
        try {
            offUiThread("Storing the review of the personal data in " + taskId, () -> {
                dataset.scrubs().put(taskId, judged);
                return null;
            });
            statusLine();
        } catch (SQLException e) {
            MessageDialog.openError(getSite().getShell(), "Personal Data", "Could not store the review of the personal data: " + e.getMessage());
        }
    }

    /** A box a reviewer drew around personal data the scrub missed: named, kept, redacted in exports. */
    private void boxDrawn(int[] box) {
        InputDialog dialog = new InputDialog(getSite().getShell(), "Personal Data", "What is in the box (a name, a face, a note)?"
                + " It is covered in exports.", "other", text -> text.isBlank() ? "Name what is in the box" : null);
        if (dialog.open() != InputDialog.OK) {
            return;
        }
        findingsPanel.addDrawn(box, dialog.getValue().strip());
        showFindings(findingsPanel.scrub());
    }

    /** The findings panel with {@code found}, hidden while the task was never scrubbed. */
    private void showFindings(StoredScrub found) {
        findingsPanel.setScrub(found);
        GridDataFactory.createFrom((org.eclipse.swt.layout.GridData) findingsPanel.control().getLayoutData()).exclude(found == null)
                .applyTo(findingsPanel.control());
        findingsPanel.control().setVisible(found != null);
        findingsPanel.control().getParent().layout(true);
        findingsPanel.show(step);
        statusLine();
    }

    /** The findings panel, for tests. */
    FindingsPanel findingsPanel() {
        return findingsPanel;
    }

    /** Approves at once; a rejection or a needed fix asks why first (its note so far to start from). */
    private void decide(ReviewState state) {
        String taskId = current.taskId();
        try {
            String note = state == ReviewState.APPROVED ? null : offUiThread("Reading the review of " + taskId, () -> dataset.reviews().of(taskId).note());
            ReviewDecision decision = ReviewDecision.ask(getSite().getShell(), state, 1, note);
            if (decision != null) {
                setReview(decision.state(), decision.note());
            }
        } catch (SQLException e) {
            MessageDialog.openError(getSite().getShell(), "Review", "Could not read the review: " + e.getMessage());
        }
    }

    private void setReview(ReviewState state, String note) {
        String taskId = current.taskId();
        try {
            offUiThread("Storing the review of " + taskId, () -> {
                dataset.reviews().decide(List.of(taskId), state, note);
                return null;
            });
        } catch (SQLException e) {
            MessageDialog.openError(getSite().getShell(), "Review", "Could not store the review: " + e.getMessage());
            return;
        }
        showReview();
        session.changed();
        // a dialog (the note, the reason, a slow store's progress) may have left the focus in another part: the review
        // keys that follow are the editor's
        getSite().getPage().activate(this);
        setFocus();
    }

    private void note() {
        try {
            String taskId = current.taskId();
            Dataset.Review now = offUiThread("Reading the review of " + taskId, () -> dataset.reviews().of(taskId));
            InputDialog dialog = new InputDialog(getSite().getShell(), "Review note", "A note for this task's review:",
                    now.note() == null ? "" : now.note(), null);
            if (dialog.open() == InputDialog.OK) {
                setReview(now.state() == ReviewState.NEW ? ReviewState.IN_REVIEW : now.state(), dialog.getValue());
            }
        } catch (SQLException e) {
            MessageDialog.openError(getSite().getShell(), "Review", "Could not read the review: " + e.getMessage());
        }
    }

    /** The reviewer's optional grades (accept level, rubric), asked from what the task has. */
    private void grade() {
        String taskId = current.taskId();
        try {
            ReviewGrades now = offUiThread("Reading the grades of " + taskId, () -> dataset.reviews().grades(taskId));
            ReviewGrades grades = GradeDialog.ask(getSite().getShell(), now);
            if (grades != null && !grades.equals(now)) {
                offUiThread("Storing the grades of " + taskId, () -> {
                    dataset.reviews().grade(taskId, grades);
                    return null;
                });
                showReview();
                session.changed();
            }
        } catch (SQLException e) {
            MessageDialog.openError(getSite().getShell(), "Grade", "Could not read or store the grades: " + e.getMessage());
        }
        getSite().getPage().activate(this);
        setFocus();
    }

    /**
     * A change committed to the dataset, by this window or another person: the review line is read again, and the
     * task too unless there are unsaved edits here (their save is then refused with who changed it, and nothing is lost).
     */
    private final DatasetSession.Listener othersChanges = () -> {
        if (review == null || review.isDisposed()) {
            return;
        }
        review.getDisplay().asyncExec(() -> {
            if (review.isDisposed()) {
                return;
            }
            showReview();
            String scrubbed = current.taskId();
            int stored = scrubsStored;
            // a scrub run elsewhere (another window, a worker) lists its findings here too; a reading begun before a
            // judgement made here is older than the panel and left unshown
            DatasetJobs.read("Reading the personal data found in " + scrubbed, review, () -> dataset.scrubs().get(scrubbed), found -> {
                if (stored == scrubsStored && !java.util.Objects.equals(found, findingsPanel.scrub()) && scrubbed.equals(current.taskId())) {
                    showFindings(found);
                }
            });
            if (!isDirty()) {
                String taskId = current.taskId();
                long shown = saved.version();
                // the version first: a change to another task (an import's batch, a review elsewhere) costs one small query
                DatasetJobs.read("Reading " + taskId + " again", review, () -> dataset.version(taskId) == shown ? null : dataset.draft(taskId), fresh -> {
                    if (fresh != null && !isDirty() && fresh.version() != saved.version()) {
                        saved = fresh;
                        show(fresh, step);
                    }
                });
            }
        });
    };

    private void showReview() {
        String taskId = current.taskId();
        record Line(Dataset.Review review, ReviewGrades grades) {
        }
        DatasetJobs.read("Reading the review of " + taskId, review, () -> new Line(dataset.reviews().of(taskId), dataset.reviews().grades(taskId)), line -> {
            Dataset.Review now = line.review();
            review.setText("Review: " + now.state().id().replace('_', ' ')
                    + (now.reviewer() == null ? "" : " by " + now.reviewer() + " at " + localTime(now.reviewedAt()))
                    + (line.grades().isEmpty() ? "" : " (" + line.grades().words() + ")")
                    + (now.note() == null || now.note().isEmpty() ? "" : " \u2014 " + now.note()));
            // A longer line may wrap and the bar grow: lay out only what holds the label, then draw the screenshot again.
            review.getParent().getParent().layout(new org.eclipse.swt.widgets.Control[] { review });
            canvas.redraw();
        });
    }

    /**
     * The editors share one status line: an editor coming to the front names its task and step there again, and one
     * closing takes its words away (the editor in front then, if any, says its own).
     */
    private final IPartListener2 statusFollowsTheActiveEditor = new IPartListener2() {
        @Override
        public void partActivated(IWorkbenchPartReference reference) {
            if (reference.getPart(false) == TrajectoryEditor.this && current != null) {
                statusLine();
            }
        }

        @Override
        public void partClosed(IWorkbenchPartReference reference) {
            if (reference.getPart(false) == TrajectoryEditor.this) {
                getEditorSite().getActionBars().getStatusLineManager().setMessage(null);
                if (getSite().getPage().getActiveEditor() instanceof TrajectoryEditor other && other != TrajectoryEditor.this && other.current != null) {
                    other.statusLine();
                }
            }
        }
    };

    /** Where the reviewer is, in the window's status line: the task, the step, what awaits them in it. */
    private void statusLine() {
        StoredScrub found = findingsPanel.scrub();
        String steps = current.stepCount() == 0 ? "no steps" : "step " + (step + 1) + " of " + current.stepCount();
        getEditorSite().getActionBars().getStatusLineManager().setMessage(current.taskId() + " \u00b7 " + steps
                + (isDirty() ? " \u00b7 not saved" : "") + (found == null || found.unreviewed() == 0 ? ""
                        : " \u00b7 personal data: " + found.unreviewed() + " to review"));
    }

    /** Closing with unsaved edits asks in the task's words, not the platform's "Save Resource". */
    @Override
    public int promptToSaveOnClose() {
        int answer = new MessageDialog(getSite().getShell(), "Save Task", null, "Task " + current.taskId() + " has changes that are not"
                + " saved. Save them before closing?", MessageDialog.QUESTION, 0, "&Save", "&Don't Save", "Cancel").open();
        return switch (answer) {
            case 0 -> YES;
            case 1 -> NO;
            default -> CANCEL;
        };
    }

    /** An ISO instant as the person reading it says the time: "2026-11-25 11:57" in their zone; as stored when it is not one. */
    static String localTime(String instant) {
        try {
            return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(java.time.ZoneId.systemDefault())
                    .format(java.time.Instant.parse(instant));
        } catch (RuntimeException e) {
            return String.valueOf(instant);
        }
    }

    /** Opens the next task that still needs review, in place of this one when nothing is unsaved. */
    private void nextTask() {
        try {
            String taskId = current.taskId();
            String next = offUiThread("Finding the next task to review", () -> dataset.reviews().next(taskId));
            if (next == null) {
                MessageDialog.openInformation(getSite().getShell(), "Review", "Every other task is reviewed.");
                return;
            }
            DatasetAddress folder = ((TaskEditorInput) getEditorInput()).dataset();
            boolean replace = !isDirty();
            getSite().getPage().openEditor(new TaskEditorInput(folder, next), Parts.TRAJECTORY_EDITOR);
            if (replace) {
                getSite().getPage().closeEditor(this, false);
            }
        } catch (SQLException | PartInitException e) {
            MessageDialog.openError(getSite().getShell(), "Next task", e.getMessage());
        }
    }

    /**
     * Runs a read or write of the dataset off the UI thread and returns its result; the window stays live meanwhile
     * (a busy cursor, a progress dialog if it takes long), so a slow server never freezes it.
     */
    private static <T> T offUiThread(String what, DatasetJobs.Read<T> work) throws SQLException {
        java.util.concurrent.atomic.AtomicReference<T> result = new java.util.concurrent.atomic.AtomicReference<>();
        try {
            PlatformUI.getWorkbench().getProgressService().busyCursorWhile(monitor -> {
                monitor.beginTask(what, IProgressMonitor.UNKNOWN);
                try {
                    result.set(work.run());
                } catch (Exception e) {
                    throw new java.lang.reflect.InvocationTargetException(e);
                } finally {
                    monitor.done();
                }
            });
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw new SQLException(what + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException(what + " was interrupted", e);
        }
        return result.get();
    }

    // Step playback

    /** Plays the shown step's stretch of the recording it was built from, when that recording is on this machine. */
    private void playStep() {
        int position = step;
        String taskId = current.taskId();
        double[] span = StepClip.span(current.task().steps().get(position));
        org.eclipse.swt.widgets.Shell shell = getSite().getShell();
        if (span == null) {
            MessageDialog.openInformation(shell, "Play step", "Step " + (position + 1) + " was not built from a recording: it keeps no time span to play.");
            return;
        }
        var status = getEditorSite().getActionBars().getStatusLineManager();
        status.setMessage("Decoding step " + (position + 1) + " of its recording...");
        DatasetJobs.offUiThread("Decoding step " + (position + 1) + " of its recording", DatasetJobs.Kind.PLAY, canvas, () -> {
            Path folder = Dataset.recordingFolder(dataset.source(taskId));
            if (folder == null) {
                throw new IOException("Task " + taskId + " does not name the recording it was built from (it was imported, or built"
                        + " before the workbench kept that); build it again from its recording to play its steps.");
            }
            if (!Files.isRegularFile(folder.resolve(RecordingFolder.METADATA))) {
                throw new IOException("The recording " + folder + " that task " + taskId + " was built from is not on this machine.");
            }
            return StepClip.read(folder, span[0], span[1], PLAYER_WIDTH);
        }, clip -> {
            status.setMessage(null);
            if (player != null) {
                player.close();
            }
            player = new StepPlayer(shell, "Step " + (position + 1) + " of " + taskId + " in its recording", clip);
            player.open();
        }, e -> {
            status.setMessage(null);
            MessageDialog.openInformation(shell, "Play step", e.getMessage());
        });
    }

    StepPlayer player() {
        return player;
    }

    // Replay

    private void toggleReplay() {
        replaying = !replaying;
        if (replaying) {
            if (step >= current.stepCount() - 1) {
                selectStep(0);
            }
            getSite().getShell().getDisplay().timerExec(REPLAY_MS, this::replayTick);
        }
    }

    private void replayTick() {
        if (!replaying || canvas.isDisposed()) {
            return;
        }
        if (step + 1 >= current.stepCount()) {
            replaying = false;
            return;
        }
        selectStep(step + 1);
        canvas.getDisplay().timerExec(REPLAY_MS, this::replayTick);
    }

    boolean isReplaying() {
        return replaying;
    }

    // Saving

    @Override
    public void doSave(IProgressMonitor monitor) {
        List<String> problems = codeProblems();
        if (!problems.isEmpty() && !MessageDialog.openQuestion(getSite().getShell(), "Save with code errors?",
                "Some steps have code that does not parse:\n\n" + String.join("\n", problems.subList(0, Math.min(8, problems.size())))
                        + "\n\nSave anyway?")) {
            if (monitor != null) {
                monitor.setCanceled(true);
            }
            return;
        }
        try {
            TaskDraft edited = current.at(saved.version());
            saved = offUiThread("Saving " + edited.taskId(), () -> dataset.save(edited));
            firePropertyChange(IEditorPart.PROP_DIRTY);
            statusLine();
            session.changed();
        } catch (StaleTaskException e) {
            if (!resolveStale(e) && monitor != null) {
                monitor.setCanceled(true);
            }
        } catch (SQLException e) {
            ILog.of(getClass()).error("Could not save " + current.taskId(), e);
            MessageDialog.openError(getSite().getShell(), "Save", "Could not save the task: " + e.getMessage()
                    + "\nYour edits are still here; try again.");
            if (monitor != null) {
                monitor.setCanceled(true);
            }
        }
    }

    /**
     * Somebody else saved the task after it was opened here: offers to reload it (this edit is dropped, after a
     * warning) or to keep this edit as a task of its own beside theirs. True when the edit was kept as a copy.
     */
    private boolean resolveStale(StaleTaskException stale) {
        MessageDialog dialog = new MessageDialog(getSite().getShell(), "Task changed by someone else", null,
                stale.getMessage() + ".", MessageDialog.WARNING, 2, "Keep mine as a copy", "Reload theirs", "Cancel");
        int choice = dialog.open();
        try {
            if (choice == 0) {
                String copyId = current.taskId() + " (" + dataset.user() + ", " + java.time.LocalTime.now().withNano(0) + ")";
                TaskDraft mine = current;
                TaskDraft copy = offUiThread("Keeping your edit as " + copyId, () -> dataset.saveCopy(mine, copyId));
                // this tab shows the task as stored; the edit lives on in the copy
                saved = offUiThread("Reading " + mine.taskId(), () -> dataset.draft(mine.taskId()));
                show(saved, step);
                session.changed();
                MessageDialog.openInformation(getSite().getShell(), "Kept as a copy", "Your edit is kept as task '" + copy.taskId() + "'; this tab now shows the task as the other person saved it.");
                return true;
            }
            if (choice == 1 && MessageDialog.openQuestion(getSite().getShell(), "Reload", "Drop your unsaved edits and show the task as it is now?")) {
                String taskId = current.taskId();
                saved = offUiThread("Reading " + taskId, () -> dataset.draft(taskId));
                show(saved, step);
            }
        } catch (SQLException e) {
            ILog.of(getClass()).error("Could not resolve the stale save of " + current.taskId(), e);
            MessageDialog.openError(getSite().getShell(), "Save", e.getMessage() + "\nYour edits are still here.");
        }
        return false;
    }

    /** "Step N, line L, column C: message" for every step whose code does not parse. */
    List<String> codeProblems() {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < current.stepCount(); i++) {
            for (CodeProblem problem : ActionParser.parse(current.stepText(i, Step.CODE)).problems()) {
                problems.add("Step " + (i + 1) + ", line " + problem.line() + ", column " + problem.column() + ": " + problem.message());
            }
        }
        return problems;
    }

    @Override
    public void doSaveAs() {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean isDirty() {
        return !current.equals(saved);
    }

    @Override
    public boolean isSaveAsAllowed() {
        return false;
    }

    @Override
    public void setFocus() {
        useOwnUndo();
        strip.table().setFocus();
    }

    @Override
    public void dispose() {
        if (session != null) {
            session.removeListener(othersChanges);
        }
        getSite().getPage().removePartListener(statusFollowsTheActiveEditor);
        replaying = false;
        if (player != null) {
            player.close();
        }
        PlatformUI.getWorkbench().getOperationSupport().getOperationHistory().dispose(undoContext, true, true, true);
        if (images != null) {
            images.dispose();
        }
        try {
            dataset.close();
        } catch (SQLException e) {
            // the read-write connection closes with the process anyway
        }
        super.dispose();
    }

    // For tests and the instrumented run.

    TaskDraft draft() {
        return current;
    }

    /** The position of the step shown. */
    public int step() {
        return step;
    }

    ScreenshotCanvas canvas() {
        return canvas;
    }

    ReplayPanel replayPanel() {
        return replayPanel;
    }

    StepForm stepForm() {
        return stepForm;
    }

    TaskForm taskForm() {
        return taskForm;
    }

    StepStrip strip() {
        return strip;
    }

    Label reviewLabel() {
        return review;
    }

    ObjectUndoContext undoContext() {
        return undoContext;
    }

    long lastSwitchNanos() {
        return lastSwitchNanos;
    }

    /** The selection the Properties view shows: the current step. */
    private static final class StepSelection implements ISelectionProvider {
        private final ListenerList<ISelectionChangedListener> listeners = new ListenerList<>();
        private ISelection selection = StructuredSelection.EMPTY;

        void set(StepProperties properties) {
            setSelection(new StructuredSelection(properties));
        }

        @Override
        public void addSelectionChangedListener(ISelectionChangedListener listener) {
            listeners.add(listener);
        }

        @Override
        public void removeSelectionChangedListener(ISelectionChangedListener listener) {
            listeners.remove(listener);
        }

        @Override
        public ISelection getSelection() {
            return selection;
        }

        @Override
        public void setSelection(ISelection newSelection) {
            selection = newSelection;
            SelectionChangedEvent event = new SelectionChangedEvent(this, newSelection);
            listeners.forEach(listener -> listener.selectionChanged(event));
        }
    }
}
