package org.trajectory.ui.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import org.eclipse.core.runtime.ILog;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.part.ViewPart;
import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.RecordOperation;
import org.trajectory.recorder.Recording;
import org.trajectory.recorder.RecordingWriter;

/**
 * Records a task from the workbench: the instruction, start, pause and stop, what has been captured so far, a live
 * thumbnail of the screen (at most five a second) and the recordings made in the recordings folder.
 */
public final class RecorderView extends ViewPart {

    public static final String ID = "org.trajectory.ui.views.recorder";
    private static final int REFRESH_MS = 200;
    private static final DateTimeFormatter FOLDER_NAME = DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss", Locale.ROOT);

    private Text task;
    private Text folder;
    private Button start;
    private Button pause;
    private Button stop;
    private Label status;
    private Canvas thumbnail;
    private Image preview;
    private Table recordings;

    private RecordOperation session;
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
        GridLayoutFactory.fillDefaults().numColumns(3).applyTo(buttons);
        start = button(buttons, "&Start", this::start);
        pause = button(buttons, "&Pause", this::togglePause);
        stop = button(buttons, "St&op", this::stop);

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
        for (String[] column : new String[][] { { "Recording", "170" }, { "Task", "200" }, { "Events", "60" }, { "Source", "120" } }) {
            TableColumn widget = new TableColumn(recordings, SWT.LEFT);
            widget.setText(column[0]);
            widget.setWidth(Integer.parseInt(column[1]));
        }
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
        try {
            session = RecordOperation.start(new RecordOperation.Options(target, instruction, null, true, List.of(), null));
            startedAt = Clock.now();
            if (!session.finishedInterrupted().isEmpty()) {
                ILog.of(getClass()).info("Finished the interrupted recordings " + session.finishedInterrupted());
            }
            refresh();
        } catch (CaptureException | IOException e) {
            ILog.of(getClass()).error("Could not start recording", e);
            MessageDialog.openError(getSite().getShell(), "Record", e.getMessage());
        }
        updateState();
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

    void stop() {
        if (session == null) {
            return;
        }
        try {
            session.stop();
        } catch (IOException e) {
            ILog.of(getClass()).error("Could not finish the recording", e);
        }
        session = null;
        updateState();
        listRecordings();
    }

    /** Counters and the thumbnail, at most five times a second while recording. */
    private void refresh() {
        if (session == null || status.isDisposed()) {
            return;
        }
        try {
            if (session.endedByItself()) { // the capture ended by itself (its X server went away): close what was recorded
                String problem = session.writer().lastProblem();
                stop();
                status.setText("Stopped: " + problem);
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        double elapsed = Clock.now() - startedAt;
        RecordingWriter writer = session.writer();
        String video = writer.frames() == 0 ? "" : String.format(Locale.ROOT, ", %d frames (%.1f fps), %d skipped", writer.frames(),
                elapsed > 0 ? writer.frames() / elapsed : 0, writer.framesSkipped());
        status.setText(String.format(Locale.ROOT, "%s %.0f s: %d input events, %d window changes%s%s",
                session.isPaused() ? "Paused at" : "Recording,", elapsed, writer.events(), writer.windows(), video,
                writer.lastProblem() == null ? "" : " (" + writer.lastProblem() + ")"));
        if (status.computeSize(status.getSize().x, SWT.DEFAULT).y != status.getSize().y) {
            status.getParent().layout(); // the counters wrapped onto another line
        }
        grabThumbnail();
        status.getDisplay().timerExec(REFRESH_MS, this::refresh);
    }

    private void grabThumbnail() {
        Display display = thumbnail.getDisplay();
        Rectangle bounds = display.getBounds();
        Image full = new Image(display, bounds.width, bounds.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(full, 0, 0);
        } finally {
            gc.dispose();
        }
        Image small = new Image(display, full.getImageData().scaledTo(320, Math.max(1, 320 * bounds.height / bounds.width)));
        full.dispose();
        if (preview != null) {
            preview.dispose();
        }
        preview = small;
        thumbnail.redraw();
    }

    private void updateState() {
        boolean recording = session != null;
        start.setEnabled(!recording);
        pause.setEnabled(recording);
        pause.setText(recording && session.isPaused() ? "&Resume" : "&Pause");
        stop.setEnabled(recording);
        task.setEnabled(!recording);
        folder.setEnabled(!recording);
        if (!recording) {
            status.setText("Ready. Ctrl+Alt+P pauses while recording; password prompts are recorded without their characters.");
        }
        status.getParent().layout();
    }

    private void listRecordings() {
        if (recordings == null || recordings.isDisposed()) {
            return;
        }
        recordings.removeAll();
        Path root = Path.of(folder.getText().strip());
        if (!Files.isDirectory(root)) {
            return;
        }
        try (var folders = Files.list(root)) {
            for (Path candidate : folders.filter(f -> Files.isRegularFile(f.resolve(RecordingWriter.METADATA))).sorted().toList()) {
                try {
                    Recording recording = Recording.read(candidate);
                    TableItem item = new TableItem(recordings, SWT.NONE);
                    item.setText(new String[] { candidate.getFileName().toString(), String.valueOf(recording.task()),
                            Integer.toString(recording.events().size()), recording.source() });
                } catch (IOException e) {
                    ILog.of(getClass()).warn("Not a readable recording: " + candidate + ": " + e.getMessage());
                }
            }
        } catch (IOException e) {
            ILog.of(getClass()).warn("Could not list " + root + ": " + e.getMessage());
        }
    }

    @Override
    public void setFocus() {
        task.setFocus();
    }

    @Override
    public void dispose() {
        stop();
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

    Label status() {
        return status;
    }

    List<String> recordingNames() {
        return java.util.Arrays.stream(recordings.getItems()).map(item -> item.getText(0) + " " + item.getText(2)).toList();
    }

    boolean isRecording() {
        return session != null;
    }
}
