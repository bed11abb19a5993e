package org.trajectory.ui.internal.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Group;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PlatformUI;
import org.trajectory.dataset.Dataset;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.export.ExportTarget;
import org.trajectory.dataset.ReviewState;
import org.trajectory.dataset.TaskFacts;
import org.trajectory.export.ExportFilter;
import org.trajectory.export.ExportSetting;
import org.trajectory.export.Exporters;
import org.trajectory.export.Selection;
import org.trajectory.export.Splits;
import org.trajectory.ui.internal.DatasetJobs;
import org.trajectory.ui.internal.DatasetSession;
import org.trajectory.ui.internal.OnePageWizard;
import org.trajectory.ui.internal.PathField;

/**
 * File > Export: any exporter of the catalogue, its settings, the filters and splits of every export, and a preview
 * of what would be written (counted off the UI thread as the choices change) before anything is; then a job.
 */
final class ExportWizard extends OnePageWizard<ExportWizard.Page> {

    ExportWizard() {
        super("Export Dataset", new Page());
    }

    @Override
    public boolean performFinish() {
        DatasetJobs.ExportRequest request = page.request();
        if (request == null || page.destination.path() == null) {
            return false;
        }
        DatasetJobs.exportJob(DatasetSession.of(PlatformUI.getWorkbench()).address(), request, getShell()).schedule();
        return true;
    }

    static final class Page extends WizardPage {
        private static final String ANY = "(any)";
        private final List<Exporters.Descriptor> exporters = Exporters.get().all();
        private Combo format;
        private PathField destination;
        private Composite settingsArea;
        private final Map<String, Control> settingFields = new LinkedHashMap<>();
        private Combo review;
        private Combo os;
        private Combo domain;
        private Combo origin;
        private Text minScore;
        private Text maxScore;
        private Text application;
        private Text reviewer;
        private Button split;
        private Text ratios;
        private Text nearDuplicate;
        private Button replace;
        private Label preview;
        private Job previewJob;

        Page() {
            super("export");
            setTitle("Export Dataset");
            setDescription("Writes the tasks of " + DatasetSession.of(PlatformUI.getWorkbench()).address() + " that the filters keep, in the format chosen.");
        }

        @Override
        public void createControl(Composite parent) {
            Composite area = new Composite(parent, SWT.NONE);
            GridLayoutFactory.swtDefaults().numColumns(3).applyTo(area);
            new Label(area, SWT.NONE).setText("&Format:");
            format = new Combo(area, SWT.READ_ONLY);
            exporters.forEach(exporter -> format.add(exporter.name()));
            GridDataFactory.fillDefaults().span(2, 1).applyTo(format);
            destination = new PathField(area, "&Destination:", PathField.Kind.SAVE_FILE, new String[] { "*.jsonl", "*" }, this::changed);

            settingsArea = new Composite(area, SWT.NONE);
            GridLayoutFactory.fillDefaults().numColumns(4).applyTo(settingsArea); // two settings a row: the page stays short
            GridDataFactory.fillDefaults().span(3, 1).grab(true, false).applyTo(settingsArea);

            filters(area);

            Group splits = new Group(area, SWT.NONE);
            splits.setText("Splits");
            GridLayoutFactory.swtDefaults().numColumns(5).applyTo(splits);
            GridDataFactory.fillDefaults().span(3, 1).grab(true, false).applyTo(splits);
            split = new Button(splits, SWT.CHECK);
            split.setText("&Split into train, validation, test:");
            split.addListener(SWT.Selection, e -> changed());
            ratios = new Text(splits, SWT.BORDER);
            ratios.setText("0.8,0.1,0.1");
            ratios.addModifyListener(e -> changed());
            GridDataFactory.fillDefaults().hint(90, SWT.DEFAULT).applyTo(ratios);
            new Label(splits, SWT.NONE).setText("Near-duplicates at cosine:");
            nearDuplicate = new Text(splits, SWT.BORDER);
            nearDuplicate.setText(Double.toString(Splits.DEFAULT_NEAR_DUPLICATE));
            nearDuplicate.addModifyListener(e -> changed());
            GridDataFactory.fillDefaults().hint(50, SWT.DEFAULT).applyTo(nearDuplicate);
            new Label(splits, SWT.NONE).setText("(kept in one split)");

            replace = new Button(area, SWT.CHECK);
            replace.setText("R&eplace existing files");
            GridDataFactory.fillDefaults().span(3, 1).applyTo(replace);
            replace.addListener(SWT.Selection, e -> changed());
            preview = new Label(area, SWT.WRAP);
            preview.setText("Counting the tasks...");
            preview.addListener(SWT.Dispose, e -> { // a count asked for just before the wizard closed is no longer wanted
                if (previewJob != null) {
                    previewJob.cancel();
                }
            });
            GridDataFactory.fillDefaults().span(3, 1).grab(true, false).hint(560, SWT.DEFAULT).applyTo(preview);

            format.addListener(SWT.Selection, e -> formatChosen());
            format.select(0);
            formatChosen();
            loadChoices();
            setControl(area);
        }

