package org.trajectory.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;


/** Sharingan's matching worked by hand: what a careful reader of section IV-B computes for each case. */
class SharinganTest {

    /** Similarities given by the case: equal texts 1, listed pairs their value (either order), anything else 0. */
    private static TextSimilarity table(Map<String, Double> pairs) {
        return (a, b) -> a.equals(b) ? 1 : pairs.getOrDefault(a + "|" + b, pairs.getOrDefault(b + "|" + a, 0.0));
    }

    private static ActionTuple tuple(OperationType operation, String detail) {
        return new ActionTuple(operation, detail, "Text Editor", 0);
    }

    private static Sharingan.Result compare(Map<String, Double> similarities, List<ActionTuple> reference, List<ActionTuple> predicted)
            throws IOException {
        return new Sharingan(table(similarities), Sharingan.DEFAULT_THRESHOLD).compare(reference, predicted);
    }

    @Test
    void eachReferenceActionTakesTheFirstUnpairedPredictionThatMatchesEvenWhenALaterOneWouldPairMore() throws IOException {
        // P1 matches both A and B, P2 only A. Walking A first takes P1, so B finds nothing: 1 pair, not the 2 a best
        // assignment would find. The paper's greedy rule is what is measured.
        Sharingan.Result result = compare(Map.of("click A|click P1", 0.9, "click B|click P1", 0.8, "click A|click P2", 0.75),
                List.of(tuple(OperationType.CLICK, "click A"), tuple(OperationType.CLICK, "click B")),
                List.of(tuple(OperationType.CLICK, "click P1"), tuple(OperationType.CLICK, "click P2")));
        assertEquals(List.of(new Sharingan.Pair(0, 0, 0.9, 1.0)), result.allPairs());
        assertEquals(0.5, result.allRecall());
        assertEquals(0.5, result.allPrecision());
        assertEquals(1.0, result.operationRecall(), "by operation alone both clicks pair");
        assertEquals(1.0, result.operationPrecision());
    }

    @Test
    void predictionsOutOfOrderStillPairAndTiesGoToTheEarlierPrediction() throws IOException {
        Sharingan.Result swapped = compare(Map.of(), List.of(tuple(OperationType.CLICK, "Save"), tuple(OperationType.CLICK, "Close")),
                List.of(tuple(OperationType.CLICK, "Close"), tuple(OperationType.CLICK, "Save")));
        assertEquals(List.of(0, 1), swapped.allPairs().stream().map(p -> p.reference()).toList());
        assertEquals(List.of(1, 0), swapped.allPairs().stream().map(p -> p.predicted()).toList());
        assertEquals(1.0, swapped.allRecall());
        Sharingan.Result tie = compare(Map.of(), List.of(tuple(OperationType.TYPE, "hello")),
                List.of(tuple(OperationType.TYPE, "hello"), tuple(OperationType.TYPE, "hello")));
        assertEquals(0, tie.allPairs().get(0).predicted());
        assertEquals(1.0, tie.allRecall());
        assertEquals(0.5, tie.allPrecision(), "a duplicated prediction is one too many");
    }

    @Test
    void emptyPredictionsExtraActionsAndTheThreshold() throws IOException {
        List<ActionTuple> three = List.of(tuple(OperationType.CLICK, "a"), tuple(OperationType.SCROLL, "b"), tuple(OperationType.TYPE, "c"));
        Sharingan.Result none = compare(Map.of(), three, List.of());
        assertEquals(0.0, none.operationRecall());
        assertEquals(0.0, none.operationPrecision(), "saying nothing is not precise");
        Sharingan.Result nothingAtAll = compare(Map.of(), List.of(), List.of());
        assertEquals(1.0, nothingAtAll.operationRecall());
        assertEquals(1.0, nothingAtAll.allPrecision());
        Sharingan.Result extra = compare(Map.of(), List.of(tuple(OperationType.CLICK, "a"), tuple(OperationType.SCROLL, "b")),
                List.of(tuple(OperationType.CLICK, "a"), tuple(OperationType.DRAG, "x"), tuple(OperationType.SCROLL, "b")));
        assertEquals(1.0, extra.operationRecall());
        assertEquals(2.0 / 3, extra.operationPrecision(), 1e-12);
        // exactly at the threshold matches, just under does not
        assertEquals(1.0, compare(Map.of("a|b", 0.7), List.of(tuple(OperationType.CLICK, "a")), List.of(tuple(OperationType.CLICK, "b"))).allRecall());
        assertEquals(0.0, compare(Map.of("a|b", 0.69), List.of(tuple(OperationType.CLICK, "a")), List.of(tuple(OperationType.CLICK, "b"))).allRecall());
        assertThrows(IllegalArgumentException.class, () -> new Sharingan(table(Map.of()), 1.5));
    }

    @Test
    void theContextMustMatchTooAndMissingWordsMakeAllUnavailableRatherThanZero() throws IOException {
        Sharingan sharingan = new Sharingan(table(Map.of()), 0.7);
        Sharingan.Result otherWindow = sharingan.compare(List.of(new ActionTuple(OperationType.CLICK, "OK", "Files", 0)),
                List.of(new ActionTuple(OperationType.CLICK, "OK", "Calculator", 0)));
        assertEquals(1.0, otherWindow.operationRecall());
        assertEquals(0.0, otherWindow.allRecall());
        Sharingan.Result codeOnly = sharingan.compare(List.of(new ActionTuple(OperationType.CLICK, "OK", "Files", 0)),
                List.of(new ActionTuple(OperationType.CLICK, null, null, 0)));
        assertNull(codeOnly.allPairs());
        assertTrue(Double.isNaN(codeOnly.allRecall()));
        assertEquals("the prediction has no detail or context words for 1 of 1 actions", codeOnly.allUnavailable());
        assertEquals(1.0, codeOnly.operationPrecision());
    }

    @Test
    void categoriesFollowTheReferenceOperationsAsTableSixGroupsVideos() throws IOException {
        List<ActionTuple> clicks = new ArrayList<>(List.of(tuple(OperationType.CLICK, "a"), tuple(OperationType.CLICK, "b"),
                tuple(OperationType.TERMINATE, "done")));
        assertEquals("click", compare(Map.of(), clicks, List.of()).category());
        clicks.add(tuple(OperationType.TYPE, "c"));
        assertEquals("mixed", compare(Map.of(), clicks, List.of()).category());
    }

    @Test
    void rowsAlignPairsAndPlaceMissedAndExtraActionsWhereTheyHappened() throws IOException {
        Sharingan.Result result = compare(Map.of(), List.of(tuple(OperationType.CLICK, "a"), tuple(OperationType.TYPE, "b"), tuple(OperationType.SCROLL, "c")),
                List.of(tuple(OperationType.CLICK, "a"), tuple(OperationType.DRAG, "x"), tuple(OperationType.SCROLL, "c"), tuple(OperationType.MOVE, "y")));
        List<String> rows = result.rows().stream().map(r -> (r.reference() == null ? "-" : r.reference().detail()) + ":"
                + (r.predicted() == null ? "-" : r.predicted().detail())).toList();
        assertEquals(List.of("a:a", "b:-", "-:x", "c:c", "-:y"), rows);
    }
}
