package org.trajectory.model.action;

import java.util.List;

/**
 * What the parser made of a step's code: the actions it understood and every error it found.
 *
 * @since 0.1
 */
public record ParsedCode(List<Action> actions, List<CodeProblem> problems) {

    public ParsedCode {
        actions = List.copyOf(actions);
        problems = List.copyOf(problems);
    }

    public boolean ok() {
        return problems.isEmpty();
    }
}