        /** The "Which tasks" filters; the count and the finish button follow every one. */
        private void filters(Composite area) {
            Group filters = new Group(area, SWT.NONE);
            filters.setText("Which tasks");
            GridLayoutFactory.swtDefaults().numColumns(4).applyTo(filters);
            GridDataFactory.fillDefaults().span(3, 1).grab(true, false).applyTo(filters);
            review = combo(filters, "&Review:", ANY, "approved", "needs_fix", "rejected", "in_review", "changed", "new");
            origin = combo(filters, "Ori&gin:", ANY, "recorded", "extracted", "imported");
            os = combo(filters, "&OS:", ANY);
            domain = combo(filters, "Do&main:", ANY);
            minScore = text(filters, "Score at &least:");
            maxScore = text(filters, "Score at m&ost:");
            application = text(filters, "&Application (window title):");
            reviewer = text(filters, "Re&viewer:");
            review.select(1); // approved: what every export takes unless told
            for (Combo filter : List.of(review, origin, os, domain)) {
                filter.addListener(SWT.Selection, e -> changed());
            }
            for (Text filter : List.of(minScore, maxScore, application, reviewer)) {
                filter.addListener(SWT.Modify, e -> changed());
            }
        }

        private static Combo combo(Composite parent, String label, String... items) {
            new Label(parent, SWT.NONE).setText(label);
            Combo combo = new Combo(parent, SWT.READ_ONLY);
            for (String item : items) {
                combo.add(item);
            }
            combo.select(0);
            GridDataFactory.fillDefaults().grab(true, false).applyTo(combo);
            return combo;
        }

        private Text text(Composite parent, String label) {
            new Label(parent, SWT.NONE).setText(label);
            Text text = new Text(parent, SWT.BORDER);
            GridDataFactory.fillDefaults().grab(true, false).applyTo(text);
            text.addModifyListener(e -> changed());
            return text;
        }

        private Exporters.Descriptor exporter() {
            return exporters.get(Math.max(0, format.getSelectionIndex()));
        }

        /** A format chosen: its settings' fields. */
        private void formatChosen() {
            for (Control child : settingsArea.getChildren()) {
                child.dispose();
            }
            settingFields.clear();
            for (ExportSetting setting : exporter().exporter().settings()) {
                Label label = new Label(settingsArea, SWT.NONE);
                label.setText(setting.name().replace('_', ' ') + ":");
                label.setToolTipText(setting.description());
                Control field;
                if (setting.choices().isEmpty()) {
                    Text text = new Text(settingsArea, SWT.BORDER);
                    text.setText(exporter().configured().getOrDefault(setting.name(), setting.defaultValue()));
                    text.setMessage(setting.description());
                    text.addModifyListener(e -> changed());
                    field = text;
                } else {
                    Combo combo = new Combo(settingsArea, SWT.READ_ONLY);
                    setting.choices().forEach(combo::add);
                    combo.select(Math.max(0, setting.choices().indexOf(exporter().configured().getOrDefault(setting.name(), setting.defaultValue()))));
                    combo.addListener(SWT.Selection, e -> changed());
                    field = combo;
                }
                field.setToolTipText(setting.description());
                // a width of its own: the long hint text of a field must not push the others off the dialog
                GridDataFactory.fillDefaults().grab(true, false).hint(120, SWT.DEFAULT).applyTo(field);
                settingFields.put(setting.name(), field);
            }
            settingsArea.getParent().layout(true, true);
            fit();
            changed();
        }

        /** Grows the window to show everything (another format's settings, a longer preview), never shrinks it. */
        private void fit() {
            if (getShell() == null) {
                return;
            }
            org.eclipse.swt.graphics.Point needed = getShell().computeSize(getShell().getSize().x, SWT.DEFAULT, true);
            int room = getShell().getMonitor().getClientArea().height; // never taller than the screen
            if (needed.y > getShell().getSize().y) {
                getShell().setSize(getShell().getSize().x, Math.min(needed.y, room));
            }
            getShell().layout(true, true);
        }

