package org.trajectory.replay.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.StoredReplay;
import org.trajectory.model.Json;
import org.trajectory.model.Task;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.replay.Desktop;
import org.trajectory.recorder.replay.Environments;
import org.trajectory.recorder.replay.ReplayBackends;
import org.trajectory.recorder.replay.ReplayPolicy;
import org.trajectory.recorder.replay.ReplaySession;
import org.trajectory.recorder.replay.Setup;
import org.trajectory.replay.ReplayOperation;
import org.trajectory.replay.internal.Performer;
import org.trajectory.replay.internal.ScreenComparison;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Replays in a real private display (Xvfb, openbox, xterm) through XTEST. The trajectory is made first in such a
 * display by the same backend, its screens grabbed before each step; replaying it must match every step, and copies
 * with a changed typed word, a missing application or no setup must say where and why they stop.
 */
class ReplayOperationTest {

    private static final List<String> CODES = List.of("pyautogui.write(message='echo replayed')", "pyautogui.press('enter')",
            "computer.terminate(status='success')");
    private static Setup setup;
    private static List<byte[]> screens;

    @TempDir
    static Path work;

    @BeforeAll
    static void recordATrajectory() throws Exception {
        Environments.Descriptor xvfb = Environments.get().choose(null);
        Assumptions.assumeTrue(xvfb.environment().availability().available(), xvfb.environment().availability().reason());
        setup = new Setup(800, 500, new java.awt.Point(700, 450), List.of(new Setup.Application(List.of("xterm", "-geometry",
                "50x8+20+20", "-e", "bash", "--norc", "--noprofile", "-i"), null, Map.of("PS1", "$ "), "XTerm", "xterm", null, true)),
                List.of());
        screens = new ArrayList<>();
        try (Desktop desktop = xvfb.environment().start(setup, work.resolve("making"));
                ReplaySession session = ReplayBackends.get().open(desktop)) {
            session.moveTo(700, 450);
            Performer performer = new Performer(session);
            for (String code : CODES) {
                Thread.sleep(1500);
                screens.add(png(session));
                for (Action action : ActionParser.parse(code).actions()) {
                    performer.perform(action);
                }
            }
        }
    }

