package org.trajectory.scrub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ImportOperation;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.export.ExportFilter;
import org.trajectory.export.ExportOperation;
import org.trajectory.export.Exporters;
import org.trajectory.export.PersonalData;
import org.trajectory.model.Json;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.kit.XServer;
import org.trajectory.screentext.ScreenTexts;
import org.trajectory.screentext.TextLine;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A scrub of a task whose screenshot is a real editor (mousepad under Xvfb) showing planted identifiers, and whose
 * texts type and mention one of them; then the Hugging Face export, whose images are read again by the screen text reader.
 */
class ScrubOperationTest {

    private static final List<String> PLANTED = List.of("alice.martin@example.com", "+1 415-555-0132", "4111 1111 1111 1111",
            "DE89 3704 0044 0532 0130 00", "192.168.1.42", "00:1A:2B:3C:4D:5E", "AKIAIOSFODNN7EXAMPLE", "Alice Martin");
    private static final Detector.Context CONTRIBUTOR = new Detector.Context(List.of("Alice Martin"), "US");

    @TempDir
    static Path shared;
    @TempDir
    Path folder;
    private static Path screenshot;

    @BeforeAll
    static void screenshotOfAnEditorShowingPersonalData() throws Exception {
        Path notes = Files.writeString(shared.resolve("notes.txt"), String.join("\n", "Contact: " + PLANTED.get(0) + " or call " + PLANTED.get(1),
                "Card on file: " + PLANTED.get(2) + "   expires 09/28", "IBAN: " + PLANTED.get(3), "Server " + PLANTED.get(4) + ", MAC " + PLANTED.get(5),
                "AWS key " + PLANTED.get(6), "Signed: " + PLANTED.get(7), "Release v2.14.1 at 12:30:45, commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3") + "\n");
        try (XServer x = XServer.start(shared.resolve("xvfb.log"), "Xvfb", "-screen", "0", "1280x800x24", "-nolisten", "tcp")) {
            Process editor = start(x, "mousepad", notes.toString());
            try {
                String window = window(x, "mousepad");
                output(start(x, "xdotool", "windowsize", window.lines().reduce((a, b) -> b).orElseThrow(), "1200", "700"));
                Thread.sleep(1500);
                screenshot = shared.resolve("images/notes.png");
                Files.createDirectories(screenshot.getParent());
                assertEquals("", output(start(x, "import", "-window", "root", screenshot.toString())));
            } finally {
                editor.destroy();
                editor.waitFor(5, TimeUnit.SECONDS);
            }
            // the same notes in a terminal, light on black
            Process terminal = start(x, "xterm", "-geometry", "150x12+0+0", "-bg", "black", "-fg", "grey85", "-fa", "DejaVu Sans Mono", "-fs", "10",
                    "-e", "cat '" + notes + "'; sleep 60");
            try {
                window(x, "xterm");
                Thread.sleep(1000);
                assertEquals("", output(start(x, "import", "-window", "root", screenshot.resolveSibling("terminal.png").toString())));
            } finally {
                terminal.destroy();
                terminal.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    /** The windows of the program of {@code windowClass} once it shows one, within 10 s. */
    private static String window(XServer x, String windowClass) throws Exception {
        String window = "";
        for (int i = 0; i < 100 && window.isEmpty(); i++) {
            Thread.sleep(100);
            window = output(start(x, "xdotool", "search", "--onlyvisible", "--class", windowClass)).strip();
        }
        assertFalse(window.isEmpty(), windowClass + " shows a window");
        return window;
    }

    private static Process start(XServer x, String... command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("DISPLAY", x.display());
        // a profile of its own: an editor killed by an earlier run would greet this one with "restore the session?"
        builder.environment().put("HOME", Files.createDirectories(shared.resolve("home")).toString());
        builder.environment().remove("WAYLAND_DISPLAY");
        return builder.start();
    }

    private static String output(Process process) throws Exception {
        String text = new String(process.getInputStream().readAllBytes());
        process.waitFor(30, TimeUnit.SECONDS);
        return text;
    }

    /** A task of two steps on the screenshot: a click, then typing the e-mail address the thought and the instruction name. */
    private Dataset taskOnTheScreenshot() throws Exception {
        return taskOnTheScreenshot("notes.png");
    }

    private Dataset taskOnTheScreenshot(String image) throws Exception {
        ObjectNode record = Json.MAPPER.createObjectNode().put("task_id", "t1").put("instruction", "Send the invoice to " + PLANTED.get(0));
        var traj = record.putArray("traj");
        traj.addObject().put("index", 0).put("image", image).putObject("value").put("code", "pyautogui.click(x=0.5, y=0.3)")
                .put("thought", "The address field is empty.").put("action", "Click the address field.");
        traj.addObject().put("index", 1).put("image", image).putObject("value").put("code", "pyautogui.write('" + PLANTED.get(0) + "')")
                .put("thought", "I type " + PLANTED.get(0) + " as the notes say.").put("action", "Type the address.");
        Path jsonl = Files.writeString(shared.resolve("task.jsonl"), Json.MAPPER.writeValueAsString(record) + "\n");
        Dataset dataset = Dataset.openOrCreate(folder.resolve("dataset"));
        new ImportOperation(dataset, jsonl, shared.resolve("images")).run(Progress.NONE);
        return dataset;
    }

    /** Whether {@code found} holds {@code planted} but for two characters OCR may misread (an I for a T). */
    private static boolean nearlyContains(String found, String planted) {
        for (int start = 0; start + planted.length() <= found.length(); start++) {
            int differences = 0;
            for (int i = 0; i < planted.length() && differences <= 2; i++) {
                differences += found.charAt(start + i) == planted.charAt(i) ? 0 : 1;
            }
            if (differences <= 2) {
                return true;
            }
        }
        return false;
    }

    private static String plain(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("\\s+", "");
    }

    @Test
    void findsEveryPlantedKindOnTheScreenAndInTheTextsAndLeavesTheLookAlikes() throws Exception {
        assertTrue(ScreenTexts.get().chosen().available(), "the screen text reader works here");
        try (Dataset dataset = taskOnTheScreenshot()) {
            ScrubOperation.Report report = new ScrubOperation(dataset, new ScrubOperation.Options(List.of(), List.of(), CONTRIBUTOR, true, false))
                    .run(Progress.NONE);
            StoredScrub scrub = dataset.scrubs().get("t1");
            List<String> onScreen = scrub.findings().stream().filter(f -> f.field().equals(StoredScrub.SCREENSHOT) && f.step() == 0)
                    .map(f -> plain(f.text())).toList();
            for (String planted : PLANTED) {
                assertTrue(onScreen.stream().anyMatch(found -> nearlyContains(found, plain(planted))), planted + " found on the screen: " + onScreen);
            }
            assertTrue(onScreen.stream().noneMatch(found -> found.contains("2.14.1") || found.contains("a94a8fe5") || found.contains("12:30")), onScreen.toString());
            for (String field : List.of("instruction", "code", "thought")) {
                assertTrue(scrub.findings().stream().anyMatch(f -> f.field().equals(field) && f.text().equals(PLANTED.get(0))), field + ": " + scrub.findings());
            }
            assertEquals(scrub.findings().size(), scrub.unreviewed(), "everything awaits review");
            org.trajectory.dataset.ValidateOperation.Report validated = new org.trajectory.dataset.ValidateOperation(dataset).run(Progress.NONE);
            assertTrue(validated.findings().stream().anyMatch(f -> f.check().equals("personal-data") && f.problem().source().equals("t1")
                    && f.problem().message().contains("not reviewed yet")), "validate says so: " + validated.findings());
            assertTrue(report.kinds().keySet().containsAll(List.of("email", "phone", "card", "iban", "ip", "mac", "token", "contributor")), report.summary());

            ScrubOperation.Report again = new ScrubOperation(dataset, new ScrubOperation.Options(List.of(), List.of(), CONTRIBUTOR, true, false))
                    .run(Progress.NONE);
            assertTrue(again.results().get(0).skipped(), "an unchanged task is not read again: a stopped scrub goes on where it stopped");
        }
    }

    /**
     * A cancel while a task's many screenshots are being read ends the run there: the task is left as it was (nothing
     * half-read stored), and its screenshots are not all read first (a reviewer closing the window waited a minute so).
     */
    @Test
    void aCancelWhileScreenshotsAreReadEndsTheRunThereAndStoresNothingHalfRead() throws Exception {
        int steps = 2 * Runtime.getRuntime().availableProcessors() + 1; // more than the readers take at once: the run waits on them
        ObjectNode record = Json.MAPPER.createObjectNode().put("task_id", "long").put("instruction", "Read the notes");
        var traj = record.putArray("traj");
        for (int i = 0; i < steps; i++) {
            traj.addObject().put("index", i).put("image", "notes.png").putObject("value").put("code", "pyautogui.scroll(-3)");
        }
        Path jsonl = Files.writeString(folder.resolve("long.jsonl"), Json.MAPPER.writeValueAsString(record) + "\n");
        try (Dataset dataset = Dataset.openOrCreate(folder.resolve("dataset"))) {
            new ImportOperation(dataset, jsonl, shared.resolve("images")).run(Progress.NONE);
            int[] asked = { 0 };
            Progress cancelledOnceReading = Progress.cancelledWhen(() -> ++asked[0] > 1); // from its second look: the reads are under way
            ScrubOperation.Report report = new ScrubOperation(dataset, new ScrubOperation.Options(List.of(), List.of(), CONTRIBUTOR, true, false))
                    .run(cancelledOnceReading);
            assertTrue(report.cancelled(), report.summary());
            assertEquals(0, report.screenshots(), "no screenshot of the task was counted read");
            assertEquals(null, dataset.scrubs().get("long"), "the task cut short is left unscrubbed, to be scrubbed whole next time");
        }
    }

    /** A terminal's light text on black: each kind is found there too. */
    @Test
    void findsThePlantedKindsLightOnADarkGround() throws Exception {
        try (Dataset dataset = taskOnTheScreenshot("terminal.png")) {
            new ScrubOperation(dataset, new ScrubOperation.Options(List.of(), List.of(), CONTRIBUTOR, true, false)).run(Progress.NONE);
            List<String> onScreen = dataset.scrubs().get("t1").findings().stream().filter(f -> f.field().equals(StoredScrub.SCREENSHOT) && f.step() == 0)
                    .map(f -> plain(f.text())).toList();
            for (String planted : PLANTED) {
                assertTrue(onScreen.stream().anyMatch(found -> nearlyContains(found, plain(planted))), planted + " found on the screen: " + onScreen);
            }
        }
    }

    @Test
    void theHubExportLeavesOutUnreviewedTasksAndRedactsTheReviewedOnesInImagesAndTexts() throws Exception {
        try (Dataset dataset = taskOnTheScreenshot()) {
            new ScrubOperation(dataset, new ScrubOperation.Options(List.of(), List.of(), CONTRIBUTOR, true, false)).run(Progress.NONE);
            ExportOperation.Summary refused = export(dataset, folder.resolve("refused"));
            assertEquals(0, refused.result().tasks());
            assertTrue(refused.problems().get(0).message().contains("not reviewed yet"), refused.problems().toString());

            StoredScrub found = dataset.scrubs().get("t1");
            List<StoredScrub.Finding> reviewed = new ArrayList<>(found.findings().stream().map(f -> f.withState(StoredScrub.ACCEPTED)).toList());
            reviewed.add(new StoredScrub.Finding(0, StoredScrub.SCREENSHOT, "note", null, new int[] { 0, 760, 300, 40 }, StoredScrub.ACCEPTED));
            dataset.scrubs().put("t1", new StoredScrub(found.contentHash(), found.detectors(), found.scrubbedAt(), reviewed));
            Path out = folder.resolve("hub");
            ExportOperation.Summary exported = export(dataset, out);
            assertEquals(1, exported.result().tasks(), exported.problems().toString());

            String records = Files.readString(out.resolve("data_unknown.jsonl"));
            String card = Files.readString(out.resolve("README.md"));
            for (String planted : PLANTED) {
                assertFalse(records.contains(planted), planted + " in the records: " + records);
            }
            assertTrue(records.contains("pyautogui.write('<EMAIL_1>')") && records.contains("Send the invoice to <EMAIL_1>")
                    && records.contains("I type <EMAIL_1> as"), records);
            assertTrue(card.contains("## Personal data") && card.contains("| email |"), card);
            List<BufferedImage> images = images(out.resolve("images"));
            assertEquals(1, images.size(), "both steps show the same screenshot");
            String readAgain = plain(TextLine.text(ScreenTexts.get().chosen().read(images.get(0))));
            for (String planted : PLANTED) {
                assertFalse(readAgain.contains(plain(planted)), planted + " read in the exported screenshot: " + readAgain);
            }
            assertTrue(readAgain.contains("2.14.1"), "the rest of the screen is still there: " + readAgain);
        }
    }

    /**
     * Every other exporter too: a task with findings not reviewed is left out by default, and with
     * {@code personal_data=redact-unreviewed} its texts carry placeholders and its screenshot differs from the stored one.
     */
    @Test
    void everyExporterLeavesOutOrRedactsPersonalData() throws Exception {
        try (Dataset dataset = taskOnTheScreenshot()) {
            new ScrubOperation(dataset, new ScrubOperation.Options(List.of(), List.of(), CONTRIBUTOR, false, false)).run(Progress.NONE);
            for (String exporter : List.of("agentnet", "adp", "messages", "agentnetbench")) {
                String file = List.of("agentnet", "adp").contains(exporter) ? "data.jsonl" : ""; // these write a file, the others a folder
                ExportOperation.Summary refused = export(dataset, exporter, folder.resolve(exporter + "-refused").resolve(file), Map.of());
                assertTrue(refused.problems().stream().anyMatch(p -> p.message().contains("not reviewed yet")), exporter + ": " + refused.problems());
                assertEquals(0, refused.result().tasks(), exporter);

                ExportOperation.Summary written = export(dataset, exporter, folder.resolve(exporter).resolve(file),
                        Map.of(PersonalData.SETTING, PersonalData.REDACT_UNREVIEWED));
                assertEquals(1, written.result().tasks(), exporter + ": " + written.problems());
                String texts = allText(folder.resolve(exporter));
                assertFalse(texts.contains(PLANTED.get(0)), exporter + " wrote the address: " + texts);
                assertTrue(texts.contains("<EMAIL_1>"), exporter + ": " + texts);
            }
        }
    }

    /** The texts of the files under {@code root} (JSON and JSONL), for looking into. */
    private static String allText(Path root) throws IOException {
        StringBuilder all = new StringBuilder();
        try (var files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json") || f.toString().endsWith(".jsonl")).toList()) {
                all.append(Files.readString(file));
            }
        }
        return all.toString();
    }

    private static ExportOperation.Summary export(Dataset dataset, Path out) throws Exception {
        return export(dataset, "huggingface", out, Map.of());
    }

    private static ExportOperation.Summary export(Dataset dataset, String exporter, Path out, Map<String, String> settings) throws Exception {
        return new ExportOperation(dataset, Exporters.get().find(exporter).orElseThrow(), out, settings, ExportFilter.ANY, null, false)
                .run(Progress.NONE);
    }

    private static List<BufferedImage> images(Path folder) throws IOException {
        List<BufferedImage> images = new ArrayList<>();
        try (var zips = Files.list(folder)) {
            for (Path zip : zips.toList()) {
                try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
                    for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                        images.add(ImageIO.read(new javax.imageio.stream.MemoryCacheImageInputStream(in)));
                    }
                }
            }
        }
        return images;
    }
}
