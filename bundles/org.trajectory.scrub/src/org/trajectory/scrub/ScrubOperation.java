package org.trajectory.scrub;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javax.imageio.ImageIO;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetOperation;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.dataset.StoredScrub.Finding;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Digests;
import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;
import org.trajectory.scrub.internal.ScreenText;
import org.trajectory.scrub.internal.TaskScan;
import org.trajectory.vlm.Ocr;

/**
 * Finds the personal data in a dataset's tasks and proposes it for review: every text of each record, and every
 * screenshot as OCR reads it (twice, see {@link ScreenText}), are given to each detector; whatever was found anywhere in
 * a task is then looked for everywhere in it (an address read in step 3's screenshot is typed in step 5). Each task's
 * findings are stored with the content they were found in; a task scrubbed before keeps the review of every finding
 * found again and the boxes reviewers drew, and one whose content did not change since is skipped, so a scrub that was
 * stopped goes on where it stopped.
 *
 * @since 0.1
 */
public final class ScrubOperation extends DatasetOperation<ScrubOperation.Report> {

    /**
     * @param taskIds     the tasks to scrub; empty: all
     * @param detectors   the detectors' ids; empty: all
     * @param context     the contributor's identifiers and the region for national formats
     * @param screenshots whether screenshots are read (Tesseract must be installed) or only texts
     * @param again       scrub tasks whose content did not change since their last scrub too
     * @param oneReading  read each screenshot once, at its own size: faster, and blind to the small text the enlarged
     *                    second reading finds
     */
    public record Options(List<String> taskIds, List<String> detectors, Detector.Context context, boolean screenshots, boolean again,
            boolean oneReading) {
        public Options {
            taskIds = List.copyOf(taskIds);
            detectors = List.copyOf(detectors);
        }

        public Options(List<String> taskIds, List<String> detectors, Detector.Context context, boolean screenshots, boolean again) {
            this(taskIds, detectors, context, screenshots, again, false);
        }
    }

    /** One task's scrub: how many findings it has, how many await review; skipped when unchanged since its last scrub. */
    public record TaskResult(String taskId, int findings, int unreviewed, boolean skipped) {
    }

    /** What a run did. */
    public record Report(List<TaskResult> results, Map<String, Integer> kinds, int screenshots, int regionsReadAgain, double seconds,
            List<Problem> problems, boolean cancelled) implements org.trajectory.model.operation.Report {

        @Override
        public String summary() {
            long skipped = results.stream().filter(TaskResult::skipped).count();
            int found = kinds.values().stream().mapToInt(Integer::intValue).sum();
            int open = results.stream().mapToInt(TaskResult::unreviewed).sum();
            String kindsText = kinds.isEmpty() ? "" : " (" + String.join(", ", kinds.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).toList()) + ")";
            return "scrubbed " + Words.count(results.size() - skipped, "task") + (skipped > 0 ? ", " + skipped + " unchanged since their last scrub" : "")
                    + ": " + Words.count(found, "finding") + kindsText + " in " + Words.count(screenshots, "screenshot") + " and the texts; "
                    + open + " to review" + (cancelled ? " (cancelled: the tasks scrubbed so far are kept)" : "");
        }

