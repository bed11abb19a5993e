package org.trajectory.recorder.linux.internal;

import com.sun.jna.Callback;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;

/**
 * The libatspi (AT-SPI 2, the Linux desktop's accessibility interface) and GLib calls element capture needs. Objects
 * are GObjects, released with {@code g_object_unref}; strings and rectangles returned are the caller's, freed with
 * {@code g_free}. Every call that may go over D-Bus takes a {@code GError**}, left unread: a failed call returns null
 * or -1, which is all element capture needs to know.
 */
final class Atspi {

    /** ATSPI_COORD_TYPE_SCREEN: root-window pixels, as the recorder's events are. */
    static final int SCREEN = 0;
    /** AtspiStateType, in the order of atspi-constants.h; a state's name is its constant's, in lower case with spaces. */
    static final String[] STATES = { "invalid", "active", "armed", "busy", "checked", "collapsed", "defunct", "editable", "enabled",
            "expandable", "expanded", "focusable", "focused", "has tooltip", "horizontal", "iconified", "modal", "multi line",
            "multiselectable", "opaque", "pressed", "resizable", "selectable", "selected", "sensitive", "showing", "single line",
            "stale", "transient", "vertical", "visible", "manages descendants", "indeterminate", "required", "truncated", "animated",
            "invalid entry", "supports autocompletion", "selectable text", "is default", "visited", "checkable", "has popup",
            "read only" };
    /** ATSPI_RELATION_LABELLED_BY: the label that names a field. */
    static final int LABELLED_BY = 2;

    private Atspi() {
    }

    interface Lib extends Library {
        Lib LIB = Native.load("atspi", Lib.class);

        int atspi_init();

        void atspi_set_timeout(int millis, int startupMillis);

        void atspi_set_main_context(Pointer context);

        Pointer atspi_get_desktop(int index);

        int atspi_accessible_get_child_count(Pointer accessible, PointerByReference error);

        Pointer atspi_accessible_get_child_at_index(Pointer accessible, int index, PointerByReference error);

        Pointer atspi_accessible_get_parent(Pointer accessible, PointerByReference error);

        Pointer atspi_accessible_get_name(Pointer accessible, PointerByReference error);

        Pointer atspi_accessible_get_description(Pointer accessible, PointerByReference error);

        Pointer atspi_accessible_get_role_name(Pointer accessible, PointerByReference error);

        int atspi_accessible_get_process_id(Pointer accessible, PointerByReference error);

        Pointer atspi_accessible_get_application(Pointer accessible, PointerByReference error);

        Pointer atspi_accessible_get_state_set(Pointer accessible);

        /** A GArray of AtspiRelation (GObjects the caller owns): {@code data} at 0, {@code len} at 8. */
        Pointer atspi_accessible_get_relation_set(Pointer accessible, PointerByReference error);

        int atspi_relation_get_relation_type(Pointer relation);

        int atspi_relation_get_n_targets(Pointer relation);

        Pointer atspi_relation_get_target(Pointer relation, int index);

        /** A GArray of AtspiStateType: {@code data} at 0, {@code len} at 8. */
        Pointer atspi_state_set_get_states(Pointer set);

        Pointer atspi_accessible_get_component_iface(Pointer accessible);

        Pointer atspi_component_get_accessible_at_point(Pointer component, int x, int y, int coordType, PointerByReference error);

        /** An AtspiRect: x, y, width, height as ints. */
        Pointer atspi_component_get_extents(Pointer component, int coordType, PointerByReference error);

        Pointer atspi_event_listener_new(EventCallback callback, Pointer userData, Pointer destroyed);

        boolean atspi_event_listener_register(Pointer listener, String eventType, PointerByReference error);

        boolean atspi_event_listener_deregister(Pointer listener, String eventType, PointerByReference error);
    }

    /** AtspiEventListenerCB; the event: {@code type} at 0, {@code source} at 8, {@code detail1} at 16. */
    interface EventCallback extends Callback {
        void invoke(Pointer event, Pointer userData);
    }

    interface GLib extends Library {
        GLib LIB = Native.load("glib-2.0", GLib.class);

        Pointer g_main_context_new();

        boolean g_main_context_iteration(Pointer context, boolean mayBlock);

        void g_main_context_unref(Pointer context);

        void g_free(Pointer memory);

        Pointer g_array_free(Pointer array, boolean freeSegment);
    }

    interface GObject extends Library {
        GObject LIB = Native.load("gobject-2.0", GObject.class);

        void g_object_unref(Pointer object);

        Pointer g_object_ref(Pointer object);
    }
}
