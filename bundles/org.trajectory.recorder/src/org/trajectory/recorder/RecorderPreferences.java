package org.trajectory.recorder;

import java.util.List;

import org.eclipse.core.runtime.preferences.AbstractPreferenceInitializer;
import org.eclipse.core.runtime.preferences.DefaultScope;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;

/**
 * The recorder's settings, in one preference node that the window's Recorder page writes and every recording reads,
 * from the window or from {@code ./workbench record}: the excluded-window patterns (besides the built-in ones) and
 * the frame rate. Defaults come from the {@link Initializer}.
 *
 * @since 0.1
 */
public final class RecorderPreferences {

    public static final String NODE = "org.trajectory.recorder";
    /** More excluded-window patterns: a regular expression a line, {@code #} starts a comment. */
    public static final String EXCLUSIONS = "exclusions";
    public static final String FPS = "fps";
    /** Whether recordings capture the element under each press and each focus change (where the desktop offers them). */
    public static final String ELEMENTS = "elements";

    private RecorderPreferences() {
    }

    public static IEclipsePreferences node() {
        return InstanceScope.INSTANCE.getNode(NODE);
    }

    /** The user's own patterns as typed (without the built-in ones). */
    public static String userExclusions() {
        return node().get(EXCLUSIONS, DefaultScope.INSTANCE.getNode(NODE).get(EXCLUSIONS, ""));
    }

    /**
     * The patterns a recording uses now: the built-in ones, the user's, and {@code extra} (e.g. from a file). Patterns
     * that do not parse fail the recording rather than leave a window unprotected.
     */
    public static List<String> exclusions(List<String> extra) throws CaptureException {
        List<String> user;
        try {
            user = PrivacyFilter.parseExclusions(userExclusions());
        } catch (IllegalArgumentException e) {
            throw new CaptureException("The excluded-window patterns of Window > Preferences > Recorder do not parse (" + e.getMessage()
                    + "); correct them there, so that no private window is recorded");
        }
        return PrivacyFilter.exclusions(java.util.stream.Stream.concat(user.stream(), extra.stream()).toList());
    }

    public static int fps() {
        return node().getInt(FPS, DefaultScope.INSTANCE.getNode(NODE).getInt(FPS, CaptureSettings.DEFAULT_FPS));
    }

    public static boolean elements() {
        return node().getBoolean(ELEMENTS, DefaultScope.INSTANCE.getNode(NODE).getBoolean(ELEMENTS, true));
    }

    /** The defaults, set in the default scope when the node is first read. */
    public static final class Initializer extends AbstractPreferenceInitializer {
        @Override
        public void initializeDefaultPreferences() {
            IEclipsePreferences defaults = DefaultScope.INSTANCE.getNode(NODE);
            defaults.put(EXCLUSIONS, "");
            defaults.putInt(FPS, CaptureSettings.DEFAULT_FPS);
            defaults.putBoolean(ELEMENTS, true);
        }
    }
}
