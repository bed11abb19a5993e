package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.kit.PostgresServer;

/** Many workers on one server dataset's queue: none does an item twice, none loses one, a killed one's work is taken over. */
class QueueWorkersTest {

    private static final long LEASE_MS = 3000;

    @TempDir
    Path temp;

    @Test
    void threeWorkersOneKilledHalfwayEveryItemDoneOnceByTheOthersWithinTheLease() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String database = server.createDatabase();
        DatasetAddress address = server.address(PostgresServer.ADMIN, database, temp.resolve("images"));
        List<String> items = IntStream.range(0, 30).mapToObj(i -> String.format("item-%02d", i)).toList();
        try (Dataset dataset = Dataset.openOrCreate(address); WorkQueue queue = dataset.workQueue()) {
            assertEquals(30, queue.enqueue("store", items, false, "test"));
            assertEquals(0, queue.enqueue("store", items, false, "test"), "an item is in the queue once");
        }
        List<Process> workers = new ArrayList<>();
        for (String name : List.of("w1", "w2", "w3")) {
            workers.add(ChildJvm.of(WorkerProcess.class, address.spec(), name, Long.toString(LEASE_MS), "150")
                    .redirectOutput(temp.resolve(name + ".log").toFile()).start());
        }
        try (Connection admin = server.connect(database)) {
            long deadline = System.currentTimeMillis() + 120_000;
            while (count(admin, "state = 'done'") < 15 && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            int held = count(admin, "state = 'claimed' AND worker = 'w1'");
            assertTrue(workers.get(0).isAlive(), "w1 was still working when killed: " + Files.readString(temp.resolve("w1.log")));
            workers.get(0).destroyForcibly(); // SIGKILL on Linux: no goodbye, its claims stay until the lease runs out
            long killed = System.currentTimeMillis();
            for (Process worker : workers) {
                assertTrue(worker.waitFor(120, TimeUnit.SECONDS), "a worker did not end");
            }
            long finished = System.currentTimeMillis();

            assertEquals(30, count(admin, "state = 'done'"), "every item done: " + logs());
            assertEquals(0, count(admin, "state <> 'done'"));
            assertEquals("30", one(admin, "SELECT count(*) FROM trajectories"));
            Map<String, Integer> byWorker = doneBy(admin);
            int reported = 0;
            for (String name : List.of("w2", "w3")) {
                String log = Files.readString(temp.resolve(name + ".log"));
                String report = log.lines().filter(line -> line.startsWith("{")).reduce((a, b) -> b).orElseThrow();
                int done = org.trajectory.model.Json.MAPPER.readTree(report).path("done").asInt();
                assertEquals(byWorker.getOrDefault(name, 0), done, name + " says what the queue recorded of it: " + log);
                reported += done;
            }
            assertEquals(30, reported + byWorker.getOrDefault("w1", 0), "each item recorded done by one worker: " + byWorker);
            assertTrue(byWorker.get("w2") > 0 && byWorker.get("w3") > 0, "both survivors worked: " + byWorker);
            if (held > 0) {
                assertTrue(count(admin, "attempts > 1") >= 1, "the killed worker's items were taken over");
                assertTrue(finished - killed < LEASE_MS + 15_000, "taken over soon after the lease ran out: " + (finished - killed) + " ms");
            }
        }
    }

    @Test
    void aFailedItemIsSaidWithItsReasonAndRetriedAWorkerWaitsForAnotherOnesBatch() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String database = server.createDatabase();
        DatasetAddress address = server.address(PostgresServer.ADMIN, database, temp.resolve("images"));
        try (Dataset dataset = Dataset.openOrCreate(address); WorkQueue queue = dataset.workQueue()) {
            queue.enqueue("store", List.of("a", "bad-b"), false, "test");
            List<WorkQueue.Item> held = queue.claim("store", "other", 1, Duration.ofSeconds(2));
            assertEquals(List.of("a"), held.stream().map(WorkQueue.Item::subject).toList());
            assertTrue(queue.heldElsewhere("store", "me") > 0);
            assertEquals(-1, queue.heldElsewhere("store", "other"), "its own claims are not another's");
            assertFalse(queue.finish(new WorkQueue.Item(held.get(0).id(), "store", "a", 1), "me", "v1", "x"), "only the holder finishes");

            // "me" works: takes bad-b, fails it, then waits for "other"'s lease to run out and does "a" itself
            Process worker = ChildJvm.of(WorkerProcess.class, address.spec(), "me", "2000", "10").redirectOutput(temp.resolve("me.log").toFile())
                    .start();
            assertTrue(worker.waitFor(60, TimeUnit.SECONDS));
            WorkQueue.Status status = queue.status();
            assertEquals(List.of(new WorkQueue.Counts("store", 0, 0, 1, 1, 0)), status.operations(), Files.readString(temp.resolve("me.log")));
            assertEquals("it is bad", status.failed().get(0).outcome());
            assertFalse(queue.finish(held.get(0), "other", "v1", "late"), "a lease taken over: the late finish is not recorded");
            assertEquals(2, queue.status().workers().stream().filter(w -> w.worker().equals("me")).findFirst().orElseThrow().done()
                    + queue.status().workers().stream().filter(w -> w.worker().equals("me")).findFirst().orElseThrow().failed());

            assertEquals(1, queue.retry(List.of(), "store"));
            assertEquals(new WorkQueue.Counts("store", 1, 0, 1, 0, 0), queue.status().operations().get(0));
            assertEquals(1, queue.enqueue("store", List.of("a"), true, "test"), "--again puts a done item back");
            assertEquals(0, queue.enqueue("store", List.of("a"), true, "test"), "... once: it waits now");
        }
    }

    private static Map<String, Integer> doneBy(Connection admin) throws SQLException {
        Map<String, Integer> done = new TreeMap<>();
        try (Statement statement = admin.createStatement();
                ResultSet rows = statement.executeQuery("SELECT worker, count(*) FROM work_items WHERE state = 'done' GROUP BY worker")) {
            while (rows.next()) {
                done.put(rows.getString(1), rows.getInt(2));
            }
        }
        return done;
    }

    private String logs() throws java.io.IOException {
        StringBuilder all = new StringBuilder();
        for (String name : List.of("w1", "w2", "w3")) {
            all.append(name).append(": ").append(Files.readString(temp.resolve(name + ".log"))).append('\n');
        }
        return all.toString();
    }

    private static int count(Connection admin, String where) throws SQLException {
        return Integer.parseInt(one(admin, "SELECT count(*) FROM work_items WHERE " + where));
    }

    private static String one(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(sql)) {
            row.next();
            return row.getString(1);
        }
    }
}
