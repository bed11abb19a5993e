package org.trajectory.vlm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.trajectory.model.Folders;
import org.trajectory.model.Home;

/**
 * A model whose answers are kept on disk, keyed by a digest of everything asked (model, system text, every text and
 * image, JSON mode, limits), so asking again (a rerun of an extraction) costs nothing. Only the answer is kept, under
 * the digest; never the prompt or the images.
 *
 * @since 0.1
 */
public final class ReplyCache implements Model {

    /** Where answers are kept unless told otherwise. */
    public static final Path FOLDER = Home.folder("cache", "replies");

    private final Model model;
    private final String modelName;
    private final Path folder;

    /** The answers of a configured model (its address and model name are part of the key), kept in {@link #FOLDER}. */
    public static ReplyCache of(Retrying model) {
        return new ReplyCache(model, model.config().baseUrl() + "/" + model.config().model(), FOLDER);
    }

    public ReplyCache(Model model, String modelName, Path folder) {
        this.model = model;
        this.modelName = modelName;
        this.folder = folder;
    }

    @Override
    public VlmResponse complete(VlmRequest request) throws VlmException, InterruptedException {
        String key = key(request);
        Path file = folder.resolve(key.substring(0, 2)).resolve(key + ".txt");
        try {
            if (Files.isRegularFile(file)) {
                return new VlmResponse(Files.readString(file), VlmResponse.Usage.NONE);
            }
        } catch (IOException unreadable) {
            // asked again below
        }
        VlmResponse response = model.complete(request);
        try {
            Files.createDirectories(file.getParent());
            Folders.writeWhole(file, partial -> {
                Files.writeString(partial, response.text());
                SecretStorage.ownerOnly(partial); // an answer may say what was on screen
            });
        } catch (IOException notKept) {
            // the answer is still good; it is only not kept
        }
        return response;
    }

    private String key(VlmRequest request) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            update(digest, String.valueOf(modelName));
            update(digest, request.json() + "/" + request.maxTokens() + "/" + request.temperature());
            for (VlmRequest.Message message : request.messages()) {
                update(digest, message.role().name());
                for (VlmRequest.Part part : message.parts()) {
                    switch (part) {
                        case VlmRequest.Text text -> update(digest, "T" + text.text());
                        case VlmRequest.Image image -> {
                            update(digest, "I" + image.mediaType());
                            digest.update(image.data());
                        }
                    }
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void update(MessageDigest digest, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        digest.update((byte) ':');
        digest.update(bytes);
    }
}
