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
import org.junit.jupiter.api.function.Executable;
import org.trajectory.catalog.Catalogue;
import org.trajectory.export.Exporters;
import org.trajectory.extract.ExtractionMethods;
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

    /** Creating the entry fails, and the log names it and why its class cannot be made. */
    private static void assertNotCreated(Executable create, String entry, String why) {
        assertThrows(IllegalStateException.class, create);
        assertLogged(BUNDLE + entry + " cannot be created: its class " + why);
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
        assertNotCreated(() -> criteria.find("tests.missing").orElseThrow().criterion(),
                "the <criterion> 'tests.missing'" + point, "org.nowhere.Criterion is not in the bundle");
        assertNotCreated(() -> criteria.find("tests.wrong").orElseThrow().criterion(),
                "the <criterion> 'tests.wrong'" + point, "org.trajectory.catalog.tests.Contributions$Provider is not a ScoringCriterion");
        assertFalse(criteria.all().isEmpty());
    }

    @Test
    void extractionMethods() throws Exception {
        ExtractionMethods methods = ExtractionMethods.get();
        String point = " contributed to " + ExtractionMethods.EXTENSION_POINT;
        ExtractionMethods.Descriptor good = methods.find("tests.good").orElseThrow();
        assertEquals("Good", good.name(), "the first of two with one id is kept");
        assertEquals(2.0, good.fps(), "its attributes reached the descriptor");
        assertTrue(good.method().extract(null, "t", null).isEmpty());
        assertLogged(BUNDLE + "the <method>" + point + " has no id; it is left out");
        assertLogged(BUNDLE + "the <method> 'tests.good'" + point + " has an id that an earlier contribution has; it is left out");
        assertNotCreated(() -> methods.find("tests.missing").orElseThrow().method(),
                "the <method> 'tests.missing'" + point, "org.nowhere.Method is not in the bundle");
        assertTrue(methods.find("offline").isPresent(), "the built-in methods are there as well");
    }

    @Test
    void exporters() {
        Exporters exporters = Exporters.get();
        String point = " contributed to " + Exporters.EXTENSION_POINT;
        assertFalse(exporters.find("tests.good").orElseThrow().exporter().writesFolder());
        assertLogged(BUNDLE + "the <exporter>" + point + " has no id; it is left out");
        assertNotCreated(() -> exporters.find("tests.missing").orElseThrow().exporter(),
                "the <exporter> 'tests.missing'" + point, "org.nowhere.Exporter is not in the bundle");
        assertNotCreated(() -> exporters.find("tests.wrong").orElseThrow().exporter(),
                "the <exporter> 'tests.wrong'" + point, "org.trajectory.catalog.tests.Contributions$Method is not an Exporter");
        assertTrue(exporters.find("agentnet").isPresent(), "the built-in exporters are there as well");
    }
}
