package org.trajectory.dataset;

import java.io.IOException;
import java.nio.file.Path;

import org.trajectory.catalog.Entry;
import org.trajectory.catalog.Registry;

/**
 * The catalogue of the {@code importers} extension point (see {@link org.trajectory.catalog.Catalogue}): each importer
 * with its id and name, created when first used. The workbench ships "agentnet" (AgentNet JSONL), "agentnetbench"
 * (AgentNetBench task files) and "adp" (the Agent Data Protocol's standardized trajectories).
 *
 * @since 0.1
 */
public final class Importers extends Registry<Importer, Entry<Importer>> {

    public static final String EXTENSION_POINT = "org.trajectory.dataset.importers";
    /** The importer of our own format, which every other one writes. */
    public static final String AGENTNET = "agentnet";

    private static final Importers INSTANCE = new Importers();

    private Importers() {
        super(EXTENSION_POINT, "importer", Importer.class, Entry::new);
    }

    public static Importers get() {
        return INSTANCE;
    }

    /** The first importer that reads {@code source}; an {@link IllegalArgumentException} saying so when none does. */
    public Entry<Importer> readerOf(Path source) throws IOException {
        for (Entry<Importer> descriptor : all()) {
            if (descriptor.created().reads(source)) {
                return descriptor;
            }
        }
        throw new IllegalArgumentException(source + ": no importer reads it (there are " + ids() + "; name one with --format)");
    }
}
