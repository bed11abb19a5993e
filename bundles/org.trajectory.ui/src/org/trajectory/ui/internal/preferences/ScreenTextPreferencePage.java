package org.trajectory.ui.internal.preferences;

import java.util.List;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.trajectory.catalog.Entry;
import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.ScreenTexts;

/**
 * The screen text reader every part of the workbench reads screens with (scrub, the offline annotator, the offline
 * extraction), kept in the reader catalogue's own preferences, which {@code ./workbench} reads too.
 */
public final class ScreenTextPreferencePage extends IntroducedPage {

    private Combo reader;
    private List<Entry<ScreenText>> readers;

    public ScreenTextPreferencePage() {
        super(2);
    }

    @Override
    protected String intro() {
        return "Scrub, the offline annotator and the offline extraction read the text on screenshots with one reader. Tesseract"
                + " (apt install tesseract-ocr) finds more personal data on screenshots, in half the time, and is the default; PP-OCR"
                + " (PaddleOCR's models, shipped with the workbench) reads typed text better. releng/benchmarks/ocr-benchmark.sh"
                + " measures both.";
    }

    @Override
    protected void createFields(Composite page) {
        Label label = new Label(page, SWT.NONE);
        label.setText("&Reader:");
        reader = new Combo(page, SWT.READ_ONLY);
        readers = ScreenTexts.get().all();
        for (Entry<ScreenText> descriptor : readers) {
            reader.add(descriptor.name());
        }
        select(ScreenTexts.chosenId());
        GridDataFactory.fillDefaults().grab(true, false).applyTo(reader);
    }

    private void select(String id) {
        for (int i = 0; i < readers.size(); i++) {
            if (readers.get(i).id().equals(id)) {
                reader.select(i);
            }
        }
    }

    @Override
    protected void performDefaults() {
        select(ScreenTexts.DEFAULT);
        super.performDefaults();
    }

    @Override
    public boolean performOk() {
        int chosen = reader.getSelectionIndex();
        if (chosen < 0) {
            return true;
        }
        String id = readers.get(chosen).id();
        if (!readers.get(chosen).created().available()) {
            setErrorMessage(readers.get(chosen).name() + " cannot work on this machine: its program or model is missing");
            return false;
        }
        try {
            ScreenTexts.node().put(ScreenTexts.READER, id);
            ScreenTexts.node().flush();
            return true;
        } catch (Exception e) {
            setErrorMessage("Could not keep the reader: " + e.getMessage());
            return false;
        }
    }
}
