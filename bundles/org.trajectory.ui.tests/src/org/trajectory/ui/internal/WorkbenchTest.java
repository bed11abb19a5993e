package org.trajectory.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.export.kit.ExportFixture;

/**
 * What a test of the real workbench starts from: a folder of its own, the window's page and display; and what it
 * leaves behind: no editor and no dataset open for the next test.
 */
public abstract class WorkbenchTest {

    @TempDir
    protected Path temp;
    protected final IWorkbenchPage page = PlatformUI.getWorkbench().getWorkbenchWindows()[0].getActivePage();
    protected final Display display = page.getWorkbenchWindow().getShell().getDisplay();

    /**
     * Statements the window prepared on the UI thread, with where: every test fails on any, since a window waiting for
     * SQL freezes (and will wait on a network with a server dataset). A test's own setup may query there.
     */
    private static final List<String> ON_UI_THREAD = Collections.synchronizedList(new ArrayList<>());

    static {
        Dataset.watchStatements(sql -> {
            if (Display.getCurrent() == null) {
                return;
            }
            List<String> stack = Arrays.stream(Thread.currentThread().getStackTrace()).map(StackTraceElement::toString).toList();
            List<String> window = stack.stream().filter(WorkbenchTest::windowCode).toList();
            if (window.isEmpty()) {
                return;
            }
            int outermost = stack.indexOf(window.get(window.size() - 1));
            boolean testsOwn = outermost + 1 < stack.size() && testCode(stack.get(outermost + 1)); // called by the test itself
            if (!testsOwn) {
                ON_UI_THREAD.add(sql + "\n    at " + String.join("\n    at ", window));
            }
        });
    }

    /** The keys and commands the window handled lately, said when a wait ends unmet: did the keys arrive, did they run? */
    private static final java.util.Deque<String> LATELY = new java.util.concurrent.ConcurrentLinkedDeque<>();

    static {
        PlatformUI.getWorkbench().getService(org.eclipse.ui.commands.ICommandService.class).addExecutionListener(
                new org.eclipse.core.commands.IExecutionListener() {
                    @Override
                    public void notHandled(String commandId, org.eclipse.core.commands.NotHandledException e) {
                        lately(commandId + " not handled");
                    }

                    @Override
                    public void postExecuteFailure(String commandId, org.eclipse.core.commands.ExecutionException e) {
                        lately(commandId + " failed: " + e.getMessage());
                    }

                    @Override
                    public void postExecuteSuccess(String commandId, Object returnValue) {
                        lately(commandId + " done");
                    }

                    @Override
                    public void preExecute(String commandId, org.eclipse.core.commands.ExecutionEvent event) {
                        lately(commandId + " run");
                    }
                });
    }

    private static void lately(String what) {
        LATELY.add(what);
        while (LATELY.size() > 20) {
            LATELY.poll();
        }
    }

    private static boolean windowCode(String frame) {
        return frame.startsWith("org.trajectory.ui.") && !testCode(frame) && !frame.contains("UiWait.")
                && !frame.contains("WorkbenchApplication.");
    }

    private static boolean testCode(String frame) {
        return frame.contains("Test.") || frame.contains("Benchmark.");
    }

    @AfterEach
    void noStatementOnTheUiThread() {
        List<String> found;
        synchronized (ON_UI_THREAD) {
            found = List.copyOf(ON_UI_THREAD);
            ON_UI_THREAD.clear();
        }
        assertTrue(found.isEmpty(), "SQL on the UI thread:\n" + String.join("\n", found));
    }

    @AfterEach
    void closeEditorsAndDataset() throws org.eclipse.ui.PartInitException {
        page.closeAllEditors(false);
        session().close();
        // quiet reads still running (a count asked for by a wizard just closed) would write in the folder being deleted
        waitFor(() -> Job.getJobManager().find(DatasetJobs.READS).length == 0
                && Job.getJobManager().find(DatasetJobs.FAMILY).length == 0,
                "the window's reads and jobs end");
        // a table made in the next test starts unsorted, whatever this one clicked (the sort kept for the next start)
        org.eclipse.core.runtime.preferences.InstanceScope.INSTANCE.getNode("org.trajectory.ui").remove("dataset.columns.sort");
        // and with no filter set here: the view outlives a test, so it is made again
        org.eclipse.ui.IViewPart table = page.findView(Parts.DATASET_VIEW);
        if (table != null) {
            page.hideView(table);
            page.showView(Parts.DATASET_VIEW);
        }
    }

