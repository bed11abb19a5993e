package org.trajectory.ui.internal.dataset;

import org.trajectory.dataset.Importers;
import java.io.IOException;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.PlatformUI;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.OnePageWizard;
import org.trajectory.ui.internal.PathField;

/** File > Import: an AgentNet JSONL file and its images into a dataset, as a job. */
final class ImportWizard extends OnePageWizard<ImportWizard.Page> {

    ImportWizard() {
        super("Import Records", new Page());
    }

    @Override
    public boolean performFinish() {
        DatasetJobs.importJob(DatasetAddress.parse(page.dataset.text().getText().strip()), page.jsonl.path(), page.images.path(), getShell()).schedule();
        return true;
    }

    static final class Page extends WizardPage {
        private PathField jsonl;
        private PathField images;
        private PathField dataset;

        Page() {
            super("import");
            setTitle("Import Records");
            setDescription("Records of other tools into a dataset: AgentNet JSONL, AgentNetBench or ADP."); // the title area shows two lines
        }

        @Override
        public void createControl(Composite parent) {
            Composite area = new Composite(parent, SWT.NONE);
            GridLayoutFactory.swtDefaults().numColumns(3).applyTo(area);
            jsonl = new PathField(area, "&File or folder:", PathField.Kind.OPEN_FILE, new String[] { "*.jsonl", "*.json", "*" }, this::validate);
            images = new PathField(area, "&Images (folder):", PathField.Kind.FOLDER, null, this::validate);
            dataset = new PathField(area, "&Dataset folder:", PathField.Kind.FOLDER, null, this::validate);
            Label help = new Label(area, SWT.WRAP);
            help.setText("AgentNetBench task files: one .json, or type their folder. A malformed record is reported with its file and line"
                    + " and skipped, the rest imported; importing again adds only new tasks.");
            GridDataFactory.fillDefaults().span(3, 1).grab(true, false).hint(300, SWT.DEFAULT).applyTo(help);
            DatasetAddress open = DatasetSession.of(PlatformUI.getWorkbench()).address();
            if (open != null) {
                dataset.text().setText(open.spec()); // a folder, or the server dataset open in the window
            }
            jsonl.text().addModifyListener(e -> {
                Path layout = imagesOf(jsonl.path());
                if (images.path() == null && layout != null && Files.isDirectory(layout)) {
                    images.set(layout); // where the format keeps them
                }
            });
            setControl(area);
            validate();
        }

        /** Where the format of {@code source} keeps its images; null when no importer reads it. */
        private static Path imagesOf(Path source) {
            try {
                return source == null || !Files.exists(source) ? null : Importers.get().readerOf(source).created().images(source);
            } catch (IOException | IllegalArgumentException e) {
                return null;
            }
        }

        private void validate() {
            String error = null;
            if (jsonl.path() == null) {
                error = "Choose the file (or folder) to import.";
            } else if (!Files.exists(jsonl.path())) {
                error = "There is no file or folder " + jsonl.path() + ".";
            } else if (imagesOf(jsonl.path()) == null) {
                error = "No importer reads " + jsonl.path() + ": choose an AgentNet JSONL file, AgentNetBench task files or ADP trajectories.";
            } else if (images.path() != null && !Files.exists(images.path())) {
                error = "There is no images folder or zip " + images.path() + ".";
            } else if (dataset.path() == null) {
                error = "Choose the dataset folder (it is created if it does not exist).";
            }
            // Nothing chosen yet is no error, but Finish says why it waits.
            setErrorMessage(jsonl.path() == null ? null : error);
            if (jsonl.path() == null) {
                setMessage(error, INFORMATION);
            } else {
                setMessage(images.path() == null && error == null ? "No images folder: the records are imported without their images." : null,
                        WARNING);
            }
            setPageComplete(error == null);
        }
    }
}
