package org.trajectory.replay;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.dataset.Dataset;
import org.trajectory.recorder.replay.ReplayException;
import org.trajectory.recorder.replay.ReplayPolicy;
import org.trajectory.recorder.replay.Setup;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a curator is asked before a replay: the setups of the tasks to replay that this machine has not approved yet,
 * by task, and what they would start; and those it refuses whatever a curator says (a program named by a path, a
 * variable that loads code), with why. The window shows them in one question; approving remembers them on this machine.
 *
 * @param pending the setups a curator may approve, by task id
 * @param refused why each refused setup may never run here, by task id
 * @since 0.1
 */
public record SetupApprovals(Map<String, Setup> pending, Map<String, String> refused) {

    public SetupApprovals {
        pending = Map.copyOf(pending);
        refused = Map.copyOf(refused);
    }

    /** The tasks' setups ({@code taskIds} empty: every task's) as this machine's {@code policy} sees them. */
    public static SetupApprovals of(Dataset dataset, List<String> taskIds, ReplayPolicy policy) throws IOException, SQLException {
        Map<String, Setup> pending = new LinkedHashMap<>();
        Map<String, String> refused = new LinkedHashMap<>();
        for (String id : taskIds.isEmpty() ? dataset.taskIds() : taskIds) {
            JsonNode json = dataset.contains(id) ? dataset.draft(id).task().json().get(Setup.FIELD) : null;
            if (json == null || !json.isObject()) {
                continue;
            }
            try {
                Setup setup = Setup.of(json);
                if (policy.refusals(setup).isEmpty()) {
                    continue;
                }
                List<String> forever = approvedAsItIs(policy, setup).refusals(setup);
                if (forever.isEmpty()) {
                    pending.put(id, setup);
                } else {
                    refused.put(id, String.join("; ", forever));
                }
            } catch (ReplayException e) {
                refused.put(id, e.getMessage());
            }
        }
        return new SetupApprovals(pending, refused);
    }

    /** The policy as it would be once this setup and its programs were approved: what it still refuses, nobody may approve. */
    private static ReplayPolicy approvedAsItIs(ReplayPolicy policy, Setup setup) {
        Set<String> programs = new LinkedHashSet<>(policy.programs());
        setup.applications().forEach(app -> programs.add(app.command().get(0)));
        Set<String> setups = new LinkedHashSet<>(policy.setups());
        setups.add(ReplayPolicy.hash(setup));
        return new ReplayPolicy(programs, setups, policy.variables(), policy.limits());
    }

    /** What the pending setups would start, each command line once, in task order. */
    public List<String> commands() {
        Set<String> commands = new LinkedHashSet<>();
        pending.values().forEach(setup -> setup.applications().forEach(app -> commands.add(String.join(" ", app.command())
                + (app.variables().isEmpty() ? "" : "   (with " + app.variables() + ")"))));
        return new ArrayList<>(commands);
    }

    /** Approves the pending setups, and the programs they name, on this machine. */
    public void approve() throws ReplayException {
        ReplayPolicy.approve(List.copyOf(pending.values()));
    }
}
