package org.trajectory.dataset.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

import org.trajectory.dataset.Importer;
import org.trajectory.model.format.AgentNetBenchFormat;


/**
 * AgentNetBench task files ({@link AgentNetBenchFormat}): one task a {@code .json} file, given one by one or as the
 * folder that holds them; screenshots in {@code images/} inside that folder, as OpenCUA's {@code sample_data}.
 */
public final class AgentNetBenchImporter implements Importer {

    @Override
    public boolean reads(Path source) throws IOException {
        return isTaskFile(source) || Files.isDirectory(source) && !taskFiles(source).isEmpty();
    }

    /** A {@code .json} file holding one object (a JSON list is ADP's). */
    private static boolean isTaskFile(Path file) {
        try {
            return Sniff.kind(file) == Sniff.Kind.JSON_OBJECT;
        } catch (IOException e) {
            return false;
        }
    }

    private static List<Path> taskFiles(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(AgentNetBenchImporter::isTaskFile).sorted().toList();
        }
    }

    @Override
    public Path images(Path source) {
        return Files.isDirectory(source) ? source.resolve("images") : source.toAbsolutePath().resolveSibling("images");
    }

    @Override
    public Records open(Path source, int maxRecordBytes) throws IOException {
        List<Path> files = Files.isDirectory(source) ? taskFiles(source) : List.of(source);
        long size = 0;
        for (Path file : files) {
            size += Files.size(file);
        }
        long total = size;
        Iterator<Path> next = files.iterator();
        return new Records() {
            private long position;

            @Override
            public Record next() throws IOException {
                if (!next.hasNext()) {
                    return null;
                }
                Path file = next.next();
                String name = file.getFileName().toString();
                long bytes = Files.size(file);
                position += bytes;
                if (bytes > maxRecordBytes) {
                    return Record.unreadable(name, 0, "larger than " + (maxRecordBytes >> 20) + " MB, which no task file is; skipped");
                }
                return Record.converted(name, 0, Files.readAllBytes(file), AgentNetBenchFormat::toTask);
            }

            @Override
            public long position() {
                return position;
            }

            @Override
            public long size() {
                return total;
            }

            @Override
            public void close() {
            }
        };
    }
}
