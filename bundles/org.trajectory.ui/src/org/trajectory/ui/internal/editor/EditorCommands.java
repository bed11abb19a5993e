package org.trajectory.ui.internal.editor;

import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.ui.handlers.HandlerUtil;

import org.trajectory.dataset.ReviewState;
import org.trajectory.ui.internal.NamedCommands;

/**
 * The trajectory editor's commands. plugin.xml declares them, their keys (in the editor's context) and this handler,
 * active while a trajectory editor is the part in front; each acts on that editor.
 */
public final class EditorCommands extends NamedCommands<TrajectoryEditor> {

    public EditorCommands() {
        super(Map.ofEntries(
                command("nextStep", editor -> editor.selectStep(Math.min(editor.draft().stepCount() - 1, editor.step() + 1))),
                command("previousStep", editor -> editor.selectStep(Math.max(0, editor.step() - 1))),
                command("nextTask", editor -> editor.reviewBar().nextTask()),
                command("approve", editor -> editor.reviewBar().decide(ReviewState.APPROVED)),
                command("reject", editor -> editor.reviewBar().decide(ReviewState.REJECTED)),
                command("needsFix", editor -> editor.reviewBar().decide(ReviewState.NEEDS_FIX)),
                command("note", editor -> editor.reviewBar().note()),
                command("grade", editor -> editor.reviewBar().grade()),
                // wherever the focus is in the editor, not only on the screenshot
                command("zoomIn", editor -> editor.canvas().zoom(1.25)),
                command("zoomOut", editor -> editor.canvas().zoom(0.8)),
                command("zoomFit", editor -> editor.canvas().fit()),
                command("insertStep", TrajectoryEditor::insertStep),
                command("deleteStep", TrajectoryEditor::deleteStep),
                command("mergeSteps", TrajectoryEditor::mergeWithNext),
                command("moveStepUp", editor -> editor.moveStep(-1)),
                command("moveStepDown", editor -> editor.moveStep(1)),
                command("replay", editor -> editor.playback().toggleSlideshow()),
                command("playStep", editor -> editor.playback().playStep()),
                command("replayedScreen", editor -> editor.replayPanel().toggleLarge())));
    }

    private static Map.Entry<String, Consumer<TrajectoryEditor>> command(String id, Consumer<TrajectoryEditor> run) {
        return Map.entry(id, run);
    }

    @Override
    protected TrajectoryEditor target(ExecutionEvent event) {
        return HandlerUtil.getActivePart(event) instanceof TrajectoryEditor editor ? editor : null;
    }
}
