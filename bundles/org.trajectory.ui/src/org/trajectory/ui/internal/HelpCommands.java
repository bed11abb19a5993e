package org.trajectory.ui.internal;

import java.util.Map;

/** The Help menu's commands. */
public final class HelpCommands extends WindowCommands {

    public HelpCommands() {
        super(Map.of("about", window -> new AboutDialog(window.getShell()).open()));
    }
}
