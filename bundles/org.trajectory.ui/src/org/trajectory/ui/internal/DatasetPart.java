package org.trajectory.ui.internal;

import jakarta.annotation.PostConstruct;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/** The dataset table lives here; until a dataset is open it says how to get one. */
public final class DatasetPart {

    static final String EMPTY_MESSAGE = "No dataset is open.";

    private Label message;

    @PostConstruct
    public void createControls(Composite parent) {
        GridLayoutFactory.swtDefaults().margins(12, 12).applyTo(parent);
        message = new Label(parent, SWT.WRAP);
        message.setText(EMPTY_MESSAGE);
        GridDataFactory.fillDefaults().grab(true, false).applyTo(message);
    }

    String message() {
        return message.getText();
    }
}
