package org.trajectory.ui.internal;

import java.util.function.BooleanSupplier;

import org.eclipse.swt.widgets.Display;

/** Lets the UI thread run while a test waits until something a user would see is there; never for a set time. */
public final class UiWait {

    private UiWait() {
    }

    private static void spin(Display display, long millis) {
        long end = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < end) {
            while (display.readAndDispatch()) {
                // drain
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    public static void until(Display display, BooleanSupplier condition, String what) {
        until(display, condition, () -> what);
    }

    /**
     * {@code what} is asked when the wait times out: it may say what is seen then. The limit only guards against a
     * condition that never comes: the wait ends as soon as it holds, and a machine busy with other work may take long.
     */
    public static void until(Display display, BooleanSupplier condition, java.util.function.Supplier<String> what) {
        long end = System.currentTimeMillis() + 60_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("timed out waiting: " + what.get());
            }
            spin(display, 20);
        }
    }
}
