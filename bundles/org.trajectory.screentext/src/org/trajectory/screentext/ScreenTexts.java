package org.trajectory.screentext;

import java.util.Optional;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.trajectory.catalog.Contribution;
import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code readers} extension point (see {@link org.trajectory.catalog.Catalogue}): the screen text
 * readers, and the one the preference {@value #READER} of node {@value #NODE} chooses ({@value #DEFAULT} unless set).
 * The workbench ships PP-OCRv4 on ONNX Runtime ({@code ppocr}) and Tesseract ({@code tesseract}).
 *
 * @since 0.1
 */
public final class ScreenTexts extends Registry<ScreenText, ScreenTexts.Descriptor> {

    public static final String EXTENSION_POINT = "org.trajectory.screentext.readers";
    public static final String NODE = "org.trajectory.screentext";
    public static final String READER = "reader";
    /**
     * The reader the benchmark favours where it matters most, personal data on screenshots (recall 0.977 against PP-OCR's
     * 0.938, in half the time): see docs/screen-text.md for the figures.
     */
    public static final String DEFAULT = "tesseract";

    /** A reader as contributed. */
    public static final class Descriptor extends Entry<ScreenText> {

        Descriptor(Contribution<ScreenText> contribution) {
            super(contribution);
        }

        /** The reader; an {@link IllegalStateException} saying why when it cannot be created (it is logged too). */
        public ScreenText reader() {
            return created();
        }
    }

    private static final ScreenTexts INSTANCE = new ScreenTexts();

    private ScreenTexts() {
        super(EXTENSION_POINT, "reader", ScreenText.class, Descriptor::new, "screen text reader");
    }

    public static ScreenTexts get() {
        return INSTANCE;
    }

    public static IEclipsePreferences node() {
        return InstanceScope.INSTANCE.getNode(NODE);
    }

    /** The id of the reader the preference chooses. */
    public static String chosenId() {
        try {
            return node().get(READER, DEFAULT);
        } catch (IllegalStateException e) {
            return DEFAULT; // no preference service: outside OSGi
        }
    }

    /** The reader the preference chooses. */
    public ScreenText chosen() {
        return reader(chosenId());
    }

    /** The reader the preference chooses, when it works on this machine (its program installed, its model loading). */
    public Optional<ScreenText> working() {
        return find(chosenId()).map(Descriptor::reader).filter(ScreenText::available);
    }

    /** The reader with this id; an {@link IllegalArgumentException} naming those there are when there is none. */
    public ScreenText reader(String id) {
        return named(id).reader();
    }
}
