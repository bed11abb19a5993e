package org.trajectory.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.trajectory.dataset.ImageSource;
import org.trajectory.dataset.ImageStore;
import org.trajectory.dataset.StoredRecords;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.operation.Problem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Where an export's images go, under the names the records use: a folder, one zip, zip volumes of at most a set size
 * (each a whole archive that opens on its own), or nowhere. Each name is written once; an image the store does not
 * hold, or two images under one name, is a {@link Problem}, and the export goes on. Everything is written aside and
 * put in place by {@link #finish()} ({@link ExportTarget}'s rule).
 *
 * @since 0.1
 */
public abstract class ImageSink implements AutoCloseable {

    private final ImageStore store;
    private final Map<String, String> written = new HashMap<>();
    /** Each name given out in this export, and the image (content hash) it names. */
    private final Map<String, String> names = new HashMap<>();
    private long bytes;

    ImageSink(ImageStore store) {
        this.store = store;
    }

    /** Nowhere: the records only. */
    public static ImageSink none(ImageStore store) {
        return new ImageSink(store) {
            @Override
            public boolean write(String name, String sha, List<Problem> problems) {
                return false;
            }

            @Override
            void copy(String name, byte[] image) {
            }
        };
    }

    /** A folder, or one zip when {@code path} ends in {@code .zip}; null for none. */
    public static ImageSink open(Path path, boolean force, ImageStore store) throws IOException {
        if (path == null) {
            return none(store);
        }
        boolean zipped = path.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".zip");
        return zipped ? volumes(path, Long.MAX_VALUE, force, store) : folder(path, force, store);
    }

    private static ImageSink folder(Path path, boolean force, ImageStore store) throws IOException {
        ExportTarget target = ExportTarget.folder(path, force);
        return new ImageSink(store) {
            @Override
            void copy(String name, byte[] image) throws IOException {
                Path file = target.partial().resolve(name);
                try {
                    Files.createDirectories(file.getParent());
                    Files.write(file, image, java.nio.file.StandardOpenOption.CREATE_NEW);
                } catch (IOException e) {
                    throw target.failure(e);
                }
            }

            @Override
            public void finish() throws IOException {
                target.commit();
            }

            @Override
            public void close() throws IOException {
                target.close();
            }
        };
    }

    /**
     * Zip archives of at most {@code maxBytes} each (an image larger than that gets one of its own): {@code path} itself
     * when one is enough and {@code maxBytes} is unlimited, else {@code NAME-00001.zip}, {@code NAME-00002.zip}... beside
     * where {@code path} ({@code NAME.zip}) would be. Entries are stored, not compressed: screenshots are compressed already.
     */
    public static ImageSink volumes(Path path, long maxBytes, boolean force, ImageStore store) throws IOException {
        return new Volumes(path, maxBytes, force, store);
    }

    /** Zip archives of at most a size each, the entries stored as they are. */
    private static final class Volumes extends ImageSink {
        private final Path path;
        private final String stem;
        private final long maxBytes;
        private final boolean single;
        private final boolean force;
            private final List<ExportTarget> targets = new ArrayList<>();
            private ZipOutputStream zip;
            private long volumeBytes;
            private int entries;

            @Override
            void copy(String entry, byte[] bytes) throws IOException {
                long size = bytes.length;
                long cost = size + 150 + 2L * entry.length(); // local header, central directory entry, extra fields

                if (zip == null || entries > 0 && volumeBytes + cost + 22 > maxBytes) {
                    next();
                }
                ExportTarget target = targets.get(targets.size() - 1);
                try {
                    // Stored, not deflated: screenshots are compressed already; the CRC is taken first, so no data descriptor.
                    CRC32 crc = new CRC32();
                    crc.update(bytes);
                    ZipEntry stored = new ZipEntry(entry);
                    stored.setMethod(ZipEntry.STORED);
                    stored.setSize(bytes.length);
                    stored.setCompressedSize(bytes.length);
                    stored.setCrc(crc.getValue());
                    zip.putNextEntry(stored);
                    zip.write(bytes);
                    zip.closeEntry();
                } catch (IOException e) {
                    throw target.failure(e);
                }
                volumeBytes += cost;
                entries++;
            }

            private void next() throws IOException {
                closeZip();
                Path file = single ? path : path.resolveSibling(String.format(Locale.ROOT, "%s-%05d.zip", stem, targets.size() + 1));
                ExportTarget target = ExportTarget.file(file, force);
                targets.add(target);
                OutputStream out = target.open();
                zip = new ZipOutputStream(new java.io.BufferedOutputStream(out, 1 << 20));
                volumeBytes = 22;
                entries = 0;
            }

            private void closeZip() throws IOException {
                if (zip != null) {
                    zip.close();
                    zip = null;
                }
            }

            @Override
            public void finish() throws IOException {
                if (targets.isEmpty() && single) {
                    next(); // no image: an empty archive says so
                }
                closeZip();
                for (ExportTarget target : targets) {
                    target.commit();
                }
            }

            @Override
            public List<Path> files() {
                return targets.stream().map(ExportTarget::target).toList();
            }

            @Override
            public void close() throws IOException {
                try {
                    closeZip();
                } finally {
                    for (ExportTarget target : targets) {
                        target.close();
                    }
                }
            }

        Volumes(Path path, long maxBytes, boolean force, ImageStore store) {
            super(store);
            String name = path.getFileName().toString();
            this.path = path;
            this.stem = name.toLowerCase(Locale.ROOT).endsWith(".zip") ? name.substring(0, name.length() - 4) : name;
            this.maxBytes = maxBytes;
            this.single = maxBytes == Long.MAX_VALUE;
            this.force = force;
        }
    }

    /** How many images were written. */
    public int count() {
        return written.size();
    }

    /** True when an image was written under {@code name}. */
    public boolean has(String name) {
        return written.containsKey(name);
    }

    /** Their bytes. */
    public long bytes() {
        return bytes;
    }

    /** The archives written (zips only). */
    public List<Path> files() {
        return List.of();
    }

    /**
     * The name the image of content hash {@code sha}, called {@code name} in its task, has in this export: its own, or,
     * when another task's different image already has that name ({@code 0.png} in two recordings), its name with the
     * image's digest before the extension. A record never names another task's image; callers put the returned name
     * in the record ({@link #renamed}) and {@link #write} the image under it.
     */
    public String exportName(String name, String sha) {
        if (name == null || sha == null) {
            return name;
        }
        String held = names.putIfAbsent(name, sha);
        if (held == null || held.equals(sha)) {
            return name;
        }
        int dot = name.lastIndexOf('.');
        boolean extension = dot > name.lastIndexOf('/') && dot > 0;
        String unique = (extension ? name.substring(0, dot) : name) + "-" + sha.substring(0, Math.min(16, sha.length()))
                + (extension ? name.substring(dot) : "");
        names.putIfAbsent(unique, sha);
        return unique;
    }

    /** The export names of a task's steps' images, in step order. */
    public List<String> exportNames(List<StoredRecords.StoredStep> steps) {
        List<String> exported = new ArrayList<>(steps.size());
        for (StoredRecords.StoredStep step : steps) {
            exported.add(exportName(step.imageName(), step.imageSha256()));
        }
        return exported;
    }

    /** Whether any step's image has another name in the export than in its task. */
    public static boolean anyRenamed(List<StoredRecords.StoredStep> steps, List<String> exported) {
        for (int i = 0; i < steps.size(); i++) {
            if (!Objects.equals(steps.get(i).imageName(), exported.get(i))) {
                return true;
            }
        }
        return false;
    }

    /** {@code record} with each step's image named as the export names it. */
    public static ObjectNode renamed(ObjectNode record, List<String> exported) {
        JsonNode traj = record.path(Task.TRAJ);
        for (int i = 0; i < traj.size() && i < exported.size(); i++) {
            if (traj.get(i) instanceof ObjectNode step && exported.get(i) != null) {
                step.put(Step.IMAGE, exported.get(i));
            }
        }
        return record;
    }

    /**
     * Writes the image of content hash {@code sha} under {@code name}, once per name; true when it was written now.
     * A missing image or a name clash is added to {@code problems}.
     */
    public boolean write(String name, String sha, List<Problem> problems) throws IOException {
        return write(name, sha, problems, image -> image);
    }

    /** What is written instead of an image's stored bytes (its personal data covered). */
    public interface Rewrite {
        byte[] apply(byte[] image) throws IOException;
    }

    /** The same, writing what {@code rewrite} makes of the stored bytes. */
    public boolean write(String name, String sha, List<Problem> problems, Rewrite rewrite) throws IOException {
        if (name == null) {
            return false;
        }
        if (sha == null) {
            problems.add(new Problem(name, 0, -1, "not exported: the dataset holds no image for it"));
            return false;
        }
        String before = written.putIfAbsent(name, sha);
        if (before != null) {
            if (!before.equals(sha)) {
                problems.add(new Problem(name, 0, -1, "two different images share this name: only the first was exported (give each its exportName)"));
            }
            return false;
        }
        byte[] image;
        try {
            image = store.read(sha);
        } catch (NoSuchFileException e) {
            written.remove(name);
            problems.add(new Problem(name, 0, -1, "not exported: " + store.where(sha) + " is missing from the dataset's images"));
            return false;
        }
        image = rewrite.apply(image);
        copy(ImageSource.checkedName(name), image);
        bytes += image.length;
        return true;
    }

    abstract void copy(String name, byte[] image) throws IOException;

    /** Puts what was written in place. */
    public void finish() throws IOException {
    }

    /** Removes what was written unless {@link #finish()} put it in place. */
    @Override
    public void close() throws IOException {
    }
}
