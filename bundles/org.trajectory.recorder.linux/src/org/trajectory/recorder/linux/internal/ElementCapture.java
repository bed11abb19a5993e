package org.trajectory.recorder.linux.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.CaptureSink;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.ElementEvent;
import org.trajectory.recorder.InputEvent;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;

/**
 * The element under the pointer at every button press and the element that takes the keyboard focus, asked of AT-SPI
 * on a thread of its own and handed to the sink: the event thread only offers a press to a bounded queue, so an
 * application that answers slowly (or not at all: every call has a time limit) never delays or loses an event; it only
 * costs that press its element. All libatspi work happens on that one thread, which also runs AT-SPI's own GLib
 * context (focus events arrive through it).
 */
final class ElementCapture implements AutoCloseable {

    /** The longest one D-Bus call may take before it counts as unanswered. */
    private static final int CALL_MS = 200;
    /** The longest a whole look-up may take; past it the element found so far is the answer. */
    private static final long LOOKUP_NANOS = 400_000_000L;
    private static final int MAX_DEPTH = 40;
    private static final int MAX_CHILDREN = 400;
    private static final String FOCUS_EVENT = "object:state-changed:focused";
    private static final String SHOWING = "showing";

    private final Atspi.Lib atspi = Atspi.Lib.LIB;
    private final Atspi.GLib glib = Atspi.GLib.LIB;
    private final Atspi.GObject gobject = Atspi.GObject.LIB;
    private final CaptureSink next;
    private final BlockingQueue<InputEvent> presses = new ArrayBlockingQueue<>(64);
    private final Thread worker;
    private final Atspi.EventCallback onFocus = this::focused; // held strongly: native code calls it
    private volatile boolean running = true;
    /** Cleared when closed: a look-up still under way then (an application not answering) hands nothing over. */
    private boolean delivering = true;
    private volatile Long activePid;
    private ElementEvent lastFocus;

    private ElementCapture(CaptureSink next) {
        this.next = next;
        worker = new Thread(this::work, "AT-SPI elements");
        worker.setDaemon(true);
        worker.start();
    }

    /**
     * Starts capturing elements into {@code next}; null when they are not wanted or cannot be had here (the sink is told
     * which, for the recording's metadata).
     */
    static ElementCapture start(CaptureSink next, boolean wanted) {
        if (!wanted) {
            next.elementCapture("off");
            return null;
        }
        String missing = unavailable();
        if (missing != null) {
            next.elementCapture("unavailable: " + missing);
            return null;
        }
        return new ElementCapture(next);
    }

    /** Why elements cannot be captured in this process, or null. */
    private static String unavailable() {
        if (System.getenv("DBUS_SESSION_BUS_ADDRESS") == null) {
            return "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no accessibility bus";
        }
        try {
            if (Files.readString(Path.of("/proc/self/maps")).contains("libatk-bridge")) {
                // GTK's own bridge shares libatspi's state in this process: asking from another thread is not safe.
                return "inside the workbench window GTK's accessibility bridge holds libatspi; ./workbench record captures elements";
            }
        } catch (IOException e) {
            // no /proc: nothing loaded that we know of
        }
        try {
            Atspi.Lib.LIB.getClass();
            Atspi.GObject.LIB.getClass();
        } catch (LinkageError e) {
            return "libatspi is not installed (apt install libatspi2.0-0 at-spi2-core)";
        }
        return null;
    }

