package org.trajectory.model;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One name for each operating system, whatever a source spells it: recorders write {@code windows} or {@code ubuntu},
 * AgentNet's files {@code Windows}, a peer's metadata {@code Darwin}. The dataset's columns, its filters and the
 * dataset card use these names, so one system is one row of a chart; a task's record keeps what its source wrote.
 *
 * @since 0.1
 */
public final class OperatingSystems {

    /** Each spelling met (lower case) to the one name. */
    private static final Map<String, String> NAMES = new LinkedHashMap<>();
    static {
        name("Windows", "windows", "win", "win32", "win64", "windows 10", "windows 11", "windows_nt");
        name("Ubuntu", "ubuntu");
        name("Linux", "linux", "gnu/linux");
        name("macOS", "macos", "mac", "mac os", "mac os x", "osx", "os x", "darwin");
    }

    private static void name(String name, String... spellings) {
        for (String spelling : spellings) {
            NAMES.put(spelling, name);
        }
    }

    private OperatingSystems() {
    }

    /** The one name of the system {@code given} names; an unknown system keeps its own (trimmed); null stays null. */
    public static String name(String given) {
        if (given == null) {
            return null;
        }
        String trimmed = given.strip();
        return NAMES.getOrDefault(trimmed.toLowerCase(Locale.ROOT), trimmed);
    }

    /** Every spelling known (lower case) and its name, for a store that renames what it already holds. */
    public static Map<String, String> spellings() {
        return java.util.Collections.unmodifiableMap(NAMES);
    }
}
