package org.trajectory.model.operation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** What every operation and report get from the contract without writing it: the rules the front ends rely on. */
class OperationContractTest {

    private record Done(List<Problem> problems, long problemCount, boolean cancelled) implements Report {
        @Override
        public String summary() {
            return "did it";
        }

        @Override
        public Map<String, Object> json() {
            return Map.of();
        }
    }

    /** A report that writes nothing but what it must: the rest is the contract's. */
    private record Said(String summary) implements Report {
        @Override
        public Map<String, Object> json() {
            return Map.of("summary", summary);
        }
    }

    @Test
    void aReportSucceedsOnlyWithoutProblemsAndUncancelled() {
        assertTrue(new Done(List.of(), 0, false).succeeded());
        assertFalse(new Done(List.of(), 0, true).succeeded(), "what was cancelled did not do all it was asked");
        assertFalse(new Done(List.of(Problem.at("a.jsonl", 3, "bad")), 1, false).succeeded());
        assertFalse(new Done(List.of(), 20_000, false).succeeded(), "problems counted beyond those listed count too");
        Report plain = new Said("did it");
        assertEquals(List.of(), plain.problems());
        assertEquals(0, plain.problemCount());
        assertTrue(plain.succeeded());
    }

    @Test
    void aProblemSaysItsPlaceAsCompilersDo() {
        assertEquals("data.jsonl:3: step 2: no code", new Problem("data.jsonl", 3, 2, "no code").toString());
        assertEquals("task_1: step 0: image missing", new Problem("task_1", 0, 0, "image missing").toString());
        assertEquals("rec1: no video", Problem.at("rec1", 0, "no video").toString());
        assertEquals("rec1/events.jsonl cannot be read", Problem.at("", 0, "rec1/events.jsonl cannot be read").toString(),
                "a message that names its place is not prefixed");
    }

    @Test
    void anOperationNeedsNothingUnlessItSaysSoAndFoldersAreNamedOneWay() throws Exception {
        Operation<Done> reading = new Operation<>() {
            @Override
            public String title() {
                return "Reading";
            }

            @Override
            public Done run(Progress progress) {
                return new Done(List.of(), 0, progress.isCancelled());
            }
        };
        assertEquals(Set.of(), reading.exclusive());
        assertTrue(reading.run(Progress.CANCELLED).cancelled(), "cancelling is the progress's to say");
        assertEquals(Operation.folder(Path.of("/data/ds")), Operation.folder(Path.of("/data/x/../ds/.")),
                "the same folder by two paths is one name, so two jobs on it conflict");
    }
}
