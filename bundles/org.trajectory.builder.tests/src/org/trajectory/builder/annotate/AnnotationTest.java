package org.trajectory.builder.annotate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.trajectory.builder.PeerRecordings;
import org.trajectory.builder.ReductionSettings;
import org.trajectory.builder.TrajectoryBuilder;
import org.trajectory.builder.annotate.internal.Notes;
import org.trajectory.builder.annotate.internal.StepView;
import org.trajectory.dataset.Dataset;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Progress;
import org.trajectory.vlm.ProviderConfig;
import org.trajectory.vlm.Retrying;
import org.trajectory.vlm.Usage;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmProvider;
import org.trajectory.vlm.VlmProviders;
import org.trajectory.vlm.VlmRequest;
import org.trajectory.vlm.VlmResponse;
import org.trajectory.vlm.prompt.Markers;
import org.trajectory.vlm.prompt.ModelJson;
import org.trajectory.vlm.prompt.Prompts;
import org.trajectory.vlm.prompt.Replies;

/**
 * The annotation pipeline over a built trajectory, with a provider that answers by a script (the wire formats are
 * tested against a real server in org.trajectory.vlm.tests): what each role is shown, strict JSON with one repair,
 * resume, cancel, and an authentication failure that stops the run.
 */
class AnnotationTest {

    static final String DESCRIBED = "{\"observation\": \"A test pattern.\", \"thought\": \"I act.\", \"action\": \"Click the middle.\"}";
    static final String REFLECTED = "{\"reflection\": \"It worked.\", \"last_step_correct\": true, \"last_step_redundant\": false}";
    static final String SUMMARY = "{\"natural_language_task\": \"Save the note.\", \"actual_task\": \"Typed ok and saved.\","
            + " \"alignment_score\": 9, \"efficiency_score\": 8, \"task_difficulty\": 2, \"task_completed\": true, \"reason\": \"Saved.\"}";

    /** Answers each role from its system text; keeps every request. */
    static final class ScriptedProvider implements VlmProvider {
        final List<VlmRequest> requests = new CopyOnWriteArrayList<>();
        final Deque<String> generatorOverrides = new ConcurrentLinkedDeque<>();
        Function<VlmRequest, String> answer = request -> {
            String system = request.messages().get(0).text();
            return system.contains("judge whether") ? REFLECTED
                    : system.contains("You summarize") ? SUMMARY : DESCRIBED;
        };

        @Override
        public VlmResponse complete(VlmRequest request, ProviderConfig config) throws VlmException {
            requests.add(request);
            String system = request.messages().get(0).text();
            if (system.contains("You annotate")) {
                String override = generatorOverrides.poll();
                if (override != null) {
                    if (override.equals("AUTH")) {
                        throw new VlmException(VlmException.Kind.AUTH, "invalid key");
                    }
                    return new VlmResponse(override, new VlmResponse.Usage(10, 5, null));
                }
            }
            return new VlmResponse(answer.apply(request), new VlmResponse.Usage(100, 20, 0.001));
        }

        long count(String systemPart) {
            return requests.stream().filter(r -> r.messages().get(0).text().contains(systemPart)).count();
        }
    }

    static Path built(Path temp, Dataset dataset) throws Exception {
        Path recording = PeerRecordings.write(temp.resolve("recording"));
        return Path.of(new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(recording, dataset, Progress.NONE).task().taskId());
    }

    static AnnotateOperation.Report annotate(Dataset dataset, ScriptedProvider provider, Progress progress) throws Exception {
        Retrying model = new Retrying(provider, new ProviderConfig("http://unused", "scripted", null), Retrying.Policy.DEFAULT, new Usage());
        return new AnnotateOperation(dataset, new ModelAnnotator(model, new Prompts(null, ModelAnnotator.class)), new AnnotateOperation.Options(4, null)).run(progress);
    }

