package org.trajectory.recorder.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.osgi.service.prefs.BackingStoreException;
import org.trajectory.model.Digests;
import org.trajectory.recorder.RecorderPreferences;

/**
 * What this machine lets a replay do, declared by its curator, never by a record: the programs a setup may start (by
 * name, found on {@code PATH}), the setups approved to run (by their content), the workbench's own variables that may
 * reach them, and the bounds on what one step and one task may do. A setup that names anything else is refused with the
 * reason, not run. Kept in the recorder's preference node, so the window's preferences and {@code ./workbench replay}
 * read and write the same.
 *
 * @param programs   names of the programs a replay may start
 * @param setups     hashes ({@link #hash}) of the setups approved to run
 * @param variables  names of the workbench's own environment variables passed to what a replay starts (by default only
 *                   the language and time zone: nothing that holds a secret)
 * @param limits     what one step and one task may do
 * @since 0.1
 */
public record ReplayPolicy(Set<String> programs, Set<String> setups, Set<String> variables, Limits limits) {

    /**
     * Bounds on what a replay does: keys one step presses ({@code presses} times each key) and characters it writes, the
     * seconds one step and a whole task may take. A setting raises them.
     */
    public record Limits(int keysPerStep, int charactersPerStep, int stepSeconds, int taskSeconds) {
        public static final Limits DEFAULT = new Limits(100, 2000, 60, 600);
    }

    /** The workbench's own variables passed by default: the language and time zone, so text is drawn as it was recorded. */
    static final String LOCALE = "LANG\nLANGUAGE\nLC_ALL\nLC_CTYPE\nTZ";
    static final String PROGRAMS = "replayPrograms";
    static final String SETUPS = "replaySetups";
    static final String VARIABLES = "replayVariables";
    static final String KEYS_PER_STEP = "replayKeysPerStep";
    static final String CHARACTERS_PER_STEP = "replayCharactersPerStep";
    static final String STEP_SECONDS = "replayStepSeconds";
    static final String TASK_SECONDS = "replayTaskSeconds";

    /** Shells, interpreters and launchers: they run whatever text a record gives them, so no setup starts one. */
    private static final Set<String> INTERPRETERS = Set.of("sh", "bash", "dash", "zsh", "ksh", "csh", "tcsh", "fish", "busybox", "env", "python",
            "perl", "ruby", "node", "nodejs", "php", "lua", "tclsh", "wish", "osascript", "sudo", "su", "doas", "pkexec", "xargs", "nohup", "setsid",
            "timeout", "nice", "xdg-open", "gio", "dbus-send", "systemd-run");

    public ReplayPolicy {
        programs = Set.copyOf(programs);
        setups = Set.copyOf(setups);
        variables = Set.copyOf(variables);
    }

    /** This machine's policy as its preferences hold it now. */
    public static ReplayPolicy current() {
        IEclipsePreferences node = RecorderPreferences.node();
        Limits d = Limits.DEFAULT;
        return new ReplayPolicy(lines(node.get(PROGRAMS, "")), lines(node.get(SETUPS, "")), lines(node.get(VARIABLES, LOCALE)),
                new Limits(node.getInt(KEYS_PER_STEP, d.keysPerStep()), node.getInt(CHARACTERS_PER_STEP, d.charactersPerStep()),
                        node.getInt(STEP_SECONDS, d.stepSeconds()), node.getInt(TASK_SECONDS, d.taskSeconds())));
    }

    /** Adds programs to this machine's allow-list; a name that is a path, or not on {@code PATH}, is refused. */
    public static void allowPrograms(List<String> names) throws ReplayException {
        for (String name : names) {
            String refusal = refuseProgram(name, null);
            if (refusal != null) {
                throw new ReplayException(refusal);
            }
        }
        add(PROGRAMS, names);
    }

