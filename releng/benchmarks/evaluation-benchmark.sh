#!/usr/bin/env bash
# On-demand benchmark of `workbench evaluate` (not part of ./test.sh): 22,000 predicted trajectories against 22,000
# references (AgentNet-sized, about 400,000 steps), both metrics. The prediction is the reference as an imperfect
# extractor would give it (perturb_agentnet.py): REWORD of the action sentences reworded, coordinates moved, steps lost
# and added. Equal texts need no model; each distinct unequal text is embedded once.
# Usage: releng/benchmarks/evaluation-benchmark.sh [WORK_DIR] [REWORD (0.02)]   Target: < 60 s on 2 cores.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
WORK="${1:-/tmp/trajectory-benchmark}"
REWORD="${2:-0.02}"
agentnet_input "$WORK" 22000
mkdir -p "$WORK/evaluation"
python3 "$ROOT/releng/benchmarks/perturb_agentnet.py" "$WORK/data.jsonl" "$WORK/evaluation" --reword "$REWORD"
echo "cores: $(nproc)"
for metric in agentnetbench sharingan all; do
  start=$(date +%s.%N)
  "$WB" evaluate --reference "$WORK/evaluation/reference.jsonl" --predicted "$WORK/evaluation/predicted.jsonl" --metric "$metric" \
    --json >"$WORK/evaluation/$metric.json" 2>"$WORK/evaluation/$metric.err" || true
  end=$(date +%s.%N)
  python3 - "$WORK/evaluation/$metric.json" "$metric" "$start" "$end" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
line = "{:14s} {:,} tasks in {:.1f} s".format(sys.argv[2], len(r["tasks"]), float(sys.argv[4]) - float(sys.argv[3]))
if "sharingan" in r:
    o = r["sharingan"]["overall"]
    line += "; Sharingan operation R/P {:.3f}/{:.3f}, all R/P {:.3f}/{:.3f}".format(o["operation_recall"], o["operation_precision"], o["all_recall"], o["all_precision"])
if "agentnetbench" in r:
    b = r["agentnetbench"]
    line += "; AgentNetBench {:.3f} over {:,} steps, click error median {:.1f} px".format(b["score"], b["steps"], b.get("click_error_px", {}).get("median", float("nan")))
print(line)
PY
  grep -o "Embedding [0-9]* texts" "$WORK/evaluation/$metric.err" | head -1 || true
done