    @Test
    void everyStepIsDescribedAndReflectedAndTheTaskSummarized(@TempDir Path temp) throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            String id = built(temp, dataset).toString();
            ScriptedProvider provider = new ScriptedProvider();
            AnnotateOperation.Report report = annotate(dataset, provider, Progress.NONE);
            assertEquals(4, report.described());
            assertEquals(3, report.reflected(), "every step but the first judges the one before it");
            assertEquals(1, report.summarized());
            assertEquals(0, report.failed(), report.failures().toString());
            Task task = dataset.read(id);
            for (Step step : task.steps()) {
                assertEquals("A test pattern.", step.text(Step.OBSERVATION));
                assertEquals("Click the middle.", step.text(Step.ACTION));
            }
            assertNull(task.steps().get(0).text(Step.REFLECTION));
            assertEquals("It worked.", task.steps().get(1).text(Step.REFLECTION));
            assertTrue(task.steps().get(1).json().path(Step.VALUE).path(Step.LAST_STEP_CORRECT).booleanValue());
            assertEquals("Save the note.", task.text(Task.NATURAL_LANGUAGE_TASK));
            assertEquals(9.0, task.number(Task.ALIGNMENT_SCORE));
            assertEquals(Boolean.TRUE, task.taskCompleted());
            assertTrue(task.text(Task.ANNOTATED_BY).matches("model scripted, prompts [0-9a-f]{12}"), "who wrote it: " + task.text(Task.ANNOTATED_BY));

            VlmRequest click = provider.requests.stream().filter(r -> r.messages().get(1).text().contains("normalized to [0,1]:\npyautogui.click")
                    && r.messages().get(0).text().contains("You annotate")).findFirst().orElseThrow();
            List<VlmRequest.Image> images = click.messages().get(1).parts().stream().filter(VlmRequest.Image.class::isInstance)
                    .map(VlmRequest.Image.class::cast).toList();
            assertEquals(2, images.size(), "the marked screenshot and the crop");
            BufferedImage marked = Markers.read(images.get(0).data());
            assertEquals(320, marked.getWidth());
            int red = marked.getRGB(160 + Markers.CIRCLE / 2, 120);
            assertTrue((red >> 16 & 0xff) > 200 && (red >> 8 & 0xff) < 80, "a red circle around the click point");
            assertEquals(240, Markers.read(images.get(1).data()).getWidth(), "the crop, limited by the 240 px screen");
            assertTrue(click.messages().get(1).text().contains("note.txt - Notepad"), "the window title is in the prompt");
            assertTrue(click.json(), "JSON is asked for");

