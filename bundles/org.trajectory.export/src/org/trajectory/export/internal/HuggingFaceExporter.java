package org.trajectory.export.internal;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.Redaction;
import org.trajectory.dataset.ReviewGrades;
import org.trajectory.dataset.StoredRecords;
import org.trajectory.dataset.TaskFacts;
import org.trajectory.export.ExportJob;
import org.trajectory.export.ExportResult;
import org.trajectory.export.ExportSetting;
import org.trajectory.export.ExportSettings;
import org.trajectory.export.ExportTarget;
import org.trajectory.export.Exporter;
import org.trajectory.export.ImageSink;
import org.trajectory.export.PersonalData;
import org.trajectory.export.Privacy;
import org.trajectory.export.Selection;
import org.trajectory.export.Splits;
import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A folder laid out as xlangai/AgentNet publishes on the Hugging Face Hub: JSONL records, one file per OS group or
 * per split ({@code NAME_ubuntu.jsonl}, {@code NAME_train.jsonl}, {@code NAME_ubuntu_train.jsonl}), each file's
 * screenshots in zip archives of at most a set size under {@code images/} (each a whole archive), and a
 * {@code README.md} dataset card whose numbers are counted from what was written.
 */
public final class HuggingFaceExporter implements Exporter {

    static final String NAME = "name";
    static final String FILES = "files";
    static final String ZIP_SIZE = "zip_size_mb";
    static final String LICENSE = "license";
    static final String TITLE = "title";
    static final String IMAGES = "images";
    static final String CARD = "README.md";

    @Override
    public List<ExportSetting> settings() {
        return List.of(ExportSetting.text(NAME, "data", "the JSONL files' names begin with it"),
                ExportSetting.choice(FILES, "os", "one JSONL file per OS group (as AgentNet), or one per split only", "os", "split"),
                ExportSetting.text(ZIP_SIZE, "1024", "the largest image archive, in MB (the Hub stores files up to 50 GB)"),
                ExportSetting.text(LICENSE, "other", "the license on the dataset card (an id the Hub knows: mit, cc-by-4.0, other...)"),
                ExportSetting.text(TITLE, "", "the card's title; empty for the destination folder's name"),
                Privacy.setting(Privacy.STRIP), PersonalData.setting());
    }

    @Override
    public boolean writesFolder() {
        return true;
    }

    /** One JSONL file and its image archives. */
    private static final class Part implements AutoCloseable {
        final String file;
        final Writer out;
        final ImageSink images;

        Part(Path folder, String stem, long zipBytes, org.trajectory.dataset.ImageStore store) throws IOException {
            this.file = stem + ".jsonl";
            this.out = new BufferedWriter(Files.newBufferedWriter(folder.resolve(file), StandardCharsets.UTF_8), 1 << 20);
            this.images = ImageSink.volumes(folder.resolve(IMAGES).resolve(stem + ".zip"), zipBytes, false, store);
        }

        @Override
        public void close() throws IOException {
            try (images) {
                out.close();
            }
        }
    }

    @Override
    public ExportResult export(ExportJob job, Progress progress) throws IOException, SQLException {
        ExportSettings settings = job.settings();
        String name = fileName(settings);
        boolean byOs = settings.text(FILES).equals("os");
        long zipBytes = (long) Math.max(1024, settings.positive(ZIP_SIZE) * 1024 * 1024);
        boolean strip = settings.text(Privacy.SETTING).equals(Privacy.STRIP);
        PersonalData personal = PersonalData.of(job);
        Selection selection = job.selection();
        Map<Long, TaskFacts> facts = new HashMap<>();
        selection.tasks().forEach(task -> facts.put(task.seq(), task));
        DatasetCard card = new DatasetCard();
        List<Problem> problems = new ArrayList<>();
        Map<String, Part> parts = new LinkedHashMap<>();
        Map<String, Map<String, List<String>>> configs = new TreeMap<>();
        boolean cancelled = false;
        progress.begin("Exporting " + Words.count(selection.tasks().size(), "task") + " to " + job.destination().getFileName(), selection.tasks().size(), "tasks");
        try (ExportTarget target = ExportTarget.folder(job.destination(), job.force()); StoredRecords records = job.dataset().records()) {
            Files.createDirectories(target.partial().resolve(IMAGES));
            try {
                while (records.next()) {
                    String part = selection.part(records.seq());
                    if (part == null) {
                        continue;
                    }
                    TaskFacts task = facts.get(records.seq());
                    if (personal.leftOut(records, problems)) {
                        progress.worked(1);
                        continue;
                    }
                    Redaction redaction = personal.redaction(records.seq());
                    if (!personal.keeps()) { // the card counts what was redacted, and the tasks never scrubbed
                        card.redacted(redaction == null ? Map.of() : redaction.counts(), personal.scrubbed(records.seq()));
                    }
                    String os = byOs ? group(task.os()) : null;
                    String stem = name + (os == null ? "" : "_" + os) + (part.isEmpty() ? "" : "_" + part);
                    Part out = parts.get(stem);
                    if (out == null) {
                        out = new Part(target.partial(), stem, zipBytes, job.dataset().images());
                        parts.put(stem, out);
                        configs.computeIfAbsent(os == null ? "default" : os, k -> new TreeMap<>(Splits.ORDER))
                                .computeIfAbsent(part.isEmpty() ? Splits.TRAIN : part, k -> new ArrayList<>()).add(out.file);
                    }
                    write(job.dataset(), records, task, out, card, strip, redaction, problems);
                    progress.worked(1);
                    if (progress.isCancelled()) {
                        cancelled = true;
                        break;
                    }
                }
                return finish(job, target, parts, configs, card, strip, new ExportResult(0, 0, 0, 0, List.of(), List.copyOf(problems), cancelled));
            } catch (IOException e) {
                throw target.failure(e);
            } finally {
                for (Part part : parts.values()) {
                    part.close();
                }
            }
        }
    }