    /** Makes {@link ExportFixture}'s dataset of {@code tasks} tasks in the test's folder and opens it in the window. */
    protected Path openFixture(int tasks) throws Exception {
        Path folder = temp.resolve("ds");
        try (Dataset dataset = ExportFixture.create(folder, tasks)) {
            // tasks on Ubuntu and Windows in turn, every other one approved
        }
        session().open(folder, false);
        return folder;
    }

    /** The window's dataset session. */
    protected static DatasetSession session() {
        return DatasetSession.of(PlatformUI.getWorkbench());
    }

    /** When a dialog titled {@code title} shows within 30 s (it runs its own event loop), {@code act} answers it. */
    protected void answer(String title, java.util.function.Consumer<org.eclipse.swt.widgets.Shell> act) {
        answer(title, act, 300);
    }

    private void answer(String title, java.util.function.Consumer<org.eclipse.swt.widgets.Shell> act, int tries) {
        display.timerExec(100, () -> {
            for (org.eclipse.swt.widgets.Shell shell : display.getShells()) {
                if (!shell.isDisposed() && shell.isVisible() && title.equals(shell.getText())) {
                    act.accept(shell);
                    return;
                }
            }
            if (tries > 0) {
                answer(title, act, tries - 1);
            }
        });
    }

    /** Whether the window's status line shows {@code text}. */
    protected boolean statusLineHolds(String text) {
        return WidgetFinder.find(page.getWorkbenchWindow().getShell(), org.eclipse.swt.custom.CLabel.class,
                label -> label.getText() != null && label.getText().contains(text)).isPresent();
    }

    /** Waits, letting the UI run, until a user would see {@code condition}. */
    protected void waitFor(BooleanSupplier condition, String what) {
        waitFor(condition, () -> what);
    }

    /**
     * Waits as {@link #waitFor(BooleanSupplier, String)}; {@code what} is asked when it times out (it may say what is seen
     * then), and the keys and commands the window handled lately are said beside it.
     */
    protected void waitFor(BooleanSupplier condition, java.util.function.Supplier<String> what) {
        UiWait.until(display, condition, () -> what.get() + " (lately: " + String.join(", ", LATELY) + ")");
    }

    /**
     * Watches for a message dialog of the workbench holding {@code words} and closes it, noting its text in {@code said}.
     * A dialog runs its own event loop, so the watch is a timer, which that loop runs too; after 30 s any such dialog is
     * closed, so one saying something else fails the test, never hangs it.
     */
    protected void closeWhenShown(String words, StringBuilder said) {
        closeWhenShown(words, said, 300);
    }

    private void closeWhenShown(String words, StringBuilder said, int tries) {
        display.timerExec(100, () -> {
            for (org.eclipse.swt.widgets.Shell shell : display.getShells()) {
                if (!shell.isDisposed() && shell.isVisible() && "Trajectory Workbench".equals(shell.getText())) {
                    java.util.Optional<String> text = WidgetFinder.all(shell, org.eclipse.swt.widgets.Label.class).stream()
                            .map(org.eclipse.swt.widgets.Label::getText).filter(t -> t.contains(words) || tries == 0).findFirst();
                    if (text.isPresent()) {
                        said.append(text.get());
                        shell.close();
                        return;
                    }
                }
            }
            if (tries > 0) {
                closeWhenShown(words, said, tries - 1);
            }
        });
    }

    /** Lets the UI handle every event waiting, and returns when there is none: a settled window, not a timed wait. */
    protected void settle() {
        while (display.readAndDispatch()) {
            // drain
        }
    }

    /**
     * Gives {@code part} the focus, as a click on it does, and waits until the window made it the active part with the
     * focus inside it: a control of another part that takes the focus (a view hidden and shown again, a page switched)
     * makes that part the active one a moment later, and keys then go to its commands.
     */
    protected void focus(org.eclipse.ui.IWorkbenchPart part) {
        org.eclipse.swt.widgets.Shell window = page.getWorkbenchWindow().getShell();
        Object body = part.getSite().getService(org.eclipse.e4.ui.model.application.ui.basic.MPart.class).getWidget();
        waitFor(() -> {
            boolean inside = within(display.getFocusControl(), body);
            boolean held = page.getActivePart() == part && display.getActiveShell() == window && inside;
            if (!held) { // asked again while waiting: a request made before the window came to the front may be dropped
                if (display.getActiveShell() != window) {
                    window.forceActive();
                }
                page.activate(part);
                if (!inside) {
                    part.setFocus();
                }
            }
            return held;
        }, () -> "the part is active and has the focus in the window in front: active part " + page.getActivePart() + ", window in front "
                + display.getActiveShell() + ", focus on " + display.getFocusControl());
        settle();
    }

