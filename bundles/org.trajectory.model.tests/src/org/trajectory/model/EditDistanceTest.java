package org.trajectory.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class EditDistanceTest {

    @Test
    void countsCharactersAsPythonDoes() {
        assertEquals(3, EditDistance.of("kitten", "sitting"));
        assertEquals(0, EditDistance.of("", ""));
        assertEquals(5, EditDistance.of("", "alpha"));
        assertEquals(1, EditDistance.of("a\uD83D\uDE00", "a\uD83D\uDE01"), "one emoji against another is one edit");
    }
}
