package org.trajectory.replay.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.StoredReplay;
import org.trajectory.dataset.ValidateOperation;
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
import org.trajectory.replay.SetupApprovals;
import org.trajectory.replay.internal.Performer;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Records made by someone who wants the curator's files, passwords or machine: their setups are refused with the
 * reason and nothing of them runs; what an allowed application is made to do runs in a sandbox that has no secret, no
 * network and none of the machine's files, and leaves nothing behind. The test's own process holds a secret variable
 * (set by this bundle's pom) that must not be readable inside.
 */
class HostileRecordsTest {

    private static final String SECRET_VARIABLE = "REPLAY_TEST_SECRET";

    @TempDir
    static Path temp;
    /** A folder of the curator's: nothing a replay does may appear in it. */
    static Path outside;

    @BeforeAll
    static void aPrivateDisplayCanStart() throws Exception {
        Environments.Descriptor xvfb = Environments.get().choose(null);
        Assumptions.assumeTrue(xvfb.environment().availability().available(), xvfb.environment().availability().reason());
        outside = Files.createDirectories(temp.resolve("curator"));
    }

    private static Setup.Application app(List<String> command, Map<String, String> variables) {
        return new Setup.Application(command, null, variables, "XTerm", null, null, true);
    }

    private static Setup setup(Setup.Application app) {
        return new Setup(640, 400, null, List.of(app), List.of());
    }

    private static void put(Dataset dataset, String id, Setup setup) throws Exception {
        ObjectNode record = Json.MAPPER.createObjectNode().put(Task.TASK_ID, id).put(Task.INSTRUCTION, "Nothing to see");
        record.set(Setup.FIELD, setup.json());
        record.withArray(Task.TRAJ).addObject().put("index", 0).putObject("value").put("code", "pyautogui.press('enter')");
        dataset.put(Task.of(record), java.util.Arrays.asList((byte[]) null), "test");
    }

    private static List<String> outsideFiles() throws Exception {
        try (Stream<Path> files = Files.walk(outside)) {
            return files.filter(Files::isRegularFile).map(Path::toString).toList();
        }
    }

    @Test
    void setupsThatNameAShellAPathOrALoaderVariableAreRefusedAndNothingRuns() throws Exception {
        String shell = "id > " + outside.resolve("by-shell");
        Map<String, Setup> hostile = Map.of(
                "shell", setup(app(List.of("sh", "-c", shell), Map.of())),
                "absolute", setup(app(List.of("/usr/bin/xterm", "-e", "sh", "-c", "touch " + outside.resolve("by-absolute")), Map.of())),
                "relative", setup(app(List.of("./xterm"), Map.of())),
                "preload", setup(app(List.of("xterm"), Map.of("LD_PRELOAD", outside.resolve("evil.so").toString()))),
                "unapproved", setup(app(List.of("xterm", "-e", "sh", "-c", "touch " + outside.resolve("by-unapproved")), Map.of())));
        // every setup but the last approved by hash: the rules refuse them, not only the missing approval
        Set<String> approved = hostile.entrySet().stream().filter(e -> !e.getKey().equals("unapproved")).map(e -> ReplayPolicy.hash(e.getValue()))
                .collect(java.util.stream.Collectors.toSet());
        ReplayPolicy policy = new ReplayPolicy(Set.of("xterm"), approved, Set.of(), ReplayPolicy.Limits.DEFAULT);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("hostile"))) {
            for (Map.Entry<String, Setup> task : hostile.entrySet()) {
                put(dataset, task.getKey(), task.getValue());
            }
            ReplayOperation.Report report = new ReplayOperation(dataset, new ReplayOperation.Options(List.of(), null, 0, temp.resolve("work"))
                    .with(policy)).run(Progress.NONE);
            assertEquals("replayed 5 tasks: 0 to the end, 0 diverged, 5 could not start", report.summary());
            Map<String, String> why = new java.util.TreeMap<>();
            for (ReplayOperation.TaskResult result : report.results()) {
                assertEquals(StoredReplay.NOT_STARTED, result.outcome());
                why.put(result.taskId(), result.message());
            }
            assertTrue(why.get("shell").contains("'sh' runs code given to it"), why.toString());
            assertTrue(why.get("absolute").contains("'/usr/bin/xterm' is not a program's name"), why.toString());
            assertTrue(why.get("relative").contains("'./xterm' is not a program's name"), why.toString());
            assertTrue(why.get("preload").contains("sets LD_PRELOAD, which a replay never passes"), why.toString());
            assertTrue(why.get("unapproved").contains("comes from outside this machine and was not approved"), why.toString());

            // what the window asks: the one setup a curator may approve, and why the others never run here
            SetupApprovals asked = SetupApprovals.of(dataset, List.of(), policy);
            assertEquals(Set.of("unapproved"), asked.pending().keySet());
            assertEquals(List.of("xterm -e sh -c touch " + outside.resolve("by-unapproved")), asked.commands());
            assertEquals(Set.of("shell", "absolute", "relative", "preload"), asked.refused().keySet(), asked.refused().toString());

            // validate says it before anyone replays: this machine approved none of them
            ValidateOperation.Report validated = new ValidateOperation(dataset).run(Progress.NONE);
            assertEquals(5, validated.findings().stream().filter(f -> f.check().equals("setup") && f.problem().message().contains("a replay would not start it"))
                    .map(f -> f.problem().source()).distinct().count(), validated.findings().toString());
        }
        assertEquals(List.of(), outsideFiles(), "nothing ran");
    }

    /**
     * An allowed terminal, made by its steps to read the secret, list the machine and write outside: inside the sandbox
     * there is no secret to read, no file of the curator's to reach, and the temporary home is gone once it closes.
     */
    @Test
    void whatAnAllowedTerminalIsMadeToTypeStaysInsideTheSandbox() throws Exception {
        assertTrue(System.getenv(SECRET_VARIABLE) != null, "the test process holds the secret (this bundle's pom sets it)");
        Setup terminal = setup(app(List.of("xterm", "-geometry", "80x10+0+0", "-e", "bash", "--norc", "--noprofile", "-i"), Map.of("PS1", "$ ")));
        Path work = temp.resolve("typed");
        String typed = "echo \"s=$" + SECRET_VARIABLE + "\" > ~/secret; env > ~/env; ls / > ~/root; find /var > ~/var; ls " + temp + " > ~/temp 2>&1;"
                + " echo pwned > " + outside.resolve("by-typing") + "; (echo > /dev/tcp/127.0.0.1/5432) 2> ~/network; touch ~/done";
        try (Desktop desktop = Environments.get().choose(null).environment().start(terminal, work);
                ReplaySession session = ReplayBackends.get().open(desktop)) {
            Performer performer = new Performer(session);
            for (Action action : ActionParser.parse("pyautogui.write(message=" + org.trajectory.model.action.ActionPrinter.quote(typed)
                    + ")\npyautogui.press('enter')").actions()) {
                performer.perform(action);
            }
            Path home = work.resolve("home");
            for (int i = 0; i < 200 && !Files.exists(home.resolve("done")); i++) {
                Thread.sleep(50);
            }
            assertTrue(Files.exists(home.resolve("done")), "the typed command ran in the sandbox's home");
            assertEquals("s=", Files.readString(home.resolve("secret")).strip(), "no secret inside");
            String env = Files.readString(home.resolve("env"));
            assertFalse(env.contains(SECRET_VARIABLE) || env.contains("hunter2"), env);
            assertTrue(env.contains("HOME=/home/replay"), env);
            List<String> root = Files.readAllLines(home.resolve("root"));
            assertFalse(root.contains("root") || root.contains("work") || root.contains("srv") || root.contains("opt"), "the machine's own folders: " + root);
            assertEquals(List.of("/var", "/var/cache", "/var/cache/fontconfig"), Files.readAllLines(home.resolve("var")).stream()
                    .filter(line -> !line.startsWith("/var/cache/fontconfig/")).toList(), "of /var, only the font cache");
            assertTrue(Files.readString(home.resolve("temp")).contains("No such file"), "the curator's folders are not there");
            assertFalse(Files.readString(home.resolve("network")).isBlank(), "no network: the connection failed");
        }
        assertFalse(Files.exists(work.resolve("home")), "the temporary home is deleted");
        assertEquals(List.of(), outsideFiles());
    }

    /** A replay on the person's own screen stops as soon as the pointer is pushed into a corner, in the middle of a long step. */
    @Test
    void aReplayOnTheOwnScreenStopsWhenThePointerReachesACorner() throws Exception {
        Assumptions.assumeTrue(System.getenv("DISPLAY") != null, "an X screen of the test's own");
        ReplayPolicy policy = new ReplayPolicy(Set.of(), Set.of(), Set.of(), ReplayPolicy.Limits.DEFAULT);
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("own"))) {
            ObjectNode record = Json.MAPPER.createObjectNode().put(Task.TASK_ID, "long").put(Task.INSTRUCTION, "Wait").put("screen_width", 100)
                    .put("screen_height", 100);
            record.withArray(Task.TRAJ).addObject().put("index", 0).putObject("value").put("code", "pyautogui.sleep(25)");
            dataset.put(Task.of(record), java.util.Arrays.asList((byte[]) null), "test");
            xdotool("mousemove", "300", "300");
            CompletableFuture<ReplayOperation.Report> replay = CompletableFuture.supplyAsync(() -> {
                try {
                    return new ReplayOperation(dataset, new ReplayOperation.Options(List.of(), "desktop", 0, temp.resolve("own-work")).with(policy))
                            .run(Progress.NONE);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            Thread.sleep(1500);
            long pushed = System.nanoTime();
            xdotool("mousemove", "0", "0");
            ReplayOperation.Report report = replay.get(20, TimeUnit.SECONDS);
            long stoppedAfter = (System.nanoTime() - pushed) / 1_000_000;
            System.out.println("own-screen replay stopped " + stoppedAfter + " ms after the pointer reached the corner");
            String message = report.results().get(0).message();
            assertTrue(message.contains("the pointer was pushed into a screen corner"), message);
            assertTrue(stoppedAfter < 10_000, "stopped inside the 25 s step, not after it: " + stoppedAfter + " ms");
        }
    }

    @Test
    void aStepBeyondItsLimitsIsNotPerformed() throws Exception {
        Performer performer = new Performer(null, new ReplayPolicy.Limits(10, 50, 60, 600), Performer.Watch.NONE);
        assertTrue(performer.beyondLimits(ActionParser.parse("pyautogui.write(message='" + "x".repeat(51) + "')").actions())
                .contains("types 51 characters, more than the 50"));
        assertTrue(performer.beyondLimits(ActionParser.parse("pyautogui.press('backspace', presses=11)").actions())
                .contains("presses 11 keys, more than the 10"));
        assertEquals(null, performer.beyondLimits(ActionParser.parse("pyautogui.press('a', presses=10)").actions()));
    }

    private static void xdotool(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("xdotool"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0, "xdotool " + String.join(" ", args));
    }
}
