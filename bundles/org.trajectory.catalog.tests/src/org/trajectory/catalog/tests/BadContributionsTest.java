package org.trajectory.catalog.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.ILogListener;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.trajectory.catalog.Catalogue;
import org.trajectory.recorder.CaptureBackends;
import org.trajectory.recorder.CaptureException;
import org.trajectory.scoring.ScoringCriteria;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmProviders;

/**
 * A bundle (this one) contributes to each catalogue a good entry and bad ones: without an id, with a class that does
 * not exist, of the wrong type, an id twice. Each bad one is logged with this bundle's name, and the rest works.
 */
class BadContributionsTest {

    private static final String BUNDLE = "bundle org.trajectory.catalog.tests: ";
    private static final List<String> LOGGED = new CopyOnWriteArrayList<>();
    private static final ILogListener LISTENER = (status, plugin) -> LOGGED.add(status.getMessage());

    @BeforeAll
    static void listen() {
        ILog.of(Catalogue.class).addLogListener(LISTENER);
    }

    @AfterAll
    static void stopListening() {
        ILog.of(Catalogue.class).removeLogListener(LISTENER);
    }

    private static void assertLogged(String message) {
        assertTrue(LOGGED.contains(message), "logged: " + message + "\nin " + LOGGED);
    }

    @Test
    void captureBackends() {
        CaptureBackends backends = CaptureBackends.get(); // by priority: the good one has -100
        String point = " contributed to " + CaptureBackends.EXTENSION_POINT;
        assertEquals(List.of("tests.missing", "tests.good"), backends.all().stream().map(CaptureBackends.Descriptor::id)
                .filter(id -> id.startsWith("tests.")).toList());
        assertLogged(BUNDLE + "the <backend>" + point + " has no id; it is left out");
        assertLogged(BUNDLE + "the <backend> 'tests.good'" + point + " has an id that an earlier contribution has; it is left out");
        assertEquals("Good", backends.find("tests.good").orElseThrow().name(), "the first of two with one id is kept");
        CaptureException missing = assertThrows(CaptureException.class, () -> backends.find("tests.missing").orElseThrow().backend());
        String error = BUNDLE + "the <backend> 'tests.missing'" + point + " cannot be created: its class org.nowhere.Backend is not in the bundle";
        assertEquals(error, missing.getMessage());
        assertLogged(error);
        CaptureException none = assertThrows(CaptureException.class, backends::choose);
        assertTrue(none.getMessage().contains("Good: a test backend records nothing"), "the good backend still answers: " + none.getMessage());
    }

    @Test
    void modelProviders() throws Exception {
        VlmProviders providers = VlmProviders.get();
        String point = " contributed to " + VlmProviders.EXTENSION_POINT;
        assertInstanceOf(Contributions.Provider.class, providers.find("tests.good").orElseThrow().provider());
        assertLogged(BUNDLE + "the <provider>" + point + " has no id; it is left out");
        VlmException missing = assertThrows(VlmException.class, () -> providers.find("tests.missing").orElseThrow().provider());
        assertLogged(BUNDLE + "the <provider> 'tests.missing'" + point + " cannot be created: its class org.nowhere.Provider is not in the bundle");
        assertTrue(missing.getMessage().contains("org.nowhere.Provider"), missing.getMessage());
    }

    @Test
    void scoringCriteria() throws Exception {
        ScoringCriteria criteria = ScoringCriteria.get();
        String point = " contributed to " + ScoringCriteria.EXTENSION_POINT;
        assertEquals(0.75, criteria.find("tests.good").orElseThrow().criterion().score(null).value(), "its setting reached it");
        assertLogged(BUNDLE + "the <criterion>" + point + " has no id; it is left out");
        assertThrows(IllegalStateException.class, () -> criteria.find("tests.missing").orElseThrow().criterion());
        assertLogged(BUNDLE + "the <criterion> 'tests.missing'" + point + " cannot be created: its class org.nowhere.Criterion is not in the bundle");
        assertThrows(IllegalStateException.class, () -> criteria.find("tests.wrong").orElseThrow().criterion());
        assertLogged(BUNDLE + "the <criterion> 'tests.wrong'" + point + " cannot be created: its class"
                + " org.trajectory.catalog.tests.Contributions$Provider is not a ScoringCriterion");
        assertFalse(criteria.all().isEmpty());
    }
}
