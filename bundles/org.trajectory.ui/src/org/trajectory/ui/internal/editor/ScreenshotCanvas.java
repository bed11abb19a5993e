package org.trajectory.ui.internal.editor;

import java.util.List;
import java.util.function.BiConsumer;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.trajectory.model.action.Action;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A step's screenshot with the step's actions drawn over it: a marker and crosshair at a click (a double ring for a
 * double click, a square for a right click), an arrow for a drag, a direction mark with its count for a scroll, a
 * label for typed text, a badge for a hotkey; under them, a dashed box around the element the recording captured,
 * labelled with its role and name. Zoom with Ctrl+wheel or + - 0 (0 fits), pan by dragging with the right
 * or middle button; dragging a click marker with the left button moves it, and the listener hears where to.
 */
public final class ScreenshotCanvas extends Canvas {

    private static final int MARKER = 14;
    private Image image;
    private List<Action> actions = List.of();
    private double zoom;          // 0: fit to the canvas
    private Point pan = new Point(0, 0);
    private Point panStart;
    private int dragging = -1;    // index of the action whose marker is being dragged
    private Action.Point dragAt;
    private BiConsumer<Integer, Action.Point> markerMoved = (index, point) -> { };
    private String message = "";
    private Element element;
    /** Personal data found on this screenshot (boxes in its pixels); the selected one drawn thicker. */
    private List<Mark> marks = List.of();
    private java.util.function.Consumer<int[]> boxDrawn = box -> { };
    private Point boxStart;
    private Point boxAt;
    /** The screenshot fitted to the canvas, and the screenshot it was made from. */
    private Image fitted;
    private Image fittedFrom;
    /** Copies fitted ahead of time (by the screenshot cache), looked for before one is made here. */
    private FittedCopies copies = (full, width, height) -> null;

    /** Where fitted copies made ahead of time are found: one of exactly that size, or null. Their maker owns them. */
    interface FittedCopies {
        Image find(Image full, int width, int height);
    }

    /** The element a recording captured for the step: its box (normalized x, y, width, height) and what it is. */
    public record Element(double x, double y, double width, double height, String label) {

        /** From a step's {@code element} field; null when it has no box. */
        public static Element of(JsonNode node) {
            JsonNode box = node.path("bbox");
            if (!box.isArray() || box.size() != 4) {
                return null;
            }
            String name = node.path("name").asText("");
            return new Element(box.get(0).asDouble(), box.get(1).asDouble(), box.get(2).asDouble(), box.get(3).asDouble(),
                    node.path("role").asText("element") + (name.isBlank() ? "" : " \"" + name + "\""));
        }
    }

    /** A finding's box in the screenshot's pixels, its label, whether it is redacted (else rejected), whether it is selected. */
    public record Mark(int[] box, String label, boolean redacted, boolean selected) {
    }

