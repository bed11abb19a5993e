package org.trajectory.export;

import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.trajectory.export.kit.ExporterContract;

/** The contract, for each exporter the workbench ships, made through its catalogue. */
class ExporterContractsTest {

    private static Exporters.Descriptor find(String id) {
        return Exporters.get().find(id).orElseThrow(() -> new AssertionError("no exporter '" + id + "' in the catalogue: "
                + Exporters.get().catalogue().problems()));
    }

    @Nested
    class AgentNet extends ExporterContract {
        @Override
        protected Exporters.Descriptor exporter() {
            return find("agentnet");
        }
    }

    @Nested
    class HuggingFace extends ExporterContract {
        @Override
        protected Exporters.Descriptor exporter() {
            return find("huggingface");
        }
    }

    @Nested
    class AgentNetBench extends ExporterContract {
        @Override
        protected Exporters.Descriptor exporter() {
            return find("agentnetbench");
        }
    }

    @Nested
    class AgentDataProtocol extends ExporterContract {
        @Override
        protected Exporters.Descriptor exporter() {
            return find("adp");
        }
    }

    @Nested
    class Messages extends ExporterContract {
        @Override
        protected Exporters.Descriptor exporter() {
            return find("messages");
        }

        @Override
        protected Map<String, String> settings() {
            return Map.of("reasoning", "l3");
        }
    }
}
