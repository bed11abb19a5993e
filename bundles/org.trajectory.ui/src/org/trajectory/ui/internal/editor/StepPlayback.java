package org.trajectory.ui.internal.editor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.jface.action.IStatusLineManager;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Shell;

import org.trajectory.builder.StepClip;
import org.trajectory.dataset.Dataset;
import org.trajectory.recorder.RecordingFolder;
import org.trajectory.ui.internal.DatasetJobs;

/**
 * The editor's two ways of watching a task: a slideshow of its steps, and a step played in the stretch of the
 * recording it was built from (when that recording is on this machine).
 */
final class StepPlayback {

    /** How long the slideshow shows each step. */
    static final int SLIDE_MS = 1500;
    /** The width the step player's frames are decoded at. */
    private static final int PLAYER_WIDTH = 800;

    private final TrajectoryEditor editor;
    private boolean sliding;
    private StepPlayer player;

    StepPlayback(TrajectoryEditor editor) {
        this.editor = editor;
    }

    /** Starts the slideshow (from the first step when at the last), or stops it. */
    void toggleSlideshow() {
        sliding = !sliding;
        if (sliding) {
            if (editor.step() >= editor.draft().stepCount() - 1) {
                editor.selectStep(0);
            }
            editor.canvas().getDisplay().timerExec(SLIDE_MS, this::nextSlide);
        }
    }

    private void nextSlide() {
        if (!sliding || editor.canvas().isDisposed()) {
            return;
        }
        if (editor.step() + 1 >= editor.draft().stepCount()) {
            sliding = false;
            return;
        }
        editor.selectStep(editor.step() + 1);
        editor.canvas().getDisplay().timerExec(SLIDE_MS, this::nextSlide);
    }

    boolean isSliding() {
        return sliding;
    }

    /** Plays the shown step's stretch of the recording it was built from, decoded off the UI thread. */
    void playStep() {
        int position = editor.step();
        String taskId = editor.draft().taskId();
        double[] span = StepClip.span(editor.draft().task().steps().get(position));
        Shell shell = editor.getSite().getShell();
        if (span == null) {
            MessageDialog.openInformation(shell, "Play step", "Step " + (position + 1) + " was not built from a recording: it keeps no time span to play.");
            return;
        }
        IStatusLineManager status = editor.getEditorSite().getActionBars().getStatusLineManager();
        status.setMessage("Decoding step " + (position + 1) + " of its recording...");
        Dataset dataset = editor.dataset();
        DatasetJobs.offUiThread("Decoding step " + (position + 1) + " of its recording", DatasetJobs.Kind.PLAY, editor.canvas(), () -> {
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
            closePlayer();
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

    /** Stops the slideshow and closes the player, if open. */
    void close() {
        sliding = false;
        closePlayer();
    }

    private void closePlayer() {
        if (player != null) {
            player.close();
        }
    }
}
