package org.trajectory.extract.internal.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.ExtractionSettings;
import org.trajectory.extract.Video;
import org.trajectory.extract.kit.ScreenVideo;
import org.trajectory.model.operation.Progress;
import org.trajectory.vlm.Model;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Direct-Frame against a local server speaking OpenAI's wire protocol with scripted answers: the contract, then the
 * pipeline itself (windows, proposer, repair, corrector, merger, the pointer's point) asserted on the requests made.
 */
class DirectFrameMethodTest extends ModelMethodContract {

    static final String CLICK = "{\"actions\":[{\"operation\":\"click\",\"first_frame\":3,\"last_frame\":3,\"detail\":\"Click the Add button\","
            + "\"context\":\"Counter\",\"evidence\":\"the count went from 0 to 1\"}]}";
    static final String TWICE = "{\"actions\":[{\"operation\":\"click\",\"first_frame\":3,\"last_frame\":3,\"detail\":\"Click the Add button\","
            + "\"context\":\"Counter\",\"evidence\":\"count 0 to 1\"},{\"operation\":\"click\",\"first_frame\":3,\"last_frame\":4,"
            + "\"detail\":\"Click Add\",\"context\":\"Counter\",\"evidence\":\"same\"}]}";

    @Override
    String id() {
        return "df";
    }

    @Override
    Model script(ChatServer server) throws Exception {
        return server.answer(CLICK, CLICK).model(); // proposer, corrector: one window of the four frames
    }

    @Test
    void proposesThenRepairsThenCorrectsAndThePointerGivesThePoint() throws Exception {
        chat();
        chat.answer("The user clicked a button.", TWICE, CLICK);
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen.mkv")));
        List<ExtractedAction> found = method().extract(video, "Add one", new ExtractionContext(ExtractionSettings.PAPER, chat.model(), null,
                Progress.NONE));
        List<JsonNode> requests = chat.requests();
        assertEquals(3, requests.size(), "proposer, its repair, corrector");
        assertEquals(4, ChatServer.images(requests.get(0)), "one window of the 4 frames sampled at 1 a second");
        assertTrue(ChatServer.text(requests.get(1)).contains("That answer cannot be used"), "a repair that says what was wrong");
        assertTrue(ChatServer.text(requests.get(2)).contains("\"detail\" : \"Click Add\""), "the corrector sees the proposed actions");
        assertEquals(4, ChatServer.images(requests.get(2)), "and the same frames");
        assertEquals(1, found.size(), found.toString());
        ExtractedAction click = found.get(0);
        assertEquals("Click the Add button", click.detail());
        assertEquals("Counter", click.context());
        assertTrue(click.at().distance(ScreenVideo.CLICK) <= 2, "the pointer finder's point: " + click.at());
        assertEquals(2.0, click.start(), 1e-6, "the time of frame 3");
    }

    @Test
    void slidingWindowsAreMerged() throws Exception {
        chat();
        String none = "{\"actions\":[]}";
        String second = "{\"actions\":[{\"operation\":\"click\",\"first_frame\":3,\"last_frame\":3,\"detail\":\"Click Add\",\"context\":\"Counter\"}]}";
        // windows of 2 frames sharing 1: frames 1-2, 2-3, 3-4; each proposer and corrector, then the merger (one at a time:
        // the answers are queued in order)
        chat.answer(none, none, second, second, second, second, CLICK);
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen.mp4")));
        List<ExtractedAction> found = method().extract(video, "Add one", new ExtractionContext(new ExtractionSettings(0, 2, 1, false, 1),
                chat.model(), null, Progress.NONE));
        List<JsonNode> requests = chat.requests();
        assertEquals(7, requests.size());
        for (int i = 0; i < 6; i++) {
            assertEquals(2, ChatServer.images(requests.get(i)), "request " + i + " shows its window's two frames");
        }
        String merger = ChatServer.text(requests.get(6));
        assertEquals(0, ChatServer.images(requests.get(6)), "the merger reads text");
        assertTrue(merger.contains("Window 1 (frames 1 to 2)") && merger.contains("Window 3 (frames 3 to 4)"), merger);
        assertEquals(1, found.size(), "the click both windows saw, once: " + found);
        assertEquals(7, method().estimateCalls(video, new ExtractionSettings(0, 2, 1, false, 1)), "the estimate said as much");
    }

    @Test
    void windowsAreAskedSideBySideAsManyAsTheConcurrencyAllows() throws Exception {
        chat();
        String none = "{\"actions\":[]}";
        chat.answerWhen("watch screen recordings", none).answerWhen("check a list of actions", none).answerWhen("join the action lists", none)
                .delay(300);
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen.mp4")));
        List<ExtractedAction> found = method().extract(video, "Add one", new ExtractionContext(new ExtractionSettings(0, 2, 1, false, 2),
                chat.routedModel(), null, Progress.NONE));
        assertEquals(List.of(), found);
        assertEquals(7, chat.requests().size(), "three windows' proposers and correctors, and the merger");
        assertEquals(2, chat.mostInFlight(), "three windows, two at a time");
    }
}
