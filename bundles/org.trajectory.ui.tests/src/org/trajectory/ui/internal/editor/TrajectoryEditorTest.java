package org.trajectory.ui.internal.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.commands.operations.IOperationHistory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.ui.PlatformUI;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.model.Json;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.operation.Progress;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.Screenshots;
import org.trajectory.ui.internal.TaskEditorInput;
import org.trajectory.ui.internal.WidgetFinder;
import org.trajectory.ui.internal.WorkbenchTest;
import org.trajectory.ui.internal.dataset.DatasetView;
import org.trajectory.ui.internal.dataset.DatasetViewTestAccess;

/** The editor as a reviewer uses it, on the OpenCUA example task (15 steps, real screenshots). */
class TrajectoryEditorTest extends WorkbenchTest {

    private static final String TASK = "task_example_0";
    /** The OpenCUA example, kept once, in the dataset tests (the build runs tests from their bundle's folder). */
    private static final Path FIXTURE = Path.of("../org.trajectory.dataset.tests/testdata/opencua-cot-example").toAbsolutePath().normalize();

    private Path folder;
    private final IOperationHistory history = PlatformUI.getWorkbench().getOperationSupport().getOperationHistory();

    @BeforeEach
    void importFixture() throws Exception {
        folder = temp.resolve("dataset");
        Path fixture = FIXTURE;
        // The first step as a recording with element capture leaves it: the element pressed, its box normalized.
        com.fasterxml.jackson.databind.node.ObjectNode record = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER
                .readTree(Files.readAllLines(fixture.resolve("raw_example.jsonl")).get(0));
        ((com.fasterxml.jackson.databind.node.ObjectNode) record.path(Task.TRAJ).get(0)).putObject(Step.ELEMENT).put("role", "push button")
                .put("name", "Display").put("cause", "press").putArray("bbox").add(0.25).add(0.25).add(0.5).add(0.5);
        ((com.fasterxml.jackson.databind.node.ObjectNode) record.path(Task.TRAJ).get(0)).put(Task.CONFIDENCE, 0.4217)
                .put(Step.EVIDENCE, "click-at-rest"); // as extraction writes them
        Path jsonl = temp.resolve("with-element.jsonl");
        Files.writeString(jsonl, record + "\n");
        try (Dataset dataset = Dataset.openOrCreate(folder); ImageSource images = ImageSource.open(fixture.resolve("images"))) {
            new ImportOperation(dataset, jsonl, images).run(Progress.NONE);
        }
        session().open(folder, false);
        page.showView(Parts.DATASET_VIEW);
    }

    @AfterEach
    void closeAll() {
        page.closeAllEditors(false);
        session().close();
        settle();
    }

    private TrajectoryEditor open() throws Exception {
        TrajectoryEditor editor = (TrajectoryEditor) page.openEditor(new TaskEditorInput(folder, TASK), Parts.TRAJECTORY_EDITOR);
        waitFor(() -> editor.canvas().hasImage(), "the first screenshot is shown");
        return editor;
    }

    @Test
    void theElementARecordingCapturedIsBoxedAndNamedOnTheScreenshot() throws Exception {
        TrajectoryEditor editor = open();
        ScreenshotCanvas canvas = editor.canvas();
        waitFor(canvas::hasImage, "the screenshot is decoded");
        waitFor(() -> cyanPixels(canvas) > 200, "the dashed box and its label are drawn");
        editor.selectStep(1);
        assertTrue(editor.draft().stepField(1, Step.ELEMENT).isMissingNode(), "the next step has none");
    }

    /**
     * The Properties view shows how sure extraction was of a step and what it read it from, where it says; a step it did
     * not make shows neither.
     */
    @Test
    void theConfidenceAndEvidenceExtractionGaveAStepAreAmongItsProperties() throws Exception {
        TrajectoryEditor editor = open();
        assertEquals("0.42", new StepProperties(editor.draft(), 0).getPropertyValue(Task.CONFIDENCE));
        assertEquals("click-at-rest", new StepProperties(editor.draft(), 0).getPropertyValue(Step.EVIDENCE));
        assertNull(new StepProperties(editor.draft(), 1).getPropertyValue(Task.CONFIDENCE));
        assertNull(new StepProperties(editor.draft(), 1).getPropertyValue(Step.EVIDENCE));
    }

