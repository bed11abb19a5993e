package org.trajectory.screentext;

import java.util.Optional;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code readers} extension point (see {@link org.trajectory.catalog.Catalogue}): the screen text
 * readers, and the one the preference {@value #READER} of node {@value #NODE} chooses ({@value #DEFAULT} unless set).
 * The workbench ships PP-OCRv4 on ONNX Runtime ({@code ppocr}) and Tesseract ({@code tesseract}).
 *
 * @since 0.1
 */
public final class ScreenTexts extends Registry<ScreenText, Entry<ScreenText>> {

    public static final String EXTENSION_POINT = "org.trajectory.screentext.readers";
    public static final String NODE = "org.trajectory.screentext";
    public static final String READER = "reader";
    /**
     * The reader the benchmark favours where it matters most, personal data on screenshots (recall 0.977 against PP-OCR's
     * 0.938, in half the time): see docs/screen-text.md for the figures.
     */
    public static final String DEFAULT = "tesseract";

    private static final ScreenTexts INSTANCE = new ScreenTexts();

    private ScreenTexts() {
        super(EXTENSION_POINT, "reader", ScreenText.class, Entry::new, "screen text reader");
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
        return find(chosenId()).map(Entry::created).filter(ScreenText::available);
    }

    /** The reader with this id; an {@link IllegalArgumentException} naming those there are when there is none. */
    public ScreenText reader(String id) {
        return named(id).created();
    }
}
