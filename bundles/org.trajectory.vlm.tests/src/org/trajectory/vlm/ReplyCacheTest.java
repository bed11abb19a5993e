package org.trajectory.vlm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rerun asks the model nothing it was asked before, and what is kept is the answer alone, for its owner's eyes. */
class ReplyCacheTest {

    @Test
    void anAnswerIsKeptOnceWholeAndForItsOwnerOnly(@TempDir Path folder) throws Exception {
        AtomicInteger asked = new AtomicInteger();
        Model model = request -> new VlmResponse("the Save button, answer " + asked.incrementAndGet(), new VlmResponse.Usage(10, 5, null));
        ReplyCache cache = new ReplyCache(model, "http://localhost/v1/some-model", folder);
        VlmRequest request = VlmRequest.of(false, VlmRequest.Message.user(new VlmRequest.Text("What was clicked?")));
        assertEquals("the Save button, answer 1", cache.complete(request).text());
        assertEquals("the Save button, answer 1", cache.complete(request).text(), "asked again: the kept answer");
        assertEquals(1, asked.get());
        VlmRequest other = VlmRequest.of(false, VlmRequest.Message.user(new VlmRequest.Text("What was typed?")));
        assertEquals("the Save button, answer 2", cache.complete(other).text());
        try (var files = Files.walk(folder)) {
            List<Path> kept = files.filter(Files::isRegularFile).toList();
            assertEquals(2, kept.size(), "one file an answer, nothing written aside left: " + kept);
            for (Path file : kept) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            }
        }
    }
}