    /** A step extraction was less sure of than not says so in the strip of steps, in words, with how sure it was. */
    @Test
    void aStepMoreLikelyWrongThanRightSaysItIsUnsureInTheStrip() throws Exception {
        TrajectoryEditor editor = open();
        String unsure = editor.strip().table().getItem(0).getText();
        assertTrue(unsure.endsWith(" · unsure 0.42"), unsure);
        String plain = editor.strip().table().getItem(1).getText();
        assertFalse(plain.contains("unsure"), plain);
    }

    @Test
    void theStatusLineSaysWhichTaskAndStepAreShown() throws Exception {
        TrajectoryEditor editor = open();
        waitFor(() -> statusLineHolds("task_example_0 \u00b7 step 1 of 15"), "the status line names the task and the step");
        editor.selectStep(4);
        waitFor(() -> statusLineHolds("step 5 of 15"), "and follows the step shown");
        editor.stepForm().text(Step.THOUGHT).setText("Another thought.");
        waitFor(() -> statusLineHolds("not saved"), "and says when there is something to save");
        String record = Files.readAllLines(FIXTURE.resolve("raw_example.jsonl")).get(0).replace(TASK, "task_b");
        Path jsonl = Files.writeString(temp.resolve("b.jsonl"), record + "\n");
        try (Dataset dataset = Dataset.open(folder); ImageSource images = ImageSource.open(FIXTURE.resolve("images"))) {
            new ImportOperation(dataset, jsonl, images).run(Progress.NONE);
        }
        TrajectoryEditor b = (TrajectoryEditor) page.openEditor(new TaskEditorInput(folder, "task_b"), Parts.TRAJECTORY_EDITOR);
        waitFor(() -> statusLineHolds("task_b \u00b7 step 1 of 15"), "the editor in front names its task");
        page.closeEditor(b, false);
        waitFor(() -> statusLineHolds("task_example_0 \u00b7 step 5 of 15") && !statusLineHolds("task_b"),
                "a closed editor's task is no longer named; the one in front again names its own");
        page.closeEditor(editor, false);
        waitFor(() -> !statusLineHolds("task_example_0"), "nor the last one's, closed");
    }

    @Test
    void editDragUndoRedoSaveAndReopen() throws Exception {
        TrajectoryEditor editor = open();
        String originalCode = editor.draft().stepText(0, Step.CODE);
        assertEquals("pyautogui.click(x=0.9722, y=0.9701)", originalCode);

        editor.stepForm().text(Step.THOUGHT).setText("The clock sits in the bottom right corner.");
        assertEquals("The clock sits in the bottom right corner.", editor.draft().stepText(0, Step.THOUGHT));
        assertTrue(editor.isDirty());

        drag(editor, new Action.Point(0.9722, 0.9701), new Action.Point(0.25, 0.75));
        Action.Click moved = (Action.Click) ActionParser.parse(editor.draft().stepText(0, Step.CODE)).actions().get(0);
        assertEquals(0.25, moved.at().x(), 0.003);
        assertEquals(0.75, moved.at().y(), 0.003);
        String movedCode = editor.draft().stepText(0, Step.CODE);

        history.undo(editor.undoContext(), null, null);
        assertEquals(originalCode, editor.draft().stepText(0, Step.CODE));
        assertEquals(originalCode, editor.stepForm().text(Step.CODE).getText(), "the field shows the undone code");
        history.undo(editor.undoContext(), null, null);
        assertEquals(null, editor.draft().stepText(0, Step.THOUGHT));
        assertFalse(editor.isDirty(), "undoing everything leaves nothing to save");

        history.redo(editor.undoContext(), null, null);
        history.redo(editor.undoContext(), null, null);
        assertEquals(movedCode, editor.draft().stepText(0, Step.CODE));
        assertEquals("The clock sits in the bottom right corner.", editor.stepForm().text(Step.THOUGHT).getText());

        editor.doSave(null);
        assertFalse(editor.isDirty());
        page.closeAllEditors(false);
        session().close();

        session().open(folder, false);
        TrajectoryEditor reopened = open();
        assertEquals(movedCode, reopened.draft().stepText(0, Step.CODE));
        assertEquals("The clock sits in the bottom right corner.", reopened.stepForm().text(Step.THOUGHT).getText());
        Screenshots.take(display, "editor.png");
    }

