package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Edges run one way: every bundle imports only from the layers below its own, never up and never sideways, as the
 * README's picture of the layers says. Read from the manifests, which are what OSGi wires by.
 */
class LayersTest {

    private static final Path BUNDLES = Path.of("../../bundles").toAbsolutePath().normalize();
    /** The README's layers, top (5) to bottom (1); a bundle not named here (kits, tests, fragments) is not checked. */
    private static final Map<String, Integer> LAYER = Map.ofEntries(Map.entry("ui", 5), Map.entry("cli", 5), Map.entry("export", 4),
            Map.entry("evaluation", 4), Map.entry("extract", 4), Map.entry("replay", 4), Map.entry("scoring.novelty", 4), Map.entry("builder", 4),
            Map.entry("scoring", 3), Map.entry("embeddings", 3), Map.entry("review", 3), Map.entry("dataset", 2),
            Map.entry("recorder", 2), Map.entry("vlm", 2), Map.entry("model", 1), Map.entry("catalog", 1));
    private static final Pattern PACKAGE = Pattern.compile("(org\\.trajectory[\\w.]*)");

    @Test
    void everyImportGoesDown() throws IOException {
        Map<String, String> exporter = new HashMap<>();
        Map<String, String> imports = new HashMap<>();
        try (Stream<Path> bundles = Files.list(BUNDLES)) {
            for (Path bundle : bundles.sorted().toList()) {
                Path file = bundle.resolve("META-INF/MANIFEST.MF");
                if (!Files.isRegularFile(file)) {
                    continue;
                }
                Manifest manifest;
                try (var in = Files.newInputStream(file)) {
                    manifest = new Manifest(in);
                }
                String name = bundle.getFileName().toString().replaceFirst("^org\\.trajectory\\.", "");
                String exported = manifest.getMainAttributes().getValue("Export-Package");
                for (Matcher m = PACKAGE.matcher(exported == null ? "" : exported); m.find();) {
                    exporter.putIfAbsent(m.group(1), name);
                }
                String imported = manifest.getMainAttributes().getValue("Import-Package");
                imports.put(name, imported == null ? "" : imported);
            }
        }
        List<String> wrong = new ArrayList<>();
        imports.forEach((bundle, imported) -> {
            if (!LAYER.containsKey(bundle)) {
                return;
            }
            for (Matcher m = PACKAGE.matcher(imported); m.find();) {
                String target = exporter.get(m.group(1));
                if (target != null && LAYER.containsKey(target) && !target.equals(bundle) && LAYER.get(target) >= LAYER.get(bundle)) {
                    wrong.add(bundle + " imports " + m.group(1) + " of " + target + ", which is not below it");
                }
            }
        });
        assertEquals(List.of(), wrong);
        assertEquals(LAYER.keySet().stream().sorted().toList(), LAYER.keySet().stream().filter(imports::containsKey).sorted().toList(),
                "every layer's bundle exists");
    }
}
