package org.trajectory.cli.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The README is the front door and {@code docs/} the house behind it: every link in them (and in the extension points'
 * guides) leads somewhere, every page of {@code docs/} is reachable from the README, and the README stays short.
 */
class DocsLinksTest {

    /** Tycho runs the tests in this bundle's folder: the repository is two up. */
    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern CODE = Pattern.compile("```.*?```", Pattern.DOTALL);

    @Test
    void everyLinkResolvesAndEveryPageIsReachable() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        try (Stream<Path> bundles = Files.list(ROOT.resolve("bundles"))) {
            for (Path bundle : bundles.sorted().toList()) {
                Path schema = bundle.resolve("schema");
                if (Files.isDirectory(schema)) {
                    try (Stream<Path> guides = Files.list(schema)) {
                        guides.filter(p -> p.toString().endsWith(".md")).forEach(pages::add);
                    }
                }
            }
        }
        List<String> broken = new ArrayList<>();
        Set<Path> linked = new HashSet<>();
        for (Path page : pages) {
            Matcher link = LINK.matcher(CODE.matcher(Files.readString(page)).replaceAll(""));
            while (link.find()) {
                String target = link.group(1);
                if (target.matches("(?i)(https?|mailto):.*")) {
                    continue;
                }
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
                    continue;
                }
                linked.add(resolved);
                if (hash >= 0 && !anchors(resolved).contains(target.substring(hash + 1))) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
                }
            }
        }
        assertEquals(List.of(), broken, "links that lead nowhere");
        for (Path page : pages.subList(1, pages.size())) {
            assertTrue(linked.contains(page), ROOT.relativize(page) + " is not linked from any page: nobody finds it");
        }
        long lines = Files.readAllLines(ROOT.resolve("README.md")).size();
        assertTrue(lines <= 200, "the README has " + lines + " lines; what is not the front door belongs in docs/");
    }

    /** The anchors GitHub makes of a page's headings: lower case, punctuation dropped, spaces as hyphens. */
    private static Set<String> anchors(Path page) throws IOException {
        Set<String> anchors = new HashSet<>();
        if (!page.toString().endsWith(".md")) {
            return anchors;
        }
        for (String line : CODE.matcher(Files.readString(page)).replaceAll("").split("\n")) {
            if (line.startsWith("#")) {
                String heading = line.replaceFirst("^#+\\s*", "").strip().toLowerCase(Locale.ROOT);
                anchors.add(heading.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
            }
        }
        return anchors;
    }
}