    private static byte[] png(ReplaySession session) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(session.grab(), "png", out);
        return out.toByteArray();
    }

    private static void put(Dataset dataset, String id, List<String> codes, Setup taskSetup) throws Exception {
        put(dataset, id, codes, taskSetup, screens);
    }

    private static void put(Dataset dataset, String id, List<String> codes, Setup taskSetup, List<byte[]> shots) throws Exception {
        ObjectNode record = Json.MAPPER.createObjectNode().put(Task.TASK_ID, id).put(Task.INSTRUCTION, "Echo a word in the terminal");
        if (taskSetup != null) {
            record.set(Setup.FIELD, taskSetup.json());
        }
        for (int i = 0; i < codes.size(); i++) {
            ObjectNode step = record.withArray(Task.TRAJ).addObject().put("index", i).put("image", id + "_" + i + ".png");
            step.putObject("value").put("code", codes.get(i));
        }
        dataset.put(Task.of(record), shots, "test");
    }

    @Test
    void aTrajectoryReplaysToTheEndAndChangedCopiesStopWhereTheyShould() throws Exception {
        List<String> typo = new ArrayList<>(CODES);
        typo.set(0, "pyautogui.write(message='echo replayes')");
        Setup missing = new Setup(800, 500, null, List.of(new Setup.Application(List.of("no-such-program-here"), null, Map.of(), "X", "x",
                null, true)), List.of());
        try (Dataset dataset = Dataset.openOrCreate(work.resolve("dataset"))) {
            put(dataset, "ok", CODES, setup);
            put(dataset, "typo", typo, setup);
            put(dataset, "missing", CODES, missing);
            put(dataset, "no-setup", CODES, null);
            ReplayPolicy approved = new ReplayPolicy(Set.of("xterm"), Set.of(ReplayPolicy.hash(setup), ReplayPolicy.hash(missing)), Set.of(),
                    ReplayPolicy.Limits.DEFAULT);
            ReplayOperation.Report report = new ReplayOperation(dataset, new ReplayOperation.Options(List.of(), null, 0, work.resolve("replays"))
                    .with(approved)).run(new Progress.Silent(false));
            assertEquals("replayed 4 tasks: 1 to the end, 1 diverged, 2 could not start", report.summary());

            StoredReplay ok = dataset.replays().get("ok");
            assertEquals(StoredReplay.REPLAYED, ok.outcome(), ok.details());
            assertEquals(3, ok.matched());
            assertNull(ok.divergedAt());
            String replayed = Json.MAPPER.readTree(ok.details()).path("steps").get(0).path("image").asText();
            assertTrue(dataset.images().has(replayed), "the replayed screen is kept beside the recorded ones");

            StoredReplay diverged = dataset.replays().get("typo");
            assertEquals(StoredReplay.DIVERGED, diverged.outcome());
            assertEquals(0, diverged.divergedAt());
            assertEquals("diverged at step 1", diverged.describe());
            assertTrue(Json.MAPPER.readTree(diverged.details()).path("steps").get(0).path("region").size() == 4);

            String notInstalled = Json.MAPPER.readTree(dataset.replays().get("missing").details()).path("message").asText();
            assertTrue(notInstalled.contains("'no-such-program-here' is not installed here (not found on PATH)"), notInstalled);
            String noSetup = Json.MAPPER.readTree(dataset.replays().get("no-setup").details()).path("message").asText();
            assertTrue(noSetup.contains("the task has no setup") && noSetup.contains("--environment desktop"), noSetup);
            assertEquals(3, report.problems().size());
            assertNotNull(dataset.replays().get("ok"));
        }
    }

    /**
     * A command whose answer, a window, comes two seconds after its Enter (an application slow to answer, or a machine
     * busy with other work): the replay waits for it while the screen is still far from the recorded one, and matches.
     * A screen still for 0.6 s was judged as it was, before the window came.
     */
    @Test
    void anAnswerThatComesLateIsWaitedFor() throws Exception {
        List<String> codes = List.of("pyautogui.write(message='( (sleep 2; exec xterm -geometry 60x15+350+200 -e sleep 60) & )')",
                "pyautogui.press('enter')", "computer.terminate(status='success')");
        List<byte[]> recorded = new ArrayList<>();
        Environments.Descriptor xvfb = Environments.get().choose(null);
        try (Desktop desktop = xvfb.environment().start(setup, work.resolve("making-late"));
                ReplaySession session = ReplayBackends.get().open(desktop)) {
            session.moveTo(700, 450);
            Performer performer = new Performer(session);
            for (int step = 0; step < codes.size(); step++) {
                Thread.sleep(step == 2 ? 5000 : 1500); // the window is there before the last screen is taken
                recorded.add(png(session));
                for (Action action : ActionParser.parse(codes.get(step)).actions()) {
                    performer.perform(action);
                }
            }
        }
        try (Dataset dataset = Dataset.openOrCreate(work.resolve("late"))) {
            put(dataset, "late", codes, setup, recorded);
            ReplayPolicy approved = new ReplayPolicy(Set.of("xterm"), Set.of(ReplayPolicy.hash(setup)), Set.of(), ReplayPolicy.Limits.DEFAULT);
            new ReplayOperation(dataset, new ReplayOperation.Options(List.of(), null, 0, work.resolve("replays-late")).with(approved))
                    .run(new Progress.Silent(false));
            StoredReplay late = dataset.replays().get("late");
            assertEquals(StoredReplay.REPLAYED, late.outcome(), late.details());
        }
    }

    /**
     * A setup whose prelude runs a command that prints for a while, then types another: the next command is typed once
     * the screen has settled, not amid the first one's output (typed 0.3 s after the Enter, its echo fell among the
     * numbers), so the first screen is the recorded one.
     */
    @Test
    void aPreludesNextCommandWaitsForTheOutputOfTheOneBefore() throws Exception {
        List<String> prelude = List.of("pyautogui.write(message='for i in 1 2 3 4 5 6; do echo $i; sleep 0.25; done')", "pyautogui.press('enter')",
                "pyautogui.write(message='echo ready')", "pyautogui.press('enter')");
        Setup slow = new Setup(setup.width(), setup.height(), setup.pointer(), setup.applications(), prelude);
        List<byte[]> recorded = new ArrayList<>();
        Environments.Descriptor xvfb = Environments.get().choose(null);
        try (Desktop desktop = xvfb.environment().start(setup, work.resolve("making-prelude"));
                ReplaySession session = ReplayBackends.get().open(desktop)) {
            Performer performer = new Performer(session);
            awaitStill(session);
            for (String code : prelude) {
                for (Action action : ActionParser.parse(code).actions()) {
                    performer.perform(action);
                }
                awaitStill(session); // the loop has printed its numbers
            }
            session.moveTo(700, 450);
            awaitStill(session);
            recorded.add(png(session));
        }
        try (Dataset dataset = Dataset.openOrCreate(work.resolve("prelude"))) {
            put(dataset, "prelude", List.of("computer.terminate(status='success')"), slow, recorded);
            ReplayPolicy approved = new ReplayPolicy(Set.of("xterm"), Set.of(ReplayPolicy.hash(slow)), Set.of(), ReplayPolicy.Limits.DEFAULT);
            new ReplayOperation(dataset, new ReplayOperation.Options(List.of(), null, 0, work.resolve("replays-prelude")).with(approved))
                    .run(new Progress.Silent(false));
            StoredReplay replayed = dataset.replays().get("prelude");
            assertEquals(ReplayOperation.MATCHED, Json.MAPPER.readTree(replayed.details()).path("first_screen").path("verdict").asText(),
                    replayed.details());
        }
    }

    /** Waits until the screen has not changed for a second and a half (30 s at most: a busy machine draws slowly). */
    private static void awaitStill(ReplaySession session) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        java.awt.image.BufferedImage previous = session.grab();
        for (int still = 0; still < 6 && System.currentTimeMillis() < deadline;) {
            Thread.sleep(250);
            java.awt.image.BufferedImage grab = session.grab();
            still = ScreenComparison.compare(previous, grab, List.of()).matched() ? still + 1 : 0;
            previous = grab;
        }
    }

    @Test
    void aSetupReadsBackAsItWasWritten() throws Exception {
        Setup written = new Setup(1280, 800, new java.awt.Point(3, 4), List.of(new Setup.Application(List.of("~/bin/app", "--flag"), "~/work",
                Map.of("LANG", "C"), "App", "Title", new Setup.Window(1, 2, 300, 200), true)), List.of("pyautogui.press('enter')"));
        assertEquals(written, Setup.of(Json.MAPPER.readTree(written.json().toString())));
        // what approves a setup is its content, whatever order its variables came in
        java.util.LinkedHashMap<String, String> one = new java.util.LinkedHashMap<>(Map.of("PS1", "$ "));
        one.put("HOME", "~/p");
        java.util.LinkedHashMap<String, String> other = new java.util.LinkedHashMap<>(Map.of("HOME", "~/p"));
        other.put("PS1", "$ ");
        assertEquals(ReplayPolicy.hash(new Setup(10, 10, null, List.of(new Setup.Application(List.of("xterm"), null, one, "XTerm", null, null, true)),
                List.of())), ReplayPolicy.hash(new Setup(10, 10, null, List.of(new Setup.Application(List.of("xterm"), null, other, "XTerm", null,
                        null, true)), List.of())));
        assertEquals("/home/a/bin/app", Setup.inHome("~/bin/app", "/home/a"));
        assertEquals("~/bin/app", Setup.fromHome("/home/a/bin/app", "/home/a"));
        assertEquals("/home/ab/x", Setup.fromHome("/home/ab/x", "/home/a"));
    }
}
