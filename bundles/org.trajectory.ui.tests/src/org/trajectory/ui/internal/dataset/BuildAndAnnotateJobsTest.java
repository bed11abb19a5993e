package org.trajectory.ui.internal.dataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.preference.IPreferenceNode;
import org.eclipse.ui.PlatformUI;

import org.junit.jupiter.api.Test;

import org.trajectory.builder.ReductionSettings;
import org.trajectory.builder.annotate.AnnotateOperation;
import org.trajectory.builder.annotate.OfflineAnnotator;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.recorder.kit.Recordings;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.UiWait;
import org.trajectory.ui.internal.WorkbenchTest;
import org.trajectory.ui.internal.preferences.ProviderPreferencePage;
import org.trajectory.vlm.Usage;

/** Build and Annotate as the workbench runs them: jobs on the open dataset; and a preference page per provider. */
class BuildAndAnnotateJobsTest extends WorkbenchTest {

    private void run(Job job) {
        job.schedule();
        while (job.getResult() == null) {
            if (!display.readAndDispatch()) {
                display.sleep();
            }
        }
        assertTrue(job.getResult().isOK(), job.getResult().toString());
    }

    /** Extract with "compare" on: the extraction, then its measure against what the recording's events build, as a job of its own. */
    @Test
    void anExtractionFromARecordingIsComparedWithItsEventsInAJobOfItsOwn() throws Exception {
        Path recording = Recordings.searchForCats(temp.resolve("recording"));
        Process ffmpeg = new ProcessBuilder("ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=1000x500:rate=10:duration=3",
                recording.resolve("video.mkv").toString()).inheritIO().start();
        assertEquals(0, ffmpeg.waitFor());
        Path dataset = temp.resolve("dataset");
        session().open(dataset, true);
        java.util.List<Job> comparisons = new java.util.concurrent.CopyOnWriteArrayList<>();
        org.eclipse.core.runtime.jobs.IJobChangeListener listener = new org.eclipse.core.runtime.jobs.JobChangeAdapter() {
            @Override
            public void done(org.eclipse.core.runtime.jobs.IJobChangeEvent event) {
                if (event.getJob().belongsTo(DatasetJobs.Kind.EVALUATE)) {
                    comparisons.add(event.getJob());
                }
            }
        };
        java.util.List<String> logged = new java.util.concurrent.CopyOnWriteArrayList<>(); // a report's problems go to the log
        org.eclipse.core.runtime.ILogListener log = (status, plugin) -> java.util.Arrays.stream(status.getChildren()).forEach(c -> logged.add(c.getMessage()));
        org.eclipse.core.runtime.Platform.addLogListener(log);
        Job.getJobManager().addJobChangeListener(listener);
        try {
            org.trajectory.extract.ExtractionMethods.Descriptor offline = org.trajectory.extract.ExtractionMethods.get().find("offline").orElseThrow();
            run(DatasetJobs.extractJob(new org.trajectory.dataset.DatasetAddress.Folder(dataset),
                    org.trajectory.extract.ExtractOperation.Input.of(recording, null), offline, null, new Usage(), true, null));
            UiWait.until(display, () -> !comparisons.isEmpty(), "the comparison with the recording's events ran");
        } finally {
            Job.getJobManager().removeJobChangeListener(listener);
            org.eclipse.core.runtime.Platform.removeLogListener(log);
        }
        Job comparison = comparisons.get(0);
        assertTrue(logged.stream().noneMatch(problem -> problem.contains("not compared")), logged.toString());
        assertTrue(comparison.getResult().isOK(), comparison.getResult().toString());
        assertTrue(comparison.getName().startsWith("Comparing 1 extraction with"), comparison.getName());
    }

    @Test
    void aRecordingIsBuiltAndAnnotatedIntoTheOpenDataset() throws Exception {
        Path recording = Files.createDirectories(temp.resolve("recording"));
        Files.writeString(recording.resolve("metadata.json"), "{\"screen_width\": 800, \"screen_height\": 600}");
        Files.writeString(recording.resolve("task_name.json"), "{\"task_name\": \"Open the menu\"}");
        Files.writeString(recording.resolve("events.jsonl"), """
                {"time_stamp": 1.0, "action": "click", "x": 400, "y": 300, "button": "right", "pressed": true}
                {"time_stamp": 1.1, "action": "click", "x": 400, "y": 300, "button": "right", "pressed": false}
                """);
        Path dataset = temp.resolve("dataset");
        session().open(dataset, true);
        run(DatasetJobs.buildJob(new org.trajectory.dataset.DatasetAddress.Folder(dataset), recording, ReductionSettings.DEFAULTS.withDoubleClickTime(display.getDoubleClickTime() / 1000.0),
                null));
        assertEquals(1, session().count(TaskQuery.ALL));
        run(DatasetJobs.annotateJob(new org.trajectory.dataset.DatasetAddress.Folder(dataset), new OfflineAnnotator(false), new Usage(), new AnnotateOperation.Options(2, null), org.trajectory.ui.internal.TaskScope.Chosen.ALL, null));
        try (var opened = org.trajectory.dataset.Dataset.open(dataset)) {
            String id = opened.page(TaskQuery.ALL, 0, 1).get(0).taskId();
            assertEquals("Right-click to open the context menu at (0.500, 0.500).",
                    opened.read(id).steps().get(0).text(org.trajectory.model.Step.ACTION));
        }
    }

    @Test
    void everyShippedProviderHasItsPreferencePage() {
        for (String id : new String[] { "openai", "anthropic", "gemini" }) {
            IPreferenceNode node = PlatformUI.getWorkbench().getPreferenceManager()
                    .find("org.trajectory.ui.preferences.models/org.trajectory.ui.preferences.models." + id);
            assertNotNull(node, id);
            node.createPage();
            assertTrue(node.getPage() instanceof ProviderPreferencePage, id);
            node.disposeResources();
        }
    }
}
