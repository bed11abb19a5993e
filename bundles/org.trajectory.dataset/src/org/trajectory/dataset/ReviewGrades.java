package org.trajectory.dataset;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.trajectory.model.Json;

/**
 * A reviewer's optional grades of a task, beside the review's state: AgentNetTool's graded accept (an accept level, 1
 * usable, 2 good, 3 exemplary) and cua_annotation_tool's rubric (correctness, difficulty, knowledge, value, each 1 to
 * 5). Any may be left out (null). Exports carry them in each record as {@value #FIELD}; the dataset card counts them.
 *
 * @since 0.5
 */
public record ReviewGrades(Integer acceptLevel, Integer correctness, Integer difficulty, Integer knowledge, Integer value) {

    /** The field of an exported record that holds its grades. */
    public static final String FIELD = "review_grades";
    public static final String ACCEPT_LEVEL = "accept_level";
    /** The rubric's criteria, in the order they are shown and stored. */
    public static final String[] RUBRIC = { "correctness", "difficulty", "knowledge", "value" };
    public static final int HIGHEST_ACCEPT_LEVEL = 3;
    public static final int HIGHEST_RUBRIC = 5;
    public static final ReviewGrades NONE = new ReviewGrades(null, null, null, null, null);

    public ReviewGrades {
        check(ACCEPT_LEVEL, acceptLevel, HIGHEST_ACCEPT_LEVEL);
        check(RUBRIC[0], correctness, HIGHEST_RUBRIC);
        check(RUBRIC[1], difficulty, HIGHEST_RUBRIC);
        check(RUBRIC[2], knowledge, HIGHEST_RUBRIC);
        check(RUBRIC[3], value, HIGHEST_RUBRIC);
    }

    private static void check(String name, Integer grade, int highest) {
        if (grade != null && (grade < 1 || grade > highest)) {
            throw new IllegalArgumentException(name + " is graded from 1 to " + highest + ", not " + grade);
        }
    }

    /** The rubric's grades by criterion, in {@link #RUBRIC}'s order (null where not given). */
    public Integer[] rubric() {
        return new Integer[] { correctness, difficulty, knowledge, value };
    }

    public boolean isEmpty() {
        return equals(NONE);
    }

    /** As an exported record carries them: {"accept_level": 2, "rubric": {"correctness": 4, ...}}, given grades only. */
    public ObjectNode toJson() {
        ObjectNode json = Json.MAPPER.createObjectNode();
        if (acceptLevel != null) {
            json.put(ACCEPT_LEVEL, acceptLevel);
        }
        Map<String, Integer> rubric = new LinkedHashMap<>();
        Integer[] grades = rubric();
        for (int i = 0; i < RUBRIC.length; i++) {
            if (grades[i] != null) {
                rubric.put(RUBRIC[i], grades[i]);
            }
        }
        if (!rubric.isEmpty()) {
            rubric.forEach(json.putObject("rubric")::put);
        }
        return json;
    }

    /** The grades an exported record's {@value #FIELD} holds ({@link #NONE} when it has none). */
    public static ReviewGrades of(JsonNode field) {
        JsonNode rubric = field.path("rubric");
        return new ReviewGrades(grade(field.path(ACCEPT_LEVEL)), grade(rubric.path(RUBRIC[0])), grade(rubric.path(RUBRIC[1])),
                grade(rubric.path(RUBRIC[2])), grade(rubric.path(RUBRIC[3])));
    }

    private static Integer grade(JsonNode node) {
        return node.isInt() ? node.intValue() : null;
    }

    /** In words, for a review line and the history: "accept 2, correctness 4, value 5"; empty when none. */
    public String words() {
        StringBuilder text = new StringBuilder(acceptLevel == null ? "" : "accept " + acceptLevel);
        Integer[] grades = rubric();
        for (int i = 0; i < RUBRIC.length; i++) {
            if (grades[i] != null) {
                text.append(text.isEmpty() ? "" : ", ").append(RUBRIC[i]).append(' ').append(grades[i]);
            }
        }
        return text.toString();
    }
}
