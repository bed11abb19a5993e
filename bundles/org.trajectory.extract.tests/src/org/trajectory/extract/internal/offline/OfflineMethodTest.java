package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.ExtractionMethod;
import org.trajectory.extract.ExtractionMethods;
import org.trajectory.extract.ExtractionSettings;
import org.trajectory.extract.Video;
import org.trajectory.extract.kit.ExtractionMethodContract;
import org.trajectory.extract.kit.ScreenVideo;
import org.trajectory.model.operation.Progress;

/** The offline method passes the extraction contract, and finds the click where the pointer was, to the pixel. */
class OfflineMethodTest extends ExtractionMethodContract {

    @Override
    protected ExtractionMethod method() {
        return ExtractionMethods.get().find(OfflineMethod.ID).orElseThrow().method();
    }

    @Override
    protected ExtractionContext context(Progress progress) {
        return new ExtractionContext(ExtractionSettings.PAPER, null, null, progress);
    }

    @Test
    void theClickIsWhereThePointerRestedWhenTheCounterChanged() throws Exception {
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen.mkv")));
        List<ExtractedAction> found = method().extract(video, "Add one", context(Progress.NONE));
        assertEquals(1, found.size(), found.toString());
        ExtractedAction click = found.get(0);
        assertTrue(click.at().distance(ScreenVideo.CLICK) <= 2, "the click at " + click.at() + ", the button at " + ScreenVideo.CLICK);
        assertTrue(Math.abs(click.start() - ScreenVideo.CLICK_TIME) <= 0.5, "at " + click.start() + " s");
        assertTrue(click.detail().startsWith("Click"), click.detail());
    }

    /** The click says what it was read from, and is as sure as the train recordings found that evidence right. */
    @Test
    void theClickSaysItsEvidenceAndIsAsSureAsThatEvidenceWasRightInTraining() throws Exception {
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen.mkv")));
        ExtractedAction click = method().extract(video, "Add one", context(Progress.NONE)).get(0);
        Evidence evidence = java.util.Arrays.stream(Evidence.values()).filter(e -> e.word().equals(click.evidence())).findFirst()
                .orElseThrow(() -> new AssertionError("no evidence said: " + click.evidence()));
        assertTrue(evidence.name().startsWith("CLICK"), evidence.toString());
        assertEquals(Calibration.shipped().confidence(evidence), click.confidence(), 1e-9);
    }

    /**
     * What was typed is the text after less the text before, with the quotes a keyboard types where OCR read curly ones;
     * or the ink the typing added, read alone, where the whole line read otherwise before than after in front of it (the
     * line above, half in the picture) or nothing new was read whole. The two readings of that ink differ a little in a
     * compressed video; the whole one loses a letter its line ended with before too.
     */
    @Test
    void whatWasTypedIsTheLineAfterLessTheLineBeforeOrTheInkItAdded() {
        assertEquals("'garden'.upper()", OfflineMethod.typed(">>>", ">>> \u2018garden\u2019.upper()", "'garden'.upper()"));
        assertEquals("print(\"Oslo\")", OfflineMethod.typed("\u201cnotes\u201d", "\u201cnotes\u201d print(\u201cOslo\u201d)", "print(Oslo)"));
        assertEquals("report garden", OfflineMethod.typed("on wert eet~wwe", "or wert ~etwwe report garden", "report garden"));
        assertEquals("summer report", OfflineMethod.typed("orm wert", "or were re cummer report", "summer report"));
        assertEquals("bravo invoice", OfflineMethod.typed("arr ow we", "\u2014\u2014 ww :\u00b0 wwrr bravo invoice", "bravo invoice"));
        assertEquals("X", OfflineMethod.typed("echo abcd", "echo abXcd", "Xcd"), "typed into a text: the letters after it moved");
        assertEquals("~/files/Videos", OfflineMethod.typed("/tmp/home/files/Templates", "~/files/Videos", ""),
                "a line replaced: the s both end with is no letter of the line before");
        assertEquals("Anna", OfflineMethod.typed("Name:", "Name: Anna", ""));
        assertEquals("Anna", OfflineMethod.typed("Name: Anna", "Name: Anna", "Anna"));
        assertEquals("garden report", OfflineMethod.typed("", "garden report", "arden report"),
                "the ink alone lost the first letter where the caret stood: a letter more in front is no word more");
    }
}
