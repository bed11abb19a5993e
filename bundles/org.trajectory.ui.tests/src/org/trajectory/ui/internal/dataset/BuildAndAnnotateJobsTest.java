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
import org.trajectory.ui.internal.DatasetJobs;
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
