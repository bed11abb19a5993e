package org.trajectory.ui.internal;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Listener;
import org.eclipse.swt.widgets.ScrollBar;

/**
 * The drawn charts that scroll up and down (the Overview's bar charts, the Scoring view's histograms): made, cleared
 * and fitted to their content one way.
 */
public final class ChartCanvas {

    private ChartCanvas() {
    }

    /** A double-buffered canvas with a vertical scroll bar, drawn by {@code paint} again when scrolled. */
    public static Canvas create(Composite parent, Listener paint) {
        Canvas canvas = new Canvas(parent, SWT.DOUBLE_BUFFERED | SWT.V_SCROLL);
        canvas.addListener(SWT.Paint, paint);
        canvas.getVerticalBar().addListener(SWT.Selection, e -> canvas.redraw());
        return canvas;
    }

    /** Clears the canvas to the list's colours; returns how far it is scrolled, to draw the content that much higher. */
    public static int clear(GC gc, Canvas canvas) {
        gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_LIST_BACKGROUND));
        gc.fillRectangle(canvas.getClientArea());
        gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_LIST_FOREGROUND));
        return canvas.getVerticalBar().getSelection();
    }

    /** Sizes the scroll bar to content {@code height} pixels tall; the arrows scroll by {@code row}. */
    public static void fit(Canvas canvas, int height, int row) {
        ScrollBar bar = canvas.getVerticalBar();
        int visible = canvas.getClientArea().height;
        bar.setMaximum(Math.max(height, visible));
        bar.setThumb(visible);
        bar.setPageIncrement(visible);
        bar.setIncrement(row);
    }
}