            AnnotateOperation.Report again = annotate(dataset, provider, Progress.NONE);
            assertEquals(0, again.described() + again.reflected() + again.summarized(), "a finished task is skipped");
        }
    }

    @Test
    void aWrongAnswerGetsOneRepairThenTheStepIsLeftForTheNextRun(@TempDir Path temp) throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            String id = built(temp, dataset).toString();
            ScriptedProvider provider = new ScriptedProvider();
            provider.generatorOverrides.add("Sure! Here is what I see: a test pattern.");
            provider.generatorOverrides.add("{\"observation\": \"x\", \"thought\": 3}");
            AnnotateOperation.Report report = new AnnotateOperation(dataset, new ModelAnnotator(new Retrying(provider,
                    new ProviderConfig("http://unused", "m", null), Retrying.Policy.DEFAULT, new Usage()), new Prompts(null, ModelAnnotator.class)),
                    new AnnotateOperation.Options(1, null)).run(Progress.NONE);
            assertEquals(1, report.failed(), "the one step whose answer and repair were both wrong");
            assertTrue(report.failures().get(0).message().contains("\"thought\" must be a non-empty string"), report.failures().toString());
            VlmRequest repair = provider.requests.stream().filter(r -> r.messages().size() == 4).findFirst().orElseThrow();
            assertTrue(repair.messages().get(3).text().contains("not valid JSON"), "the repair says what was wrong");
            Task task = dataset.read(id);
            assertEquals(1, task.steps().stream().filter(s -> s.text(Step.ACTION) == null).count());

            ScriptedProvider second = new ScriptedProvider();
            AnnotateOperation.Report resumed = annotate(dataset, second, Progress.NONE);
            assertEquals(1, resumed.described(), "only the step left undone");
            assertEquals(1, second.count("You annotate"));
            assertEquals(0, dataset.read(id).steps().stream().filter(s -> s.text(Step.ACTION) == null).count());
        }
    }

    /**
     * Two runs on one dataset (two workers, or a worker and a person): a task the other changed while this run annotated
     * it is left as the other made it, said, and the run goes on with the next one instead of stopping.
     */
    @Test
    void aTaskChangedByAnotherRunMeanwhileIsLeftToItAndTheRunGoesOn(@TempDir Path temp) throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset")); Dataset other = Dataset.openOrCreate(temp.resolve("dataset"))) {
            String first = built(temp, dataset).toString();
            Path second = PeerRecordings.write(temp.resolve("second"));
            Files.writeString(second.resolve("events.jsonl"), String.format(java.util.Locale.ROOT, "{\"time_stamp\": %.3f, \"action\": \"click\","
                    + " \"x\": 10, \"y\": 10, \"button\": \"Button.left\", \"pressed\": true}%n", PeerRecordings.START + 3.5),
                    java.nio.file.StandardOpenOption.APPEND);
            String secondId = new TrajectoryBuilder(ReductionSettings.DEFAULTS).build(second, dataset, Progress.NONE).task().taskId();
            ScriptedProvider provider = new ScriptedProvider();
            java.util.concurrent.atomic.AtomicBoolean changed = new java.util.concurrent.atomic.AtomicBoolean();
            Function<VlmRequest, String> plain = provider.answer;
            provider.answer = request -> {
                if (changed.compareAndSet(false, true)) { // the other worker writes the first task while this run describes it
                    try {
                        other.save(other.draft(first).withTaskText(Task.NATURAL_LANGUAGE_TASK, "Written by the other run."));
                    } catch (java.sql.SQLException e) {
                        throw new IllegalStateException(e);
                    }
                }
                return plain.apply(request);
            };
            AnnotateOperation.Report report = new AnnotateOperation(dataset, new ModelAnnotator(new Retrying(provider,
                    new ProviderConfig("http://unused", "scripted", null), Retrying.Policy.DEFAULT, new Usage()), new Prompts(null,
                            ModelAnnotator.class)), new AnnotateOperation.Options(1, List.of(first, secondId))).run(Progress.NONE);
            assertEquals(0, report.failed(), report.failures().toString());
            assertTrue(report.failures().stream().anyMatch(p -> p.source().equals(first) && p.message().contains("while this run annotated it")),
                    report.failures().toString());
            assertEquals("Written by the other run.", dataset.read(first).text(Task.NATURAL_LANGUAGE_TASK), "theirs stands");
            assertEquals("Save the note.", dataset.read(secondId).text(Task.NATURAL_LANGUAGE_TASK), "the run went on with the next task");
        }
    }

    @Test
    void aModelAnswerInACodeFenceIsAccepted() throws Exception {
        assertEquals("a", Replies.text(Replies.object("```json\n{\"a\": \"a\"}\n```"), "a"));
        assertThrows(ModelJson.Invalid.class, () -> Replies.object("{\"a\": 1} and more"));
        assertThrows(ModelJson.Invalid.class, () -> Replies.score(Replies.object("{\"s\": 11}"), "s"));
    }

    @Test
    void anAuthenticationFailureStopsTheRun(@TempDir Path temp) throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            built(temp, dataset);
            ScriptedProvider provider = new ScriptedProvider();
            provider.generatorOverrides.add("AUTH");
            VlmException e = assertThrows(VlmException.class, () -> new AnnotateOperation(dataset, new ModelAnnotator(new Retrying(provider,
                    new ProviderConfig("http://unused", "m", null), Retrying.Policy.DEFAULT, new Usage()), new Prompts(null, ModelAnnotator.class)),
                    new AnnotateOperation.Options(1, null)).run(Progress.NONE));
            assertEquals(VlmException.Kind.AUTH, e.kind());
        }
    }

    @Test
    void aCancelledRunStopsAndSaysSo(@TempDir Path temp) throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            built(temp, dataset);
            ScriptedProvider provider = new ScriptedProvider();
            AnnotateOperation.Report report = annotate(dataset, provider, Progress.CANCELLED);
            assertTrue(report.cancelled());
            assertEquals(0, provider.requests.size());
        }
    }

    /**
     * A cancel is honoured inside a long item too: with every request to a real OpenAI-style server left unanswered for
     * a minute, the run ends cancelled as soon as it is told, the requests in flight aborted (the Close dialog's wait).
     */
    @Test
    void aCancelDuringRequestsInFlightEndsTheRunWithoutWaitingForTheirAnswers(@TempDir Path temp) throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset")); org.trajectory.vlm.kit.LocalServer server = new org.trajectory.vlm.kit.LocalServer()) {
            built(temp, dataset);
            for (int i = 0; i < 20; i++) {
                server.reply(new org.trajectory.vlm.kit.LocalServer.Reply(200, java.util.Map.of(), "{}", 60_000));
            }
            VlmProvider provider = VlmProviders.get().find("openai").orElseThrow().provider();
            Retrying model = new Retrying(provider, new ProviderConfig(server.url() + "/v1", "slow-model", "sk-test"), Retrying.Policy.DEFAULT, new Usage());
            java.util.concurrent.atomic.AtomicBoolean cancel = new java.util.concurrent.atomic.AtomicBoolean();
            java.util.concurrent.CompletableFuture<AnnotateOperation.Report> run = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return new AnnotateOperation(dataset, new ModelAnnotator(model, new Prompts(null, ModelAnnotator.class)),
                            new AnnotateOperation.Options(2, null)).run(Progress.cancelledWhen(cancel::get));
                } catch (Exception e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            });
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (server.requests.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertFalse(server.requests.isEmpty(), "a request is in flight");
            cancel.set(true);
            // far less than the minute the answers would take: the cancel did not wait for them (how fast is no test's business)
            AnnotateOperation.Report report = run.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(report.cancelled(), "the run says it was cancelled");
            assertEquals(0, report.described(), "nothing was described: no answer came");
        }
    }

    @Test
    void promptsCanBeOverriddenByTheUser(@TempDir Path temp) throws Exception {
        Files.writeString(temp.resolve("generator.txt"), "My own system text.\n---\nTask {{task}} code {{code}} {{unknown}}");
        Prompts.Prompt prompt = new Prompts(temp, ModelAnnotator.class).get(Prompts.GENERATOR);
        assertEquals("My own system text.", prompt.system());
        assertEquals("Task $1 {{code}} code print('x') {{unknown}}",
                prompt.fill(java.util.Map.of("task", "$1 {{code}}", "code", "print('x')")), "values go in literally, once");
        assertNotNull(new Prompts(temp, ModelAnnotator.class).get(Prompts.SUMMARIZER).system(), "the others are the shipped ones");
        Retrying model = new Retrying(new ScriptedProvider(), new ProviderConfig("http://unused", "scripted", null), Retrying.Policy.DEFAULT, new Usage());
        assertNotEquals(new ModelAnnotator(model, new Prompts(null, ModelAnnotator.class)).by(), new ModelAnnotator(model, new Prompts(temp, ModelAnnotator.class)).by(),
                "tasks written with another prompt say so");
        Files.writeString(temp.resolve("reflector.txt"), "no separator");
        assertTrue(assertThrows(java.io.IOException.class, () -> new Prompts(temp, ModelAnnotator.class).get(Prompts.REFLECTOR)).getMessage().contains("---"));
    }

    @Test
    void anElementInWordsIsNamedAsAPersonWouldSayIt() {
        assertEquals("the \"Your name\" field", new StepView.Element("text", "Your name:").words(), "a label's colon dropped");
        assertEquals("the \"Save\" button", new StepView.Element("push button", "Save").words());
        assertEquals("a password field", new StepView.Element("password text", null).words());
        assertEquals("an item", new StepView.Element("list item", "").words());
    }

    @Test
    void theOfflineAnnotatorReadsTheTextUnderThePointer() throws Exception {
        BufferedImage screen = new BufferedImage(400, 200, BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = screen.createGraphics();
        g.setColor(java.awt.Color.WHITE);
        g.fillRect(0, 0, 400, 200);
        g.setColor(java.awt.Color.BLACK);
        g.setFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 18));
        g.setRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING, java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.drawString("Save", 180, 106);
        g.dispose();
        StepView step = new StepView("Save the note", List.of(), "pyautogui.click(x=0.5000, y=0.5000)",
                org.trajectory.model.action.ActionParser.parse("pyautogui.click(x=0.5000, y=0.5000)").actions(), "note.txt - Notepad",
                Markers.png(screen));
        OfflineAnnotator annotator = new OfflineAnnotator(true);
        Notes.Described described = annotator.describe(step);
        assertTrue(described.action().contains("Click on \"Save\""), described.action());
        assertTrue(described.observation().contains("note.txt - Notepad"), described.observation());
        assertTrue(described.thought().contains("Save the note"), described.thought());

        Notes.Reflected same = annotator.reflect(step, described, step.image());
        assertNull(same.correct(), "nothing seen to change: not known, never judged incorrect");
        assertNull(same.redundant());
        BufferedImage after = Markers.read(step.image());
        java.awt.Graphics2D h = after.createGraphics();
        h.setColor(java.awt.Color.BLUE);
        h.fillRect(150, 80, 100, 40);
        h.dispose();
        assertTrue(annotator.reflect(step, described, Markers.png(after)).correct(), "the screen changed where it clicked");
    }

    /** What a reviewer approved is not annotated unless asked; asked, it is, and goes back to review. */
    @Test
    void anApprovedTaskIsLeftAsItIsUnlessAskedAndThenGoesBackToReview(@TempDir Path temp) throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            String id = built(temp, dataset).toString();
            dataset.reviews().set(id, org.trajectory.dataset.ReviewState.APPROVED, "qa-1", null);
            AnnotateOperation.Report left = new AnnotateOperation(dataset, new OfflineAnnotator(false), new AnnotateOperation.Options(1, null))
                    .run(Progress.NONE);
            assertEquals(1, left.reviewed());
            assertTrue(left.summary().contains("1 reviewed task left as reviewed"), left.summary());
            assertNull(dataset.read(id).steps().get(0).text(Step.ACTION), "not a word written into the approved task");
            assertEquals(org.trajectory.dataset.ReviewState.APPROVED, dataset.reviews().of(id).state());

            new AnnotateOperation(dataset, new OfflineAnnotator(false), new AnnotateOperation.Options(1, null, true)).run(Progress.NONE);
            assertEquals("Click at (0.500, 0.500).", dataset.read(id).steps().get(0).text(Step.ACTION));
            assertEquals(org.trajectory.dataset.ReviewState.CHANGED, dataset.reviews().of(id).state(), "annotated when asked, and back to review");
        }
    }

    @Test
    void theOfflineAnnotatorFillsADatasetWithoutNetwork(@TempDir Path temp) throws Exception {
        try (Dataset dataset = Dataset.openOrCreate(temp.resolve("dataset"))) {
            String id = built(temp, dataset).toString();
            AnnotateOperation.Report report = new AnnotateOperation(dataset, new OfflineAnnotator(false), new AnnotateOperation.Options(2, null))
                    .run(Progress.NONE);
            assertEquals(0, report.failed(), report.failures().toString());
            List<String> actions = new ArrayList<>();
            dataset.read(id).steps().forEach(s -> actions.add(s.text(Step.ACTION)));
            assertEquals(List.of("Click at (0.500, 0.500).", "Type \"ok\".", "Press ctrl+s.", "End the task as a success."), actions);
        }
    }
}
