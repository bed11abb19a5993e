package org.trajectory.dataset;

import java.io.BufferedReader;
import java.io.InputStreamReader;

import org.trajectory.model.Step;

/**
 * A workbench process editing one task, as the editor does: reads the task, waits for a line on its input (so a
 * test can let two of them save at once), writes its text into the first step's thought and saves; a refused save
 * keeps the edit as a copy. Arguments: ADDRESS TASK TEXT COPY_ID. Prints what happened, a line each.
 *
 * @since 0.1
 */
public final class EditProcess {

    private EditProcess() {
    }

    public static void main(String[] args) throws Exception {
        try (Dataset dataset = Dataset.open(DatasetAddress.parse(args[0]))) {
            TaskDraft draft = dataset.draft(args[1]);
            System.out.println("read version " + draft.version());
            System.out.flush();
            new BufferedReader(new InputStreamReader(System.in)).readLine();
            TaskDraft edited = draft.withStepText(0, Step.THOUGHT, args[2]);
            try {
                dataset.save(edited);
                System.out.println("saved");
            } catch (StaleTaskException e) {
                System.out.println("refused: " + e.getMessage());
                dataset.saveCopy(edited, args[3]);
                System.out.println("kept as " + args[3]);
            }
        }
    }
}
