package org.trajectory.recorder;

/**
 * The active window changed: its title, class, process id, geometry (root pixels) and the file name of its program
 * ({@code notepad.exe}; null where the desktop does not say), at a monotonic time.
 *
 * @since 0.1
 */
public record WindowEvent(double time, String title, String windowClass, Long pid, Integer x, Integer y, Integer width,
        Integer height, String process) {

    public WindowEvent(double time, String title, String windowClass, Long pid, Integer x, Integer y, Integer width, Integer height) {
        this(time, title, windowClass, pid, x, y, width, height, null);
    }
}
