package org.trajectory.screentext;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.List;

/**
 * A reader of the text pictures of screens show: a whole screenshot or a crop of one (a field, a line, the region
 * around a click). One instance serves every caller, from several threads at once.
 *
 * @since 0.1
 */
public interface ScreenText {

    /**
     * The lines of text each picture shows, in reading order, each word with its box in that picture's pixels; an
     * empty list for a picture with no text. Pictures are read in the order given (a reader may read them together:
     * Tesseract starts one process for many).
     *
     * @throws IOException          the reader cannot work on this machine, saying why in one line (a missing program,
     *                              a model that does not load)
     * @throws InterruptedException the caller was cancelled; nothing is left running
     */
    List<List<TextLine>> read(List<BufferedImage> pictures) throws IOException, InterruptedException;

    /** The lines of text one picture shows. */
    default List<TextLine> read(BufferedImage picture) throws IOException, InterruptedException {
        return read(List.of(picture)).get(0);
    }

    /** Whether the reader can work on this machine (its program installed, its model loading); cheap after the first call. */
    boolean available();
}
