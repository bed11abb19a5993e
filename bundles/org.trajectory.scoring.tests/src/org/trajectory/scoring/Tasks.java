package org.trajectory.scoring;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.trajectory.dataset.Dataset;
import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Crafted tasks for the criteria: steps of code (and window titles), screens drawn with AWT, stored in a dataset. */
final class Tasks {

    private final ObjectNode record = Json.MAPPER.createObjectNode();
    private final List<byte[]> images = new ArrayList<>();

    Tasks(String id, String instruction) {
        record.put(Task.TASK_ID, id).put(Task.INSTRUCTION, instruction);
        record.putArray(Task.TRAJ);
    }

    /** A step with this code, its screen, and the window it happened in (null: none known). */
    Tasks step(String code, byte[] screen, String window) {
        ArrayNode traj = (ArrayNode) record.get(Task.TRAJ);
        ObjectNode step = traj.addObject().put("index", traj.size() - 1).put("image", record.path(Task.TASK_ID).asText() + "_" + (traj.size() - 1) + ".png");
        step.putObject("value").put("code", code);
        if (window != null) {
            step.put("window_title", window);
        }
        images.add(screen);
        return this;
    }

    Tasks step(String code) {
        return step(code, screen(Color.WHITE, null), null);
    }

    ObjectNode json() {
        return record;
    }

    Task task() {
        try {
            return Task.of(record.deepCopy());
        } catch (RecordFormatException e) {
            throw new IllegalStateException(e);
        }
    }

    Tasks into(Dataset dataset) throws Exception {
        dataset.put(task(), images, "test");
        return this;
    }

    /** A 400x300 screen of one colour, with a black box at {@code box} = {x, y} if given. */
    static byte[] screen(Color background, int[] box) {
        BufferedImage image = new BufferedImage(400, 300, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(background);
        g.fillRect(0, 0, 400, 300);
        if (box != null) {
            g.setColor(Color.BLACK);
            g.fillRect(box[0] - 20, box[1] - 10, 40, 20);
        }
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
