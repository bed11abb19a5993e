package org.trajectory.extract.internal.model;

import org.junit.jupiter.api.AfterEach;

import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.ExtractionMethod;
import org.trajectory.extract.ExtractionMethods;
import org.trajectory.extract.ExtractionSettings;
import org.trajectory.extract.kit.ExtractionMethodContract;
import org.trajectory.model.operation.Progress;
import org.trajectory.vlm.Model;

/** The extraction contract for a model method: the model is the real OpenAI client on a {@link ChatServer}. */
abstract class ModelMethodContract extends ExtractionMethodContract {

    protected ChatServer chat;

    /** The method's id in the catalogue. */
    abstract String id();

    /** Scripts the answers one extraction of the contract's video asks for, and gives the model to ask. */
    abstract Model script(ChatServer server) throws Exception;

    @AfterEach
    void stop() {
        if (chat != null) {
            chat.close();
        }
    }

    ChatServer chat() throws Exception {
        if (chat == null) {
            chat = new ChatServer();
        }
        return chat;
    }

    @Override
    protected ExtractionMethod method() {
        return ExtractionMethods.get().find(id()).orElseThrow().method();
    }

    @Override
    protected ExtractionContext context(Progress progress) {
        try {
            return new ExtractionContext(ExtractionSettings.PAPER, script(chat()), null, progress);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
