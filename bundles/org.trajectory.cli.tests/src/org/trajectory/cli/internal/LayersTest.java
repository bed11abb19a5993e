package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.Attributes;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.eclipse.osgi.util.ManifestElement;
import org.junit.jupiter.api.Test;
import org.osgi.framework.BundleException;

/**
 * Edges run one way: every bundle uses only the layers below its own, never up and never sideways. The layers are
 * read from the README's picture (the one place they are written); every kind of edge is checked: imported packages,
 * required bundles, the internal packages a bundle lets others use (its {@code x-friends}) and the Java sources'
 * imports. A kit stands in its bundle's layer, a fragment in its host's; tests and the example plugin are not checked.
 */
class LayersTest {

    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    private static final Path BUNDLES = ROOT.resolve("bundles");
    private static final String PREFIX = "org.trajectory.";
    private static final Pattern SOURCE_IMPORT = Pattern.compile("^import (?:static )?(org\\.trajectory[\\w.]*)\\.\\w+;", Pattern.MULTILINE);

    /** What one bundle's manifest says, and where its layer comes from. */
    private record Bundle(String name, Attributes manifest, String host) {
        /** The bundle whose layer this one stands in: a kit's bundle, a fragment's host, or itself. */
        String unit() {
            if (host != null && host.startsWith(PREFIX)) {
                return host.substring(PREFIX.length());
            }
            return name.endsWith(".kit") ? name.substring(0, name.length() - ".kit".length()) : name;
        }

        boolean checked() {
            return !name.endsWith(".tests") && !name.endsWith(".example");
        }
    }

    @Test
    void everyEdgeGoesDown() throws Exception {
        Map<String, Bundle> bundles = bundles();
        Map<String, Integer> layer = readmeLayers(bundles.keySet());
        Map<String, String> exporter = new HashMap<>();
        for (Bundle bundle : bundles.values()) {
            for (ManifestElement export : header(bundle, "Export-Package")) {
                exporter.put(export.getValue(), bundle.name());
            }
        }
        List<String> wrong = new ArrayList<>();
        for (Bundle bundle : bundles.values()) {
            if (!bundle.checked()) {
                continue;
            }
            for (ManifestElement imported : header(bundle, "Import-Package")) {
                check(wrong, bundles, layer, bundle, exporter.get(imported.getValue()), " imports " + imported.getValue());
            }
            for (ManifestElement required : header(bundle, "Require-Bundle")) {
                String name = required.getValue();
                check(wrong, bundles, layer, bundle, name.startsWith(PREFIX) ? name.substring(PREFIX.length()) : null, " requires " + name);
            }
            for (ManifestElement export : header(bundle, "Export-Package")) {
                String friends = export.getDirective("x-friends");
                for (String friend : friends == null ? new String[0] : friends.split(",")) {
                    Bundle user = bundles.get(friend.strip().substring(PREFIX.length()));
                    if (user != null && user.checked()) {
                        check(wrong, bundles, layer, user, bundle.name(), " is let use " + export.getValue());
                    }
                }
            }
            for (String used : sourceImports(bundle)) {
                check(wrong, bundles, layer, bundle, owner(exporter, used), "'s code imports " + used);
            }
        }
        assertEquals(List.of(), wrong.stream().distinct().sorted().toList());
    }

    @Test
    void everyBundleOfTheProductHasItsPlaceInTheReadmesPicture() throws IOException {
        Map<String, Bundle> bundles = bundles();
        Map<String, Integer> layer = readmeLayers(bundles.keySet());
        List<String> unplaced = bundles.values().stream().filter(Bundle::checked).map(Bundle::unit).filter(unit -> !layer.containsKey(unit))
                .distinct().sorted().toList();
        assertEquals(List.of(), unplaced, "bundles the README's picture of the layers does not place");
    }

    /** Adds what is wrong with an edge from {@code from} to the bundle {@code target} (null: outside the workbench). */
    private static void check(List<String> wrong, Map<String, Bundle> bundles, Map<String, Integer> layer, Bundle from, String target,
            String edge) {
        Bundle to = target == null ? null : bundles.get(target);
        if (to == null || to.unit().equals(from.unit()) || !to.checked()) {
            return;
        }
        Integer below = layer.get(to.unit());
        Integer above = layer.get(from.unit());
        if (below != null && above != null && below >= above) {
            wrong.add(from.name() + edge + " of " + to.name() + ", which is not below it");
        }
    }

    /**
     * The README's picture of the layers, top row first: each row's bundles (a word naming a folder under bundles/, the
     * words in brackets beside it left out), numbered from the bottom row (1) up.
     */
    static Map<String, Integer> readmeLayers(Set<String> names) throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        Matcher block = Pattern.compile("## Layers\\R(?:.*\\R)*?```\\R((?:.*\\R)*?)```").matcher(readme);
        if (!block.find()) {
            throw new IOException("README.md has no picture of the layers under '## Layers'");
        }
        List<String> rows = block.group(1).lines().filter(line -> !line.isBlank()).toList();
        Map<String, Integer> layer = new HashMap<>();
        for (int row = 0; row < rows.size(); row++) {
            for (String cell : rows.get(row).replaceAll("\\([^)]*\\)", "").trim().split("\\s{2,}")) {
                String word = cell.trim().split("\\s+")[0];
                if (names.contains(word)) {
                    layer.put(word, rows.size() - row);
                }
            }
        }
        return layer;
    }

    private static Map<String, Bundle> bundles() throws IOException {
        Map<String, Bundle> bundles = new HashMap<>();
        try (Stream<Path> folders = Files.list(BUNDLES)) {
            for (Path folder : folders.sorted().toList()) {
                Path file = folder.resolve("META-INF/MANIFEST.MF");
                if (!Files.isRegularFile(file)) {
                    continue;
                }
                Attributes manifest;
                try (InputStream in = Files.newInputStream(file)) {
                    manifest = new Manifest(in).getMainAttributes();
                }
                String name = folder.getFileName().toString().replaceFirst("^org\\.trajectory\\.", "");
                String host = manifest.getValue("Fragment-Host");
                bundles.put(name, new Bundle(name, manifest, host == null ? null : host.split(";")[0].strip()));
            }
        }
        return bundles;
    }

    private static ManifestElement[] header(Bundle bundle, String name) throws IOException {
        String value = bundle.manifest().getValue(name);
        try {
            ManifestElement[] elements = value == null ? null : ManifestElement.parseHeader(name, value);
            return elements == null ? new ManifestElement[0] : elements;
        } catch (BundleException e) {
            throw new IOException(bundle.name() + "'s " + name + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The packages of the workbench the bundle's Java sources import. */
    private static TreeSet<String> sourceImports(Bundle bundle) throws IOException {
        TreeSet<String> used = new TreeSet<>();
        Path sources = BUNDLES.resolve(PREFIX + bundle.name()).resolve("src");
        if (!Files.isDirectory(sources)) {
            return used;
        }
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                for (Matcher m = SOURCE_IMPORT.matcher(Files.readString(file)); m.find();) {
                    used.add(m.group(1));
                }
            }
        }
        return used;
    }

    /** The bundle exporting a package, or the one exporting the package a nested name is in (a static import's class). */
    private static String owner(Map<String, String> exporter, String name) {
        for (String candidate = name; candidate.contains("."); candidate = candidate.substring(0, candidate.lastIndexOf('.'))) {
            if (exporter.containsKey(candidate)) {
                return exporter.get(candidate);
            }
        }
        return null;
    }
}
