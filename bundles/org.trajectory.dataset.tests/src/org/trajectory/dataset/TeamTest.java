package org.trajectory.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.dataset.kit.Engines;
import org.trajectory.dataset.kit.PostgresServer;
import org.trajectory.model.Step;
import org.trajectory.model.operation.Progress;

/** A team on one dataset: assignment, each reviewer's verdicts, agreement, and on a server the roles the server enforces. */
class TeamTest {

    @TempDir
    Path temp;

    private static final ReviewState A = ReviewState.APPROVED;
    private static final ReviewState R = ReviewState.REJECTED;

    private DatasetAddress tenTasks(DatasetAddress address) throws Exception {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            lines.append("{\"task_id\":\"t").append(i).append("\",\"instruction\":\"do ").append(i)
                    .append("\",\"traj\":[{\"index\":0,\"value\":{\"code\":\"pyautogui.press('a')\"}}]}\n");
        }
        Path jsonl = temp.resolve("ten.jsonl");
        Files.writeString(jsonl, lines);
        try (Dataset dataset = Dataset.openOrCreate(address)) {
            new ImportOperation(dataset, jsonl, ImageSource.none()).run(Progress.NONE);
        }
        return address;
    }

    @Test
    void onAFolderTasksAreAssignedRoundRobinAndVerdictsKeptPerReviewer() throws Exception {
        DatasetAddress address = tenTasks(Engines.sqlite().newDataset(temp, "ds"));
        try (Dataset dataset = Dataset.open(address)) {
            assertEquals(3 + 18, dataset.teamReview().assign(List.of("alice", "bob", "carol"), 2, Map.of("t0", A)));
            assertEquals(List.of("t0", "t1", "t2", "t4", "t5", "t7", "t8"), dataset.teamReview().queue("alice"));
            assertEquals(7, dataset.teamReview().queue("bob").size());
            assertEquals(7, dataset.teamReview().queue("carol").size());
            dataset.teamReview().assign(List.of("alice", "bob", "carol"), 2, Map.of("t0", A));
            assertEquals(List.of("t0", "t1", "t2", "t4", "t5", "t7", "t8"), dataset.teamReview().queue("alice"), "the same call, the same queues");

            dataset.signAs("alice");
            dataset.teamReview().judge("t0", A, null);
            dataset.teamReview().judge("t1", A, "fine");
            dataset.signAs("bob");
            dataset.teamReview().judge("t0", R, "the click misses");
            dataset.teamReview().judge("t1", A, null);
            assertEquals(List.of("t2", "t4", "t5", "t7", "t8"), dataset.teamReview().queue("alice"), "judged tasks leave one's queue");
            assertEquals(Map.of("alice", new Dataset.Workload(7, 2), "bob", new Dataset.Workload(7, 2), "carol", new Dataset.Workload(7, 0)),
                    dataset.teamReview().workload());

            Dataset.Verdicts judged = dataset.teamReview().verdicts();
            assertEquals(Map.of("t0", A), judged.gold());
            assertEquals(java.util.Set.of(new Dataset.Verdict("t0", "alice", A), new Dataset.Verdict("t1", "alice", A),
                    new Dataset.Verdict("t0", "bob", R), new Dataset.Verdict("t1", "bob", A)), java.util.Set.copyOf(judged.verdicts()));
            assertNull(judged.finals().get("t0"));
            dataset.reviews().set("t0", R, "curator", "settled");
            assertEquals(R, dataset.teamReview().verdicts().finals().get("t0"), "a curator's decision settles the task");
            assertTrue(dataset.history("t0").stream().anyMatch(e -> e.what().equals("verdict") && e.by().equals("bob")
                    && e.after().equals("rejected: the click misses")));
            assertThrows(IllegalStateException.class, dataset::members, "a folder has no roles");
        }
    }

    @Test
    void onAServerTheServerEnforcesTheRoles() throws Exception {
        PostgresServer server = PostgresServer.shared();
        String database = server.createDatabase();
        Path images = temp.resolve("images");
        tenTasks(server.address(PostgresServer.ADMIN, database, images));
        String alice = database + "_alice";
        String bob = database + "_bob";
        String dave = database + "_dave";
        String carol = database + "_carol";
        for (String login : List.of(alice, bob, dave, carol)) {
            server.createUser(login);
        }
        try (Dataset admin = Dataset.open(server.address(PostgresServer.ADMIN, database, images))) {
            admin.grant(alice, TeamRoles.Role.REVIEWER);
            admin.grant(bob, TeamRoles.Role.REVIEWER);
            admin.grant(dave, TeamRoles.Role.VIEWER);
            admin.grant(carol, TeamRoles.Role.CURATOR);
            assertEquals(Map.of(alice, TeamRoles.Role.REVIEWER, bob, TeamRoles.Role.REVIEWER, dave, TeamRoles.Role.VIEWER, carol,
                    TeamRoles.Role.CURATOR), admin.members());
            admin.teamReview().assign(List.of(alice, bob), 1, Map.of());
        }
        try (Dataset asAlice = Dataset.open(server.address(alice, database, images));
                Dataset asDave = Dataset.open(server.address(dave, database, images))) {
            assertEquals(alice, asAlice.user());
            List<String> mine = asAlice.teamReview().queue(alice);
            assertEquals(List.of("t0", "t2", "t4", "t6", "t8"), mine);
            asAlice.teamReview().judge("t0", A, "fine");
            asAlice.reviews().set("t0", A, alice, "fine");
            TaskDraft edited = asAlice.save(asAlice.draft("t2").withStepText(0, Step.THOUGHT, "Press a"));
            assertEquals(2, edited.version());

            SQLException notHers = assertThrows(SQLException.class, () -> asAlice.save(asAlice.draft("t1").withStepText(0, Step.THOUGHT, "x")));
            assertTrue(notHers.getMessage().contains("it is not assigned to you"), notHers.getMessage());
            assertThrows(SQLException.class, () -> asAlice.teamReview().judge("t1", R, null), "a verdict on a task of someone else's");
            assertThrows(SQLException.class, () -> asAlice.grant(alice, TeamRoles.Role.CURATOR), "a reviewer cannot make herself curator");

            SQLException viewer = assertThrows(SQLException.class, () -> asDave.reviews().set("t3", R, dave, "no"));
            assertEquals("42501", viewer.getSQLState(), viewer.getMessage());
            assertEquals(ReviewState.APPROVED, asDave.reviews().of("t0").state(), "a viewer reads everything");
            assertEquals("Press a", asDave.draft("t2").stepText(0, Step.THOUGHT));
        }
        // A curator who does not own the dataset imports under row security, where the server refuses COPY.
        Path more = Files.writeString(temp.resolve("more.jsonl"),
                "{\"task_id\":\"t10\",\"instruction\":\"do 10\",\"traj\":[{\"index\":0,\"value\":{\"code\":\"pyautogui.press('a')\"}}]}\n");
        try (Dataset asCarol = Dataset.open(server.address(carol, database, images))) {
            assertEquals(1, new ImportOperation(asCarol, more, ImageSource.none()).run(Progress.NONE).imported());
            assertEquals(1, asCarol.draft("t10").stepCount());
        }
    }
}
