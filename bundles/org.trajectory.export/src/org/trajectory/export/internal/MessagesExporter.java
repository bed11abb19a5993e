package org.trajectory.export.internal;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.trajectory.dataset.Redaction;
import org.trajectory.dataset.StoredRecords;
import org.trajectory.export.ExportJob;
import org.trajectory.export.ExportResult;
import org.trajectory.export.ExportSetting;
import org.trajectory.export.ExportSettings;
import org.trajectory.export.ExportTarget;
import org.trajectory.export.Exporter;
import org.trajectory.export.ImageSink;
import org.trajectory.export.PersonalData;
import org.trajectory.export.Splits;
import org.trajectory.model.Json;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Training samples, one per step, in the chat "messages" form open VLM fine-tuning tools read: a system text; the
 * user's turn with the screenshot as an image entry and the task with the history of earlier steps; the assistant's
 * answer at a level of reasoning, as OpenCUA trains: l1 the action, l2 the thought and the action, l3 the observation,
 * reflection, thought and action, each followed by the code. One JSONL file per split ({@code train.jsonl} without
 * splits), screenshots in {@code images/} beside them, referenced by relative path. A step lacking a field its level
 * needs is left out and reported: no sample is written with a made-up answer.
 */
public final class MessagesExporter implements Exporter {

    static final String REASONING = "reasoning";
    static final String HISTORY = "history";
    static final String SYSTEM = "system";
    static final String IMAGES = "images";
    static final String DEFAULT_SYSTEM = "You are a computer-use agent. You see a screenshot of the screen and the task, with"
            + " the steps taken so far. Decide the next step and answer with its code in PyAutoGUI, coordinates normalized to [0,1].";

    @Override
    public List<ExportSetting> settings() {
        return List.of(ExportSetting.choice(REASONING, "l2", "the answer's reasoning: l1 action; l2 thought and action; l3"
                + " observation, reflection, thought and action (each then the code)", "l1", "l2", "l3"),
                ExportSetting.text(HISTORY, "4", "how many earlier steps the user's turn lists (0 for none, 'all' for every one)"),
                ExportSetting.text(SYSTEM, DEFAULT_SYSTEM, "the system text of every sample"), PersonalData.setting());
    }

    @Override
    public boolean writesFolder() {
        return true;
    }

    /** The fields an answer at {@code level} is made of, in the order written (the code follows). */
    static List<String> fields(String level) {
        return switch (level) {
            case "l1" -> List.of(Step.ACTION);
            case "l2" -> List.of(Step.THOUGHT, Step.ACTION);
            default -> List.of(Step.OBSERVATION, Step.REFLECTION, Step.THOUGHT, Step.ACTION);
        };
    }

    @Override
    public ExportResult export(ExportJob job, Progress progress) throws IOException, SQLException {
        ExportSettings settings = job.settings();
        List<String> fields = fields(settings.text(REASONING));
        int history = settings.text(HISTORY).equalsIgnoreCase("all") ? Integer.MAX_VALUE : (int) settings.number(HISTORY, 0);
        String system = settings.text(SYSTEM);
        List<Problem> problems = new ArrayList<>();
        PersonalData personal = PersonalData.of(job);
        Map<String, Writer> files = new LinkedHashMap<>();
        long tasks = 0;
        long samples = 0;
        boolean cancelled = false;
        progress.begin("Writing training samples of " + Words.count(job.selection().tasks().size(), "task"), job.selection().tasks().size(), "tasks");
        try (ExportTarget target = ExportTarget.folder(job.destination(), job.force()); StoredRecords records = job.dataset().records();
                ImageSink images = ImageSink.open(target.partial().resolve(IMAGES), false, job.dataset().images())) {
            try {
                while (records.next()) {
                    String part = job.selection().part(records.seq());
                    if (part == null || personal.leftOut(records, problems)) {
                        continue;
                    }
                    String file = (part.isEmpty() ? Splits.TRAIN : part) + ".jsonl";
                    Writer out = files.get(file);
                    if (out == null) {
                        out = new BufferedWriter(Files.newBufferedWriter(target.partial().resolve(file), StandardCharsets.UTF_8), 1 << 20);
                        files.put(file, out);
                    }
                    java.io.StringWriter text = new java.io.StringWriter();
                    records.write(text);
                    Redaction redaction = personal.redaction(records.seq());
                    ObjectNode record = (ObjectNode) Json.MAPPER.readTree(text.toString());
                    samples += samples(redaction == null ? record : redaction.apply(record), records.steps(), out, images,
                            new Shape(system, history, fields, redaction), problems);
                    tasks++;
                    progress.worked(1);
                    if (progress.isCancelled()) {
                        cancelled = true;
                        break;
                    }
                }
                long bytes = images.bytes();
                for (Map.Entry<String, Writer> file : files.entrySet()) {
                    file.getValue().close();
                    bytes += Files.size(target.partial().resolve(file.getKey()));
                }
                images.finish();
                target.commit();
                List<Path> written = files.keySet().stream().map(job.destination()::resolve).toList();
                return new ExportResult(tasks, samples, images.count(), bytes, written, List.copyOf(problems), cancelled);
            } catch (IOException e) {
                throw target.failure(e);
            } finally {
                for (Writer out : files.values()) {
                    out.close();
                }
            }
        }
    }

