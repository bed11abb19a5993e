package org.trajectory.export.internal;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.Redaction;
import org.trajectory.dataset.StoredRecords;
import org.trajectory.dataset.TaskQuery;
import org.trajectory.export.ExportTarget;
import org.trajectory.export.ImageSink;
import org.trajectory.export.PersonalData;
import org.trajectory.model.Json;
import org.trajectory.model.Words;
import org.trajectory.model.operation.Problem;
import org.trajectory.model.operation.Progress;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Writes a dataset as AgentNet JSONL plus its images, under the names the records use, into a folder or a zip. Where
 * it may write, and how existing files are replaced, is {@link ExportTarget}'s rule: the JSONL and the images are
 * written aside and put in place when complete, so a killed export never leaves a truncated file under the final
 * name. Records are written as stored: an untouched import exports equal as JSON, with identical image bytes.
 */
public final class JsonlExport {

    private final Dataset dataset;
    private final Path jsonl;
    private final Path images;
    private final boolean force;
    private final Function<Long, String> part;
    private UnaryOperator<ObjectNode> rewrite;
    private PersonalData personal;

    /**
     * @param jsonl the JSONL file to write
     * @param images a folder to write the images into, or a path ending in {@code .zip}; null for no images
     * @param force replace an existing JSONL file or images folder or zip
     */
    public JsonlExport(Dataset dataset, Path jsonl, Path images, boolean force) {
        this(dataset, jsonl, images, force, seq -> "");
    }

    /**
     * An export of some tasks, maybe into several files.
     *
     * @param part for a task ({@link TaskFacts#seq()}), the part of the export it goes to: null leaves it out, ""
     *        puts it in {@code jsonl}, a name (a split: "train") in the file named after {@code jsonl} with
     *        {@code _NAME} before its extension
     */
    public JsonlExport(Dataset dataset, Path jsonl, Path images, boolean force, Function<Long, String> part) {
        this.dataset = dataset;
        this.jsonl = jsonl;
        this.images = images;
        this.force = force;
        this.part = part;
    }

    /**
     * Writes each record as {@code rewrite} makes it from the stored one (parsed, so slower) instead of as stored.
     * Returns this export.
     */
    public JsonlExport rewritingRecords(UnaryOperator<ObjectNode> rewrite) {
        this.rewrite = rewrite;
        return this;
    }

    /** Leaves out or redacts each task's personal data as {@code personal} says. Returns this export. */
    public JsonlExport redacting(PersonalData personal) {
        this.personal = personal;
        return this;
    }

    /** The file a part is written to: {@code data.jsonl} for "", {@code data_train.jsonl} for "train". */
    public static Path partFile(Path jsonl, String part) {
        if (part.isEmpty()) {
            return jsonl;
        }
        String name = jsonl.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return jsonl.resolveSibling(dot > 0 ? name.substring(0, dot) + "_" + part + name.substring(dot) : name + "_" + part);
    }

    public ExportReport run(Progress progress) throws IOException, SQLException {
        // The targets are checked before anything is written, so a refusal leaves nothing behind.
        ExportTarget.check(jsonl, force);
        if (images != null) {
            ExportTarget.check(images, force);
            if (jsonl.toAbsolutePath().normalize().startsWith(images.toAbsolutePath().normalize())) {
                throw new IOException(images + ": the images cannot go where the JSONL file is, or around it; choose another place for them");
            }
        }
        List<Problem> problems = new ArrayList<>();
        long total = dataset.count(TaskQuery.ALL);
        progress.begin("Exporting " + Words.count(total, "task") + " to " + jsonl.getFileName(), total, "tasks");
        long tasks = 0;
        long bytes = 0;
        boolean cancelled = false;
        Map<String, PartFile> files = new LinkedHashMap<>();
        try (ImageSink sink = ImageSink.open(images, force, dataset.images()); StoredRecords records = dataset.records()) {
            try {
                while (records.next()) {
                    String name = part.apply(records.seq());
                    progress.worked(1);
                    if (name != null && !(personal != null && personal.leftOut(records, problems))) {
                        PartFile file = files.get(name);
                        if (file == null) {
                            file = new PartFile(ExportTarget.file(partFile(jsonl, name), force));
                            files.put(name, file);
                        }
                        write(records, file, sink, problems);
                        tasks++;
                    }
                    if (progress.isCancelled()) {
                        cancelled = true;
                        break;
                    }
                }
                if (files.isEmpty()) {
                    files.put("", new PartFile(ExportTarget.file(jsonl, force))); // nothing selected: an empty file says so
                }
                for (PartFile file : files.values()) {
                    try {
                        file.out.close();
                    } catch (IOException e) {
                        throw file.target.failure(e);
                    }
                }
                sink.finish();
                for (PartFile file : files.values()) {
                    file.target.commit();
                    bytes += Files.size(file.target.target());
                }
            } finally {
                for (PartFile file : files.values()) {
                    file.close();
                }
            }
            return new ExportReport(tasks, sink.count(), bytes, List.copyOf(problems), cancelled);
        }
    }

    /** Writes the record {@code records} is on to {@code file} (as stored, unless renamed or rewritten) and its images to {@code sink}. */
    private void write(StoredRecords records, PartFile file, ImageSink sink, List<Problem> problems) throws IOException, SQLException {
        List<StoredRecords.StoredStep> steps = records.steps();
        List<String> exported = sink.exportNames(steps);
        boolean renamed = ImageSink.anyRenamed(steps, exported);
        Redaction redaction = personal == null ? null : personal.redaction(records.seq());
        try {
            if (rewrite == null && !renamed && redaction == null) {
                records.write(file.out);
            } else {
                StringWriter text = new StringWriter();
                records.write(text);
                ObjectNode record = ImageSink.renamed((ObjectNode) Json.MAPPER.readTree(text.toString()), exported);
                if (redaction != null) {
                    redaction.apply(record);
                }
                file.out.write(Json.MAPPER.writeValueAsString(rewrite == null ? record : rewrite.apply(record)));
            }
            file.out.write('\n');
        } catch (IOException e) {
            throw file.target.failure(e);
        }
        for (int i = 0; i < steps.size(); i++) {
            int step = i;
            sink.write(exported.get(i), steps.get(i).imageSha256(), problems, image -> redaction == null ? image : redaction.image(step, image));
        }
    }

    /** One JSONL file of the export, written aside until the export completes. */
    private static final class PartFile implements AutoCloseable {
        final ExportTarget target;
        final Writer out;

        PartFile(ExportTarget target) throws IOException {
            this.target = target;
            this.out = new BufferedWriter(new OutputStreamWriter(target.open(), StandardCharsets.UTF_8), 1 << 20);
        }

        @Override
        public void close() throws IOException {
            try (target) {
                out.close();
            }
        }
    }
}