    @Test
    void approveWithTheHotkeyShowsInTheTable() throws Exception {
        TrajectoryEditor editor = open();
        focus(editor);
        keys(SWT.CTRL, SWT.SHIFT, 'a');
        waitFor(() -> editor.reviewBar().line().getText().startsWith("Review: approved"), "Ctrl+Shift+A approves");
        try (Dataset dataset = Dataset.open(folder)) {
            assertEquals(ReviewState.APPROVED, dataset.reviews().of(TASK).state());
        }
        DatasetView view = (DatasetView) page.findView(Parts.DATASET_VIEW);
        Table table = DatasetViewAccess.table(view);
        waitFor(() -> table.getItemCount() == 1 && "approved".equals(table.getItem(0).getText(5)), "the table shows the state");
    }

    /** Ctrl+= and Ctrl+- zoom the screenshot wherever the focus is in the editor, Ctrl+0 fits it; the corner says the zoom. */
    @Test
    void theScreenshotZoomsFromTheKeyboardAndSaysItsZoom() throws Exception {
        TrajectoryEditor editor = open();
        focus(editor); // the step strip has the focus, not the screenshot
        String fitted = editor.canvas().zoomText();
        assertTrue(fitted.startsWith("Fit ("), fitted);
        keys(SWT.CTRL, '=');
        waitFor(() -> !editor.canvas().zoomText().startsWith("Fit"), () -> "Ctrl+= zooms in: " + editor.canvas().zoomText());
        String in = editor.canvas().zoomText();
        keys(SWT.CTRL, '-');
        waitFor(() -> !editor.canvas().zoomText().equals(in), () -> "Ctrl+- zooms out: " + editor.canvas().zoomText());
        keys(SWT.CTRL, '0');
        waitFor(() -> editor.canvas().zoomText().equals(fitted), () -> "Ctrl+0 fits: " + editor.canvas().zoomText());
    }

    /** Grade (Ctrl+Shift+D): an accept level and a rubric's grades, kept with the review, shown on its line and in the history. */
    @Test
    void aReviewerGradesTheTaskAndTheReviewLineShowsIt() throws Exception {
        TrajectoryEditor editor = open();
        focus(editor);
        answer(org.trajectory.ui.internal.review.GradeDialog.TITLE, dialog -> {
            List<org.eclipse.swt.widgets.Combo> combos = WidgetFinder.all(dialog, org.eclipse.swt.widgets.Combo.class);
            assertEquals(5, combos.size(), "the accept level and the rubric's four criteria");
            combos.get(0).select(3); // accept level 3
            combos.get(1).select(4); // correctness 4
            WidgetFinder.find(dialog, org.eclipse.swt.widgets.Button.class, b -> b.getText().replace("&", "").equals("OK")).orElseThrow()
                    .notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
        });
        page.getWorkbenchWindow().getService(org.eclipse.ui.handlers.IHandlerService.class).executeCommand("org.trajectory.ui.editor.grade", null);
        waitFor(() -> editor.reviewBar().line().getText().contains("(accept 3, correctness 4)"), () -> "the grades are on the review line: "
                + editor.reviewBar().line().getText());
        try (Dataset dataset = Dataset.open(folder)) {
            assertEquals(new org.trajectory.dataset.ReviewGrades(3, 4, null, null, null), dataset.reviews().grades(TASK));
        }
    }

    /** A review note (Ctrl+Shift+M, Enter) leaves the keys with the editor: Ctrl+Shift+A then approves. */
    @Test
    void afterAReviewNoteTheKeysStillDecide() throws Exception {
        TrajectoryEditor editor = open();
        focus(editor);
        answer("Review note", dialog -> {
            org.eclipse.swt.widgets.Text text = WidgetFinder.find(dialog, org.eclipse.swt.widgets.Text.class, t -> t.getEditable()).orElseThrow();
            text.setText("checked against the recording");
            WidgetFinder.find(dialog, org.eclipse.swt.widgets.Button.class, b -> b.getText().replace("&", "").equals("OK")).orElseThrow()
                    .notifyListeners(SWT.Selection, new org.eclipse.swt.widgets.Event());
        });
        keys(SWT.CTRL, SWT.SHIFT, 'm');
        waitFor(() -> editor.reviewBar().line().getText().contains("checked against the recording"), () -> "the note is shown: " + editor.reviewBar().line().getText());
        // the keys go to the part in front: it must be the editor, the focus inside it (it was left in the Properties view)
        waitFor(() -> page.getActivePart() == editor && display.getFocusControl() != null, () -> "the editor is in front with the focus, not "
                + page.getActivePart() + " / " + display.getFocusControl());
        page.getWorkbenchWindow().getService(org.eclipse.ui.handlers.IHandlerService.class).executeCommand("org.trajectory.ui.editor.approve", null);
        waitFor(() -> editor.reviewBar().line().getText().startsWith("Review: approved"), () -> "Ctrl+Shift+A's command approves after the note: "
                + editor.reviewBar().line().getText());
    }

