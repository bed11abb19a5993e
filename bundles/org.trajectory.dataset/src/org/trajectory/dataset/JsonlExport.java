package org.trajectory.dataset;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.trajectory.model.Progress;

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

    /**
     * @param jsonl the JSONL file to write
     * @param images a folder to write the images into, or a path ending in {@code .zip}; null for no images
     * @param force replace an existing JSONL file or images folder or zip
     */
    public JsonlExport(Dataset dataset, Path jsonl, Path images, boolean force) {
        this.dataset = dataset;
        this.jsonl = jsonl;
        this.images = images;
        this.force = force;
    }

    public ExportReport run(Progress progress) throws IOException, SQLException {
        // Both targets are checked before anything is written, so a refusal leaves nothing behind.
        ExportTarget.check(jsonl, force);
        if (images != null) {
            ExportTarget.check(images, force);
            if (jsonl.toAbsolutePath().normalize().startsWith(images.toAbsolutePath().normalize())) {
                throw new IOException(images + ": the images cannot go where the JSONL file is, or around it; choose another place for them");
            }
        }
        List<Problem> problems = new ArrayList<>();
        Connection connection = dataset.connection();
        long total = dataset.count(TaskQuery.ALL);
        progress.begin("Exporting " + total + " tasks to " + jsonl.getFileName(), total);
        long tasks = 0;
        long imageCount = 0;
        boolean cancelled = false;
        try (ExportTarget target = ExportTarget.file(jsonl, force);
                ImageSink sink = ImageSink.open(images, force, dataset.images())) {
            try (Writer out = new BufferedWriter(new OutputStreamWriter(target.open(), StandardCharsets.UTF_8), 1 << 20);
                    PreparedStatement headers = connection.prepareStatement("SELECT seq, header FROM trajectories ORDER BY seq");
                    PreparedStatement steps = connection.prepareStatement("SELECT s.task_seq, s.record, s.image_name, s.image_sha256"
                            + " FROM steps s ORDER BY s.task_seq, s.position");
                    ResultSet headerRows = headers.executeQuery();
                    ResultSet stepRows = steps.executeQuery()) {
                // Both cursors walk in task order: one pass, no query per task.
                boolean stepLeft = stepRows.next();
                while (headerRows.next()) {
                    long seq = headerRows.getLong(1);
                    String header = headerRows.getString(2);
                    out.write(header, 0, header.length() - 1); // the header is a JSON object: drop its closing brace
                    out.write(header.length() > 2 ? ",\"traj\":[" : "\"traj\":[");
                    boolean first = true;
                    while (stepLeft && stepRows.getLong(1) == seq) {
                        if (!first) {
                            out.write(',');
                        }
                        out.write(stepRows.getString(2));
                        first = false;
                        sink.write(stepRows.getString(3), stepRows.getString(4), problems);
                        stepLeft = stepRows.next();
                    }
                    out.write("]}\n");
                    tasks++;
                    progress.worked(1);
                    if (progress.isCancelled()) {
                        cancelled = true;
                        break;
                    }
                }
            } catch (IOException e) {
                throw target.failure(e);
            }
            sink.finish();
            imageCount = sink.count();
            target.commit();
        }
        return new ExportReport(tasks, imageCount, Files.size(jsonl), List.copyOf(problems), cancelled);
    }

    /** Where exported images go: a folder, a zip, or nowhere. Each name is written once. */
    private abstract static class ImageSink implements AutoCloseable {
        private final ImageStore store;
        private final Map<String, String> written = new HashMap<>();

        ImageSink(ImageStore store) {
            this.store = store;
        }

        static ImageSink open(Path path, boolean force, ImageStore store) throws IOException {
            if (path == null) {
                return new ImageSink(store) {
                    @Override
                    void write(String name, String sha, List<Problem> problems) {
                    }

                    @Override
                    void copy(String name, Path file) {
                    }
                };
            }
            boolean zipped = path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".zip");
            ExportTarget target = zipped ? ExportTarget.file(path, force) : ExportTarget.folder(path, force);
            if (zipped) {
                ZipOutputStream zip = new ZipOutputStream(target.open());
                zip.setLevel(0); // screenshots are compressed already
                return new ImageSink(store) {
                    @Override
                    void copy(String name, Path image) throws IOException {
                        try {
                            zip.putNextEntry(new ZipEntry(name));
                            Files.copy(image, zip);
                            zip.closeEntry();
                        } catch (IOException e) {
                            throw target.failure(e);
                        }
                    }

                    @Override
                    void finish() throws IOException {
                        zip.close();
                        target.commit();
                    }

                    @Override
                    public void close() throws IOException {
                        zip.close();
                        target.close();
                    }
                };
            }
            return new ImageSink(store) {
                @Override
                void copy(String name, Path image) throws IOException {
                    Path file = target.partial().resolve(name);
                    try {
                        Files.createDirectories(file.getParent());
                        // A stream copy: the new file gets the user's default permissions, not the store file's.
                        try (InputStream in = Files.newInputStream(image)) {
                            Files.copy(in, file);
                        }
                    } catch (IOException e) {
                        throw target.failure(e);
                    }
                }

                @Override
                void finish() throws IOException {
                    target.commit();
                }

                @Override
                public void close() throws IOException {
                    target.close();
                }
            };
        }

        int count() {
            return written.size();
        }

        void write(String name, String sha, List<Problem> problems) throws IOException {
            if (name == null) {
                return;
            }
            if (sha == null) {
                problems.add(new Problem(name, 0, -1, "not exported: the dataset holds no image for it"));
                return;
            }
            String before = written.putIfAbsent(name, sha);
            if (before != null) {
                if (!before.equals(sha)) {
                    problems.add(new Problem(name, 0, -1, "two different images share this name; the first was exported"));
                }
                return;
            }
            Path file = store.path(sha);
            if (!Files.isRegularFile(file)) {
                written.remove(name);
                problems.add(new Problem(name, 0, -1, "not exported: " + file + " is missing from the dataset's images"));
                return;
            }
            copy(ImageSource.checkedName(name), file);
        }

        abstract void copy(String name, Path file) throws IOException;

        void finish() throws IOException {
        }

        @Override
        public void close() throws IOException {
        }
    }
}
