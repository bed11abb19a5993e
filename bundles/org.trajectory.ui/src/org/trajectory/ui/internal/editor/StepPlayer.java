package org.trajectory.ui.internal.editor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.PaletteData;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.trajectory.builder.StepClip;
import org.trajectory.recorder.InputEvent;
import org.trajectory.ui.internal.TitledDialog;

/**
 * Plays a step's stretch of its recording (a {@link StepClip}, decoded before this opens) at the speed it was recorded,
 * with the raw events drawn over it: the pointer's path, each press as a ring where it happened, the keys typed so far,
 * and a time line with the step's own span marked. Space plays and pauses, the arrows go a frame at a time, Home goes
 * back to the start, Escape closes.
 */
final class StepPlayer extends TitledDialog {

    private final StepClip clip;
    private Canvas canvas;
    private Label caption;
    private int index;
    private boolean playing = true;
    private Image image;
    private int imageIndex = -1;
    /** Which run of playing a pending timer belongs to: a pause and a play start a new one, so one timer runs at a time. */
    private int run;

    StepPlayer(Shell parent, String title, StepClip clip) {
        super(parent, title);
        this.clip = clip;
        modeless();
    }

    @Override
    protected Control createDialogArea(Composite parent) {
        Composite area = (Composite) super.createDialogArea(parent);
        StepClip.Frame first = clip.frames().get(0);
        canvas = new Canvas(area, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        GridDataFactory.fillDefaults().grab(true, true).hint(first.width(), first.height() + TIMELINE).applyTo(canvas);
        canvas.addListener(SWT.Paint, e -> paint(e.gc));
        canvas.addListener(SWT.KeyDown, e -> {
            switch (e.character == ' ' ? ' ' : e.keyCode) {
                case ' ' -> setPlaying(!playing);
                case SWT.ARROW_RIGHT -> show(Math.min(clip.frames().size() - 1, index + 1), false);
                case SWT.ARROW_LEFT -> show(Math.max(0, index - 1), false);
                case SWT.HOME -> show(0, playing);
                default -> {
                    return;
                }
            }
            e.doit = false;
        });
        canvas.addListener(SWT.Traverse, e -> e.doit = e.detail == SWT.TRAVERSE_ESCAPE); // the arrows stay with the canvas
        caption = new Label(area, SWT.WRAP);
        GridDataFactory.fillDefaults().grab(true, false).hint(first.width(), SWT.DEFAULT).applyTo(caption);
        area.getDisplay().asyncExec(this::tick);
        return area;
    }

    @Override
    protected void createButtonsForButtonBar(Composite parent) {
        createButton(parent, IDialogConstants.CLOSE_ID, IDialogConstants.CLOSE_LABEL, true);
    }

    @Override
    protected void buttonPressed(int id) {
        close();
    }

    @Override
    public boolean close() {
        playing = false;
        if (image != null) {
            image.dispose();
        }
        return super.close();
    }

    private static final int TIMELINE = 24;

    /** Shows the next frame when its time comes, in the recording's own rhythm; the clip loops. */
    private void tick() {
        if (!playing || canvas == null || canvas.isDisposed()) {
            return;
        }
        int mine = run;
        List<StepClip.Frame> frames = clip.frames();
        int next = (index + 1) % frames.size();
        double gap = next == 0 ? 1.0 : frames.get(next).time() - frames.get(index).time();
        canvas.getDisplay().timerExec((int) Math.max(15, Math.min(1000, gap * 1000)), () -> {
            if (playing && mine == run && !canvas.isDisposed()) {
                show(next, true);
                tick();
            }
        });
    }

    private void setPlaying(boolean play) {
        playing = play;
        run++;
        updateCaption();
        if (play) {
            tick();
        }
    }

    private void show(int frame, boolean keepPlaying) {
        index = frame;
        if (!keepPlaying) {
            playing = false;
            run++;
        }
        updateCaption();
        canvas.redraw();
    }

    private void updateCaption() {
        double now = clip.frames().get(index).time();
        String where = now < clip.stepStart() ? String.format(Locale.ROOT, "%.1f s before the step", clip.stepStart() - now)
                : now > clip.stepEnd() ? String.format(Locale.ROOT, "%.1f s after the step", now - clip.stepEnd()) : "during the step";
        caption.setText(String.format(Locale.ROOT, "Frame %d of %d, %s. %s. Space %s, arrows: a frame at a time, Home: from the start.",
                index + 1, clip.frames().size(), where, eventsSoFar(now), playing ? "pauses" : "plays"));
    }

    /** What happened up to {@code now} in the clip, in words: the presses and the keys. */
    private String eventsSoFar(double now) {
        List<String> said = new ArrayList<>();
        for (InputEvent event : clip.events()) {
            if (event.time() > now) {
                break;
            }
            if (Boolean.TRUE.equals(event.pressed()) && event.button() != null) {
                said.add(event.button() + " press at " + event.x() + "," + event.y());
            } else if ("press".equals(event.action())) {
                said.add(event.character() != null && !event.character().isBlank() ? "'" + event.character() + "'" : event.name());
            } else if ("scroll".equals(event.action())) {
                said.add("scroll " + event.dy());
            }
        }
        return said.isEmpty() ? "No press or key yet" : String.join(", ", said.subList(Math.max(0, said.size() - 12), said.size()));
    }

    private void paint(GC gc) {
        Rectangle area = canvas.getClientArea();
        gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_BLACK));
        gc.fillRectangle(area);
        StepClip.Frame frame = clip.frames().get(index);
        if (imageIndex != index) {
            if (image != null) {
                image.dispose();
            }
            image = new Image(canvas.getDisplay(),
                    new ImageData(frame.width(), frame.height(), 24, new PaletteData(0xFF0000, 0xFF00, 0xFF), 1, frame.rgb()));
            imageIndex = index;
        }
        int videoHeight = Math.max(1, area.height - TIMELINE);
        double scale = Math.min((double) area.width / frame.width(), (double) videoHeight / frame.height());
        int width = (int) (frame.width() * scale);
        int height = (int) (frame.height() * scale);
        int left = (area.width - width) / 2;
        gc.drawImage(image, 0, 0, frame.width(), frame.height(), left, 0, width, height);
        drawEvents(gc, frame.time(), left, width / (double) clip.screenWidth(), height / (double) clip.screenHeight());
        drawTimeline(gc, new Rectangle(left, height + 4, width, TIMELINE - 8), frame.time());
    }

    /** The pointer's path in the last second, and each press of the clip so far: a ring, filled while held. */
    private void drawEvents(GC gc, double now, int left, double scaleX, double scaleY) {
        gc.setAntialias(SWT.ON);
        gc.setLineWidth(2);
        gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_YELLOW));
        int[] last = null;
        List<InputEvent> events = clip.events();
        for (int i = 0; i < events.size(); i++) {
            InputEvent event = events.get(i);
            if (event.time() > now) {
                break;
            }
            if (event.x() == null || event.y() == null) {
                continue;
            }
            int x = left + (int) (event.x() * scaleX);
            int y = (int) (event.y() * scaleY);
            if (event.time() >= now - 1.0 && last != null) {
                gc.drawLine(last[0], last[1], x, y);
            }
            last = new int[] { x, y };
            if (Boolean.TRUE.equals(event.pressed())) {
                boolean held = events.subList(i + 1, events.size()).stream().noneMatch(e -> e.time() <= now
                        && Boolean.FALSE.equals(e.pressed()) && Objects.equals(event.button(), e.button()));
                gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_RED));
                gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_RED));
                if (held) {
                    gc.fillOval(x - 7, y - 7, 14, 14);
                } else {
                    gc.drawOval(x - 9, y - 9, 18, 18);
                }
                gc.setForeground(canvas.getDisplay().getSystemColor(SWT.COLOR_YELLOW));
            }
        }
    }

    /** The clip's time line: the step's own span in blue, where the shown frame is in white. */
    private void drawTimeline(GC gc, Rectangle bar, double now) {
        double from = clip.frames().get(0).time();
        double to = Math.max(from + 0.001, clip.frames().get(clip.frames().size() - 1).time());
        gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_DARK_GRAY));
        gc.fillRectangle(bar);
        int stepFrom = bar.x + (int) (bar.width * Math.max(0, (clip.stepStart() - from) / (to - from)));
        int stepTo = bar.x + (int) (bar.width * Math.min(1, (clip.stepEnd() - from) / (to - from)));
        gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_DARK_BLUE));
        gc.fillRectangle(stepFrom, bar.y, Math.max(2, stepTo - stepFrom), bar.height);
        int at = bar.x + (int) (bar.width * (now - from) / (to - from));
        gc.setBackground(canvas.getDisplay().getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(at - 1, bar.y - 2, 3, bar.height + 4);
    }

    // For tests.

    int frameShown() {
        return index;
    }

    boolean isPlaying() {
        return playing;
    }

    StepClip clip() {
        return clip;
    }

    Canvas canvas() {
        return canvas;
    }

    String caption() {
        return caption.getText();
    }
}