    @Test
    void keysWalkTheStepsAndStructuralEditsUndo() throws Exception {
        TrajectoryEditor editor = open();
        focus(editor);
        keys(SWT.ALT, SWT.ARROW_DOWN);
        keys(SWT.ALT, SWT.ARROW_DOWN);
        waitFor(() -> editor.step() == 2, "Alt+Down moves to the next step");
        keys(SWT.ALT, SWT.ARROW_UP);
        waitFor(() -> editor.step() == 1, "Alt+Up moves back");
        keys(SWT.ALT, SWT.DEL);
        waitFor(() -> editor.draft().stepCount() == 14, "Alt+Delete deletes the step");
        history.undo(editor.undoContext(), null, null);
        assertEquals(15, editor.draft().stepCount());
    }

    /** Ctrl+Z undoes in the editor the user looks at, never in another one (editors of one kind share their action bars). */
    @Test
    void undoStaysInItsOwnEditor() throws Exception {
        String record = Files.readAllLines(FIXTURE.resolve("raw_example.jsonl")).get(0).replace(TASK, "task_b");
        Path jsonl = Files.writeString(temp.resolve("b.jsonl"), record + "\n");
        try (Dataset dataset = Dataset.open(folder); ImageSource images = ImageSource.open(FIXTURE.resolve("images"))) {
            new ImportOperation(dataset, jsonl, images).run(Progress.NONE);
        }
        TrajectoryEditor a = open();
        TrajectoryEditor b = (TrajectoryEditor) page.openEditor(new TaskEditorInput(folder, "task_b"), Parts.TRAJECTORY_EDITOR);
        waitFor(() -> b.canvas().hasImage(), "the second task is shown");
        focus(b);
        keys(SWT.ALT, SWT.DEL);
        waitFor(() -> b.draft().stepCount() == 14, "Alt+Delete deletes a step of task B");
        b.doSave(null);
        waitFor(() -> !b.isDirty(), "B is saved");
        focus(a);
        keys(SWT.MOD1, 'z');
        settle();
        assertEquals(14, b.draft().stepCount(), "B's deleted step stays deleted");
        assertFalse(b.isDirty(), "B was not touched");
        assertEquals(15, a.draft().stepCount());
        assertFalse(a.isDirty(), "A has nothing to undo");
        focus(b);
        keys(SWT.MOD1, 'z');
        waitFor(() -> b.draft().stepCount() == 15, "in B, Ctrl+Z brings its step back");
        keys(SWT.MOD1, 'y');
        waitFor(() -> b.draft().stepCount() == 14, "Ctrl+Y redoes, as the guide says");
    }

    @Test
    void aReplayedTaskShowsTheReplayedScreenBelowTheRecordedOneWithWhereItDiffered() throws Exception {
        try (Dataset dataset = Dataset.open(folder)) {
            org.trajectory.dataset.TaskDraft draft = dataset.draft(TASK);
            String details = "{\"first_screen\": {\"index\": -1, \"verdict\": \"matched\", \"similarity\": 1.0, \"image\": \""
                    + draft.image(0) + "\"}, \"steps\": [{\"index\": 0, \"verdict\": \"diverged\", \"similarity\": 0.97,"
                    + " \"region\": [0.2, 0.2, 0.4, 0.4], \"image\": \"" + draft.image(5) + "\"}]}";
            dataset.replays().put(TASK, new org.trajectory.dataset.StoredReplay("xvfb", Dataset.contentHash(draft.task()), "diverged", 0, 1, 15,
                    details, "2026-11-25T20:00:00Z"));
        }
        session().close();
        settle();
        session().open(folder, false); // the table reads its rows again, with the replay
        TrajectoryEditor editor = open();
        ReplayPanel panel = editor.replayPanel();
        waitFor(() -> panel.screen().hasImage(), "the replayed first screen is shown below the recorded one");
        assertTrue(panel.verdictText().contains("diverged at step 1") && panel.verdictText().contains("matched this screenshot"),
                panel.verdictText());
        editor.selectStep(1);
        waitFor(() -> panel.verdictText().contains("differs from this screenshot"), "step 2 is where the replay diverged");
        waitFor(() -> cyanPixels(panel.screen()) > 200, "the area that differed is boxed on the replayed screen");
        DatasetView table = (DatasetView) page.findView(Parts.DATASET_VIEW);
        waitFor(() -> DatasetViewTestAccess.cellTexts(table).contains("diverged at step 1"), "the table's Replay column says it");
    }

