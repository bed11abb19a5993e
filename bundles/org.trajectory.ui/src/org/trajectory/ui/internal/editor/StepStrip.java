package org.trajectory.ui.internal.editor;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.stream.Collectors;

import org.eclipse.jface.layout.TableColumnLayout;
import org.eclipse.jface.viewers.ColumnWeightData;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.trajectory.dataset.TaskDraft;
import org.trajectory.model.Step;
import org.trajectory.model.Task;
import org.trajectory.model.action.Action;
import org.trajectory.model.action.ActionParser;
import org.trajectory.model.action.ParsedCode;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The steps of a task as a strip of thumbnails with their action, lazy: a virtual table whose items get their
 * thumbnail when it has been decoded, so a 200-step task scrolls smoothly.
 */
final class StepStrip {

    private static final int THUMB_WIDTH = 96;
    private static final int THUMB_HEIGHT = 54;
    /** Below this confidence an extracted step is more likely wrong than right, and its label says so. */
    private static final double UNSURE = 0.5;

    private final Composite holder;
    private final Table table;
    private final ImageCache images;
    private final Map<String, Image> thumbnails = new HashMap<>();
    private TaskDraft draft;

    StepStrip(Composite parent, ImageCache images, IntConsumer selected) {
        this.images = images;
        holder = new Composite(parent, SWT.NONE);
        TableColumnLayout layout = new TableColumnLayout();
        holder.setLayout(layout);
        table = new Table(holder, SWT.VIRTUAL | SWT.SINGLE | SWT.FULL_SELECTION | SWT.V_SCROLL);
        TableColumn column = new TableColumn(table, SWT.LEFT);
        layout.setColumnData(column, new ColumnWeightData(100));
        table.addListener(SWT.SetData, e -> fill((TableItem) e.item, table.indexOf((TableItem) e.item)));
        // Rows draw their own thumbnail: a table's native images all take the first image's size, and come late.
        table.addListener(SWT.MeasureItem, e -> e.height = THUMB_HEIGHT + 6);
        table.addListener(SWT.EraseItem, e -> e.detail &= ~SWT.FOREGROUND);
        table.addListener(SWT.PaintItem, this::paint);
        table.addListener(SWT.Selection, e -> selected.accept(table.getSelectionIndex()));
        table.addListener(SWT.Dispose, e -> thumbnails.values().forEach(Image::dispose));
    }

    Composite control() {
        return holder;
    }

    Table table() {
        return table;
    }

    void show(TaskDraft newDraft, int step) {
        draft = newDraft;
        table.setItemCount(draft.stepCount());
        table.clearAll();
        select(step);
    }

    void select(int step) {
        if (step >= 0 && step < table.getItemCount() && table.getSelectionIndex() != step) {
            table.setSelection(step);
            table.showSelection();
        }
    }

    private void fill(TableItem item, int position) {
        String code = draft.stepText(position, Step.CODE);
        String action = draft.stepText(position, Step.ACTION);
        item.setText((position + 1) + ". " + (action != null && !action.isBlank() ? action : calls(code)) + doubt(position));
        String sha = draft.image(position);
        Image thumbnail = thumbnails.get(sha);
        if (thumbnail == null && sha != null) {
            ImageData data = images.thumbnail(sha, ready -> {
                if (!table.isDisposed() && ready != null) {
                    thumbnails.computeIfAbsent(sha, k -> new Image(table.getDisplay(), ready));
                    table.clearAll(); // items showing this image fetch it again
                }
            });
            if (data != null) {
                thumbnail = thumbnails.computeIfAbsent(sha, k -> new Image(table.getDisplay(), data));
            }
        }
        item.setData(thumbnail);
    }

    /**
     * What a reviewer is told of a step extraction was less sure of than not (its confidence below a half: more likely
     * wrong than right), else nothing.
     */
    private String doubt(int position) {
        JsonNode sure = draft.stepField(position, Task.CONFIDENCE);
        return sure.isNumber() && sure.doubleValue() < UNSURE ? String.format(Locale.ROOT, " · unsure %.2f", sure.doubleValue()) : "";
    }

    /** What an unannotated step does, in a word a call: "click", "write, press"; code that does not parse, as written. */
    static String calls(String code) {
        if (code == null) {
            return "";
        }
        ParsedCode parsed = ActionParser.parse(code);
        if (!parsed.ok() || parsed.actions().isEmpty()) {
            return code.lines().reduce((a, b) -> b).orElse("").replace("pyautogui.", "");
        }
        return parsed.actions().stream().map(Action::function).distinct().collect(Collectors.joining(", "));
    }

    private void paint(Event e) {
        TableItem item = (TableItem) e.item;
        int x = e.x + 2;
        if (item.getData() instanceof Image thumbnail && !thumbnail.isDisposed()) {
            Rectangle size = thumbnail.getBounds();
            int height = Math.min(THUMB_HEIGHT, size.height * THUMB_WIDTH / Math.max(1, size.width));
            e.gc.drawImage(thumbnail, 0, 0, size.width, size.height, x, e.y + 3, THUMB_WIDTH, height);
        } else {
            e.gc.drawRectangle(x, e.y + 3, THUMB_WIDTH - 1, THUMB_HEIGHT - 1);
        }
        int textX = x + THUMB_WIDTH + 6;
        int lineHeight = e.gc.getFontMetrics().getHeight();
        List<String> lines = wrap(e.gc, item.getText(), table.getClientArea().width - textX - 4, Math.max(1, (THUMB_HEIGHT + 6) / lineHeight));
        int textY = e.y + (THUMB_HEIGHT + 6 - lines.size() * lineHeight) / 2;
        for (String line : lines) {
            e.gc.drawText(line, textX, textY, true);
            textY += lineHeight;
        }
    }

    /**
     * The label in as many lines as fit beside the thumbnail, broken between words (and after a comma or an opening
     * parenthesis, where code breaks best); the last line ends in an ellipsis when text is left over.
     */
    static List<String> wrap(GC gc, String text, int width, int maxLines) {
        List<String> lines = new ArrayList<>();
        String rest = text.strip();
        while (!rest.isEmpty() && lines.size() < maxLines) {
            int end = rest.length();
            while (end > 1 && gc.textExtent(rest.substring(0, end)).x > width) {
                end--;
            }
            if (end < rest.length()) {
                int cut = Math.max(rest.lastIndexOf(' ', end - 1), Math.max(rest.lastIndexOf(',', end - 1), rest.lastIndexOf('(', end - 1)) + 1);
                end = cut > 0 ? cut : end;
            }
            String line = rest.substring(0, end).strip();
            rest = rest.substring(end).strip();
            if (lines.size() == maxLines - 1 && !rest.isEmpty()) {
                while (line.length() > 1 && gc.textExtent(line + "\u2026").x > width) {
                    line = line.substring(0, line.length() - 1);
                }
                line += "\u2026";
            }
            lines.add(line);
        }
        return lines;
    }
}
