package org.trajectory.ui.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.trajectory.dataset.ExportTarget;

/** File > Export: the open dataset as AgentNet JSONL plus images (a folder or a zip), as a job. */
final class ExportWizard extends Wizard {

    private final Page page = new Page();

    ExportWizard() {
        setWindowTitle("Export AgentNet JSONL");
    }

    @Override
    public void addPages() {
        addPage(page);
    }

    @Override
    public boolean performFinish() {
        DatasetJobs.exportJob(DatasetSession.get().folder(), page.jsonl.path(), page.images(), page.replace.getSelection(), getShell())
                .schedule();
        return true;
    }

    private static final class Page extends WizardPage {
        private PathField jsonl;
        private Button folder;
        private Button zip;
        private Button replace;

        Page() {
            super("export");
            setTitle("Export AgentNet JSONL");
            setDescription("Writes every task of " + DatasetSession.get().folder() + " with its images under the names the records use.");
        }

        @Override
        public void createControl(Composite parent) {
            Composite area = new Composite(parent, SWT.NONE);
            GridLayoutFactory.swtDefaults().numColumns(3).applyTo(area);
            jsonl = new PathField(area, "&JSONL file:", PathField.Kind.SAVE_FILE, new String[] { "*.jsonl", "*" }, this::validate);
            folder = radio(area, "Images in a &folder 'images' beside the JSONL");
            zip = radio(area, "Images in a &zip 'images.zip' beside the JSONL");
            radio(area, "&No images").addListener(SWT.Selection, e -> validate());
            folder.addListener(SWT.Selection, e -> validate());
            zip.addListener(SWT.Selection, e -> validate());
            replace = new Button(area, SWT.CHECK);
            replace.setText("&Replace existing files");
            GridDataFactory.fillDefaults().span(3, 1).indent(0, 8).applyTo(replace);
            replace.addListener(SWT.Selection, e -> validate());
            folder.setSelection(true);
            setControl(area);
            validate();
        }

        @Override
        public void setVisible(boolean visible) {
            super.setVisible(visible);
            if (visible) {
                jsonl.text().setFocus(); // typing starts in the file field
            }
        }

        private Button radio(Composite area, String text) {
            Button button = new Button(area, SWT.RADIO);
            button.setText(text);
            GridDataFactory.fillDefaults().span(3, 1).applyTo(button);
            return button;
        }

        Path images() {
            Path parent = jsonl.path().toAbsolutePath().getParent();
            return zip.getSelection() ? parent.resolve("images.zip") : folder.getSelection() ? parent.resolve("images") : null;
        }

        /** The export's own rule (never inside a dataset, existing files only when replacing), said before Finish. */
        private void validate() {
            setErrorMessage(null);
            boolean complete = jsonl.path() != null && DatasetSession.get().folder() != null && replace != null;
            if (complete) {
                try {
                    ExportTarget.check(jsonl.path(), replace.getSelection());
                    if (images() != null) {
                        ExportTarget.check(images(), replace.getSelection());
                    }
                } catch (IOException e) {
                    setErrorMessage(e.getMessage().replace("give --force", "tick 'Replace existing files'"));
                    complete = false;
                }
            }
            setPageComplete(complete);
        }
    }
}
