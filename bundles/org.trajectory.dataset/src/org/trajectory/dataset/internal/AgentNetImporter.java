package org.trajectory.dataset.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.trajectory.dataset.Importer;

/** AgentNet JSONL, our own format: one task a line, screenshots in {@code images/} beside the file. */
public final class AgentNetImporter implements Importer {

    @Override
    public boolean reads(Path source) throws IOException {
        return Sniff.kind(source) == Sniff.Kind.JSON_LINES;
    }

    @Override
    public Path images(Path source) {
        return source.toAbsolutePath().resolveSibling("images");
    }

    @Override
    public Records open(Path source, int maxRecordBytes) throws IOException {
        InputStream in = Files.newInputStream(source);
        LineReader lines = new LineReader(in, maxRecordBytes);
        String file = source.getFileName().toString();
        long size = Files.size(source);
        return new Records() {
            @Override
            public Record next() throws IOException {
                LineReader.Line line = lines.next();
                return line == null ? null : new Record(file, line.number(), line.bytes(), line.error());
            }

            @Override
            public long position() {
                return lines.position();
            }

            @Override
            public long size() {
                return size;
            }

            @Override
            public void close() throws IOException {
                in.close();
            }
        };
    }
}