    @Test
    void aTaskSelectedInTheTableOpensWithItsFirstScreenshotAlreadyShown() throws Exception {
        String first;
        try (Dataset dataset = Dataset.open(folder)) {
            first = dataset.draft(TASK).image(0);
        }
        Table table = DatasetViewTestAccess.table((DatasetView) page.findView(Parts.DATASET_VIEW));
        waitFor(() -> table.getItemCount() == 1 && table.getItem(0).getData() != null, "the table shows the task");
        table.setSelection(0);
        Event click = new Event();
        click.item = table.getItem(0);
        table.notifyListeners(SWT.Selection, click);
        waitFor(() -> FirstScreens.has(first), "selecting the task reads its first screenshot ahead");
        TrajectoryEditor editor = (TrajectoryEditor) page.openEditor(new TaskEditorInput(folder, TASK), Parts.TRAJECTORY_EDITOR);
        assertTrue(editor.canvas().hasImage(), "the editor opens with the screenshot, not \"Loading the screenshot...\"");
        assertFalse(FirstScreens.has(first), "the editor took it");
    }

    @Test
    void theReplayedScreenShownIsTheStepsOwnAndFillsTheColumnOnAsk() throws Exception {
        String first;
        String second;
        try (Dataset dataset = Dataset.open(folder)) {
            org.trajectory.dataset.TaskDraft draft = dataset.draft(TASK);
            first = draft.image(0);
            second = draft.image(5);
            String details = "{\"first_screen\": {\"index\": -1, \"verdict\": \"matched\", \"similarity\": 1.0, \"image\": \""
                    + first + "\"}, \"steps\": [{\"index\": 0, \"verdict\": \"diverged\", \"similarity\": 0.97, \"image\": \""
                    + second + "\"}]}";
            dataset.replays().put(TASK, new org.trajectory.dataset.StoredReplay("xvfb", Dataset.contentHash(draft.task()), "diverged", 0, 1, 15,
                    details, "2026-11-25T20:00:00Z"));
        }
        session().close();
        settle();
        session().open(folder, false);
        TrajectoryEditor editor = open();
        ReplayPanel panel = editor.replayPanel();
        waitFor(() -> panel.screen().hasImage(), "the first replayed screen is shown");
        editor.selectStep(1); // its replayed screen is still being read...
        editor.selectStep(0); // ...when the reviewer is back on step 1, whose screen is here
        waitFor(() -> panel.images().has(second), "step 2's replayed screen was read");
        settle();
        assertSame(panel.images().full(first, image -> { }), panel.screen().image(), "step 1 shows its own replayed screen, not the one read late");

        int shared = panel.screen().getSize().y;
        focus(editor);
        keys(SWT.MOD1, SWT.SHIFT, 'p');
        waitFor(panel::isLarge, "Ctrl+Shift+P gives the replayed screen the whole column");
        settle();
        assertTrue(panel.screen().getSize().y > shared * 3 / 2, "taller than beside the recorded one: " + panel.screen().getSize().y + " vs " + shared);
        assertTrue(editor.canvas().getSize().y == 0 || !editor.canvas().isVisible(), "the recorded screen steps aside");
        keys(SWT.MOD1, SWT.SHIFT, 'p');
        waitFor(() -> !panel.isLarge() && editor.canvas().getSize().y > 0, "again: both screens");
    }

