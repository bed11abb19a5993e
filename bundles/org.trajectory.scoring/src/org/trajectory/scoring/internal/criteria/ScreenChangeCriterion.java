package org.trajectory.scoring.internal.criteria;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.trajectory.model.Step;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.TaskInput;
import org.trajectory.vlm.prompt.Markers;

/**
 * A cheap local check for dead actions: after a click, the screen near the click must change (the next step's
 * screenshot against this one's, in a 200 px square around the point); after typing, the screen must change
 * somewhere. The share of checked steps that changed something; 1 when no step can be checked.
 */
public final class ScreenChangeCriterion implements ScoringCriterion {

    @Override
    public String version() {
        return "1";
    }

    @Override
    public Score score(TaskInput input) {
        List<Step> steps = input.task().steps();
        List<Score.Flag> flags = new ArrayList<>();
        int checked = 0;
        BufferedImage before = null;
        String beforeHash = null;
        try {
            for (int i = 0; i + 1 < steps.size(); i++) {
                ParsedCode code = ActionParser.parse(steps.get(i).code() == null ? "" : steps.get(i).code());
                Action.Point point = null;
                boolean typing = false;
                for (Action action : code.actions()) {
                    if (action instanceof Action.Click click && click.at() != null) {
                        point = click.at();
                    }
                    typing |= action instanceof Action.Write;
                }
                if ((point == null && !typing) || input.imageHash(i) == null || input.imageHash(i + 1) == null) {
                    continue;
                }
                if (!input.imageHash(i).equals(beforeHash)) {
                    before = decode(input, i);
                    beforeHash = input.imageHash(i);
                }
                if (input.imageHash(i).equals(input.imageHash(i + 1))) {
                    checked++;
                    flags.add(new Score.Flag(i, (point != null ? "the click" : "the typing") + " changed nothing: the next screenshot is the same image"));
                    continue;
                }
                BufferedImage after = decode(input, i + 1);
                checked++;
                boolean changed = point != null ? Markers.changed(before, after, point, Markers.AROUND) >= Markers.CHANGED_NEAR
                        : Markers.changed(before, after, null, 0) >= Markers.CHANGED_ANYWHERE;
                if (!changed) {
                    flags.add(new Score.Flag(i, point != null ? "nothing changed near the click: a dead click?"
                            : "nothing on the screen changed after the typing"));
                }
                before = after;
                beforeHash = input.imageHash(i + 1);
            }
        } catch (IOException e) {
            return Score.error("a screenshot could not be read: " + e.getMessage());
        }
        if (checked == 0) {
            return Score.of(1, "no click or typing step with a screenshot after it to check");
        }
        double value = (checked - flags.size()) / (double) checked;
        return Score.of(value, flags.isEmpty() ? "every one of " + checked + " clicks and typings changed the screen"
                : flags.size() + " of " + checked + " clicks and typings changed nothing; first: step " + flags.get(0).step(), flags);
    }

    private static BufferedImage decode(TaskInput input, int position) throws IOException {
        byte[] bytes = input.image(position);
        if (bytes == null) {
            throw new IOException("step " + position + " has no stored image");
        }
        return Markers.read(bytes);
    }
}
