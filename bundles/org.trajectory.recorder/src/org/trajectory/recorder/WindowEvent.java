package org.trajectory.recorder;

/** The active window changed: its title, class, process id and geometry (root pixels), at a monotonic time. */
public record WindowEvent(double time, String title, String windowClass, Long pid, Integer x, Integer y, Integer width,
        Integer height) {
}
