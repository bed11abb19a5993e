package org.trajectory.recorder.windows.internal;

import org.trajectory.recorder.Clock;

import com.sun.jna.platform.win32.Kernel32;

/**
 * Hook and event-hook times are GetTickCount milliseconds (32 bits, wrapping every 49.7 days); this puts them on the
 * recording's clock by their age: now on Clock, less how long ago the tick was. The tick moves in steps of the system
 * timer (1-16 ms), so a time is never put after the moment the hook saw the event, nor before the event before it
 * (the queue holds them in order). A tick more than a second older than the hook's call is not the event's own (Wine
 * gives the first pointer move the time of an earlier message): the call's time stands.
 */
final class TickClock {

    private double last;

    double seconds(int tick, double arrival) {
        long now = Kernel32.INSTANCE.GetTickCount64();
        double nowSeconds = Clock.now();
        long age = (now - (tick & 0xffffffffL)) & 0xffffffffL;
        if (age > 0x7fffffffL) {
            age = 0; // a tick read after ours: no age
        }
        double time = Math.min(arrival, nowSeconds - age / 1000.0);
        if (arrival - time > 1) {
            time = arrival;
        }
        last = Math.max(last, time);
        return last;
    }
}
