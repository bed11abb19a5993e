package org.trajectory.scrub.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.trajectory.dataset.Redaction;
import org.trajectory.dataset.StoredScrub;
import org.trajectory.dataset.StoredScrub.Finding;
import org.trajectory.model.Json;
import org.trajectory.model.Task;
import org.trajectory.scrub.Detector;
import org.trajectory.scrub.Detectors;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Personal data written so that a pattern misses it but a person reads it: split over steps, typed key by key, with
 * invisible characters or full-width forms inside. Each is found, reported where the record holds it, and redacted.
 */
class ReadAsAPersonTest {

    private static Task task(String... codes) throws Exception {
        ObjectNode record = Json.MAPPER.createObjectNode().put(Task.TASK_ID, "t").put(Task.INSTRUCTION, "Fill in the form");
        for (int i = 0; i < codes.length; i++) {
            record.withArray(Task.TRAJ).addObject().put("index", i).putObject("value").put("code", codes[i]);
        }
        return Task.of(record);
    }

    private static List<Finding> scan(Task task) {
        return new TaskScan(task, Detectors.get().all(), Detector.Context.NONE).findings();
    }

    private static List<Finding> of(List<Finding> findings, String kind) {
        return findings.stream().filter(f -> f.kind().equals(kind)).toList();
    }

    @Test
    void anAddressWrittenInTwoStepsIsFoundInBoth() throws Exception {
        List<Finding> found = of(scan(task("pyautogui.write(message='alice.martin@')", "pyautogui.write(message='example.com')")), "email");
        assertEquals(List.of("0 code alice.martin@", "1 code example.com"), found.stream().map(f -> f.step() + " " + f.field() + " " + f.text()).toList());
    }

    @Test
    void invisibleAndFullWidthCharactersDoNotHideAnAddress() throws Exception {
        for (String written : List.of("alice\u200b.martin@example.com", "alice.martin@exa\u200dmple.com", "alice.martin\uff20example.com",
                "\ufeffalice.martin@example.com")) {
            List<Finding> found = of(scan(task("pyautogui.write(message='" + written + "')")), "email");
            assertEquals(1, found.size(), written + ": " + found);
            assertTrue(found.get(0).text().contains("alice") && found.get(0).text().contains("com"), found.toString());
            String redacted = redact(task("pyautogui.write(message='" + written + "')"), found).toString();
            assertFalse(redacted.contains("martin"), redacted);
            assertTrue(redacted.contains("<EMAIL_1>"), redacted);
        }
    }

    @Test
    void cardNumbersWithDotsOrSplitOverStepsAreFound() throws Exception {
        assertEquals(1, of(scan(task("pyautogui.write(message='4111.1111.1111.1111')")), "card").size());
        List<Finding> split = of(scan(task("pyautogui.write(message='4111 1111 ')", "pyautogui.write(message='1111 1111')")), "card");
        assertEquals(2, split.size(), split.toString());
        assertEquals(List.of(0, 1), split.stream().map(Finding::step).toList());
    }

    @Test
    void anAddressTypedKeyByKeyIsFoundAndAnExportTypesThePlaceholder() throws Exception {
        Task task = task("pyautogui.click(x=0.5, y=0.5)", "pyautogui.press(['b', 'o', 'b', '@', 'e', 'x', 'a', 'm', 'p', 'l', 'e'])",
                "pyautogui.press(['.', 'o', 'r', 'g', 'enter'])");
        List<Finding> found = of(scan(task), "email");
        assertEquals(List.of("1 typed bob@example", "2 typed .org"), found.stream().map(f -> f.step() + " " + f.field() + " " + f.text()).toList());
        String redacted = redact(task, found).toString();
        assertFalse(redacted.contains("'b', 'o'") || redacted.contains("'o', 'r'"), redacted);
        assertTrue(redacted.contains("pyautogui.write(message='<EMAIL_1>')") && redacted.contains("pyautogui.click(x=0.5, y=0.5)"), redacted);
    }

    @Test
    void aBackspaceTakesBackWhatWasTypedAndAClickEndsAWord() throws Exception {
        assertEquals(List.of(0, 2), of(scan(task("pyautogui.write(message='carol@examplx')", "pyautogui.press('backspace')",
                "pyautogui.write(message='e.com')")), "email").stream().map(Finding::step).toList());
        assertEquals(0, of(scan(task("pyautogui.write(message='carol@')", "pyautogui.click(x=0.5, y=0.5)",
                "pyautogui.write(message='example.com')")), "email").size(), "two fields, neither an address");
    }

    private static ObjectNode redact(Task task, List<Finding> findings) {
        List<Finding> accepted = findings.stream().map(f -> f.withState(StoredScrub.ACCEPTED)).toList();
        return new Redaction(new StoredScrub("h", List.of(), "now", accepted)).apply(task.json().deepCopy());
    }
}