    /** The JSONL files' first name, as set; an {@link IOException} for anything but a plain file name. */
    private static String fileName(ExportSettings settings) throws IOException {
        String name = settings.text(NAME).isBlank() ? "data" : settings.text(NAME).strip();
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw new IOException("setting " + NAME + ": '" + name + "' is not a plain file name (letters, digits, . _ -)");
        }
        return name;
    }

    /** Writes the record {@code records} is on into its part (stripped when asked), its images, and counts it for the card. */
    private static void write(Dataset dataset, StoredRecords records, TaskFacts task, Part out, DatasetCard card, boolean strip, Redaction redaction,
            List<Problem> problems) throws IOException, SQLException {
        StringWriter text = new StringWriter();
        records.write(text);
        ObjectNode record = (ObjectNode) Json.MAPPER.readTree(text.toString());
        boolean redacted = redaction != null;
        if (redacted) {
            redaction.apply(record);
        }
        List<StoredRecords.StoredStep> steps = records.steps();
        List<String> exported = out.images.exportNames(steps);
        boolean renamed = ImageSink.anyRenamed(steps, exported);
        ImageSink.renamed(record, exported);
        boolean graded = AgentNetExporter.withGrades(dataset, record).has(ReviewGrades.FIELD);
        card.add(task, record, steps);
        out.out.write(strip ? Json.MAPPER.writeValueAsString(Privacy.strip(record))
                : renamed || redacted || graded ? Json.MAPPER.writeValueAsString(record) : text.toString());
        out.out.write('\n');
        for (int i = 0; i < steps.size(); i++) {
            int step = i;
            out.images.write(exported.get(i), steps.get(i).imageSha256(), problems, image -> redacted ? redaction.image(step, image) : image);
        }
    }

    /**
     * Closes the parts (their JSONL and image volumes), writes the card and puts the folder in place; {@code written}
     * carries the problems met and whether it was cancelled, the rest of the result is counted here.
     */
    private static ExportResult finish(ExportJob job, ExportTarget target, Map<String, Part> parts, Map<String, Map<String, List<String>>> configs,
            DatasetCard card, boolean strip, ExportResult written) throws IOException, SQLException {
        ExportSettings settings = job.settings();
        long images = 0;
        long imageBytes = 0;
        long bytes = 0;
        List<Path> files = new ArrayList<>();
        for (Part part : parts.values()) {
            part.out.close();
            part.images.finish();
            images += part.images.count();
            imageBytes += part.images.bytes();
            bytes += part.images.bytes() + Files.size(target.partial().resolve(part.file));
            files.add(job.destination().resolve(part.file));
            part.images.files().forEach(zip -> files.add(job.destination().resolve(target.partial().relativize(zip))));
        }
        card.images(images, imageBytes);
        String title = settings.text(TITLE).isBlank() ? job.destination().toAbsolutePath().normalize().getFileName().toString() : settings.text(TITLE);
        List<DatasetCard.Config> configList = new ArrayList<>();
        configs.forEach((config, splits) -> configList.add(new DatasetCard.Config(config, splits)));
        Files.writeString(target.partial().resolve(CARD), card.text(title, settings.text(LICENSE), configList, job.selection(), strip, weights(job)));
        files.add(job.destination().resolve(CARD));
        target.commit();
        return new ExportResult(card.tasks(), card.tasks(), images, bytes, files, written.problems(), written.cancelled());
    }

    /** The weights of the scoring run behind the final scores, as the dataset keeps them; null when it does not. */
    private static Map<String, Double> weights(ExportJob job) throws SQLException, IOException {
        String json = job.dataset().meta(Dataset.SCORING_WEIGHTS);
        if (json == null) {
            return null;
        }
        Map<String, Double> weights = new TreeMap<>();
        Json.MAPPER.readTree(json).fields().forEachRemaining(weight -> weights.put(weight.getKey(), weight.getValue().asDouble()));
        return weights;
    }

    /** An OS as a file-name part: "Ubuntu 22.04" becomes "ubuntu_22_04"; none is "unknown". */
    static String group(String os) {
        String plain = os == null ? "" : os.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_+|_+$", "");
        return plain.isEmpty() ? "unknown" : plain;
    }
}
