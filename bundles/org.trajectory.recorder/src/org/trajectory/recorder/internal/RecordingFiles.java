package org.trajectory.recorder.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;

/** How the recorder reads a recording's own files: never through a link out of its folder, never quoting their content. */
public final class RecordingFiles {

    private RecordingFiles() {
    }

    /** A JSON file of the recording's own (no link out of its folder), its content never quoted in an error. */
    public static JsonNode readJson(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new java.nio.file.NoSuchFileException(file.toString(), null, "not a recording (no " + file.getFileName() + ")");
        }
        ownFile(file);
        try {
            return Json.MAPPER.readTree(Files.readString(file));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) { // its message quotes the content: not repeated
            throw new IOException(file + " is not JSON (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")");
        }
    }

    /**
     * Refuses a file that is a symbolic link, or reached through one, out of the recording's folder: a recording is
     * read from its own files only, as import reads only the images under its folder.
     */
    public static void ownFile(Path file) throws IOException {
        Path folder = file.toAbsolutePath().getParent().toRealPath();
        Path real;
        try {
            real = file.toRealPath();
        } catch (java.nio.file.FileSystemException e) {
            throw unreadable(file, e);
        }
        if (!real.startsWith(folder)) {
            throw new IOException(file + " is a link to a file outside the recording; the workbench reads only the recording's own files"
                    + " (copy the file into the folder instead)");
        }
    }

    /** A file the file system would not give, said in words (a loop of links is the common one). */
    public static IOException unreadable(Path file, java.nio.file.FileSystemException e) {
        String reason = e.getReason() == null ? e.getClass().getSimpleName()
                : e.getReason().startsWith("Too many levels of symbolic links") ? "it is a loop of symbolic links" : e.getReason();
        return new IOException(file + " cannot be read: " + reason);
    }

    /** The longest text kept from a recording's line (a window title, an element's name): a 1 MB title is no step's business. */
}