    @Test
    void personalDataIsListedBoxedJudgedWithKeysAndAMissedBoxIsDrawn() throws Exception {
        try (Dataset dataset = Dataset.open(folder)) {
            dataset.scrubs().put(TASK, new StoredScrub("h", List.of("email", "phone"), "2026-11-25T20:00:00Z", List.of(
                    new StoredScrub.Finding(0, StoredScrub.SCREENSHOT, "email", "ann@example.org", new int[] { 100, 100, 300, 60 }, StoredScrub.PROPOSED),
                    new StoredScrub.Finding(0, StoredScrub.SCREENSHOT, "phone", "+1 415-555-0132", new int[] { 100, 300, 200, 40 }, StoredScrub.PROPOSED),
                    new StoredScrub.Finding(-1, "instruction", "email", "ann@example.org", null, StoredScrub.PROPOSED),
                    new StoredScrub.Finding(3, StoredScrub.SCREENSHOT, "email", "ann@example.org", new int[] { 10, 10, 300, 60 }, StoredScrub.PROPOSED))));
        }
        TrajectoryEditor editor = open();
        FindingsPanel panel = editor.findingsPanel();
        assertTrue(panel.control().isVisible(), "a scrubbed task shows its findings");
        assertEquals(3, panel.table().getItemCount(), "step 1's two and the instruction's; step 4's waits for step 4");
        waitFor(() -> redPixels(editor.canvas()) > 300, "the step's findings are boxed in red on the screenshot");

        panel.table().setSelection(0);
        panel.table().setFocus();
        Event key = new Event();
        key.character = 'r';
        panel.table().notifyListeners(SWT.KeyDown, key); // not personal: rejected
        Event accept = new Event();
        accept.character = 'a';
        panel.table().notifyListeners(SWT.KeyDown, accept); // the selection moved on to the phone number: accepted
        waitFor(() -> {
            try (Dataset dataset = Dataset.open(folder)) {
                List<StoredScrub.Finding> stored = dataset.scrubs().get(TASK).findings();
                return stored.get(0).state().equals(StoredScrub.REJECTED) && stored.get(1).state().equals(StoredScrub.ACCEPTED);
            } catch (Exception e) {
                return false;
            }
        }, "each judgement is stored at once");

        ScreenshotCanvas canvas = editor.canvas();
        Point from = canvas.canvasPoint(new Action.Point(0.6, 0.6));
        Point to = canvas.canvasPoint(new Action.Point(0.7, 0.7));
        display.timerExec(300, () -> {
            for (org.eclipse.swt.widgets.Shell shell : display.getShells()) {
                if (shell.getText().equals("Personal Data")) {
                    nameTheBox(shell, "face");
                    shell.getDefaultButton().notifyListeners(SWT.Selection, new Event());
                }
            }
        });
        Event down = new Event();
        down.x = from.x;
        down.y = from.y;
        down.button = 1;
        down.stateMask = SWT.SHIFT;
        canvas.notifyListeners(SWT.MouseDown, down);
        mouse(canvas, SWT.MouseMove, to);
        mouse(canvas, SWT.MouseUp, to);
        waitFor(() -> panel.table().getItemCount() == 4, "the drawn box is listed");
        try (Dataset dataset = Dataset.open(folder)) {
            StoredScrub.Finding drawn = dataset.scrubs().get(TASK).findings().get(4);
            assertEquals("face", drawn.kind());
            assertEquals(StoredScrub.ACCEPTED, drawn.state());
            assertEquals(null, drawn.text());
        }
        org.eclipse.swt.widgets.Button restOfTask = WidgetFinder.find((org.eclipse.swt.widgets.Composite) panel.control(),
                org.eclipse.swt.widgets.Button.class, b -> b.getText().equals("Accept the rest of the task")).orElseThrow();
        restOfTask.notifyListeners(SWT.Selection, new Event());
        waitFor(() -> {
            try (Dataset dataset = Dataset.open(folder)) {
                return dataset.scrubs().get(TASK).findings().stream().map(StoredScrub.Finding::state).toList()
                        .equals(List.of(StoredScrub.REJECTED, StoredScrub.ACCEPTED, StoredScrub.ACCEPTED, StoredScrub.ACCEPTED, StoredScrub.ACCEPTED));
            } catch (Exception e) {
                return false;
            }
        }, "the instruction's finding and step 4's, still proposed, are accepted at once; the rejected one stays rejected");
    }

    /** A scrub run elsewhere (another window, a worker) lists its findings in an editor already open on the task. */
    @Test
    void findingsOfAScrubRunElsewhereShowInTheOpenEditor() throws Exception {
        TrajectoryEditor editor = open();
        FindingsPanel panel = editor.findingsPanel();
        assertFalse(panel.control().isVisible(), "never scrubbed: no findings panel");
        try (Dataset elsewhere = Dataset.open(folder)) {
            elsewhere.scrubs().put(TASK, new StoredScrub("h", List.of("email"), "2026-11-28T12:00:00Z", List.of(
                    new StoredScrub.Finding(0, StoredScrub.SCREENSHOT, "email", "ann@example.org", new int[] { 100, 100, 300, 60 }, StoredScrub.PROPOSED))));
        }
        waitFor(() -> panel.control().isVisible() && panel.table().getItemCount() == 1, "the finding is listed in the open editor");
        waitFor(() -> redPixels(editor.canvas()) > 300, "and boxed on the screenshot");
    }