        @Override
        public Map<String, Object> json() {
            List<Map<String, Object>> tasks = results.stream().map(r -> Json.fields("task_id", r.taskId(), "findings", r.findings(),
                    "unreviewed", r.unreviewed(), "skipped", r.skipped())).toList();
            return Json.fields("tasks", tasks, "kinds", kinds, "screenshots", screenshots, "regions_read_again", regionsReadAgain,
                    "seconds", seconds, "cancelled", cancelled);
        }
    }

    private final Options options;

    public ScrubOperation(Dataset dataset, Options options) {
        super(dataset, "Scrubbing personal data from " + dataset.address());
        this.options = options;
    }

    @Override
    public Report run(Progress progress) throws Exception {
        long start = System.nanoTime();
        List<Detectors.Descriptor> detectors = Detectors.get().choose(options.detectors());
        if (options.screenshots() && !Ocr.available()) {
            throw new IOException("Tesseract is not installed ('apt install tesseract-ocr'): screenshots cannot be read; install it, or scrub the texts only");
        }
        List<String> ids = options.taskIds().isEmpty() ? dataset.taskIds() : options.taskIds();
        // what a stored scrub was made with: the detectors, and a digest of what they were told (new identifiers scan again)
        List<String> detectorIds = new ArrayList<>(detectors.stream().map(Detectors.Descriptor::id).toList());
        detectorIds.add("context=" + Digests.sha256(String.join("\n", options.context().contributor()) + "\n"
                + options.context().region()).substring(0, 12));
        List<TaskResult> results = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        Map<String, Integer> kinds = new TreeMap<>();
        int screenshots = 0;
        int readAgain = 0;
        progress.begin(title(), ids.size(), "tasks");
        for (String id : ids) {
            if (progress.isCancelled()) {
                return new Report(results, kinds, screenshots, readAgain, seconds(start), problems, true);
            }
            progress.worked(1);
            if (!dataset.contains(id)) {
                problems.add(Problem.at(id, 0, "no task '" + id + "' in the dataset"));
                continue;
            }
            TaskDraft draft = dataset.draft(id);
            String contentHash = Dataset.contentHash(draft.task());
            StoredScrub before = dataset.scrub(id);
            if (!options.again() && before != null && before.contentHash().equals(contentHash) && before.detectors().equals(detectorIds)) {
                results.add(new TaskResult(id, before.findings().size(), before.unreviewed(), true));
                continue;
            }
            TaskScan scan = new TaskScan(draft.task(), detectors, options.context());
            if (options.screenshots()) {
                List<Integer> steps = new ArrayList<>();
                List<BufferedImage> screens = new ArrayList<>();
                for (int k = 0; k < draft.stepCount(); k++) {
                    BufferedImage screen = screen(draft, k, problems);
                    if (screen != null) {
                        steps.add(k);
                        screens.add(screen);
                    }
                }
                ScreenText.Reading reading = ScreenText.read(screens, !options.oneReading());
                for (int i = 0; i < steps.size(); i++) {
                    scan.screen(steps.get(i), reading.lines().get(i));
                }
                screenshots += screens.size();
                readAgain += reading.regionsReadAgain();
            }
            List<Finding> findings = reviewedAsBefore(scan.findings(), before);
            StoredScrub scrub = new StoredScrub(contentHash, detectorIds, Instant.now().toString(), findings);
            dataset.putScrub(id, scrub);
            findings.forEach(f -> kinds.merge(f.kind(), 1, Integer::sum));
            results.add(new TaskResult(id, findings.size(), scrub.unreviewed(), false));
        }
        return new Report(results, kinds, screenshots, readAgain, seconds(start), problems, false);
    }

    /** A step's screenshot, or null (with a problem) when it has none the dataset holds or it is no picture. */
    private BufferedImage screen(TaskDraft draft, int step, List<Problem> problems) throws IOException {
        String sha = draft.image(step);
        if (sha == null) {
            return null;
        }
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(dataset.images().read(sha)));
        if (image == null) {
            problems.add(new Problem(draft.taskId(), 0, step, "the screenshot is no picture ImageIO reads: it was not scrubbed"));
        }
        return image;
    }

    /** The new findings with the review the same finding had before, and the boxes reviewers drew. */
    static List<Finding> reviewedAsBefore(List<Finding> found, StoredScrub before) {
        if (before == null) {
            return found;
        }
        List<Finding> findings = new ArrayList<>();
        for (Finding finding : found) {
            findings.add(before.findings().stream().filter(finding::samePlace).findFirst().map(b -> finding.withState(b.state())).orElse(finding));
        }
        before.findings().stream().filter(f -> f.text() == null).forEach(findings::add);
        return findings;
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
