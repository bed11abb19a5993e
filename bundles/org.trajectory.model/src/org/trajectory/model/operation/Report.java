package org.trajectory.model.operation;

import java.util.List;
import java.util.Map;

/**
 * What an {@link Operation} did, said in three ways: a sentence for people, fields for programs ({@code --json}), and
 * the problems it met, each with its file and line or its task and step.
 *
 * @since 0.1
 */
public interface Report {

    /** One sentence without a final stop: "imported 3 tasks, 1 problem". */
    String summary();

    /** The same for programs: names to numbers, strings, lists or maps that Jackson writes as JSON. */
    Map<String, Object> json();

    /** The problems met, the first ones when there are many (see {@link #problemCount()}). */
    default List<Problem> problems() {
        return List.of();
    }

    /** How many problems there were in all, more than {@link #problems()} lists when it keeps only the first. */
    default long problemCount() {
        return problems().size();
    }

    /**
     * Each item it was given, by the name it was given by (a recording's folder, a video, a task id), with what became
     * of it, in the order given; an item it did not reach (cancelled) is absent. Empty for operations not about items.
     */
    default java.util.Map<String, Item> items() {
        return java.util.Map.of();
    }

    /** Whether it stopped early because it was cancelled (what was done by then is kept). */
    default boolean cancelled() {
        return false;
    }

    /** Whether it did all it was asked without a problem: the command's exit code and the window's message follow it. */
    default boolean succeeded() {
        return problemCount() == 0 && !cancelled();
    }
}
