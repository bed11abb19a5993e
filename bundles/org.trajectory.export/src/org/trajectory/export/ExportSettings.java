package org.trajectory.export;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The values of an exporter's settings for one export: the declared defaults, then the catalogue's
 * {@code <setting>} values, then the user's. An unknown name, a value not among a choice's, or text where a number
 * belongs is an error naming the setting, before anything is written.
 *
 * @since 0.1
 */
public final class ExportSettings {

    private final Map<String, String> values;

    private ExportSettings(Map<String, String> values) {
        this.values = values;
    }

    /** @throws IllegalArgumentException an unknown setting, or a value not among a choice's, said in one line */
    public static ExportSettings of(List<ExportSetting> declared, Map<String, String> configured, Map<String, String> given) {
        Map<String, ExportSetting> byName = new LinkedHashMap<>();
        declared.forEach(setting -> byName.put(setting.name(), setting));
        Map<String, String> values = new LinkedHashMap<>();
        declared.forEach(setting -> values.put(setting.name(), setting.defaultValue()));
        for (Map<String, String> layer : List.of(configured, given)) {
            for (Map.Entry<String, String> entry : layer.entrySet()) {
                ExportSetting setting = byName.get(entry.getKey());
                if (setting == null) {
                    throw new IllegalArgumentException("no setting '" + entry.getKey() + "' for this format; it has " + String.join(", ", byName.keySet()));
                }
                String value = entry.getValue().strip();
                if (!setting.choices().isEmpty() && !setting.choices().contains(value.toLowerCase(Locale.ROOT))) {
                    throw new IllegalArgumentException("setting " + setting.name() + ": '" + value + "' is not one of " + String.join(", ", setting.choices()));
                }
                values.put(setting.name(), setting.choices().isEmpty() ? value : value.toLowerCase(Locale.ROOT));
            }
        }
        return new ExportSettings(values);
    }

    /** The settings as given, defaults only (tests, use outside OSGi). */
    public static ExportSettings of(Exporter exporter, Map<String, String> given) {
        return of(exporter.settings(), Map.of(), given);
    }

    public String text(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no setting '" + name + "' was declared");
        }
        return value;
    }

    /** A whole number of at least {@code min}. */
    public long number(String name, long min) throws IOException {
        String value = text(name);
        try {
            long number = Long.parseLong(value);
            if (number < min) {
                throw new IOException("setting " + name + ": " + number + " is under its least value, " + min);
            }
            return number;
        } catch (NumberFormatException e) {
            throw new IOException("setting " + name + ": '" + value + "' is not a whole number");
        }
    }

    /** A number above 0. */
    public double positive(String name) throws IOException {
        String value = text(name);
        try {
            double number = Double.parseDouble(value);
            if (!(number > 0) || Double.isInfinite(number)) {
                throw new IOException("setting " + name + ": " + value + " must be above 0");
            }
            return number;
        } catch (NumberFormatException e) {
            throw new IOException("setting " + name + ": '" + value + "' is not a number");
        }
    }

    public Map<String, String> all() {
        return Map.copyOf(values);
    }
}
