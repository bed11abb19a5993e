package org.trajectory.ui.internal.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Spinner;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.Text;
import org.junit.jupiter.api.Test;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.ReviewState;
import org.trajectory.ui.internal.Parts;
import org.trajectory.ui.internal.TaskEditorInput;
import org.trajectory.ui.internal.WidgetFinder;
import org.trajectory.ui.internal.WorkbenchTest;
import org.trajectory.ui.internal.editor.TrajectoryEditor;

/** A team lead assigns reviewers in the window, sees each one's progress, their agreement and the disagreements, and opens one. */
class TeamViewTest extends WorkbenchTest {

    @Test
    void assignInTheWindowThenVerdictsFromElsewhereShowAsAgreementAndADisagreementOpens() throws Exception {
        Path folder = openFixture(6);
        TeamView view = (TeamView) page.showView(Parts.TEAM_VIEW);
        waitFor(() -> view.summary().getText().startsWith("No task is assigned yet"), "the view says nothing is assigned yet");

        Path gold = temp.resolve("gold.csv");
        Files.write(gold, List.of("# known verdicts", "task-0,approve"));
        display.timerExec(300, () -> {
            Shell dialog = Arrays.stream(display.getShells()).filter(s -> "Assign Reviewers".equals(s.getText())).findFirst().orElseThrow();
            WidgetFinder.find(dialog, Text.class, t -> t.getMessage().startsWith("logins")).orElseThrow().setText("ann, ben");
            WidgetFinder.find(dialog, Text.class, t -> t.getMessage().startsWith("optional")).orElseThrow().setText(gold.toString());
            WidgetFinder.find(dialog, Spinner.class, s -> true).orElseThrow().setSelection(2);
            WidgetFinder.find(dialog, Button.class, b -> "&Assign".equals(b.getText())).orElseThrow().notifyListeners(SWT.Selection, new Event());
        });
        view.assignButton().notifyListeners(SWT.Selection, new Event());
        waitFor(() -> Job.getJobManager().find(TeamView.FAMILY).length == 0 && rows(view.tables().get(0)).size() == 2
                || view.summary().getText().startsWith("Nothing was assigned"), "both reviewers listed");
        assertEquals(List.of("ann|6|0|6|", "ben|6|0|6|"), rows(view.tables().get(0)), "six tasks each: overlap 2 of 2 reviewers");

        try (Dataset elsewhere = Dataset.open(folder)) {
            elsewhere.signAs("ann");
            elsewhere.teamReview().judge("task-0", ReviewState.APPROVED, null);
            elsewhere.teamReview().judge("task-1", ReviewState.APPROVED, null);
            elsewhere.signAs("ben");
            elsewhere.teamReview().judge("task-0", ReviewState.APPROVED, null);
            elsewhere.teamReview().judge("task-1", ReviewState.REJECTED, null);
        }
        waitFor(() -> rows(view.tables().get(2)).size() == 1, "another process's verdicts reach the view");
        assertEquals(List.of("ann|6|2|4|1.000 (1 of 1)", "ben|6|2|4|1.000 (1 of 1)"), rows(view.tables().get(0)));
        assertEquals(List.of("ann|ben|2|0.000"), rows(view.tables().get(1)), "one agreement, one not: no better than chance");
        assertEquals(List.of("task-1|ann approved, ben rejected|not yet"), rows(view.tables().get(2)), "task-1 has no final review yet");
        assertTrue(view.summary().getText().contains("1 disagreements, 1 not settled"), view.summary().getText());

        Table disagreements = view.tables().get(2);
        disagreements.setSelection(0);
        disagreements.notifyListeners(SWT.DefaultSelection, new Event());
        waitFor(() -> page.getActiveEditor() instanceof TrajectoryEditor editor && editor.getEditorInput() instanceof TaskEditorInput input
                && "task-1".equals(input.taskId()), "the disagreement's task opens to be settled");
    }

    @Test
    void behindAnotherTabItReadsTheTeamOnlyWhenShownAgain() throws Exception {
        Path folder = openFixture(2);
        TeamView view = (TeamView) page.showView(Parts.TEAM_VIEW);
        waitFor(() -> view.summary().getText().startsWith("No task is assigned yet"), "the view says nothing is assigned yet");
        page.showView(Parts.SCORING_VIEW); // the same folder: Team Review goes behind it
        assertFalse(page.isPartVisible(view));

        try (Dataset elsewhere = Dataset.open(folder)) {
            elsewhere.teamReview().assign(List.of("ann", "ben"), 1, java.util.Map.of());
        }
        waitFor(view::stale, "the change is heard and left for later");
        assertTrue(view.summary().getText().startsWith("No task is assigned yet"), "not read while hidden: " + view.summary().getText());

        page.showView(Parts.TEAM_VIEW);
        waitFor(() -> rows(view.tables().get(0)).size() == 2, "shown again, it reads the assignment");
        assertFalse(view.stale());
    }
}