    /** Types {@code name} into the first text field of the dialog. */
    private static boolean nameTheBox(org.eclipse.swt.widgets.Composite parent, String name) {
        for (org.eclipse.swt.widgets.Control c : parent.getChildren()) {
            if (c instanceof org.eclipse.swt.widgets.Text text) {
                text.setText(name);
                return true;
            }
            if (c instanceof org.eclipse.swt.widgets.Composite inner && nameTheBox(inner, name)) {
                return true;
            }
        }
        return false;
    }

    /** Red pixels (the findings' boxes) in what the canvas draws. */
    private int redPixels(ScreenshotCanvas canvas) {
        return pixels(canvas, rgb -> rgb.red > 215 && rgb.green < 40 && rgb.blue < 40);
    }

    @Test
    void aStepWithThousandsOfBuildDoubtsShowsAFewAtOnce() throws Exception {
        String record = Files.readAllLines(FIXTURE.resolve("raw_example.jsonl")).get(0).replace(TASK, "task_doubts");
        com.fasterxml.jackson.databind.node.ObjectNode node = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(record);
        com.fasterxml.jackson.databind.node.ArrayNode doubts = ((com.fasterxml.jackson.databind.node.ObjectNode) node.path(Task.TRAJ).get(1))
                .putArray(Step.BUILD_PROBLEMS);
        for (int i = 0; i < 1450; i++) {
            doubts.add("events.jsonl:" + (100 + i) + ": the click at (1500, 900) lies outside the 1366x768 screen; left out");
        }
        Path jsonl = Files.writeString(temp.resolve("doubts.jsonl"), node + "\n");
        try (Dataset dataset = Dataset.open(folder); ImageSource images = ImageSource.open(FIXTURE.resolve("images"))) {
            new ImportOperation(dataset, jsonl, images).run(Progress.NONE);
        }
        TrajectoryEditor editor = (TrajectoryEditor) page.openEditor(new TaskEditorInput(folder, "task_doubts"), Parts.TRAJECTORY_EDITOR);
        waitFor(() -> editor.canvas().hasImage(), "the task is shown");
        long start = System.nanoTime();
        editor.selectStep(1);
        settle();
        long millis = (System.nanoTime() - start) / 1_000_000;
        String note = editor.stepForm().codeProblem().getText();
        assertTrue(note.startsWith("Doubtful when built: events.jsonl:100:") && note.endsWith("and 1447 more (File > Validate Dataset lists them all)"),
                note);
        assertTrue(millis < 3000, "the step was shown in " + millis + " ms (30-65 s when every doubt was laid out)");
    }

    @Test
    void atOrdinaryScreenSizesAStepsCodeActionAndThoughtAreInSightWithoutScrolling() throws Exception {
        Shell shell = page.getWorkbenchWindow().getShell();
        Point before = shell.getSize();
        try {
            for (Point size : new Point[] { new Point(1366, 740), new Point(1024, 700) }) {
                shell.setSize(size);
                settle();
                TrajectoryEditor editor = open();
                settle();
                for (String field : new String[] { Step.CODE, Step.ACTION, Step.THOUGHT }) {
                    org.eclipse.swt.widgets.Text text = editor.stepForm().text(field);
                    org.eclipse.swt.widgets.Composite scroller = text.getParent();
                    while (!(scroller instanceof org.eclipse.swt.custom.ScrolledComposite)) {
                        scroller = scroller.getParent();
                    }
                    org.eclipse.swt.graphics.Rectangle visible = display.map(scroller, null, scroller.getClientArea());
                    org.eclipse.swt.graphics.Rectangle bounds = display.map(text.getParent(), null, text.getBounds());
                    assertTrue(visible.contains(bounds.x, bounds.y + bounds.height - 1)
                            && visible.contains(bounds.x + bounds.width - 1, bounds.y + bounds.height - 1) && bounds.width >= 150,
                            field + " at " + size + ": " + bounds + " in the visible " + visible);
                }
                page.closeAllEditors(false);
                settle();
            }
        } finally {
            shell.setSize(before);
            settle();
        }
    }

