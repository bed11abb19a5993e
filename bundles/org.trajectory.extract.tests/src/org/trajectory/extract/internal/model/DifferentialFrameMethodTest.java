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
 * Differential-Frame against a local server speaking OpenAI's wire protocol: the contract, then the pipeline (a
 * description only for frames that changed, proposer and corrector on text, the rules dropping a scroll where nothing
 * moved).
 */
class DifferentialFrameMethodTest extends ModelMethodContract {

    static final String DESCRIBED = "{\"description\":\"Counter window; region 1 showed count: 0 and now count: 1; the arrow pointer is on Add.\"}";

    @Override
    String id() {
        return "difff";
    }

    @Override
    Model script(ChatServer server) throws Exception {
        return server.answerWhen("describe how a screen changed", DESCRIBED).answerWhen("read descriptions", DirectFrameMethodTest.CLICK)
                .answerWhen("check a list of actions", DirectFrameMethodTest.CLICK).routedModel();
    }

    @Test
    void describesOnlyChangedFramesAndTheRulesDropAScrollWhereNothingMoved() throws Exception {
        chat();
        String withScroll = "{\"actions\":[{\"operation\":\"click\",\"first_frame\":3,\"last_frame\":3,\"detail\":\"Click the Add button\","
                + "\"context\":\"Counter\"},{\"operation\":\"scroll\",\"first_frame\":4,\"last_frame\":4,\"detail\":\"Scroll down\","
                + "\"context\":\"Counter\",\"amount\":-2}]}";
        chat.answerWhen("describe how a screen changed", DESCRIBED).answerWhen("read descriptions", withScroll)
                .answerWhen("check a list of actions", withScroll);
        Video video = Video.probe(ScreenVideo.write(folder.resolve("screen.webm")));
        List<ExtractedAction> found = method().extract(video, "Add one", new ExtractionContext(ExtractionSettings.PAPER, chat.routedModel(),
                null, Progress.NONE));
        List<JsonNode> requests = chat.requests();
        long described = requests.stream().filter(r -> ChatServer.text(r).contains("describe how a screen changed")).count();
        assertTrue(described >= 1 && described <= 3, "a description for each frame that changed, none for the first: " + described);
        assertEquals(described + 2, requests.size(), "then the proposer and the corrector");
        assertTrue(ChatServer.images(requests.get(0)) >= 2, "the frame outlined and the region before");
        JsonNode proposer = requests.get(requests.size() - 2);
        assertTrue(ChatServer.text(proposer).contains("count: 1"), "the proposer reads the descriptions");
        assertEquals(0, ChatServer.images(proposer));
        assertEquals(List.of(ExtractedAction.CLICK), found.stream().map(ExtractedAction::operation).toList(),
                "the scroll had no content moving: dropped by the rule");
        assertTrue(found.get(0).at().distance(ScreenVideo.CLICK) <= 2, found.toString());
    }
}
