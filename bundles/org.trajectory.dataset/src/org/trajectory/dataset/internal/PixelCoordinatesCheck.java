package org.trajectory.dataset.internal;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.trajectory.dataset.IntegrityCheck;
import org.trajectory.model.Step;

/**
 * Coordinates in pixels where AgentNet's code has them in [0,1] (ScaleCUA issue 4: integers and fractions mixed in
 * one dataset). Said once per task, and once for the dataset when some tasks are in pixels and others are not: the
 * code check says which coordinate of which step is out of range.
 */
public final class PixelCoordinatesCheck implements IntegrityCheck {

    private static final Pattern KEYWORD = Pattern.compile("\\b[xy]\\s*=\\s*(\\d+(?:\\.\\d+)?)");
    private static final Pattern POSITIONAL = Pattern.compile(
            "\\.(?:click|doubleClick|rightClick|tripleClick|middleClick|moveTo|dragTo)\\(\\s*(\\d+(?:\\.\\d+)?)\\s*,\\s*(\\d+(?:\\.\\d+)?)");

    @Override
    public Run start() {
        return new Run() {
            private int inPixels;
            private int normalized;

            @Override
            public void task(CheckedTask checked, Findings findings) {
                List<Step> steps = checked.task().steps();
                int pixelSteps = 0;
                String example = null;
                boolean anyCoordinate = false;
                for (Step step : steps) {
                    String code = step.code() == null ? "" : step.code();
                    boolean pixels = false;
                    for (Pattern pattern : List.of(KEYWORD, POSITIONAL)) {
                        for (Matcher m = pattern.matcher(code); m.find();) {
                            anyCoordinate = true;
                            for (int g = 1; g <= m.groupCount(); g++) {
                                double value = Double.parseDouble(m.group(g));
                                if (value >= 2 || value > 1 && value == Math.rint(value)) { // 1.3 is out of range, not a pixel
                                    pixels = true;
                                    example = example == null ? m.group() : example;
                                }
                            }
                        }
                    }
                    pixelSteps += pixels ? 1 : 0;
                }
                if (pixelSteps > 0) {
                    inPixels++;
                    findings.add(checked.task().taskId(), -1, pixelSteps + " of its " + steps.size() + " steps have coordinates in pixels ("
                            + example.strip() + "): AgentNet's code has them in [0,1], divided by the screen's width and height");
                } else if (anyCoordinate) {
                    normalized++;
                }
            }

            @Override
            public void finish(Findings findings) {
                if (inPixels > 0 && normalized > 0) {
                    findings.add("", -1, "coordinates are in pixels in " + inPixels + " tasks and in [0,1] in " + normalized
                            + ": the dataset mixes two units, which a model cannot tell apart");
                }
            }
        };
    }
}
