package org.trajectory.recorder.kit;

import java.util.ArrayList;
import java.util.List;

import org.trajectory.recorder.CaptureSink;
import org.trajectory.recorder.ElementEvent;
import org.trajectory.recorder.InputEvent;
import org.trajectory.recorder.Preview;
import org.trajectory.recorder.WindowEvent;

/**
 * Keeps what a backend delivers, for tests of backends.
 *
 * @since 0.1
 */
public final class CollectingSink implements CaptureSink {

    public final List<InputEvent> inputs = new ArrayList<>();
    public final List<WindowEvent> windows = new ArrayList<>();
    public final List<String> problems = new ArrayList<>();
    public final List<ElementEvent> elements = new ArrayList<>();
    public final List<String> elementCapture = new ArrayList<>();
    public final List<Preview> previews = new ArrayList<>();
    /** How far the backend said it heard the window stream (NaN: it never said). */
    public volatile double windowsHeard = Double.NaN;

    @Override
    public synchronized void input(InputEvent event) {
        inputs.add(event);
    }

    @Override
    public synchronized void window(WindowEvent event) {
        windows.add(event);
    }

    @Override
    public void windowsHeard(double time) {
        windowsHeard = time;
    }

    @Override
    public synchronized void element(ElementEvent event) {
        elements.add(event);
    }

    @Override
    public synchronized void elementCapture(String status) {
        elementCapture.add(status);
    }

    @Override
    public synchronized void preview(Preview preview) {
        previews.add(preview);
    }

    @Override
    public synchronized void problem(String message, boolean fatal) {
        problems.add(message);
    }

    public synchronized List<InputEvent> inputs() {
        return List.copyOf(inputs);
    }

    public synchronized List<WindowEvent> windows() {
        return List.copyOf(windows);
    }
}
