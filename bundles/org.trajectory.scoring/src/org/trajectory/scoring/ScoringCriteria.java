package org.trajectory.scoring;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExtensionRegistry;
import org.eclipse.core.runtime.RegistryFactory;

/**
 * The registry of the {@code scoringCriteria} extension point: each criterion with its id, name, default weight and
 * whether it needs a model; created when first used. {@link #add} and {@link #remove} serve tests and use outside OSGi.
 */
public final class ScoringCriteria {

    public static final String EXTENSION_POINT = "org.trajectory.scoring.scoringCriteria";

    /** A criterion as contributed. */
    public static final class Descriptor {
        private final String id;
        private final String name;
        private final double weight;
        private final boolean needsModel;
        private final IConfigurationElement element;
        private ScoringCriterion criterion;

        public Descriptor(String id, String name, double weight, boolean needsModel, ScoringCriterion criterion) {
            this(id, name, weight, needsModel, null, criterion);
        }

        private Descriptor(String id, String name, double weight, boolean needsModel, IConfigurationElement element,
                ScoringCriterion criterion) {
            this.id = id;
            this.name = name;
            this.weight = weight;
            this.needsModel = needsModel;
            this.element = element;
            this.criterion = criterion;
        }

        public String id() {
            return id;
        }

        public String name() {
            return name;
        }

        /** The default weight in the final score; format's is 0, because format is a gate. */
        public double defaultWeight() {
            return weight;
        }

        public boolean needsModel() {
            return needsModel;
        }

        public synchronized ScoringCriterion criterion() throws CoreException {
            if (criterion == null) {
                criterion = (ScoringCriterion) element.createExecutableExtension("class");
            }
            return criterion;
        }
    }

    private static final ScoringCriteria INSTANCE = new ScoringCriteria();
    private List<Descriptor> descriptors;

    public static ScoringCriteria get() {
        return INSTANCE;
    }

    public synchronized List<Descriptor> all() {
        if (descriptors == null) {
            descriptors = new ArrayList<>();
            IExtensionRegistry registry = RegistryFactory.getRegistry();
            if (registry != null) {
                for (IConfigurationElement element : registry.getConfigurationElementsFor(EXTENSION_POINT)) {
                    if ("criterion".equals(element.getName())) {
                        descriptors.add(new Descriptor(element.getAttribute("id"), element.getAttribute("name"),
                                weight(element.getAttribute("weight")), Boolean.parseBoolean(element.getAttribute("needsModel")),
                                element, null));
                    }
                }
            }
        }
        return List.copyOf(descriptors);
    }

    private static double weight(String value) {
        try {
            return value == null ? 0 : Math.max(0, Double.parseDouble(value.strip()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    public synchronized void add(Descriptor descriptor) {
        all();
        descriptors.add(descriptor);
    }

    public synchronized void remove(String id) {
        all();
        descriptors.removeIf(d -> d.id().equals(id));
    }

    public Optional<Descriptor> find(String id) {
        return all().stream().filter(d -> d.id().equals(id)).findFirst();
    }
}
