package org.trajectory.extract.internal.offline;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;

/**
 * OpenCV calls whose Java binding makes a view of a matrix, the view released at once. A view left to the finalizer
 * keeps its whole matrix's memory (native, which the heap does not see, so nothing hurries a collection) until the heap
 * is next collected: a pointer search over a full frame held 300 MB that way. ({@code setTo} hands back such a view.)
 */
final class Mats {

    private Mats() {
    }

    /** Sets every pixel of {@code mat} to {@code value}. */
    static void fill(Mat mat, Scalar value) {
        mat.setTo(value).release();
    }

    /** Sets the pixels of {@code mat} that {@code mask} marks to {@code value}. */
    static void fill(Mat mat, Scalar value, Mat mask) {
        mat.setTo(value, mask).release();
    }

    /** Sets the pixels of {@code area} of {@code mat} to {@code value}. */
    static void fill(Mat mat, Rect area, Scalar value) {
        Mat part = mat.submat(area);
        fill(part, value);
        part.release();
    }

    /** How many pixels of {@code area} of {@code mat} are not zero. */
    static int countNonZero(Mat mat, Rect area) {
        Mat part = mat.submat(area);
        int count = Core.countNonZero(part);
        part.release();
        return count;
    }
}
