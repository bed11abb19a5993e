import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.TextLine;
import org.trajectory.screentext.internal.PaddleOcr;
import org.trajectory.screentext.internal.Tesseract;

/**
 * The screen text readers measured on the same inputs, one JSON line per figure (ocr-benchmark.sh prints the table):
 * <ul>
 * <li>{@code typed READER CORPUS_DIR LABEL}: each text a corpus session typed into an editor or a terminal (its
 * reference's {@code write(...)} steps; the calculator's display shows no typed text and is left out) against the
 * screenshot after it as the reader reads it: the character error rate is the edit distance from the typed text to the
 * best-matching stretch of one line read, over the typed text's length, summed over all typings;</li>
 * <li>{@code speed READER PNG...}: seconds per screenshot (each read once, after the reader read one other picture so
 * its models are loaded), and the memory the reader added to this process: resident outside the Java heap, plus Java
 * objects alive after a collection (and, beside it, the resident set's growth, garbage and all).</li>
 * </ul>
 */
public class OcrRun {

    private static final Pattern WRITE = Pattern.compile("write\\((?:message=)?'((?:\\\\.|[^'\\\\])*)'");

    public static void main(String[] args) throws Exception {
        ScreenText reader = switch (args[1]) {
            case "ppocr" -> new PaddleOcr();
            case "tesseract" -> new Tesseract();
            default -> throw new IllegalArgumentException("no reader " + args[1]);
        };
        if (args[0].equals("typed")) {
            typed(reader, args[1], Path.of(args[2]), args[3]);
        } else {
            speed(reader, args[1], List.of(args).subList(2, args.length));
        }
    }

    private static void typed(ScreenText reader, String name, Path corpus, String label) throws Exception {
        ObjectMapper json = new ObjectMapper();
        long errors = 0;
        long characters = 0;
        int typings = 0;
        List<String> worst = new ArrayList<>();
        for (String row : Files.readAllLines(corpus.resolve("reference.jsonl"))) {
            JsonNode task = json.readTree(row);
            if (task.path("task_id").asText().startsWith("calc")) {
                continue;
            }
            JsonNode steps = task.path("traj");
            for (int k = 0; k + 1 < steps.size(); k++) {
                Matcher typed = WRITE.matcher(steps.get(k).path("value").path("code").asText());
                String after = steps.get(k + 1).path("image").asText();
                if (!typed.find() || after.isEmpty()) {
                    continue;
                }
                String text = typed.group(1).replace("\\'", "'").replace("\\\\", "\\").strip();
                BufferedImage screen = ImageIO.read(corpus.resolve("images").resolve(after).toFile());
                List<TextLine> lines = reader.read(screen);
                int best = text.length();
                String bestLine = "";
                for (TextLine line : lines) {
                    int distance = bestStretch(text, line.text());
                    if (distance < best) {
                        best = distance;
                        bestLine = line.text();
                    }
                }
                errors += best;
                characters += text.length();
                typings++;
                if (best > 0) {
                    worst.add(task.path("task_id").asText() + ": typed '" + text + "', read '" + bestLine + "' (" + best + ")");
                }
            }
        }
        System.out.println(json.writeValueAsString(Map.of("figure", "typed", "reader", name, "corpus", label, "typings", typings,
                "characters", characters, "errors", errors, "cer", characters == 0 ? 0 : (double) errors / characters, "misread", worst)));
    }

    /** The edit distance from {@code text} to the stretch of {@code line} it matches best (both ends of the stretch free). */
    static int bestStretch(String text, String line) {
        int[] previous = new int[line.length() + 1]; // row 0: an empty prefix of the text matches anywhere for free
        for (int i = 1; i <= text.length(); i++) {
            int[] row = new int[line.length() + 1];
            row[0] = i;
            for (int j = 1; j <= line.length(); j++) {
                int cost = text.charAt(i - 1) == line.charAt(j - 1) ? 0 : 1;
                row[j] = Math.min(Math.min(row[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            previous = row;
        }
        int best = Integer.MAX_VALUE;
        for (int value : previous) {
            best = Math.min(best, value);
        }
        return best;
    }

    private static void speed(ScreenText reader, String name, List<String> files) throws Exception {
        long before = heldKb();
        long residentBefore = residentKb();
        reader.read(ImageIO.read(new File(files.get(0)))); // loads the models (or starts Tesseract once)
        double seconds = 0;
        for (String file : files.subList(1, files.size())) {
            BufferedImage screen = ImageIO.read(new File(file));
            long start = System.nanoTime();
            reader.read(screen);
            seconds += (System.nanoTime() - start) / 1e9;
        }
        int count = files.size() - 1;
        System.out.println(new ObjectMapper().writeValueAsString(Map.of("figure", "speed", "reader", name, "screenshots", count,
                "seconds_per_screenshot", count == 0 ? 0 : seconds / count, "memory_added_mb", (heldKb() - before) / 1024,
                "resident_added_mb", (residentKb() - residentBefore) / 1024,
                "cores", Runtime.getRuntime().availableProcessors())));
    }

    /**
     * What the process holds: its resident memory outside the Java heap, and the Java objects alive after a collection.
     * Garbage the heap has not returned yet is no memory the reader keeps.
     */
    private static long heldKb() throws Exception {
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        long committed = runtime.totalMemory() / 1024;
        long live = (runtime.totalMemory() - runtime.freeMemory()) / 1024;
        return residentKb() - committed + live;
    }

    private static long residentKb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        return 0;
    }
}