        /** The OS and domain choices, read off the UI thread. */
        private void loadChoices() {
            DatasetAddress folder = DatasetSession.of(PlatformUI.getWorkbench()).address();
            Job load = Job.create("Reading the dataset's OS and domains", monitor -> {
                try (Dataset dataset = Dataset.open(folder)) {
                    List<String> oses = dataset.distinct("os");
                    List<String> domains = dataset.distinct("domain");
                    os.getDisplay().asyncExec(() -> {
                        if (!os.isDisposed()) {
                            oses.forEach(os::add);
                            domains.forEach(domain::add);
                        }
                    });
                } catch (Exception e) {
                    return Status.warning("the OS and domain choices could not be read: " + e.getMessage());
                }
                return Status.OK_STATUS;
            });
            load.setSystem(true);
            load.schedule();
        }

        private static String chosen(Combo combo) {
            String text = combo.getText();
            return text.isEmpty() || text.equals(ANY) ? null : text;
        }

        private static Double number(Text text, String what) {
            String value = text.getText().strip();
            if (value.isEmpty()) {
                return null;
            }
            try {
                return Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(what + ": '" + value + "' is not a number");
            }
        }

        /** The export as chosen; null (with the reason shown) when something does not make sense. */
        DatasetJobs.ExportRequest request() {
            try {
                Set<ReviewState> states = chosen(review) == null ? Set.of() : EnumSet.of(ReviewState.of(chosen(review)));
                String originText = chosen(origin);
                ExportFilter filter = new ExportFilter(states, reviewer.getText().isBlank() ? null : reviewer.getText().strip(),
                        number(minScore, "score at least"), number(maxScore, "score at most"), chosen(os), chosen(domain),
                        application.getText().isBlank() ? null : application.getText().strip(),
                        originText == null ? null : TaskFacts.Origin.valueOf(originText.toUpperCase(java.util.Locale.ROOT)));
                Splits splits = split.getSelection() ? Splits.parse(ratios.getText(), number(nearDuplicate, "near-duplicates")) : null;
                Map<String, String> settings = new LinkedHashMap<>();
                settingFields.forEach((name, field) -> settings.put(name, field instanceof Text text ? text.getText() : ((Combo) field).getText()));
                Path to = destination.path() == null ? Path.of("export") : destination.path(); // counting needs no destination
                return new DatasetJobs.ExportRequest(exporter(), to, settings, filter, splits, replace.getSelection());
            } catch (IllegalArgumentException e) {
                setErrorMessage(e.getMessage());
                return null;
            }
        }

        /** Something changed: check the destination, and count again what would be exported (after a short pause, off the UI thread). */
        private void changed() {
            if (preview == null) {
                return; // still being built
            }
            setErrorMessage(null);
            DatasetJobs.ExportRequest request = request();
            boolean complete = request != null && destination.path() != null;
            if (complete) {
                try {
                    ExportTarget.check(request.destination(), request.force());
                } catch (IOException e) {
                    setErrorMessage(e.getMessage().replace("give --force", "tick 'Replace existing files'"));
                    complete = false;
                }
            }
            setMessage(request != null && destination.path() == null ? "Choose where the export goes to finish." : null, INFORMATION);
            setPageComplete(complete);
            if (previewJob != null) {
                previewJob.cancel();
            }
            if (request == null) {
                return; // the error message says why
            }
            DatasetJobs.ExportRequest counted = request;
            DatasetAddress folder = DatasetSession.of(PlatformUI.getWorkbench()).address();
            org.eclipse.swt.widgets.Display display = preview.getDisplay();
            previewJob = DatasetJobs.quiet("Counting the tasks to export", DatasetJobs.READS, monitor -> {
                String text;
                try (Dataset dataset = Dataset.open(folder)) {
                    Selection selection = counted.operation(dataset).preview();
                    text = "Would export " + selection.summary() + ".";
                } catch (InterruptedException e) {
                    return Status.CANCEL_STATUS;
                } catch (Exception e) {
                    text = "The tasks could not be counted: " + e.getMessage();
                }
                String shown = text;
                if (display.isDisposed()) {
                    return Status.OK_STATUS;
                }
                display.asyncExec(() -> { // the wizard may have closed while counting: its label is asked on the UI thread
                    if (!preview.isDisposed() && !monitor.isCanceled()) {
                        preview.setText(shown);
                        fit();
                    }
                });
                return Status.OK_STATUS;
            });
            previewJob.schedule(250);
        }
    }
}
