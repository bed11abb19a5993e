package org.trajectory.builder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.evaluation.AgentNetBench;
import org.trajectory.evaluation.EmbeddingSimilarity;
import org.trajectory.evaluation.EvaluateOperation;
import org.trajectory.evaluation.EvaluationReport;
import org.trajectory.evaluation.Sharingan;
import org.trajectory.model.Folders;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Operation;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.RecordingFolder;

/**
 * Measures trajectories extracted from recordings' videos alone against the truth their events give: each recording
 * is built from its events (into a dataset of its own, removed after) and evaluate's metrics compare the two, with
 * evaluate's defaults. {@code extract --compare} and the window's Extract both run it.
 *
 * @since 0.1
 */
public final class EventsComparisonOperation implements Operation<EvaluationReport> {

    private final DatasetAddress dataset;
    private final Map<Path, String> extracted;

    /**
     * @param dataset   the dataset the extracted tasks are in
     * @param extracted each recording folder (or the video in it) and the id of the task extracted from its video
     */
    public EventsComparisonOperation(DatasetAddress dataset, Map<Path, String> extracted) {
        this.dataset = dataset;
        this.extracted = Map.copyOf(extracted);
    }

    @Override
    public String title() {
        return "Comparing " + Words.count(extracted.size(), "extraction") + " with what their recordings' events build";
    }

    /** The recording with events that {@code videoOrFolder} is (or whose video it is), or null. */
    public static Path recordingOf(Path videoOrFolder) {
        Path folder = Files.isDirectory(videoOrFolder) ? videoOrFolder : videoOrFolder.toAbsolutePath().getParent();
        return folder != null && Files.isRegularFile(folder.resolve(RecordingFolder.EVENTS)) ? folder : null;
    }

    @Override
    public EvaluationReport run(Progress progress) throws IOException, SQLException, InterruptedException {
        Path temp = Files.createTempDirectory("tw-compare");
        try {
            List<String> notCompared = new ArrayList<>();
            Map<String, String> mapping = new LinkedHashMap<>();
            try (Dataset built = Dataset.openOrCreate(temp)) {
                TrajectoryBuilder builder = new TrajectoryBuilder(ReductionSettings.DEFAULTS);
                progress.begin("Building the recordings from their events", extracted.size(), "recordings");
                for (Map.Entry<Path, String> each : extracted.entrySet()) {
                    progress.worked(1);
                    Path folder = recordingOf(each.getKey());
                    if (folder == null) {
                        notCompared.add(each.getKey() + ": not in a recording with events, so not compared");
                        continue;
                    }
                    try {
                        mapping.put(builder.build(folder, built, Progress.NONE).task().taskId(), each.getValue());
                    } catch (IOException unbuildable) { // one recording's fault; the others are still compared
                        notCompared.add(each.getKey() + ": not compared, its events could not be built: " + unbuildable.getMessage());
                    }
                }
            }
            EvaluateOperation.Options options = new EvaluateOperation.Options(new DatasetAddress.Folder(temp), dataset, mapping,
                    Sharingan.DEFAULT_THRESHOLD, AgentNetBench.DEFAULT, Runtime.getRuntime().availableProcessors());
            try (EmbeddingSimilarity similarity = EmbeddingSimilarity.load()) {
                EvaluationReport report = new EvaluateOperation(options, similarity).run(progress);
                notCompared.addAll(report.unread());
                // the dataset's other tasks were never asked about: they are not predictions without a reference
                return new EvaluationReport(report.tasks(), report.referenceOnly(), List.of(), notCompared, report.threshold(), report.version());
            }
        } finally {
            Folders.deleteTree(temp);
        }
    }
}