    private static boolean within(org.eclipse.swt.widgets.Control control, Object ancestor) {
        for (org.eclipse.swt.widgets.Control c = control; c != null; c = c.getParent()) {
            if (c == ancestor) {
                return true;
            }
        }
        return false;
    }

    /**
     * Gives {@code control} the keyboard focus and waits until its window is the one in front with it: keys posted through
     * the X server go to the window the server has in front, which on a busy machine comes a moment after the request.
     */
    protected void focus(org.eclipse.swt.widgets.Control control) {
        waitFor(() -> {
            boolean held = display.getActiveShell() == control.getShell() && display.getFocusControl() == control;
            if (!held) { // asked again while waiting: a request made before the window came to the front may be dropped
                control.getShell().forceActive();
                control.setFocus();
            }
            return held;
        }, () -> "the control has the focus in the window in front: active window " + display.getActiveShell() + ", focus on "
                        + display.getFocusControl());
        settle();
    }

    /** Lets the UI handle one event, or rest a moment when there is none. */
    protected void spin() {
        if (!display.readAndDispatch()) {
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Another program's window, an xterm of 80x24 characters at ({@code x}, {@code y}), shown and in front: the
     * workbench's own windows are never recorded, so what a recording started here records is done in it.
     */
    protected static Process otherWindow(int x, int y) throws Exception {
        Process xterm = new ProcessBuilder("xterm", "-name", "twother", "-geometry", "80x24+" + x + "+" + y, "-e", "sleep 600").start();
        assertEquals(0, new ProcessBuilder("timeout", "20", "xdotool", "search", "--sync", "--onlyvisible", "--classname", "twother",
                "windowactivate", "--sync", "%@").redirectErrorStream(true).start().waitFor(), "the xterm shows and comes to the front");
        return xterm;
    }

    /** Moves and clicks as a user does, through the X server (xdotool, XTEST); fails if xdotool does. */
    protected static void xdotool(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("xdotool"));
        command.addAll(List.of(arguments));
        assertEquals(0, new ProcessBuilder(command).redirectErrorStream(true).start().waitFor(), "xdotool " + String.join(" ", arguments));
    }

    /**
     * Presses the keys together as a user does: real key events through the X server. Returns once the window has had
     * the last release (the events come back in order) and handled what followed; a release the desktop keeps to
     * itself is waited for three seconds at most. Keys that no window heard in ten seconds are pressed again, three
     * times at most.
     */
    protected void keys(int... codes) {
        boolean[] anyKey = { false };
        boolean[] released = { false }; // the first key, released last
        org.eclipse.swt.widgets.Listener listener = e -> {
            lately("key " + (e.type == SWT.KeyDown ? "down " : "up ") + (e.character >= 0x20 ? String.valueOf(e.character) : "0x"
                    + Integer.toHexString(e.keyCode)) + " in " + e.widget);
            anyKey[0] = true;
            released[0] |= e.type == SWT.KeyUp && (e.keyCode == codes[0] || e.character == codes[0]);
        };
        display.addFilter(SWT.KeyDown, listener);
        display.addFilter(SWT.KeyUp, listener);
        try {
            // Seen once on CI: not one of the posted events reached the window though it held the focus. Keys that
            // nothing heard in ten seconds had no effect, so pressing them again cannot do anything twice.
            for (int attempt = 0; attempt < 3 && !anyKey[0]; attempt++) {
                if (attempt > 0) {
                    lately("no key heard: pressed again");
                }
                for (int code : codes) {
                    post(SWT.KeyDown, code);
                }
                for (int i = codes.length - 1; i >= 0; i--) {
                    post(SWT.KeyUp, codes[i]);
                }
                long posted = System.nanoTime();
                while (!released[0] && System.nanoTime() - posted < (anyKey[0] ? 3_000_000_000L : 10_000_000_000L)) {
                    spin();
                }
            }
        } finally {
            display.removeFilter(SWT.KeyDown, listener);
            display.removeFilter(SWT.KeyUp, listener);
        }
        settle();
    }

    private void post(int type, int code) {
        Event event = new Event();
        event.type = type;
        if (code >= 0x20 && code < 0x7f) { // a printable key: letters, digits, space, = - and the like
            event.character = (char) code;
        } else {
            event.keyCode = code;
        }
        display.post(event);
    }

    /** A table's rows as a person reads them, each row's cells joined by "|". */
    protected static java.util.List<String> rows(org.eclipse.swt.widgets.Table table) {
        return java.util.Arrays.stream(table.getItems()).map(item -> {
            String[] cells = new String[table.getColumnCount()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = item.getText(i);
            }
            return String.join("|", cells);
        }).toList();
    }
}
