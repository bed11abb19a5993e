package org.trajectory.builder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.dataset.Dataset;
import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Item;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.model.operation.Report;

/**
 * Builds recordings into trajectories of a dataset, one after the other: a recording that cannot be built is a problem
 * of the report, and the others still build. Each build replaces the task the same recording made before.
 *
 * @since 0.1
 */
public final class BuildOperation implements Operation<BuildOperation.Built> {

    private final TrajectoryBuilder builder;
    private final List<Path> recordings;
    private final Dataset dataset;

    public BuildOperation(ReductionSettings settings, List<Path> recordings, Dataset dataset) {
        this.builder = new TrajectoryBuilder(settings);
        this.recordings = List.copyOf(recordings);
        this.dataset = dataset;
    }

    /**
     * What the builds made: each recording's result, what went wrong (doubts of a build, recordings that failed), and
     * each recording's outcome by the name it was given.
     */
    public record Built(Map<Path, TrajectoryBuilder.Result> results, List<Problem> problems, int failed, Map<String, Item> items, boolean cancelled)
            implements Report {

        @Override
        public String summary() {
            if (results.size() == 1 && failed == 0) {
                Map.Entry<Path, TrajectoryBuilder.Result> only = results.entrySet().iterator().next();
                return only.getValue().summary(only.getKey().toString()) + (only.getValue().clean() ? "" : " (see them with validate)");
            }
            long doubtful = results.values().stream().filter(r -> !r.clean()).count();
            return "built " + results.size() + (results.size() == 1 ? " trajectory" : " trajectories") + (failed == 0 ? "" : ", " + failed + " failed")
                    + (doubtful == 0 ? "" : ", " + doubtful + " with doubts (see them with validate)");
        }

        @Override
        public Map<String, Object> json() {
            List<Map<String, Object>> built = new ArrayList<>();
            results.forEach((recording, result) -> {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("recording", recording.toString());
                line.putAll(result.json());
                built.add(line);
            });
            return Json.fields("built", built, "failed", failed, "cancelled", cancelled);
        }

        /** A recording that built with doubts built, but is not clean: commands exit 1 on it. */
        @Override
        public boolean succeeded() {
            return failed == 0 && !cancelled && results.values().stream().allMatch(TrajectoryBuilder.Result::clean);
        }
    }

    @Override
    public String title() {
        return recordings.size() == 1 ? "Building a trajectory from " + recordings.get(0).getFileName()
                : "Building " + Words.count(recordings.size(), "recording");
    }

    @Override
    public Set<String> exclusive() {
        Set<String> names = new LinkedHashSet<>();
        names.add(dataset.address().exclusive());
        recordings.forEach(r -> names.add(Operation.folder(r)));
        return names;
    }

    @Override
    public Built run(Progress progress) throws Exception {
        Map<Path, TrajectoryBuilder.Result> results = new LinkedHashMap<>();
        List<Problem> problems = new ArrayList<>();
        Map<String, Item> items = new LinkedHashMap<>();
        int failed = 0;
        for (Path recording : recordings) {
            if (progress.isCancelled()) {
                return new Built(results, problems, failed, items, true);
            }
            try {
                TrajectoryBuilder.Result result = builder.build(recording, dataset, progress);
                results.put(recording, result);
                result.warnings().forEach(w -> problems.add(Problem.at(recording.toString(), 0, w)));
                items.put(recording.toString(), Item.done(result.summary(recording.getFileName().toString())));
            } catch (IOException e) {
                failed++;
                String message = String.valueOf(e.getMessage());
                // a message that names the recording already is not prefixed twice
                problems.add(message.startsWith(recording.toString()) ? Problem.at("", 0, message) : Problem.at(recording.toString(), 0, message));
                items.put(recording.toString(), Item.failed(message));
            }
        }
        return new Built(results, problems, failed, items, false);
    }
}
