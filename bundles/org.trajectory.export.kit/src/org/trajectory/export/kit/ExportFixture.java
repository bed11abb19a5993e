package org.trajectory.export.kit;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.imageio.ImageIO;

import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.model.Json;
import org.trajectory.model.RecordFormatException;
import org.trajectory.model.Task;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A small real dataset to export: tasks on two OSes with three annotated steps each (a screenshot per step, distinct
 * bytes), our own fields an export may strip (window titles, times, a submitter), every other task approved, a
 * final score, who wrote the reasoning, the scoring run's weights, and one task extracted from a video. Its ids say what they are ({@code task-0}...).
 *
 * @since 0.1
 */
public final class ExportFixture {

    /** A window title and a submitter that a stripped export must not carry. */
    public static final String WINDOW_TITLE = "Secret Project Plan.odt - LibreOffice Writer";
    /** The application of every third task's steps (task-0, task-3...); the others name none. */
    public static final String APPLICATION = "libreoffice-writer";
    public static final String SUBMITTER = "annotator@example.org";
    public static final int STEPS = 3;
    /** Who wrote the reasoning: task-2 does not say, the others every fourth the offline annotator, else a model. */
    public static final String MODEL_ANNOTATOR = "model gpt-4o, prompts 0123456789ab";
    public static final String OFFLINE_ANNOTATOR = "offline";
    /** The weights of the scoring run behind the final scores, as the dataset keeps them. */
    public static final String WEIGHTS = "{\"action_validity\":0.2,\"format\":1.0,\"novelty\":0.5}";

    private ExportFixture() {
    }

    /** Makes the dataset in {@code folder} with {@code tasks} tasks (task-0 ... ; the last is extracted) and returns it open. */
    public static Dataset create(Path folder, int tasks) throws IOException, SQLException {
        Dataset dataset = Dataset.openOrCreate(folder);
        for (int i = 0; i < tasks; i++) {
            boolean extracted = i == tasks - 1 && tasks > 1;
            String id = "task-" + i;
            ObjectNode record = Json.MAPPER.createObjectNode();
            record.put(Task.TASK_ID, id);
            record.put(Task.INSTRUCTION, "Open the settings of application number " + i);
            record.put(Task.OS, i % 2 == 0 ? "Ubuntu" : "Windows");
            record.put(Task.DOMAIN, i % 3 == 0 ? "office" : "system");
            record.put(Task.SUBMITTER, SUBMITTER);
            record.put(Task.TASK_COMPLETED, true);
            if (i != 2) {
                record.put(Task.ANNOTATED_BY, annotator(i));
            }
            if (extracted) {
                record.putObject(Task.EXTRACTION).put("method", "offline").put("video", "screen.mp4").put(Task.CONFIDENCE, 0.8);
            }
            ArrayNode traj = record.putArray(Task.TRAJ);
            List<byte[]> images = new ArrayList<>();
            for (int s = 0; s < STEPS; s++) {
                ObjectNode step = traj.addObject();
                step.put("index", s);
                step.put("image", id + "_" + s + ".png");
                ObjectNode value = step.putObject("value");
                value.put("code", s == STEPS - 1 ? "computer.terminate(status='success')"
                        : String.format(Locale.ROOT, "pyautogui.click(x=%.4f, y=0.5)", 0.1 + 0.1 * s));
                value.put("observation", "The screen shows window " + s + ".");
                value.put("thought", "I should go on with step " + s + ".");
                value.put("action", "Click item " + s + " of task " + i + ".");
                value.put("reflection", s == 0 ? "" : "The previous step worked.");
                value.put("last_step_correct", true);
                step.put("window_title", WINDOW_TITLE);
                if (i % 3 == 0) {
                    step.put("application", APPLICATION);
                }
                step.put("start_time", 1.5 * s);
                images.add(png(i, s));
            }
            try {
                dataset.put(Task.of(record), images, extracted ? Dataset.EXTRACTED + "offline" : Dataset.RECORDED);
            } catch (RecordFormatException e) {
                throw new IllegalStateException(e);
            }
            // scrubbed, nothing found: exports leave out tasks nobody looked at for personal data
            dataset.scrubs().put(id, new StoredScrub(Dataset.contentHash(dataset.draft(id).task()), List.of(), "2026-01-01T00:00:00Z", List.of()));
            if (i % 2 == 0) {
                dataset.reviews().set(id, ReviewState.APPROVED, "qa-lead", null);
            }
            dataset.scores().put(id, List.of(new Dataset.StoredScore("format", "1", "h", 0.5 + i % 5 / 10.0, "fine", null, null, "2026-01-01T00:00:00Z")),
                    0.5 + i % 5 / 10.0);
        }
        dataset.setMeta(Dataset.SCORING_WEIGHTS, WEIGHTS);
        return dataset;
    }

    /** Who wrote task {@code i}'s reasoning (task-2 excepted: it does not say). */
    public static String annotator(int i) {
        return i % 4 == 0 ? OFFLINE_ANNOTATOR : MODEL_ANNOTATOR;
    }

    /** A small PNG, different for every task and step. */
    public static byte[] png(int task, int step) throws IOException {
        BufferedImage image = new BufferedImage(64, 40, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(new Color((task * 37) % 256, (step * 91) % 256, (task * step * 13) % 256));
        g.fillRect(0, 0, 64, 40);
        g.setColor(Color.WHITE);
        g.drawString(task + "/" + step, 4, 20);
        g.dispose();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }
}
