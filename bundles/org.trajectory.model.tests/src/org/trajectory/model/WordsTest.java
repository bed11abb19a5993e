package org.trajectory.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WordsTest {

    @Test
    void oneIsSingularAndEveryOtherCountPlural() {
        assertEquals("1 task", Words.count(1, "task"));
        assertEquals("0 tasks", Words.count(0, "task"));
        assertEquals("2 doubtful steps", Words.count(2, "doubtful step"));
    }
}
