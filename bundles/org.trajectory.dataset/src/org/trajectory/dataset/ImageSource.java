package org.trajectory.dataset;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import org.trajectory.model.operation.Problem;

/**
 * Where an import finds the images its records name: a folder (of images, or of zip archives of them) or a zip. Names are resolved strictly inside it:
 * a name with {@code ..}, an absolute path or a drive letter is refused, and so is a zip entry that points outside.
 *
 * @since 0.1
 */
public abstract class ImageSource implements Closeable {

    /** Longest image accepted; a screenshot is a few MB. */
    static final long MAX_IMAGE_BYTES = 256L * 1024 * 1024;

    /** A folder of images, or a zip of them, chosen by the path. */
    public static ImageSource open(Path path) throws IOException {
        if (Files.isDirectory(path)) {
            return new Folder(path);
        }
        if (Files.isRegularFile(path)) {
            return new Zip(path);
        }
        throw new NoSuchFileException(path.toString(), null, "no images folder or zip here");
    }

    /** No images at all: records are imported with their image names and no image is looked for. */
    public static ImageSource none() {
        return NONE;
    }

    private static final ImageSource NONE = new ImageSource() {
            @Override
            public byte[] read(String name) {
                return null;
            }

            @Override
            public String describe() {
                return "no images folder was given";
            }

            @Override
            public boolean isNone() {
                return true;
            }

            @Override
            public void close() {
            }
        };

    /** True for {@link #none()}: images are deliberately not imported. */
    public boolean isNone() {
        return false;
    }

    /**
     * The bytes of the image of that name, or null when there is none (a common, expected case: no exception);
     * IOException with the reason when the name is unsafe or the file cannot be read.
     */
    public abstract byte[] read(String name) throws IOException;

    /** Where images are looked for, for messages about missing ones. */
    public abstract String describe();

    /** Zip entries that were refused when it was opened; empty for a folder. */
    public List<Problem> refusedEntries() {
        return List.of();
    }

    /** The name as a relative path of plain segments, or an exception saying why it is unsafe (reading or writing an image by it). */
    public static String checkedName(String name) throws IOException {
        String normalized = name.replace('\\', '/');
        if (normalized.isEmpty() || normalized.startsWith("/") || normalized.matches("^[A-Za-z]:.*") || normalized.indexOf('\0') >= 0) {
            throw new IOException("image name '" + name + "' is an absolute path; names must be relative to the images folder");
        }
        for (String segment : normalized.split("/")) {
            if (segment.equals("..")) {
                throw new IOException("image name '" + name + "' leaves the images folder ('..')");
            }
        }
        return normalized;
    }

    /** A folder of images; an image not found in it is looked for in the zip archives it holds (a Hugging Face export's volumes). */
    private static final class Folder extends ImageSource {
        private final Path root;
        private volatile List<Zip> archives;

        Folder(Path root) throws IOException {
            this.root = root.toRealPath();
        }

        @Override
        public byte[] read(String name) throws IOException {
            Path file = root.resolve(checkedName(name)).normalize();
            if (!file.startsWith(root)) {
                throw new IOException("image name '" + name + "' leaves the images folder");
            }
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return fromArchives(name);
            }
            // A plain file right in the (real) folder is no link; anything else is followed to where it really is,
            // which costs a look-up per part of its path (most imports read a plain file a step).
            if (attributes.isSymbolicLink() || !root.equals(file.getParent())) {
                if (!Files.isRegularFile(file)) {
                    return fromArchives(name);
                }
                if (!file.toRealPath().startsWith(root)) {
                    throw new IOException("image '" + name + "' is a link that leaves the images folder");
                }
                attributes = Files.readAttributes(file, BasicFileAttributes.class);
            } else if (!attributes.isRegularFile()) {
                return fromArchives(name);
            }
            if (attributes.size() > MAX_IMAGE_BYTES) {
                throw new IOException("image '" + name + "' is larger than " + (MAX_IMAGE_BYTES >> 20) + " MB");
            }
            return Files.readAllBytes(file);
        }

        private byte[] fromArchives(String name) throws IOException {
            for (Zip archive : archives()) {
                byte[] bytes = archive.read(name);
                if (bytes != null) {
                    return bytes;
                }
            }
            return null;
        }

        /** The archives in the folder, opened on first need; import workers ask from several threads. */
        private synchronized List<Zip> archives() throws IOException {
            if (archives == null) {
                List<Zip> opened = new ArrayList<>();
                try (java.util.stream.Stream<Path> files = Files.list(root)) {
                    for (Path zip : files.filter(f -> f.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".zip")).sorted().toList()) {
                        opened.add(new Zip(zip));
                    }
                }
                archives = opened;
            }
            return archives;
        }

        @Override
        public String describe() {
            return "not in " + root + (archives == null || archives.isEmpty() ? "" : " nor in its " + archives.size() + " zip archives");
        }

        @Override
        public List<Problem> refusedEntries() {
            return archives == null ? List.of() : archives.stream().flatMap(a -> a.refusedEntries().stream()).toList();
        }

        @Override
        public void close() throws IOException {
            if (archives != null) {
                for (Zip archive : archives) {
                    archive.close();
                }
            }
        }
    }

    private static final class Zip extends ImageSource {
        private final ZipFile zip;
        private final Map<String, ZipEntry> entries = new HashMap<>();
        private final List<Problem> refused = new ArrayList<>();

        Zip(Path file) throws IOException {
            zip = new ZipFile(file.toFile());
            // Entries may sit under one top folder (images/0.png); records name them without it.
            zip.stream().filter(e -> !e.isDirectory()).forEach(entry -> {
                try {
                    String name = checkedName(entry.getName());
                    entries.putIfAbsent(name, entry);
                    int slash = name.indexOf('/');
                    if (slash > 0) {
                        entries.putIfAbsent(name.substring(slash + 1), entry);
                    }
                } catch (IOException e) {
                    refused.add(new Problem(file.getFileName().toString(), 0, -1,
                            "zip entry '" + entry.getName() + "' points outside the archive; ignored"));
                }
            });
        }

        @Override
        public byte[] read(String name) throws IOException {
            ZipEntry entry = entries.get(checkedName(name));
            if (entry == null) {
                return null;
            }
            if (entry.getSize() > MAX_IMAGE_BYTES) {
                throw new IOException("image '" + name + "' is larger than " + (MAX_IMAGE_BYTES >> 20) + " MB");
            }
            try (InputStream in = zip.getInputStream(entry)) {
                byte[] bytes = in.readNBytes((int) MAX_IMAGE_BYTES + 1);
                if (bytes.length > MAX_IMAGE_BYTES) {
                    throw new IOException("image '" + name + "' is larger than " + (MAX_IMAGE_BYTES >> 20) + " MB");
                }
                return bytes;
            }
        }

        @Override
        public String describe() {
            return "not in " + zip.getName();
        }

        @Override
        public List<Problem> refusedEntries() {
            return List.copyOf(refused);
        }

        @Override
        public void close() throws IOException {
            zip.close();
        }
    }
}
