package org.trajectory.catalog.tests;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.trajectory.export.ExportJob;
import org.trajectory.export.ExportResult;
import org.trajectory.export.ExportSetting;
import org.trajectory.export.Exporter;
import org.trajectory.extract.ExtractedAction;
import org.trajectory.extract.ExtractionContext;
import org.trajectory.extract.ExtractionMethod;
import org.trajectory.extract.Video;
import org.trajectory.model.operation.Progress;
import org.trajectory.recorder.CaptureBackend;
import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.CaptureSession;
import org.trajectory.recorder.CaptureSettings;
import org.trajectory.recorder.CaptureSink;
import org.trajectory.scoring.Score;
import org.trajectory.scoring.ScoringCriterion;
import org.trajectory.scoring.TaskInput;
import org.trajectory.vlm.ProviderConfig;
import org.trajectory.vlm.VlmException;
import org.trajectory.vlm.VlmProvider;
import org.trajectory.vlm.VlmRequest;
import org.trajectory.vlm.VlmResponse;

/** The good contributions of plugin.xml: the smallest thing each catalogue accepts. */
public final class Contributions {

    private Contributions() {
    }

    public static final class Backend implements CaptureBackend {
        @Override
        public Availability availability() {
            return Availability.no("a test backend records nothing");
        }

        @Override
        public Set<Capability> capabilities() {
            return Set.of();
        }

        @Override
        public CaptureSession start(CaptureSettings settings, CaptureSink sink) throws CaptureException {
            throw new CaptureException("a test backend records nothing");
        }
    }

    public static final class Provider implements VlmProvider {
        @Override
        public VlmResponse complete(VlmRequest request, ProviderConfig config) throws VlmException {
            throw new VlmException(VlmException.Kind.BAD_REQUEST, "a test provider answers nothing");
        }
    }

    /** Scores every task with the value of its setting {@code answer}. */
    public static final class Criterion implements ScoringCriterion {
        private final double answer;

        public Criterion(Map<String, String> settings) {
            answer = Double.parseDouble(settings.get("answer"));
        }

        @Override
        public String version() {
            return "1";
        }

        @Override
        public Score score(TaskInput task) {
            return Score.of(answer, "as set");
        }
    }

    /** Finds no action in any video. */
    public static final class Method implements ExtractionMethod {
        @Override
        public List<ExtractedAction> extract(Video video, String task, ExtractionContext context) {
            return List.of();
        }
    }

    /** Writes nothing. */
    public static final class Writer implements Exporter {
        @Override
        public List<ExportSetting> settings() {
            return List.of();
        }

        @Override
        public boolean writesFolder() {
            return false;
        }

        @Override
        public ExportResult export(ExportJob job, Progress progress) {
            throw new UnsupportedOperationException("a test exporter writes nothing");
        }
    }
}