    /** How a sample is made: the system prompt, how many steps before it, which reasoning fields. */
    private record Shape(String system, int history, List<String> fields, Redaction redaction) {
    }

    /** Writes a sample for each step of {@code record} that has its code and reasoning; returns how many. */
    private static long samples(ObjectNode record, List<StoredRecords.StoredStep> steps, Writer out, ImageSink images, Shape shape,
            List<Problem> problems) throws IOException {
        String taskId = record.path(Task.TASK_ID).asText();
        String task = record.path(Task.INSTRUCTION).asText("");
        JsonNode traj = record.path(Task.TRAJ);
        long samples = 0;
        for (int i = 0; i < traj.size(); i++) {
            JsonNode value = traj.get(i).path(Step.VALUE);
            String missing = shape.fields().stream().filter(f -> value.path(f).asText("").isBlank()).findFirst().orElse(null);
            if (missing != null || value.path(Step.CODE).asText("").isBlank()) {
                problems.add(new Problem(taskId, 0, i, "no sample: the step has no " + (missing == null ? Step.CODE : missing)));
                continue;
            }
            String image = images.exportName(steps.get(i).imageName(), steps.get(i).imageSha256());
            int step = i;
            Redaction redaction = shape.redaction();
            if (image != null && !images.write(image, steps.get(i).imageSha256(), problems, png -> redaction == null ? png : redaction.image(step, png))
                    && !images.has(image)) {
                image = null; // the screenshot could not be written (reported): the sample goes without it
            }
            out.write(Json.MAPPER.writeValueAsString(sample(taskId, i, shape.system(), task, traj, shape.history(), shape.fields(), image)));
            out.write('\n');
            samples++;
        }
        return samples;
    }

    /** One step's sample. */
    static ObjectNode sample(String taskId, int index, String system, String task, JsonNode traj, int history, List<String> fields, String image) {
        ObjectNode sample = Json.MAPPER.createObjectNode();
        sample.put("id", taskId + "#" + index);
        sample.put(Task.TASK_ID, taskId);
        sample.put("step", index);
        ArrayNode messages = sample.putArray("messages");
        messages.addObject().put("role", "system").put("content", system);
        ObjectNode user = messages.addObject().put("role", "user");
        ArrayNode content = user.putArray("content");
        if (image != null) {
            String path = IMAGES + "/" + image;
            content.addObject().put("type", "image").put("image", path);
            sample.putArray("images").add(path);
        }
        StringBuilder prompt = new StringBuilder("Task: ").append(task);
        int first = (int) Math.max(0, index - (long) history);
        if (first < index) {
            prompt.append("\n\nPrevious steps:");
            for (int j = first; j < index; j++) {
                JsonNode earlier = traj.get(j).path(Step.VALUE);
                String said = earlier.path(Step.ACTION).asText("");
                prompt.append("\n").append(j + 1).append(". ").append(said.isBlank() ? earlier.path(Step.CODE).asText("") : said);
            }
        }
        content.addObject().put("type", "text").put("text", prompt.toString());
        messages.addObject().put("role", "assistant").put("content", answer(traj.get(index).path(Step.VALUE), fields));
        return sample;
    }

    static String answer(JsonNode value, List<String> fields) {
        StringBuilder answer = new StringBuilder();
        for (String field : fields) {
            answer.append("## ").append(Character.toUpperCase(field.charAt(0))).append(field.substring(1)).append(":\n")
                    .append(value.path(field).asText().strip()).append("\n\n");
        }
        return answer.append("## Code:\n```python\n").append(value.path(Step.CODE).asText().strip()).append("\n```").toString();
    }
}
