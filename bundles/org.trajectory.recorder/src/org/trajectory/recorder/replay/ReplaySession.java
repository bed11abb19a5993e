package org.trajectory.recorder.replay;

import java.awt.Point;
import java.awt.image.BufferedImage;

import org.trajectory.model.action.Action;

/**
 * One connection to a desktop: input as a person's would arrive, and the screen as a person sees it (with the
 * pointer). Coordinates are screen pixels; keys are named as PyAutoGUI names them ({@code enter}, {@code ctrl},
 * {@code f5}, {@code a}). Not thread-safe: one replay drives it.
 *
 * @since 0.1
 */
public interface ReplaySession extends AutoCloseable {

    /** The screen's size in pixels. */
    int width();

    int height();

    void moveTo(int x, int y) throws ReplayException;

    /** Where the pointer is now. */
    Point pointer() throws ReplayException;

    void button(Action.Button button, boolean down) throws ReplayException;

    /** Turns the wheel {@code clicks} notches: positive is up (or right, when {@code horizontal}). */
    void wheel(int clicks, boolean horizontal) throws ReplayException;

    /** Presses or releases a key by its PyAutoGUI name; a name the backend cannot type fails and names the key. */
    void key(String key, boolean down) throws ReplayException;

    /** Types text as the desktop's keyboard layout produces it, with the modifiers each character needs. */
    void type(String text) throws ReplayException;

    /** The whole screen now, the pointer drawn in as recordings show it. */
    BufferedImage grab() throws ReplayException;

    /** Releases every button and key it holds down, and disconnects. */
    @Override
    void close();
}
