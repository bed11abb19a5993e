package org.trajectory.scoring;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.trajectory.model.Json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The weights of the final score, by criterion id. The final score is 0 when the format gate fails; else the
 * weighted mean of the other criteria that gave a value (a criterion that failed or was not run does not count, so a
 * run of the local criteria alone still ranks tasks). The seed's weights: action validity 0.2, coherence 0.2, novelty
 * 0.2, completion 0.4. Kept in the preferences; a profile is the same map in a JSON file, to share.
 *
 * @since 0.1
 */
public record Weights(Map<String, Double> byCriterion) {

    public static final String FORMAT = "format";
    static final String PREFERENCE = "weights";

    public Weights {
        byCriterion = Map.copyOf(byCriterion);
    }

    public double of(String criterion) {
        return byCriterion.getOrDefault(criterion, 0d);
    }

    /** The defaults each criterion declares. */
    public static Weights defaults(List<ScoringCriteria.Descriptor> criteria) {
        Map<String, Double> map = new LinkedHashMap<>();
        criteria.forEach(c -> map.put(c.id(), c.defaultWeight()));
        return new Weights(map);
    }

    /** The defaults, overridden by what the preferences hold. */
    public static Weights preferred(List<ScoringCriteria.Descriptor> criteria) {
        Weights defaults = defaults(criteria);
        try {
            IEclipsePreferences node = InstanceScope.INSTANCE.getNode("org.trajectory.scoring");
            String saved = node.get(PREFERENCE, null);
            return saved == null ? defaults : defaults.with(parse(Json.MAPPER.readTree(saved)));
        } catch (IOException | RuntimeException e) {
            return defaults;
        }
    }

    public void prefer() throws Exception {
        IEclipsePreferences node = InstanceScope.INSTANCE.getNode("org.trajectory.scoring");
        node.put(PREFERENCE, json().toString());
        node.flush();
    }

    public Weights with(Map<String, Double> more) {
        Map<String, Double> map = new LinkedHashMap<>(byCriterion);
        map.putAll(more);
        return new Weights(map);
    }

    /** {@code format=0,action_validity=0.2,...}, as the command line gives them. */
    public static Map<String, Double> parse(String text) {
        Map<String, Double> map = new LinkedHashMap<>();
        for (String pair : text.split(",")) {
            String[] parts = pair.split("=", 2);
            if (parts.length != 2) {
                throw new IllegalArgumentException("a weight is criterion=number, not '" + pair + "'");
            }
            try {
                double weight = Double.parseDouble(parts[1].strip());
                if (weight < 0 || Double.isNaN(weight)) {
                    throw new NumberFormatException();
                }
                map.put(parts[0].strip(), weight);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the weight of " + parts[0].strip() + " must be a number >= 0, not '" + parts[1] + "'");
            }
        }
        return map;
    }

    private static Map<String, Double> parse(JsonNode node) {
        Map<String, Double> map = new LinkedHashMap<>();
        node.properties().forEach(e -> {
            if (e.getValue().isNumber() && e.getValue().asDouble() >= 0) {
                map.put(e.getKey(), e.getValue().asDouble());
            }
        });
        return map;
    }

    public ObjectNode json() {
        ObjectNode node = Json.MAPPER.createObjectNode();
        byCriterion.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> node.put(e.getKey(), e.getValue()));
        return node;
    }

    public void save(Path profile) throws IOException {
        Files.writeString(profile, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(json()) + "\n");
    }

    public static Weights load(Path profile, List<ScoringCriteria.Descriptor> criteria) throws IOException {
        JsonNode node = Json.MAPPER.readTree(Files.readString(profile));
        if (node == null || !node.isObject()) {
            throw new IOException(profile + ": a weights profile is a JSON object of criterion to weight");
        }
        return defaults(criteria).with(parse(node));
    }

    /**
     * The final score of a task: null when no weighted criterion gave a value; 0 when the
     * format gate failed; else the weighted mean.
     */
    public Double finalScore(Map<String, Score> scores) {
        Score format = scores.get(FORMAT);
        if (format != null && !format.failed() && format.value() < 1) {
            return 0.0;
        }
        double sum = 0;
        double total = 0;
        for (Map.Entry<String, Score> entry : scores.entrySet()) {
            double weight = entry.getKey().equals(FORMAT) ? 0 : of(entry.getKey());
            if (weight > 0 && !entry.getValue().failed()) {
                sum += weight * entry.getValue().value();
                total += weight;
            }
        }
        return total == 0 ? null : Math.round(sum / total * 10_000) / 10_000.0;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        byCriterion.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> text.append(text.isEmpty() ? "" : ", ").append(e.getKey()).append('=')
                        .append(String.format(Locale.ROOT, "%.2f", e.getValue())));
        return text.toString();
    }
}