    public ScreenshotCanvas(Composite parent) {
        super(parent, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        addListener(SWT.Paint, e -> paint(e.gc));
        addListener(SWT.MouseVerticalWheel, this::wheel);
        addListener(SWT.MouseDown, this::down);
        addListener(SWT.MouseMove, this::move);
        addListener(SWT.MouseUp, this::up);
        addListener(SWT.KeyDown, this::key);
        addListener(SWT.Resize, e -> redraw());
        addListener(SWT.Dispose, e -> disposeFitted());
    }

    /** Shows {@code next}, owned by the caller (null: nothing, with {@code why} written instead). */
    public void setImage(Image next, String why) {
        image = next;
        message = why == null ? "" : why;
        redraw();
    }

    void findFittedCopiesIn(FittedCopies found) {
        copies = found;
    }

    /** Draws the element's box under the markers (null: none). */
    public void setElement(Element next) {
        element = next;
        redraw();
    }

    /** Draws these boxes of personal data over the screenshot. */
    public void setMarks(List<Mark> next) {
        marks = List.copyOf(next);
        redraw();
    }

    /** Called with a box (screenshot pixels: x, y, width, height) a reviewer drew with Shift and the left button. */
    public void onBoxDrawn(java.util.function.Consumer<int[]> listener) {
        boxDrawn = listener;
    }

    public void setActions(List<Action> newActions) {
        actions = List.copyOf(newActions);
        redraw();
    }

    /** Called with the action's index and its new point when a marker has been dragged. */
    public void onMarkerMoved(BiConsumer<Integer, Action.Point> listener) {
        markerMoved = listener;
    }

    public void zoom(double factor) {
        double current = zoom == 0 ? fitScale() : zoom;
        zoom = Math.max(0.05, Math.min(16, current * factor));
        redraw();
    }

    public void fit() {
        zoom = 0;
        pan = new Point(0, 0);
        redraw();
    }

    private double scale() {
        return zoom == 0 ? fitScale() : zoom;
    }

    private double fitScale() {
        if (image == null) {
            return 1;
        }
        Rectangle area = getClientArea();
        Rectangle size = image.getBounds();
        return Math.min((double) area.width / size.width, (double) area.height / size.height);
    }

    /** Where the image's top left corner is drawn. */
    private Point origin() {
        Rectangle area = getClientArea();
        Rectangle size = image.getBounds();
        double scale = scale();
        int x = (int) ((area.width - size.width * scale) / 2) + pan.x;
        int y = (int) ((area.height - size.height * scale) / 2) + pan.y;
        return new Point(x, y);
    }

    private Point toCanvas(Action.Point point) {
        Rectangle size = image.getBounds();
        Point origin = origin();
        double scale = scale();
        return new Point(origin.x + (int) Math.round(point.x() * size.width * scale),
                origin.y + (int) Math.round(point.y() * size.height * scale));
    }

    private Action.Point toNormalized(int x, int y) {
        Rectangle size = image.getBounds();
        Point origin = origin();
        double scale = scale();
        double nx = (x - origin.x) / (size.width * scale);
        double ny = (y - origin.y) / (size.height * scale);
        return Action.Point.rounded(Math.max(0, Math.min(1, nx)), Math.max(0, Math.min(1, ny)));
    }

    /** What the canvas draws now, into an image of its size (the caller disposes it): what a test looks at. */
    org.eclipse.swt.graphics.Image drawn() {
        Rectangle area = getClientArea();
        org.eclipse.swt.graphics.Image image = new org.eclipse.swt.graphics.Image(getDisplay(), Math.max(1, area.width), Math.max(1, area.height));
        GC gc = new GC(image);
        try {
            paint(gc);
        } finally {
            gc.dispose();
        }
        return image;
    }

    /**
     * The screenshot scaled down to {@code width} x {@code height}, made once for each screenshot and size. SWT (3.135,
     * GTK) reads back every pixel of the image it draws on every draw (eclipse.platform.swt#3507): drawing a 1920x1080
     * screenshot on each paint cost tens of milliseconds of the UI thread, its fitted copy a quarter of that.
     */
    private Image fitted(int width, int height) {
        Image premade = copies.find(image, width, height);
        if (premade != null) {
            return premade;
        }
        if (fitted == null || fittedFrom != image || fitted.getBounds().width != width || fitted.getBounds().height != height) {
            disposeFitted();
            fitted = new Image(getDisplay(), Math.max(1, width), Math.max(1, height));
            GC scaler = new GC(fitted);
            try {
                scaler.setInterpolation(SWT.HIGH);
                Rectangle size = image.getBounds();
                scaler.drawImage(image, 0, 0, size.width, size.height, 0, 0, width, height);
            } finally {
                scaler.dispose();
            }
            fittedFrom = image;
        }
        return fitted;
    }

    private void disposeFitted() {
        if (fitted != null) {
            fitted.dispose();
            fitted = null;
            fittedFrom = null;
        }
    }

    private void paint(GC gc) {
        Rectangle area = getClientArea();
        gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WIDGET_DARK_SHADOW));
        gc.fillRectangle(area);
        if (image == null || image.isDisposed()) {
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
            gc.drawText(message, 12, 12, true);
            return;
        }
        Rectangle size = image.getBounds();
        Point origin = origin();
        double scale = scale();
        int width = (int) (size.width * scale);
        int height = (int) (size.height * scale);
        if (scale < 1) {
            gc.drawImage(fitted(width, height), origin.x, origin.y);
        } else {
            gc.setInterpolation(SWT.HIGH);
            gc.drawImage(image, 0, 0, size.width, size.height, origin.x, origin.y, width, height);
        }
        gc.setAntialias(SWT.ON);
        gc.setLineWidth(2);
        if (element != null) {
            Point from = toCanvas(new Action.Point(element.x(), element.y()));
            Point to = toCanvas(new Action.Point(element.x() + element.width(), element.y() + element.height()));
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_CYAN));
            gc.setLineStyle(SWT.LINE_DASH);
            gc.drawRectangle(from.x, from.y, to.x - from.x, to.y - from.y);
            gc.setLineStyle(SWT.LINE_SOLID);
            Point text = gc.textExtent(element.label());
            int top = from.y - text.y - 2 < 0 ? to.y + 2 : from.y - text.y - 2; // above the box, or below it at the top edge
            gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_CYAN));
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
            gc.fillRectangle(from.x, top, text.x + 6, text.y);
            gc.drawText(element.label(), from.x + 3, top, true);
        }
        marks.forEach(mark -> drawMark(gc, mark));
        if (boxStart != null && boxAt != null) {
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_MAGENTA));
            gc.setLineStyle(SWT.LINE_DASH);
            gc.drawRectangle(Math.min(boxStart.x, boxAt.x), Math.min(boxStart.y, boxAt.y), Math.abs(boxAt.x - boxStart.x), Math.abs(boxAt.y - boxStart.y));
            gc.setLineStyle(SWT.LINE_SOLID);
        }
        for (int i = 0; i < actions.size(); i++) {
            drawAction(gc, i, actions.get(i));
        }
        String zoomed = zoomText();
        Point text = gc.textExtent(zoomed);
        gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_BLACK));
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(area.width - text.x - 10, area.height - text.y - 6, text.x + 8, text.y + 4);
        gc.drawText(zoomed, area.width - text.x - 6, area.height - text.y - 4, true);
    }

    /** The zoom as the canvas's corner shows it: "Fit (37 %)" or "150 %". */
    String zoomText() {
        long percent = Math.round(scale() * 100);
        return zoom == 0 ? "Fit (" + percent + " %)" : percent + " %";
    }

    /** A finding: red where it will be redacted, grey where a reviewer rejected it; the selected one's kind on a badge (all of them would hide the text). */
    private void drawMark(GC gc, Mark mark) {
        Rectangle size = image.getBounds();
        Point from = toCanvas(new Action.Point((double) mark.box()[0] / size.width, (double) mark.box()[1] / size.height));
        Point to = toCanvas(new Action.Point((double) (mark.box()[0] + mark.box()[2]) / size.width, (double) (mark.box()[1] + mark.box()[3]) / size.height));
        Color colour = getDisplay().getSystemColor(mark.redacted() ? SWT.COLOR_RED : SWT.COLOR_DARK_GRAY);
        gc.setForeground(colour);
        gc.setLineWidth(mark.selected() ? 4 : 2);
        gc.setLineStyle(mark.redacted() ? SWT.LINE_SOLID : SWT.LINE_DOT);
        gc.drawRectangle(from.x - 2, from.y - 2, to.x - from.x + 4, to.y - from.y + 4);
        gc.setLineStyle(SWT.LINE_SOLID);
        gc.setLineWidth(2);
        if (mark.selected()) {
            Point text = gc.textExtent(mark.label());
            badgeAt(gc, new Point(from.x, Math.max(0, from.y - text.y - 6)), mark.label(), colour, getDisplay().getSystemColor(SWT.COLOR_WHITE));
        }
    }

    private void drawAction(GC gc, int index, Action action) {
        Color red = getDisplay().getSystemColor(SWT.COLOR_RED);
        Color yellow = getDisplay().getSystemColor(SWT.COLOR_YELLOW);
        Color black = getDisplay().getSystemColor(SWT.COLOR_BLACK);
        switch (action) {
            case Action.Click click when click.at() != null -> {
                Point p = toCanvas(index == dragging ? dragAt : click.at());
                gc.setForeground(red);
                gc.setLineStyle(SWT.LINE_DOT);
                gc.drawLine(p.x, 0, p.x, getClientArea().height);
                gc.drawLine(0, p.y, getClientArea().width, p.y);
                gc.setLineStyle(SWT.LINE_SOLID);
                switch (click.kind()) {
                    case RIGHT_CLICK -> gc.drawRectangle(p.x - MARKER, p.y - MARKER, 2 * MARKER, 2 * MARKER);
                    case DOUBLE_CLICK, TRIPLE_CLICK -> {
                        gc.drawOval(p.x - MARKER, p.y - MARKER, 2 * MARKER, 2 * MARKER);
                        gc.drawOval(p.x - MARKER / 2, p.y - MARKER / 2, MARKER, MARKER);
                        if (click.kind() == Action.ClickKind.TRIPLE_CLICK) {
                            gc.drawOval(p.x - MARKER - 6, p.y - MARKER - 6, 2 * MARKER + 12, 2 * MARKER + 12);
                        }
                    }
                    case MIDDLE_CLICK -> gc.drawPolygon(new int[] { p.x, p.y - MARKER, p.x + MARKER, p.y, p.x, p.y + MARKER, p.x - MARKER, p.y });
                    default -> gc.drawOval(p.x - MARKER, p.y - MARKER, 2 * MARKER, 2 * MARKER);
                }
            }
            case Action.MoveTo move -> {
                Point p = toCanvas(index == dragging ? dragAt : move.to());
                gc.setForeground(yellow);
                gc.drawOval(p.x - 4, p.y - 4, 8, 8);
            }
            case Action.DragTo drag -> {
                Point to = toCanvas(index == dragging ? dragAt : drag.to());
                Point from = previousPoint(index);
                gc.setForeground(red);
                if (from != null) {
                    gc.drawLine(from.x, from.y, to.x, to.y);
                    double angle = Math.atan2(to.y - from.y, to.x - from.x);
                    for (double side : new double[] { -0.5, 0.5 }) {
                        gc.drawLine(to.x, to.y, (int) (to.x - 14 * Math.cos(angle + side)), (int) (to.y - 14 * Math.sin(angle + side)));
                    }
                }
                gc.drawOval(to.x - 5, to.y - 5, 10, 10);
            }
            case Action.Scroll scroll -> badgeAt(gc, scrollPoint(index, scroll.at()), (scroll.clicks() > 0 ? "\u25B2 " : "\u25BC ")
                    + Math.abs(scroll.clicks()), yellow, black);
            case Action.HScroll scroll -> badgeAt(gc, scrollPoint(index, scroll.at()), (scroll.clicks() > 0 ? "\u25B6 " : "\u25C0 ")
                    + Math.abs(scroll.clicks()), yellow, black);
            case Action.Write write -> badgeAt(gc, new Point(16, 16 + 28 * index), "\u2328 " + abbreviate(write.text()), yellow, black);
            case Action.Hotkey hotkey -> badgeAt(gc, new Point(16, 16 + 28 * index), String.join("+", hotkey.keys()), red,
                    getDisplay().getSystemColor(SWT.COLOR_WHITE));
            case Action.Press press -> badgeAt(gc, new Point(16, 16 + 28 * index), "\u2386 " + String.join(", ", press.keys())
                    + (press.presses() > 1 ? " \u00D7" + press.presses() : ""), yellow, black);
            case Action.Terminate terminate -> badgeAt(gc, new Point(16, 16 + 28 * index), "terminate: " + terminate.status(),
                    getDisplay().getSystemColor(SWT.COLOR_DARK_GREEN), getDisplay().getSystemColor(SWT.COLOR_WHITE));
            default -> { }
        }
    }

    private Point scrollPoint(int index, Action.Point at) {
        if (at != null) {
            return toCanvas(at);
        }
        Point previous = previousPoint(index);
        return previous != null ? previous : new Point(getClientArea().width / 2, getClientArea().height / 2);
    }

    /** Where the pointer is before action {@code index}: the point of the action before it that has one. */
    private Point previousPoint(int index) {
        for (int i = index - 1; i >= 0; i--) {
            Action.Point point = actions.get(i).point();
            if (point != null) {
                return toCanvas(i == dragging ? dragAt : point);
            }
        }
        return null;
    }

    private void badgeAt(GC gc, Point p, String text, Color background, Color foreground) {
        Point extent = gc.textExtent(text);
        gc.setBackground(background);
        gc.fillRoundRectangle(p.x - 4, p.y - 2, extent.x + 8, extent.y + 4, 8, 8);
        gc.setForeground(foreground);
        gc.drawText(text, p.x, p.y, true);
    }

    private static String abbreviate(String text) {
        String line = text.replace("\n", "\u21B5");
        return line.length() > 60 ? line.substring(0, 59) + "\u2026" : line;
    }

    private void wheel(Event e) {
        if ((e.stateMask & SWT.MOD1) != 0) {
            zoom(e.count > 0 ? 1.25 : 0.8);
            e.doit = false;
        }
    }

    private void key(Event e) {
        switch (e.character) {
            case '+', '=' -> zoom(1.25);
            case '-' -> zoom(0.8);
            case '0' -> fit();
            default -> { }
        }
    }

    private void down(Event e) {
        setFocus();
        if (image == null) {
            return;
        }
        if (e.button == 1 && (e.stateMask & SWT.SHIFT) != 0) {
            boxStart = new Point(e.x, e.y);
            boxAt = boxStart;
        } else if (e.button == 1) {
            dragging = markerAt(e.x, e.y);
            if (dragging >= 0) {
                dragAt = actions.get(dragging).point();
            }
        } else {
            panStart = new Point(e.x - pan.x, e.y - pan.y);
        }
    }

    /** The index of the action whose marker is under (x, y), or -1. */
    int markerAt(int x, int y) {
        for (int i = actions.size() - 1; i >= 0; i--) {
            Action.Point point = actions.get(i).point();
            if (point != null) {
                Point p = toCanvas(point);
                if (Math.abs(p.x - x) <= MARKER && Math.abs(p.y - y) <= MARKER) {
                    return i;
                }
            }
        }
        return -1;
    }

    private void move(Event e) {
        if (boxStart != null) {
            boxAt = new Point(e.x, e.y);
            redraw();
        } else if (dragging >= 0) {
            dragAt = toNormalized(e.x, e.y);
            redraw();
        } else if (panStart != null) {
            pan = new Point(e.x - panStart.x, e.y - panStart.y);
            redraw();
        }
    }

    private void up(Event e) {
        if (boxStart != null) {
            Point start = boxStart;
            boxStart = null;
            boxAt = null;
            redraw();
            int[] box = pixelBox(start, new Point(e.x, e.y));
            if (box[2] >= 3 && box[3] >= 3) {
                boxDrawn.accept(box);
            }
            return;
        }
        if (dragging >= 0) {
            int index = dragging;
            Action.Point to = toNormalized(e.x, e.y);
            dragging = -1;
            if (!to.equals(actions.get(index).point())) {
                markerMoved.accept(index, to);
            }
            redraw();
        }
        panStart = null;
    }

    /** The box between two canvas points, in the screenshot's pixels, kept on it. */
    private int[] pixelBox(Point a, Point b) {
        Rectangle size = image.getBounds();
        Action.Point from = toNormalized(Math.min(a.x, b.x), Math.min(a.y, b.y));
        Action.Point to = toNormalized(Math.max(a.x, b.x), Math.max(a.y, b.y));
        int x = (int) Math.floor(from.x() * size.width);
        int y = (int) Math.floor(from.y() * size.height);
        return new int[] { x, y, (int) Math.ceil(to.x() * size.width) - x, (int) Math.ceil(to.y() * size.height) - y };
    }

    /** The canvas position of a normalized point, for tests that drag markers. */
    public Point canvasPoint(Action.Point point) {
        return image == null ? null : toCanvas(point);
    }

    Image image() {
        return image;
    }

    public boolean hasImage() {
        return image != null;
    }
}
