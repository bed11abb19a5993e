package org.trajectory.recorder;

/**
 * The one clock of a recording: CLOCK_MONOTONIC, as Java's System.nanoTime reads it on Linux, in seconds. X server
 * event times are the same clock in milliseconds modulo 2^32, which {@link #fromServerMillis} unwraps.
 *
 * @since 0.1
 */
public final class Clock {

    private Clock() {
    }

    public static double now() {
        return System.nanoTime() / 1e9;
    }

    /** Seconds for an X time in ms (32 bits), taking the wrap nearest to now. */
    public static double fromServerMillis(long serverMillis) {
        long nowMillis = System.nanoTime() / 1_000_000L;
        long wrap = 1L << 32;
        long base = nowMillis - (nowMillis % wrap);
        long candidate = base + (serverMillis & 0xffffffffL);
        if (candidate - nowMillis > wrap / 2) {
            candidate -= wrap;
        } else if (nowMillis - candidate > wrap / 2) {
            candidate += wrap;
        }
        return candidate / 1000.0;
    }
}
