package org.trajectory.extract.internal.offline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The confidence table: each evidence as sure as the train recordings found it right, and nothing taken for a missing row. */
class CalibrationTest {

    private static ObjectNode table(int read, int right) {
        ObjectNode table = new ObjectMapper().createObjectNode();
        ObjectNode rows = table.putObject("evidence");
        for (Evidence evidence : Evidence.values()) {
            rows.putObject(evidence.word()).put("read", read).put("right", right);
        }
        return table;
    }

    @Test
    void anEvidenceIsAsSureAsTheShareOfItsActionsThatWereRightWithOneOfEachAddedSeen() throws Exception {
        Calibration calibration = new Calibration(table(8, 6));
        assertEquals(0.7, calibration.confidence(Evidence.CLICK_AT_REST), 1e-9);
        assertEquals(0.5, new Calibration(table(0, 0)).confidence(Evidence.SCROLL), 1e-9, "never seen says nothing either way");
    }

    @Test
    void aTableThatCountsNothingForAnEvidenceIsAnErrorSayingWhichAndHowToMakeIt() {
        ObjectNode table = table(8, 6);
        ((ObjectNode) table.get("evidence")).remove("focus-click");
        IOException e = assertThrows(IOException.class, () -> new Calibration(table));
        assertTrue(e.getMessage().contains("'focus-click'") && e.getMessage().contains("releng/confidence/calibrate.sh"), e.getMessage());
        ((ObjectNode) table.get("evidence")).putObject("focus-click").put("read", 3).put("right", 4);
        assertThrows(IOException.class, () -> new Calibration(table), "more right than read");
    }

    /** The table the bundle ships was counted on recordings, not left as written before any. */
    @Test
    void theShippedTableWasCountedOnRecordingsAndTellsItsEvidenceApart() throws Exception {
        Calibration shipped = Calibration.shipped();
        long told = java.util.Arrays.stream(Evidence.values()).mapToDouble(shipped::confidence).distinct().count();
        assertTrue(told >= 5, "an evidence never seen is 0.5; counted ones differ: " + told + " different confidences");
    }
}
