package org.trajectory.screentext.internal;

import org.trajectory.screentext.ScreenText;
import org.trajectory.screentext.kit.ScreenTextContract;

class TesseractTest extends ScreenTextContract {

    private static final Tesseract READER = new Tesseract();

    @Override
    protected ScreenText reader() {
        return READER;
    }
}
