package org.trajectory.ui.internal.recorder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.IJobChangeListener;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.PaletteData;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.part.ViewPart;

import org.trajectory.dataset.DatasetAddress;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.Preview;
import org.trajectory.recorder.RecordOperation;
import org.trajectory.recorder.Recording;
import org.trajectory.recorder.RecordingCounters;
import org.trajectory.recorder.RecordingFolder;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.OperationJob;
import org.trajectory.ui.internal.WindowCommands;

/**
 * Records a task from the workbench: the instruction, start, pause and stop, what has been captured so far, a live
 * thumbnail of the screen (at most five a second) and the recordings made in the recordings folder.
 */
public final class RecorderView extends ViewPart {

    private static final int REFRESH_MS = 200;
    private static final DateTimeFormatter FOLDER_NAME = DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss", Locale.ROOT);

    private Text task;
    private Text folder;
    private Button start;
    private Button pause;
    private Button stop;
    private Button hide;
    private Label status;
    private Canvas thumbnail;
    private Image preview;
    private Table recordings;

    private RecordOperation session;
    /** The job that records, from Start until the files are closed. */
    private OperationJob<RecordOperation.Summary> job;
    private boolean starting;
    private boolean stopping;
    private Preview shown;
    /** How many listings have reached the table, for tests. */
    private int listed;
    private double startedAt;

    @Override
    public void createPartControl(Composite parent) {
        GridLayoutFactory.swtDefaults().numColumns(2).applyTo(parent);
        new Label(parent, SWT.NONE).setText("&Task:");
        task = new Text(parent, SWT.BORDER);
        task.setMessage("What the person will do, e.g. Turn on night light");
        GridDataFactory.fillDefaults().grab(true, false).applyTo(task);
        new Label(parent, SWT.NONE).setText("&Folder:");
        folder = new Text(parent, SWT.BORDER);
        folder.setText(Path.of(System.getProperty("user.home"), "TrajectoryRecordings").toString());
        folder.addModifyListener(e -> listRecordings());
        GridDataFactory.fillDefaults().grab(true, false).applyTo(folder);

        Composite buttons = new Composite(parent, SWT.NONE);
        GridDataFactory.fillDefaults().span(2, 1).applyTo(buttons);
        GridLayoutFactory.fillDefaults().numColumns(4).applyTo(buttons);
        start = button(buttons, "&Start", this::start);
        pause = button(buttons, "&Pause", this::togglePause);
        stop = button(buttons, "St&op", this::stop);
        // The workbench's own windows are never recorded (the click on Stop is no step); hidden, they are out of the way.
        hide = new Button(buttons, SWT.CHECK);
        hide.setText("&Hide the workbench while recording (Ctrl+Alt+S stops)");
        hide.setSelection(true);

        status = new Label(parent, SWT.WRAP);
        // A small width hint lets the label wrap to the view's width instead of asking for one long line.
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(100, SWT.DEFAULT).applyTo(status);
        thumbnail = new Canvas(parent, SWT.BORDER | SWT.DOUBLE_BUFFERED);
        GridDataFactory.fillDefaults().span(2, 1).hint(320, 180).applyTo(thumbnail);
        thumbnail.addListener(SWT.Paint, e -> {
            if (preview != null && !preview.isDisposed()) {
                Rectangle size = preview.getBounds();
                Rectangle area = thumbnail.getClientArea();
                double scale = Math.min((double) area.width / size.width, (double) area.height / size.height);
                e.gc.drawImage(preview, 0, 0, size.width, size.height, 0, 0, (int) (size.width * scale), (int) (size.height * scale));
            }
        });

        recordings = new Table(parent, SWT.BORDER | SWT.FULL_SELECTION);
        recordings.setHeaderVisible(true);
        GridDataFactory.fillDefaults().span(2, 1).grab(true, true).applyTo(recordings);
        // The state beside the name, where a narrow view still shows it.
        for (String[] column : new String[][] { { "Recording", "150" }, { "State", "85" }, { "Events", "55" }, { "Task", "200" },
            { "Source", "120" } }) {
            TableColumn widget = new TableColumn(recordings, SWT.LEFT);
            widget.setText(column[0]);
            widget.setWidth(Integer.parseInt(column[1]));
        }
        recordings.setToolTipText("Double-click a recording, or press Enter, to build it into the open dataset");
        recordings.addListener(SWT.DefaultSelection, e -> buildSelected());
        updateState();
        listRecordings();
    }

    private static Button button(Composite parent, String text, Runnable run) {
        Button button = new Button(parent, SWT.PUSH);
        button.setText(text);
        button.addListener(SWT.Selection, e -> run.run());
        return button;
    }

