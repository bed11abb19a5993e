#!/usr/bin/env bash
# On-demand benchmark of the dataset store (not part of ./test.sh): generates an AgentNet-sized dataset
# (22,000 tasks, ~400,000 steps, one image name per step) and prints import, query and export figures beside
# 'cat FILE > /dev/null' on the same file. Usage: releng/benchmarks/dataset-benchmark.sh [WORK_DIR] [TASKS]
# Targets: import >= 50 MB/s with a heap <= 1 GB; first page < 200 ms; filter+sort < 300 ms; export >= 100 MB/s.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
WORK="${1:-/tmp/trajectory-benchmark}"
TASKS="${2:-22000}"
export TW_VM_ARGS="-Xmx1g"   # the heap the import must fit in

agentnet_input "$WORK" "$TASKS"
rm -rf "$WORK/dataset" "$WORK/export"

SIZE=$(stat -c %s "$WORK/data.jsonl")
echo "input: $(awk -v s="$SIZE" 'BEGIN{printf "%.0f MB", s/1048576}') of JSONL, $(ls "$WORK/images" | wc -l) image names"

t0=$(date +%s.%N); cat "$WORK/data.jsonl" > /dev/null; t1=$(date +%s.%N)
echo "cat > /dev/null:        $(awk -v s="$SIZE" -v a="$t0" -v b="$t1" 'BEGIN{printf "%.0f MB/s", s/1048576/(b-a)}')"

/usr/bin/time -f "%M" -o "$WORK/import.rss" "$WB" import "$WORK/data.jsonl" --dataset "$WORK/dataset" --json > "$WORK/import.json" 2>"$WORK/import.err" || true
IMPORT_S=$(python3 -c "import json;print(json.load(open('$WORK/import.json'))['seconds'])")
echo "import (JSONL + images): $(awk -v s="$SIZE" -v t="$IMPORT_S" 'BEGIN{printf "%.1f MB/s (%.0f s)", s/1048576/t, t}'), peak RSS $(( $(cat "$WORK/import.rss") / 1024 )) MB with -Xmx1g"
python3 -c "import json;d=json.load(open('$WORK/import.json'));print('  imported', d['imported'], 'tasks,', d['problems'], 'problems')"

rm -rf "$WORK/dataset-records"
"$WB" import "$WORK/data.jsonl" --dataset "$WORK/dataset-records" --no-images --json > "$WORK/import-records.json" 2>/dev/null || true
RECORDS_S=$(python3 -c "import json;print(json.load(open('$WORK/import-records.json'))['seconds'])")
echo "import (JSONL only):    $(awk -v s="$SIZE" -v t="$RECORDS_S" 'BEGIN{printf "%.1f MB/s (%.0f s)", s/1048576/t, t}') (--no-images)"
rm -rf "$WORK/dataset-records"

for run in cold warm; do
  "$WB" list --dataset "$WORK/dataset" --limit 100 --timing 2>&1 >/dev/null | sed "s/^/first page ($run):    /" | grep ms
done
"$WB" list --dataset "$WORK/dataset" --filter "settings window" --sort score --desc --limit 100 --timing 2>&1 >/dev/null | sed 's/^/filter + sort:         /' | grep ms
"$WB" list --dataset "$WORK/dataset" --domain chrome --min-steps 20 --sort steps --limit 100 --timing 2>&1 >/dev/null | sed 's/^/domain+steps+sort:     /' | grep ms

"$WB" export --dataset "$WORK/dataset" --out "$WORK/export/data.jsonl" --no-images --review any --set personal_data=keep --json > "$WORK/export.json" 2>/dev/null
EXPORT_S=$(python3 -c "import json;print(json.load(open('$WORK/export.json'))['seconds'])")
OUT=$(stat -c %s "$WORK/export/data.jsonl")
echo "export (JSONL):         $(awk -v s="$OUT" -v t="$EXPORT_S" 'BEGIN{printf "%.1f MB/s (%.1f s)", s/1048576/t, t}')"
python3 - "$WORK/data.jsonl" "$WORK/export/data.jsonl" <<'PY'
import json, sys
a, b = open(sys.argv[1]), open(sys.argv[2])
same = all(json.loads(x) == json.loads(y) for x, y in zip(a, b))
print("export equals input as JSON:", same)
PY
du -sh "$WORK/dataset" | sed 's/^/dataset on disk:        /'
