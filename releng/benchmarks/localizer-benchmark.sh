#!/usr/bin/env bash
# On-demand: our Frame Difference Localizer against the paper's recipe in Python (scikit-image), on the same 1920x1080
# frame pairs, in one run: each of our boxes must overlap one of the recipe's at IoU >= 0.95 (and the counts agree),
# and the time per pair of both is printed (target: ours at least twice as fast).
# The pairs are consecutive seconds of the corpus recordings (releng/corpus/regenerate.sh), scaled to 1920x1080.
# Usage: releng/benchmarks/localizer-benchmark.sh [CORPUS_DIR (/tmp/trajectory-corpus)] [WORK_DIR] [THRESHOLD (0.1)]
# Needs: apt install python3-opencv python3-skimage
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
CORPUS="${1:-/tmp/trajectory-corpus}"
WORK="${2:-/tmp/trajectory-localizer}"
THRESHOLD="${3:-0.1}"
PY="${PYTHON:-/usr/bin/python3}" # Debian's, which sees python3-opencv and python3-skimage
"$PY" -c 'import cv2, skimage' 2>/dev/null || { echo "localizer-benchmark: $PY needs python3-opencv and python3-skimage (apt install)" >&2; exit 1; }
rm -rf "$WORK" && mkdir -p "$WORK"
for video in "$CORPUS"/recordings/*/video.*; do
  name=$(basename "$(dirname "$video")")
  ffmpeg -nostdin -v error -i "$video" -vf "fps=1,scale=1920:1080" "$WORK/$name-%02d.png"
done
PAIRS=()
for first in "$WORK"/*-01.png; do
  base="${first%-01.png}"
  n=1
  while [ -f "$(printf '%s-%02d.png' "$base" $((n + 1)))" ]; do
    PAIRS+=("$(printf '%s-%02d.png' "$base" $n)" "$(printf '%s-%02d.png' "$base" $((n + 1)))")
    n=$((n + 1))
  done
done
echo "frame pairs: $(( ${#PAIRS[@]} / 2 )) at 1920x1080"
source "$ROOT/releng/scripts/env.sh"
tw_find_jdk >/dev/null
PLUGINS="$ROOT/releng/org.trajectory.product/target/products/org.trajectory.workbench/linux/gtk/x86_64/plugins"
CP="$(ls "$PLUGINS"/org.trajectory.extract_*.jar):$(ls "$PLUGINS"/org.trajectory.extract.opencv_*.jar):$(ls "$PLUGINS"/org.openpnp.opencv_*.jar)"
"$JAVA_HOME/bin/java" -Djava.awt.headless=true --enable-native-access=ALL-UNNAMED -cp "$CP" "$ROOT/releng/benchmarks/LocalizerRun.java" "$THRESHOLD" "${PAIRS[@]}" >"$WORK/ours.jsonl"
"$PY" "$ROOT/releng/benchmarks/localizer_recipe.py" "$THRESHOLD" "${PAIRS[@]}" >"$WORK/recipe.jsonl"
"$PY" - "$WORK/ours.jsonl" "$WORK/recipe.jsonl" <<'PY'
import json, statistics, sys
ours = [json.loads(l) for l in open(sys.argv[1])]
recipe = [json.loads(l) for l in open(sys.argv[2])]
def iou(p, q):
    ix = max(0, min(p[0] + p[2], q[0] + q[2]) - max(p[0], q[0]))
    iy = max(0, min(p[1] + p[3], q[1] + q[3]) - max(p[1], q[1]))
    inter = ix * iy
    return inter / (p[2] * p[3] + q[2] * q[3] - inter) if inter else 0.0
same = boxes = 0
disagreements = []
for o, r in zip(ours, recipe):
    matched = all(any(iou(b, c) >= 0.95 for c in r["boxes"]) for b in o["boxes"]) and len(o["boxes"]) == len(r["boxes"])
    same += matched
    boxes += len(o["boxes"])
    if not matched:
        disagreements.append((o["pair"], o["boxes"], r["boxes"]))
print("pairs with the same boxes (IoU >= 0.95, same count): %d of %d; %d boxes in all" % (same, len(ours), boxes))
for pair, b, c in disagreements[:5]:
    print("  differs:", pair, "ours", b, "recipe", c)
print("time per pair: ours median %.1f ms, recipe median %.1f ms (%.1fx)" % (statistics.median(o["ms"] for o in ours),
      statistics.median(r["ms"] for r in recipe), statistics.median(r["ms"] for r in recipe) / statistics.median(o["ms"] for o in ours)))
PY
