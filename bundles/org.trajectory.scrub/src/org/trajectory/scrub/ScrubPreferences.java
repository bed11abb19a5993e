package org.trajectory.scrub;

import java.util.List;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;

/**
 * The contributor's own identifiers (their names, e-mail addresses, handles: one a line) and the region of the phone
 * formats, in one preference node that the window's Personal Data page writes and every scrub reads, from the window
 * or from {@code ./workbench scrub}.
 *
 * @since 0.1
 */
public final class ScrubPreferences {

    public static final String NODE = "org.trajectory.scrub";
    public static final String IDENTIFIERS = "identifiers";
    /** ISO 3166 code; empty for the machine's own. */
    public static final String REGION = "region";

    private ScrubPreferences() {
    }

    public static IEclipsePreferences node() {
        return InstanceScope.INSTANCE.getNode(NODE);
    }

    /** The identifiers as typed, a line each. */
    public static String identifierText() {
        return node().get(IDENTIFIERS, "");
    }

    public static String region() {
        return node().get(REGION, "");
    }

    /** What a scrub is told: this machine's names, the identifiers listed here and {@code more}, the region set here unless given. */
    public static Detector.Context context(List<String> more, String region) {
        List<String> listed = identifierText().lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        String chosen = region != null ? region : region().isBlank() ? null : region();
        return Detector.Context.ofThisMachine(java.util.stream.Stream.concat(listed.stream(), more.stream()).toList(), chosen);
    }
}
