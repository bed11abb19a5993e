package org.trajectory.recorder;

import java.util.ArrayList;
import java.util.List;

/** Keeps what a backend delivers, for tests. */
final class CollectingSink implements CaptureSink {

    final List<InputEvent> inputs = new ArrayList<>();
    final List<WindowEvent> windows = new ArrayList<>();
    final List<String> problems = new ArrayList<>();

    @Override
    public synchronized void input(InputEvent event) {
        inputs.add(event);
    }

    @Override
    public synchronized void window(WindowEvent event) {
        windows.add(event);
    }

    @Override
    public synchronized void problem(String message, boolean fatal) {
        problems.add(message);
    }

    synchronized List<InputEvent> inputs() {
        return List.copyOf(inputs);
    }

    synchronized List<WindowEvent> windows() {
        return List.copyOf(windows);
    }
}
