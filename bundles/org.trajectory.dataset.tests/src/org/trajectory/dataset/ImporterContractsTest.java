package org.trajectory.dataset;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.trajectory.catalog.Entry;
import org.trajectory.dataset.kit.ImporterContract;

/** The contract, for each importer the workbench ships, made through its catalogue. */
class ImporterContractsTest {

    /** OpenCUA's five AgentNetBench sample tasks, as published. */
    static final Path AGENTNETBENCH_SAMPLE = Path.of("../../../shared/fixtures/opencua-agentnetbench/sample_data").toAbsolutePath().normalize();

    @Nested
    class AgentNet extends ImporterContract {
        private static final String TASK = "{\"task_id\": \"%s\", \"instruction\": \"Open %s\", \"traj\": [{\"index\": 0, \"value\":"
                + " {\"code\": \"pyautogui.click(x=0.5, y=0.5)\"}}]}";

        @Override
        protected Entry<Importer> importer() {
            return Importers.get().named("agentnet");
        }

        @Override
        protected Path sample(Path into) throws Exception {
            return Files.write(into.resolve("tasks.jsonl"), List.of(TASK.formatted("a", "a"), TASK.formatted("b", "b"), TASK.formatted("c", "c")));
        }

        @Override
        protected int sampleTasks() {
            return 3;
        }

        @Override
        protected Path damaged(Path into) throws Exception {
            return Files.write(into.resolve("tasks.jsonl"), List.of(TASK.formatted("a", "a"), "{\"task_id\": \"b\", \"traj\": [", TASK.formatted("c", "c")));
        }
    }

    @Nested
    class AgentNetBench extends ImporterContract {
        @Override
        protected Entry<Importer> importer() {
            return Importers.get().named("agentnetbench");
        }

        @Override
        protected Path sample(Path into) throws Exception {
            try (var files = Files.list(AGENTNETBENCH_SAMPLE)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                    Files.copy(file, into.resolve(file.getFileName()));
                }
            }
            return into;
        }

        @Override
        protected int sampleTasks() {
            return 5;
        }

        @Override
        protected Path damaged(Path into) throws Exception {
            sample(into);
            try (var files = Files.list(into)) {
                Files.writeString(files.sorted().findFirst().orElseThrow(), "{\"task_id\": \"cut short\", \"steps\": [");
            }
            return into;
        }
    }

    @Nested
    class AgentDataProtocol extends ImporterContract {
        private static final String TRAJECTORY = "{\"schema_version\": \"1.2.0\", \"id\": \"%s\", \"content\": ["
                + "{\"class_\": \"text_observation\", \"content\": \"Open it\", \"source\": \"user\"},"
                + "{\"class_\": \"%s\", \"function\": \"click\", \"kwargs\": {\"x\": 0.5, \"y\": 0.5}, \"description\": \"\"}],"
                + " \"details\": {}}";

        @Override
        protected Entry<Importer> importer() {
            return Importers.get().named("adp");
        }

        @Override
        protected Path sample(Path into) throws Exception {
            return Files.writeString(into.resolve("sample_std.json"), "[" + String.join(",\n", TRAJECTORY.formatted("a", "api_action"),
                    TRAJECTORY.formatted("b", "api_action"), TRAJECTORY.formatted("c", "api_action")) + "]\n");
        }

        @Override
        protected int sampleTasks() {
            return 3;
        }

        @Override
        protected Path damaged(Path into) throws Exception {
            return Files.writeString(into.resolve("sample_std.json"), "[" + String.join(",\n", TRAJECTORY.formatted("a", "api_action"),
                    TRAJECTORY.formatted("b", "api_call"), TRAJECTORY.formatted("c", "api_action")) + "]\n");
        }
    }
}