    void start() {
        if (session != null) {
            return;
        }
        String instruction = task.getText().strip();
        if (instruction.isEmpty()) {
            MessageDialog.openInformation(getSite().getShell(), "Record", "Type the task the person will do first.");
            task.setFocus();
            return;
        }
        Path target = Path.of(folder.getText().strip()).resolve(LocalDateTime.now().format(FOLDER_NAME));
        starting = true;
        updateState();
        status.setText("Starting...");
        // The recording runs as a job until Stop cancels it; starting (ffmpeg, the X server) happens in the job too.
        RecordOperation recording = new RecordOperation(new RecordOperation.Options(target, instruction, null, true, List.of(), null));
        job = new OperationJob<>(DatasetJobs.Kind.RECORD, recording).shownBy(getSite().getShell(), this::finished);
        job.addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                if (!event.getResult().isOK() && event.getResult().getSeverity() != IStatus.CANCEL && !status.isDisposed()) {
                    status.getDisplay().asyncExec(() -> failed(event.getResult()));
                }
            }
        });
        job.schedule();
        watchStart(recording);
    }

    /** Until the job has started the recording (or failed to), looks five times a second; then shows it recording. */
    private void watchStart(RecordOperation recording) {
        if (status.isDisposed() || !starting) {
            return;
        }
        if (!recording.started()) {
            status.getDisplay().timerExec(REFRESH_MS, () -> watchStart(recording));
            return;
        }
        starting = false;
        session = recording;
        startedAt = Clock.now();
        if (hide.getSelection()) {
            getSite().getShell().setVisible(false);
        }
        if (!session.finishedInterrupted().isEmpty()) {
            ILog.of(getClass()).info("Finished the interrupted recordings " + session.finishedInterrupted());
        }
        updateState();
        refresh();
    }

    /** The workbench, hidden while recording, comes back when the recording ends. */
    private void showWorkbench() {
        Shell shell = getSite().getShell();
        if (!shell.isVisible()) {
            shell.setVisible(true);
            shell.forceActive();
        }
    }

    /** The recording could not start, or could not be finished: said on the status line (the job's error dialog says it too). */
    private void failed(IStatus result) {
        if (status.isDisposed()) {
            return;
        }
        showWorkbench();
        boolean wasStarting = starting;
        starting = false;
        stopping = false;
        session = null;
        clearPreview();
        updateState();
        status.setText((wasStarting ? "Could not start recording: " : "Could not finish the recording: ") + result.getMessage());
    }

    /** The recording is finished and its files closed: listed, with why it ended when it ended by itself. */
    private void finished(RecordOperation.Summary summary) {
        showWorkbench();
        stopping = false;
        session = null;
        clearPreview(); // the last frame would look like a recording still running
        updateState();
        if (summary.problem() != null) {
            status.setText("Stopped: " + summary.problem());
        }
        listRecordings();
    }

    void togglePause() {
        if (session != null) {
            if (session.isPaused()) {
                session.resume();
            } else {
                session.pause();
            }
            updateState();
        }
    }

    /** Stops recording: the job finishes the files (ffmpeg, blanking private spans) and the list shows the recording. */
    void stop() {
        if (session == null) {
            return;
        }
        session = null;
        stopping = true;
        updateState();
        status.setText("Finishing the recording...");
        job.cancel();
    }

    /** Counters and the thumbnail, at most five times a second while recording. */
    private void refresh() {
        if (session == null || status.isDisposed()) {
            return;
        }
        try {
            if (session.endedByItself()) { // the capture ended by itself (its X server went away): the job closes what was recorded
                session = null;
                stopping = true;
                updateState();
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        double elapsed = Clock.now() - startedAt;
        RecordingCounters writer = session.counters();
        String video = writer.frames() == 0 ? "" : String.format(Locale.ROOT, ", %d frames (%.1f fps), %d skipped", writer.frames(),
                elapsed > 0 ? writer.frames() / elapsed : 0, writer.framesSkipped());
        status.setText(String.format(Locale.ROOT, "%s %.0f s: %d input events, %d window changes%s%s",
                session.isPaused() ? "Paused at" : "Recording,", elapsed, writer.events(), writer.windows(), video,
                writer.lastProblem() == null ? "" : " (" + writer.lastProblem() + ")"));
        if (status.computeSize(status.getSize().x, SWT.DEFAULT).y != status.getSize().y) {
            status.getParent().layout(); // the counters wrapped onto another line
        }
        showPreview();
        status.getDisplay().timerExec(REFRESH_MS, this::refresh);
    }

    /** Shows the backend's latest preview (made in its own thread, blanked while a private window is in front). */
    private void showPreview() {
        Preview latest = session.counters().preview();
        if (latest == null || latest == shown) {
            return;
        }
        shown = latest;
        ImageData data = new ImageData(latest.width(), latest.height(), 24, new PaletteData(0xFF0000, 0xFF00, 0xFF), 1, latest.rgb());
        if (preview != null) {
            preview.dispose();
        }
        preview = new Image(thumbnail.getDisplay(), data);
        thumbnail.redraw();
    }

    private void clearPreview() {
        shown = null;
        if (preview != null) {
            preview.dispose();
            preview = null;
        }
        if (!thumbnail.isDisposed()) {
            thumbnail.redraw();
        }
    }

    private void updateState() {
        boolean recording = session != null;
        boolean busy = recording || starting || stopping;
        start.setEnabled(!busy);
        pause.setEnabled(recording);
        pause.setText(recording && session.isPaused() ? "&Resume" : "&Pause");
        stop.setEnabled(recording);
        task.setEnabled(!busy);
        folder.setEnabled(!busy);
        if (!busy) {
            status.setText("Ready. While recording, Ctrl+Alt+P pauses and Ctrl+Alt+S stops; password prompts and this window are"
                    + " not recorded.");
        }
        status.getParent().layout();
    }

    /** The recordings in the folder, read off the UI thread (each one's metadata and events are read). */
    private void listRecordings() {
        if (recordings == null || recordings.isDisposed()) {
            return;
        }
        Path root = Path.of(folder.getText().strip());
        DatasetJobs.read("Listing recordings", recordings, () -> readRecordings(root), rows -> {
            if (!root.equals(Path.of(folder.getText().strip()))) {
                return; // the folder was changed again meanwhile: its own listing follows
            }
            recordings.removeAll();
            for (String[] row : rows) {
                new TableItem(recordings, SWT.NONE).setText(row);
            }
            listed++;
        });
    }

    /** Builds the chosen recordings into the open dataset, each a job; the list follows when one was finished by it. */
    private void buildSelected() {
        IWorkbenchWindow window = getSite().getWorkbenchWindow();
        DatasetAddress dataset = WindowCommands.requireOpen(window, "Build");
        if (dataset == null) {
            return;
        }
        Path root = Path.of(folder.getText().strip());
        Display display = recordings.getDisplay();
        for (TableItem item : recordings.getSelection()) {
            Job build = DatasetJobs.buildJob(dataset, root.resolve(item.getText(0)), window.getShell());
            build.addJobChangeListener(IJobChangeListener.onDone(e -> {
                if (!display.isDisposed()) {
                    display.asyncExec(this::listRecordings);
                }
            }));
            build.schedule();
        }
    }

    private List<String[]> readRecordings(Path root) throws IOException {
        List<String[]> rows = new java.util.ArrayList<>();
        if (!Files.isDirectory(root)) {
            return rows;
        }
        try (var folders = Files.list(root)) {
            for (Path candidate : folders.filter(f -> Files.isRegularFile(f.resolve(RecordingFolder.METADATA))).sorted().toList()) {
                try {
                    Recording recording = Recording.read(candidate);
                    rows.add(new String[] { candidate.getFileName().toString(), RecordingFolder.state(candidate).name().toLowerCase(Locale.ROOT),
                            Integer.toString(recording.events().size()), String.valueOf(recording.task()), recording.source() });
                } catch (IOException e) {
                    ILog.of(getClass()).warn("Not a readable recording: " + candidate + ": " + e.getMessage());
                }
            }
        }
        return rows;
    }

    @Override
    public void setFocus() {
        task.setFocus();
    }

    @Override
    public void dispose() {
        if (session != null) { // the window is closing: the recording is finished before it goes
            try {
                session.stop();
            } catch (IOException e) {
                ILog.of(getClass()).error("Could not finish the recording", e);
            }
        }
        if (job != null) {
            job.cancel(); // one still starting stops as soon as it has started
        }
        if (preview != null) {
            preview.dispose();
        }
        super.dispose();
    }

    // For tests.

    Text task() {
        return task;
    }

    Text folder() {
        return folder;
    }

    Button hide() {
        return hide;
    }

    Button startButton() {
        return start;
    }

    Button stopButton() {
        return stop;
    }

    Label status() {
        return status;
    }

    /** The listed recordings: name, state, events, task, source. */
    Table recordings() {
        return recordings;
    }

    boolean isRecording() {
        return session != null;
    }

    /** Whether it is starting or finishing a recording, for tests. */
    boolean isBusy() {
        return starting || stopping;
    }

    int listings() {
        return listed;
    }

    /** The preview on show, for tests. */
    Preview shownPreview() {
        return shown;
    }
}
