package org.trajectory.ui.internal.dataset;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.PlatformUI;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.OnePageWizard;
import org.trajectory.ui.internal.PathField;

/** File > Import: an AgentNet JSONL file and its images into a dataset, as a job. */
final class ImportWizard extends OnePageWizard<ImportWizard.Page> {

    ImportWizard() {
        super("Import AgentNet JSONL", new Page());
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
            setTitle("Import AgentNet JSONL");
            setDescription("Records are kept as they are; a malformed line is reported and skipped. Importing again adds only new tasks.");
        }

        @Override
        public void createControl(Composite parent) {
            Composite area = new Composite(parent, SWT.NONE);
            GridLayoutFactory.swtDefaults().numColumns(3).applyTo(area);
            jsonl = new PathField(area, "&JSONL file:", PathField.Kind.OPEN_FILE, new String[] { "*.jsonl", "*.json", "*" }, this::validate);
            images = new PathField(area, "&Images (folder):", PathField.Kind.FOLDER, null, this::validate);
            dataset = new PathField(area, "&Dataset folder:", PathField.Kind.FOLDER, null, this::validate);
            DatasetAddress open = DatasetSession.of(PlatformUI.getWorkbench()).address();
            if (open != null) {
                dataset.text().setText(open.spec()); // a folder, or the server dataset open in the window
            }
            jsonl.text().addModifyListener(e -> {
                Path file = jsonl.path();
                Path sibling = file == null || file.toAbsolutePath().getParent() == null ? null : file.toAbsolutePath().resolveSibling("images");
                if (images.path() == null && sibling != null && Files.isDirectory(sibling)) {
                    images.set(sibling); // the AgentNet layout
                }
            });
            setControl(area);
            validate();
        }

        private void validate() {
            String error = null;
            if (jsonl.path() == null) {
                error = "Choose the JSONL file to import.";
            } else if (!Files.isRegularFile(jsonl.path())) {
                error = "There is no file " + jsonl.path() + ".";
            } else if (images.path() != null && !Files.exists(images.path())) {
                error = "There is no images folder or zip " + images.path() + ".";
            } else if (dataset.path() == null) {
                error = "Choose the dataset folder (it is created if it does not exist).";
            }
            setErrorMessage(jsonl.path() == null ? null : error);
            setMessage(images.path() == null && error == null ? "No images folder: the records are imported without their images." : null,
                    WARNING);
            setPageComplete(error == null);
        }
    }
}