    private void work() {
        if (atspi.atspi_init() < 0) {
            next.elementCapture("unavailable: AT-SPI could not be started");
            return;
        }
        Pointer context = glib.g_main_context_new();
        atspi.atspi_set_main_context(context);
        atspi.atspi_set_timeout(CALL_MS, CALL_MS * 10);
        Pointer desktop = atspi.atspi_get_desktop(0);
        if (desktop == null || atspi.atspi_accessible_get_child_count(desktop, new PointerByReference()) < 0) {
            next.elementCapture("unavailable: the accessibility bus did not answer");
            return;
        }
        Pointer listener = atspi.atspi_event_listener_new(onFocus, null, null);
        boolean focusEvents = atspi.atspi_event_listener_register(listener, FOCUS_EVENT, new PointerByReference());
        next.elementCapture("captured (AT-SPI)" + (focusEvents ? "" : "; focus changes not delivered"));
        try {
            while (running || !presses.isEmpty()) {
                InputEvent press = presses.poll(20, TimeUnit.MILLISECONDS);
                if (press != null) {
                    deliver(elementAt(desktop, press));
                }
                while (glib.g_main_context_iteration(context, false)) {
                    // focus events are handled as they are dispatched
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            atspi.atspi_event_listener_deregister(listener, FOCUS_EVENT, new PointerByReference());
            gobject.g_object_unref(listener);
            gobject.g_object_unref(desktop);
        }
    }

    /** AT-SPI's focus event, on the worker thread: the element that gained the focus. */
    private void focused(Pointer event, Pointer userData) {
        if (event.getInt(16) != 1) {
            return; // it lost the focus
        }
        Pointer source = event.getPointer(8);
        if (source != null) {
            ElementEvent element = describe(source, ElementEvent.FOCUS, Clock.now(), null, null, path(source));
            // By the time it is asked, an element may have passed the focus on (Tab pressed twice): only the one holding
            // it counts. GTK also tells one focus change twice: the same element again is no change.
            if (element != null && element.states().contains("focused") && !element.equals(withTime(lastFocus, element.time()))) {
                lastFocus = element;
                deliver(element);
            }
        }
    }

    private synchronized void deliver(ElementEvent element) {
        if (element != null && delivering) {
            next.element(element);
        }
    }

    private static ElementEvent withTime(ElementEvent e, double time) {
        return e == null ? null : new ElementEvent(time, e.cause(), e.x(), e.y(), e.role(), e.name(), e.description(), e.states(), e.left(),
                e.top(), e.width(), e.height(), e.application(), e.path());
    }

    /** The deepest element under the press, in the active window's application when it is known. */
    private ElementEvent elementAt(Pointer desktop, InputEvent press) {
        long deadline = System.nanoTime() + LOOKUP_NANOS;
        List<Pointer> owned = new ArrayList<>();
        try {
            Pointer window = windowAt(desktop, press.x(), press.y(), owned);
            if (window == null) {
                return null;
            }
            List<String> path = new ArrayList<>(List.of(text(atspi.atspi_accessible_get_role_name(window, null))));
            Pointer current = window;
            for (int depth = 0; depth < MAX_DEPTH && System.nanoTime() < deadline; depth++) {
                Pointer child = childAt(current, press.x(), press.y(), owned);
                if (child == null) {
                    break;
                }
                current = child;
                path.add(text(atspi.atspi_accessible_get_role_name(current, null)));
            }
            return describe(current, ElementEvent.PRESS, press.time(), press.x(), press.y(), path);
        } finally {
            owned.forEach(gobject::g_object_unref);
        }
    }

    /** The showing top-level window holding the point: of the active window's process first, the active one, the smallest. */
    private Pointer windowAt(Pointer desktop, int x, int y, List<Pointer> owned) {
        Pointer best = null;
        long bestRank = Long.MAX_VALUE;
        int apps = atspi.atspi_accessible_get_child_count(desktop, null);
        Long pid = activePid;
        for (int a = 0; a < apps; a++) {
            Pointer app = own(atspi.atspi_accessible_get_child_at_index(desktop, a, null), owned);
            if (app == null) {
                continue;
            }
            boolean ofActive = pid != null && atspi.atspi_accessible_get_process_id(app, null) == pid;
            int windows = Math.min(MAX_CHILDREN, atspi.atspi_accessible_get_child_count(app, null));
            for (int w = 0; w < windows; w++) {
                Pointer window = own(atspi.atspi_accessible_get_child_at_index(app, w, null), owned);
                int[] box = window == null ? null : extents(window, owned);
                List<String> states = box == null || !contains(box, x, y) ? List.of() : states(window);
                if (!states.contains(SHOWING)) {
                    continue;
                }
                long rank = (ofActive ? 0 : 2L << 50) + (states.contains("active") ? 0 : 1L << 50) + (long) box[2] * box[3];
                if (rank < bestRank) {
                    bestRank = rank;
                    best = window;
                }
            }
        }
        return best;
    }

    /**
     * The child of {@code parent} under the point: the toolkit's own answer, else (some containers, such as GTK's
     * notebooks, answer none) the smallest showing child whose box holds it.
     */
    private Pointer childAt(Pointer parent, int x, int y, List<Pointer> owned) {
        Pointer component = own(atspi.atspi_accessible_get_component_iface(parent), owned);
        if (component != null) {
            Pointer child = own(atspi.atspi_component_get_accessible_at_point(component, x, y, Atspi.SCREEN, null), owned);
            if (child != null && !child.equals(parent)) {
                return child;
            }
        }
        Pointer best = null;
        long bestArea = Long.MAX_VALUE;
        int children = Math.min(MAX_CHILDREN, atspi.atspi_accessible_get_child_count(parent, null));
        for (int i = 0; i < children; i++) {
            Pointer child = own(atspi.atspi_accessible_get_child_at_index(parent, i, null), owned);
            int[] box = child == null ? null : extents(child, owned);
            if (box != null && contains(box, x, y) && (long) box[2] * box[3] < bestArea && states(child).contains(SHOWING)) {
                bestArea = (long) box[2] * box[3];
                best = child;
            }
        }
        return best;
    }

    private ElementEvent describe(Pointer element, String cause, double time, Integer x, Integer y, List<String> path) {
        String role = text(atspi.atspi_accessible_get_role_name(element, null));
        if (role == null) {
            return null; // gone, or not answering
        }
        List<Pointer> owned = new ArrayList<>();
        try {
            int[] box = extents(element, owned);
            Pointer app = own(atspi.atspi_accessible_get_application(element, null), owned);
            return new ElementEvent(time, cause, x, y, role, name(element),
                    text(atspi.atspi_accessible_get_description(element, null)), states(element), box == null ? null : box[0],
                    box == null ? null : box[1], box == null ? null : box[2], box == null ? null : box[3],
                    app == null ? null : text(atspi.atspi_accessible_get_name(app, null)), path);
        } finally {
            owned.forEach(gobject::g_object_unref);
        }
    }

    /** The name a screen reader gives an element: its own, else the text of the label it is labelled by. */
    private String name(Pointer element) {
        String own = text(atspi.atspi_accessible_get_name(element, null));
        Pointer relations = own != null && !own.isBlank() ? null : atspi.atspi_accessible_get_relation_set(element, null);
        if (relations == null) {
            return own;
        }
        String label = null;
        Pointer data = relations.getPointer(0);
        for (int i = 0; i < relations.getInt(8); i++) {
            Pointer relation = data.getPointer(8L * i);
            if (label == null && atspi.atspi_relation_get_relation_type(relation) == Atspi.LABELLED_BY
                    && atspi.atspi_relation_get_n_targets(relation) > 0) {
                Pointer target = atspi.atspi_relation_get_target(relation, 0);
                if (target != null) {
                    label = text(atspi.atspi_accessible_get_name(target, null));
                    gobject.g_object_unref(target);
                }
            }
            gobject.g_object_unref(relation);
        }
        glib.g_array_free(relations, true);
        return label == null || label.isBlank() ? own : label;
    }

    /** The roles from the top-level window down to {@code element}. */
    private List<String> path(Pointer element) {
        List<String> roles = new ArrayList<>();
        List<Pointer> owned = new ArrayList<>();
        try {
            Pointer current = element;
            for (int depth = 0; depth < MAX_DEPTH && current != null; depth++) {
                String role = text(atspi.atspi_accessible_get_role_name(current, null));
                if (role == null || role.equals("application")) {
                    break;
                }
                roles.add(0, role);
                current = own(atspi.atspi_accessible_get_parent(current, null), owned);
            }
        } finally {
            owned.forEach(gobject::g_object_unref);
        }
        return roles;
    }

    private List<String> states(Pointer element) {
        List<String> names = new ArrayList<>();
        Pointer set = atspi.atspi_accessible_get_state_set(element);
        if (set == null) {
            return names;
        }
        Pointer array = atspi.atspi_state_set_get_states(set);
        if (array != null) {
            Pointer data = array.getPointer(0);
            int length = array.getInt(8);
            for (int i = 0; i < length; i++) {
                int state = data.getInt(4L * i);
                names.add(state >= 0 && state < Atspi.STATES.length ? Atspi.STATES[state] : "state " + state);
            }
            glib.g_array_free(array, true);
        }
        gobject.g_object_unref(set);
        return names;
    }


    /** x, y, width, height in root pixels, or null. */
    private int[] extents(Pointer element, List<Pointer> owned) {
        Pointer component = own(atspi.atspi_accessible_get_component_iface(element), owned);
        Pointer rect = component == null ? null : atspi.atspi_component_get_extents(component, Atspi.SCREEN, null);
        if (rect == null) {
            return null;
        }
        int[] box = rect.getIntArray(0, 4);
        glib.g_free(rect);
        return box[2] <= 0 || box[3] <= 0 ? null : box;
    }

    private static boolean contains(int[] box, int x, int y) {
        return x >= box[0] && y >= box[1] && x < box[0] + box[2] && y < box[1] + box[3];
    }

    private static Pointer own(Pointer object, List<Pointer> owned) {
        if (object != null) {
            owned.add(object);
        }
        return object;
    }

    /** A string libatspi handed over, freed; null stays null. */
    private String text(Pointer string) {
        if (string == null) {
            return null;
        }
        String text = string.getString(0, "UTF-8");
        glib.g_free(string);
        return text;
    }

    /** A button was pressed: its element is looked up on the worker thread (never held up here: a full queue drops it). */
    void pressed(InputEvent press) {
        presses.offer(press);
    }

    /** The active window's process, whose application is searched first. */
    void activeWindow(Long pid) {
        activePid = pid;
    }

    /** Answers the presses still queued, then stops; the sink gets nothing from it afterwards. */
    @Override
    public void close() {
        running = false;
        try {
            worker.join(LOOKUP_NANOS / 1_000_000 * 4);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            delivering = false; // and no hand-over is under way: the sink may close now
        }
    }
}
