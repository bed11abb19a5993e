package org.trajectory.ui.internal.editor;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.eclipse.core.commands.operations.IOperationHistory;
import org.eclipse.core.commands.operations.IUndoableOperation;
import org.eclipse.core.commands.operations.ObjectUndoContext;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.ListenerList;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Composite;
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
import org.eclipse.ui.menus.CommandContributionItem;
import org.eclipse.ui.menus.CommandContributionItemParameter;
import org.eclipse.ui.operations.RedoActionHandler;
import org.eclipse.ui.operations.UndoActionHandler;
import org.eclipse.ui.part.EditorPart;

import org.trajectory.dataset.Dataset;
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
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.TaskEditorInput;

/**
 * The trajectory editor: the step strip, the screenshot with the step's actions drawn over it, the step's and the
 * task's fields, and the review bar. Every edit goes through the workbench's operation history (undo, redo); Save
 * writes the task in one transaction. A reviewer never needs the mouse: the commands and their keys are in plugin.xml,
 * handled by {@link EditorCommands}. Its parts of their own: the {@link ReviewBar}, the {@link FindingsReview} of personal
 * data, {@link StepPlayback} and {@link StaleSave}.
 */
public final class TrajectoryEditor extends EditorPart implements Parts.StepShowing, ISaveablePart2 {

    /** The window's dataset session, taken from this part's site. */
    private DatasetSession session;

    public static final String CONTEXT = "org.trajectory.ui.contexts.trajectoryEditor";

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
    private FindingsReview findings;
    private StepForm stepForm;
    private TaskForm taskForm;
    private ReviewBar reviewBar;
    private final StepPlayback playback = new StepPlayback(this);
    private final StepSelection selection = new StepSelection();
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
            dataset = DatasetJobs.await("Opening " + task.taskId(), () -> {
                try {
                    return Dataset.open(task.dataset());
                } catch (IOException e) {
                    throw new SQLException(e.getMessage(), e);
                }
            });
            saved = DatasetJobs.await("Reading " + task.taskId(), () -> dataset.draft(task.taskId()));
            replay = DatasetJobs.await("Reading the replay of " + task.taskId(), () -> dataset.replays().get(task.taskId()));
            scrub = DatasetJobs.await("Reading the personal data found in " + task.taskId(), () -> dataset.scrubs().get(task.taskId()));
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
        findings = new FindingsReview(forms, this, scrub);
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

        reviewBar = new ReviewBar(parent, this);
        getSite().setSelectionProvider(selection);
        getSite().getService(IContextService.class).activateContext(CONTEXT); // the keys of the commands in plugin.xml
        undoHandler = new UndoActionHandler(getSite(), undoContext);
        redoHandler = new RedoActionHandler(getSite(), undoContext);
        useOwnUndo();
        show(current, 0);
        reviewBar.show();
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

    void insertStep() {
        edit("Insert step", null, d -> d.insertStep(step), step);
    }

    void deleteStep() {
        if (current.stepCount() > 0) {
            edit("Delete step", null, d -> d.deleteStep(step), Math.max(0, Math.min(step, current.stepCount() - 2)));
        }
    }

    void mergeWithNext() {
        if (step + 1 < current.stepCount()) {
            edit("Merge steps", null, d -> d.mergeWithNext(step), step);
        }
    }

    /** Moves the step one place up ({@code by} -1) or down (1), the selection with it. */
    void moveStep(int by) {
        edit(by < 0 ? "Move step up" : "Move step down", null, d -> d.moveStep(step, by), Math.max(0, Math.min(current.stepCount() - 1, step + by)));
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
        findings.panel().show(step);
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

    /** The findings panel, for tests. */
    FindingsPanel findingsPanel() {
        return findings.panel();
    }

    /**
     * A change committed to the dataset, by this window or another person: the review line is read again, and the
     * task too unless there are unsaved edits here (their save is then refused with who changed it, and nothing is lost).
     */
    private final DatasetSession.Listener othersChanges = () -> {
        if (reviewBar == null || reviewBar.line().isDisposed()) {
            return;
        }
        reviewBar.line().getDisplay().asyncExec(() -> {
            if (reviewBar.line().isDisposed()) {
                return;
            }
            reviewBar.show();
            findings.reread();
            if (!isDirty()) {
                String taskId = current.taskId();
                long shown = saved.version();
                // the version first: a change to another task (an import's batch, a review elsewhere) costs one small query
                DatasetJobs.read("Reading " + taskId + " again", reviewBar.line(), () -> dataset.version(taskId) == shown ? null : dataset.draft(taskId), fresh -> {
                    if (fresh != null && !isDirty() && fresh.version() != saved.version()) {
                        saved = fresh;
                        show(fresh, step);
                    }
                });
            }
        });
    };

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
    void statusLine() {
        StoredScrub found = findings.panel().scrub();
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
            saved = DatasetJobs.await("Saving " + edited.taskId(), () -> dataset.save(edited));
            firePropertyChange(IEditorPart.PROP_DIRTY);
            statusLine();
            session.changed();
        } catch (StaleTaskException e) {
            if (!keptAsCopy(e) && monitor != null) {
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

    /** The stale save resolved by the reviewer ({@link StaleSave}); true when their edit was kept as a copy. */
    private boolean keptAsCopy(StaleTaskException stale) {
        try {
            return StaleSave.resolve(getSite().getShell(), dataset, current, stale, stored -> {
                saved = stored;
                show(saved, step);
            }, session::changed);
        } catch (SQLException e) {
            ILog.of(getClass()).error("Could not resolve the stale save of " + current.taskId(), e);
            MessageDialog.openError(getSite().getShell(), "Save", e.getMessage() + "\nYour edits are still here.");
            return false;
        }
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
        playback.close();
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

    ReviewBar reviewBar() {
        return reviewBar;
    }

    StepPlayback playback() {
        return playback;
    }

    Dataset dataset() {
        return dataset;
    }

    DatasetSession session() {
        return session;
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
