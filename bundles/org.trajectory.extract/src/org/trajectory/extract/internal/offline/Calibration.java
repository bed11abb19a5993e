package org.trajectory.extract.internal.offline;

import java.io.IOException;
import java.io.InputStream;
import java.util.EnumMap;
import java.util.Map;

import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How sure the offline method is of what each {@link Evidence} says: the share of the actions read from it that were
 * right, counted on the train part of our recordings, whose events are the truth
 * ({@code models/confidence.json}, written with its card by releng/confidence/calibrate.sh). A share is taken as (right
 * + 1) / (read + 2), so that evidence seldom seen in training says little either way.
 */
final class Calibration {

    /** The table's file in this bundle. */
    static final String TABLE = "models/confidence.json";

    private static Calibration shipped;

    private final Map<Evidence, Double> confidence = new EnumMap<>(Evidence.class);

    Calibration(JsonNode table) throws IOException {
        JsonNode counted = table.path("evidence");
        for (Evidence evidence : Evidence.values()) {
            JsonNode row = counted.get(evidence.word());
            if (row == null || !row.path("read").canConvertToInt() || !row.path("right").canConvertToInt()
                    || row.get("right").asInt() < 0 || row.get("right").asInt() > row.get("read").asInt()) {
                throw new IOException(TABLE + " counts no right and read actions for evidence '" + evidence.word()
                        + "': run releng/confidence/calibrate.sh");
            }
            confidence.put(evidence, (row.get("right").asInt() + 1.0) / (row.get("read").asInt() + 2.0));
        }
    }

    /** The table this bundle ships, read once per workbench; an IOException saying what is wrong with it. */
    static synchronized Calibration shipped() throws IOException {
        if (shipped == null) {
            try (InputStream in = Calibration.class.getClassLoader().getResourceAsStream(TABLE)) {
                if (in == null) {
                    throw new IOException(TABLE + " is not in the extraction bundle");
                }
                shipped = new Calibration(Json.MAPPER.readTree(in));
            }
        }
        return shipped;
    }

    /** The share of actions read from {@code evidence} that were right in training. */
    double confidence(Evidence evidence) {
        return confidence.get(evidence);
    }
}
