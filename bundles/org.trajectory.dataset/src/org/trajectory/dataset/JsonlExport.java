package org.trajectory.dataset;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.trajectory.model.Progress;

/**
 * Writes a dataset as AgentNet JSONL plus its images, under the names the records use, into a folder or a zip. The
 * JSONL is written aside and renamed when complete, so a killed export never leaves a truncated file under the
 * final name. Records are written as stored: an untouched import exports equal as JSON, with identical image bytes.
 */
public final class JsonlExport {

    private final Dataset dataset;
    private final Path jsonl;
    private final Path images;

    /**
     * @param jsonl the JSONL file to write
     * @param images a folder to write the images into, or a path ending in {@code .zip}; null for no images
     */
    public JsonlExport(Dataset dataset, Path jsonl, Path images) {
        this.dataset = dataset;
        this.jsonl = jsonl;
        this.images = images;
    }

    public ExportReport run(Progress progress) throws IOException, SQLException {
        List<Problem> problems = new ArrayList<>();
        Connection connection = dataset.connection();
        long total = dataset.count(TaskQuery.ALL);
        progress.begin("Exporting " + total + " tasks to " + jsonl.getFileName(), total);
        Path parent = jsonl.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temp = Files.createTempFile(parent, jsonl.getFileName().toString(), ".part");
        long tasks = 0;
        long imageCount = 0;
        boolean cancelled = false;
        try (ImageSink sink = ImageSink.open(images, dataset.images());
                Writer out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(temp), StandardCharsets.UTF_8), 1 << 20);
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
            out.flush();
            sink.finish();
            imageCount = sink.count();
        } catch (IOException | SQLException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
        Files.move(temp, jsonl, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new ExportReport(tasks, imageCount, Files.size(jsonl), List.copyOf(problems), cancelled);
    }

    /** Where exported images go: a folder, a zip, or nowhere. Each name is written once. */
    private abstract static class ImageSink implements AutoCloseable {
        private final ImageStore store;
        private final Map<String, String> written = new HashMap<>();

        ImageSink(ImageStore store) {
            this.store = store;
        }

        static ImageSink open(Path target, ImageStore store) throws IOException {
            if (target == null) {
                return new ImageSink(store) {
                    @Override
                    void write(String name, String sha, List<Problem> problems) {
                    }

                    @Override
                    void copy(String name, Path file) {
                    }
                };
            }
            if (target.getFileName().toString().toLowerCase().endsWith(".zip")) {
                Path parent = target.toAbsolutePath().getParent();
                Files.createDirectories(parent);
                Path temp = Files.createTempFile(parent, target.getFileName().toString(), ".part");
                OutputStream file = Files.newOutputStream(temp);
                ZipOutputStream zip = new ZipOutputStream(file);
                zip.setLevel(0); // screenshots are compressed already
                return new ImageSink(store) {
                    @Override
                    void copy(String name, Path image) throws IOException {
                        zip.putNextEntry(new ZipEntry(name));
                        Files.copy(image, zip);
                        zip.closeEntry();
                    }

                    @Override
                    void finish() throws IOException {
                        zip.close();
                        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    }

                    @Override
                    public void close() throws IOException {
                        zip.close();
                        Files.deleteIfExists(temp);
                    }
                };
            }
            Files.createDirectories(target);
            return new ImageSink(store) {
                @Override
                void copy(String name, Path image) throws IOException {
                    Path file = target.resolve(name);
                    Files.createDirectories(file.getParent());
                    Files.copy(image, file, StandardCopyOption.REPLACE_EXISTING);
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
