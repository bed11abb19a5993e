#!/usr/bin/env bash
# On-demand benchmark of scoring (not part of ./test.sh):
#  1. the local (no-model) criteria over the 22,000-task benchmark dataset of dataset-benchmark.sh (generated and
#     imported here if WORK_DIR has none), through `./workbench score`: first without, then with screen change,
#     which decodes two screenshots per click or typing step;
#  2. novelty of one task against 100,000 embeddings: its text embedded by the model, then the exact search.
# Usage: releng/benchmarks/scoring-benchmark.sh [WORK_DIR] [TASKS]   Targets: local criteria < 60 s; novelty < 50 ms.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
WORK="${1:-/tmp/trajectory-benchmark}"
TASKS="${2:-22000}"
agentnet_dataset "$WORK" "$TASKS"
report() {
  python3 - "$1" "$2" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print("{}: {:,} tasks scored by {} in {:.1f} s ({} up to date, {} criterion errors)".format(
    sys.argv[2], r["scored"], ",".join(r["criteria"]), r["seconds"], r["up_to_date"], r["criterion_errors"]))
PY
}
"$WB" score --dataset "$WORK/dataset" --criteria format,action_validity,novelty --force --json >"$WORK/score1.json" 2>/dev/null || true
report "$WORK/score1.json" "format + action validity + novelty (embeddings made)"
"$WB" score --dataset "$WORK/dataset" --criteria format,action_validity,novelty --force --json >"$WORK/score2.json" 2>/dev/null || true
report "$WORK/score2.json" "format + action validity + novelty (embeddings kept)"
"$WB" score --dataset "$WORK/dataset" --criteria format,action_validity,novelty --json >"$WORK/score3.json" 2>/dev/null || true
report "$WORK/score3.json" "incremental run, nothing changed"
# Screen change decodes two screenshots per click or typing step: measured on the first 1,000 tasks.
TASK_IDS=$("$WB" list --dataset "$WORK/dataset" --limit 1000 --json 2>/dev/null | python3 -c 'import json,sys; print(",".join(r["taskId"] for r in json.load(sys.stdin)))')
"$WB" score --dataset "$WORK/dataset" --criteria screen_change --tasks "$TASK_IDS" --force --json >"$WORK/score4.json" 2>/dev/null || true
report "$WORK/score4.json" "screen change, 1,000 tasks"

PRODUCT="$ROOT/releng/org.trajectory.product/target/products/org.trajectory.workbench/linux/gtk/x86_64/plugins"
CP="$(ls "$PRODUCT"/org.trajectory.embeddings_*.jar):$(ls "$PRODUCT"/org.trajectory.scoring_*.jar):$(ls "$PRODUCT"/com.microsoft.onnxruntime_*.jar):$(ls "$PRODUCT"/org.trajectory.embeddings.minilm_*.jar)"
CP="$CP:$(ls "$PRODUCT"/org.eclipse.osgi_*.jar):$(ls "$PRODUCT"/org.trajectory.model_*.jar):$(ls "$PRODUCT"/com.fasterxml.jackson.core.jackson-databind_*.jar 2>/dev/null | head -1)"
CP="$CP:$(ls "$PRODUCT"/com.fasterxml.jackson.core.jackson-core_*.jar | head -1):$(ls "$PRODUCT"/com.fasterxml.jackson.core.jackson-annotations_*.jar | head -1)"
source "$ROOT/releng/scripts/env.sh"
tw_find_jdk >/dev/null
"$JAVA_HOME/bin/java" -cp "$CP" "$ROOT/releng/benchmarks/NoveltySearch.java" 100000