    @Test
    void replayStepsThroughAndPauses() throws Exception {
        TrajectoryEditor editor = open();
        focus(editor);
        keys(SWT.F8);
        assertTrue(editor.playback().isSliding());
        waitFor(() -> editor.step() >= 2, "the replay moves on by itself");
        keys(SWT.F8);
        assertFalse(editor.playback().isSliding());
        int paused = editor.step();
        boolean[] intervalPassed = { false };
        display.timerExec(StepPlayback.SLIDE_MS + 100, () -> intervalPassed[0] = true);
        waitFor(() -> intervalPassed[0], "a replay interval passes");
        assertEquals(paused, editor.step(), "paused: it stays");
    }

    @Test
    void nextTaskOpensTheNextOneToReview() throws Exception {
        Path second = temp.resolve("second.jsonl");
        java.nio.file.Files.writeString(second, java.nio.file.Files.readString(FIXTURE.resolve("raw_example.jsonl"))
                .replace("task_example_0", "task_example_1"));
        try (Dataset dataset = Dataset.open(folder)) {
            new ImportOperation(dataset, second, ImageSource.none()).run(Progress.NONE);
        }
        TrajectoryEditor editor = open();
        focus(editor);
        keys(SWT.ALT, SWT.PAGE_DOWN);
        waitFor(() -> page.getActiveEditor() instanceof TrajectoryEditor next && next != editor
                && "task_example_1".equals(next.draft().taskId()), "Alt+PageDown opens the next task to review");
        assertEquals(1, page.getEditorReferences().length, "the reviewed task's editor made way");
    }

    @Test
    void invalidCodeShowsItsErrorAndIsNotSavedSilently() throws Exception {
        TrajectoryEditor editor = open();
        editor.stepForm().text(Step.CODE).setText("pyautogui.click(x=2, y=0.5)");
        assertTrue(editor.stepForm().codeProblem().getText().startsWith("Line 1, column 17: coordinate 2 is outside [0,1]"),
                editor.stepForm().codeProblem().getText());
        String[] asked = new String[1];
        display.timerExec(300, () -> {
            for (Shell shell : display.getShells()) {
                if ("Save with code errors?".equals(shell.getText())) {
                    asked[0] = shell.getText();
                    shell.close(); // the user says no
                }
            }
        });
        editor.doSave(null);
        assertEquals("Save with code errors?", asked[0]);
        assertTrue(editor.isDirty(), "nothing was saved");
        try (Dataset dataset = Dataset.open(folder)) {
            assertEquals("pyautogui.click(x=0.9722, y=0.9701)", dataset.draft(TASK).stepText(0, Step.CODE));
        }
    }

    private void drag(TrajectoryEditor editor, Action.Point from, Action.Point to) {
        ScreenshotCanvas canvas = editor.canvas();
        waitFor(canvas::hasImage, "the screenshot, decoded again for the canvas's size after a layout");
        Point start = canvas.canvasPoint(from);
        Point end = canvas.canvasPoint(to);
        assertNotNull(start);
        assertTrue(canvas.markerAt(start.x, start.y) >= 0, "a marker is drawn where the click is");
        mouse(canvas, SWT.MouseDown, start);
        mouse(canvas, SWT.MouseMove, new Point((start.x + end.x) / 2, (start.y + end.y) / 2));
        mouse(canvas, SWT.MouseMove, end);
        mouse(canvas, SWT.MouseUp, end);
    }

    private static void mouse(ScreenshotCanvas canvas, int type, Point at) {
        Event event = new Event();
        event.x = at.x;
        event.y = at.y;
        event.button = 1;
        canvas.notifyListeners(type, event);
    }

    /** The element box's cyan pixels in what the canvas draws (into an image: another window cannot cover it there). */
    private int cyanPixels(ScreenshotCanvas canvas) {
        return pixels(canvas, rgb -> rgb.red < 40 && rgb.green > 215 && rgb.blue > 215);
    }

    private static int pixels(ScreenshotCanvas canvas, java.util.function.Predicate<org.eclipse.swt.graphics.RGB> colour) {
        org.eclipse.swt.graphics.Image shot = canvas.drawn();
        org.eclipse.swt.graphics.ImageData data = shot.getImageData();
        shot.dispose();
        int count = 0;
        for (int y = 0; y < data.height; y++) {
            for (int x = 0; x < data.width; x++) {
                count += colour.test(data.palette.getRGB(data.getPixel(x, y))) ? 1 : 0;
            }
        }
        return count;
    }
}
