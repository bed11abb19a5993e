package org.trajectory.export;

import java.util.List;

/**
 * One setting of an exporter: its name (on the command line {@code --set NAME=VALUE}), the value it has unless told
 * otherwise, what it does, and, for a choice, the values it accepts (empty: any text or number).
 *
 * @since 0.1
 */
public record ExportSetting(String name, String defaultValue, String description, List<String> choices) {

    public static ExportSetting text(String name, String defaultValue, String description) {
        return new ExportSetting(name, defaultValue, description, List.of());
    }

    public static ExportSetting choice(String name, String defaultValue, String description, String... choices) {
        return new ExportSetting(name, defaultValue, description, List.of(choices));
    }
}
