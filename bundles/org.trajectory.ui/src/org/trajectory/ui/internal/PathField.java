package org.trajectory.ui.internal;

import java.nio.file.Path;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;

/** A labelled path text with a Browse button, for the wizards: three columns of a grid. */
public final class PathField {

    public enum Kind { OPEN_FILE, SAVE_FILE, FOLDER }

    private final Text text;

    public PathField(Composite parent, String label, Kind kind, String[] extensions, Runnable changed) {
        new Label(parent, SWT.NONE).setText(label);
        text = new Text(parent, SWT.BORDER);
        GridDataFactory.fillDefaults().grab(true, false).hint(360, SWT.DEFAULT).applyTo(text);
        text.addModifyListener(e -> changed.run());
        Button browse = new Button(parent, SWT.PUSH);
        browse.setText("Browse...");
        browse.addListener(SWT.Selection, e -> {
            String chosen;
            if (kind == Kind.FOLDER) {
                DirectoryDialog dialog = new DirectoryDialog(parent.getShell());
                dialog.setFilterPath(StartFolder.of(text.getText()));
                chosen = StartFolder.chosen(dialog.open());
            } else {
                FileDialog dialog = new FileDialog(parent.getShell(), kind == Kind.SAVE_FILE ? SWT.SAVE : SWT.OPEN);
                dialog.setFilterExtensions(extensions);
                dialog.setOverwrite(kind == Kind.SAVE_FILE);
                dialog.setFilterPath(StartFolder.of(text.getText()));
                chosen = StartFolder.chosen(dialog.open());
            }
            if (chosen != null) {
                text.setText(chosen);
            }
        });
    }

    public Text text() {
        return text;
    }

    /** The path typed, or null when empty. */
    public Path path() {
        String value = text.getText().strip();
        return value.isEmpty() ? null : Path.of(value);
    }

    public void set(Path path) {
        text.setText(path == null ? "" : path.toString());
    }
}