    /** Approves setups to run on this machine, and the programs they start. */
    public static void approve(List<Setup> approved) throws ReplayException {
        List<String> programs = new ArrayList<>();
        approved.forEach(setup -> setup.applications().forEach(app -> programs.add(app.command().get(0))));
        allowPrograms(programs);
        add(SETUPS, approved.stream().map(ReplayPolicy::hash).toList());
    }

    /**
     * Approves a setup recorded on this machine, and the programs it names that are on {@code PATH}; one that cannot be
     * saved stays unapproved (a replay then asks), which is never unsafe.
     */
    public static void approveRecorded(Setup setup) {
        try {
            add(PROGRAMS, setup.applications().stream().map(app -> app.command().get(0)).filter(name -> Programs.executable(name) != null).toList());
            add(SETUPS, List.of(hash(setup)));
        } catch (ReplayException | RuntimeException e) {
            // no preferences here (a bare JVM): the setup stays unapproved
        }
    }

    private static void add(String key, List<String> values) throws ReplayException {
        IEclipsePreferences node = RecorderPreferences.node();
        Set<String> all = new LinkedHashSet<>(lines(node.get(key, "")));
        all.addAll(values);
        node.put(key, String.join("\n", all));
        try {
            node.flush();
        } catch (BackingStoreException e) {
            throw new ReplayException("could not save the replay approvals: " + e.getMessage(), e);
        }
    }

    /** A setup's identity: what is approved is this exact content, and any change to it needs approving again. */
    public static String hash(Setup setup) {
        return Digests.sha256(setup.json().toString());
    }

    public boolean approved(Setup setup) {
        return setups.contains(hash(setup));
    }

    /**
     * Why the setup may not run here, one reason per line, or none: a program named by a path or not on the allow-list,
     * a variable that is not one a setup may set, a setup not approved.
     */
    public List<String> refusals(Setup setup) {
        List<String> refusals = new ArrayList<>();
        int position = 0;
        for (Setup.Application app : setup.applications()) {
            position++;
            String refusal = refuseProgram(app.command().get(0), programs);
            if (refusal != null) {
                refusals.add("application " + position + ": " + refusal);
            }
            for (String variable : app.variables().keySet()) {
                if (!Setup.VARIABLES.matcher(variable).matches()) {
                    refusals.add("application " + position + " sets " + variable + ", which a replay never passes (a setup may set only "
                            + "HOME, PS1, LANG, LANGUAGE, LC_*, TZ, GTK_THEME and TERM)");
                }
            }
        }
        if (refusals.isEmpty() && !setup.applications().isEmpty() && !approved(setup)) {
            refusals.add("its setup comes from outside this machine and was not approved: look at what it starts ("
                    + String.join("; ", setup.applications().stream().map(a -> String.join(" ", a.command())).toList())
                    + ") and approve it (replay --approve-setup TASK_ID, or in the window when asked)");
        }
        return refusals;
    }

    /** Why a program may not be started, or null; {@code allowed} null checks only that it is a name found on {@code PATH}. */
    private static String refuseProgram(String name, Set<String> allowed) {
        if (!Programs.isName(name)) {
            return "'" + name + "' is not a program's name (a setup names programs by name, never by a path or with a shell)";
        }
        if (INTERPRETERS.contains(name.replaceAll("[0-9.]+$", ""))) {
            return "'" + name + "' runs code given to it, not an application a setup starts";
        }
        if (Programs.executable(name) == null) {
            return "'" + name + "' is not installed here (not found on PATH)";
        }
        if (allowed != null && !allowed.contains(name)) {
            return "'" + name + "' is not among the programs a replay may start on this machine (allow it: replay --allow-program "
                    + name + ", or approve the setup when the window asks)";
        }
        return null;
    }

    private static Set<String> lines(String text) {
        Set<String> lines = new LinkedHashSet<>();
        Arrays.stream(text.split("\n")).map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#")).forEach(lines::add);
        return lines;
    }
}
