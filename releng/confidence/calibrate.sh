#!/usr/bin/env bash
# Calibrates the offline method's confidences with one command: the train corpora (the first corpus of sessions.json,
# the harder one of desktop.json, made by releng/corpus/regenerate.sh unless the folders hold them) are extracted as
# extraction-benchmark.sh extracts them (the harder one also as OBS encodes it), each action judged right or wrong
# against the recording's events (rightness.py), and calibrate.py writes, per evidence, how many were read and how
# many were right: bundles/org.trajectory.extract/models/confidence.json and its card confidence.md. The dev and
# held-out corpora are never read here; the benchmark measures the confidences on them.
# Usage: releng/confidence/calibrate.sh [CORPUS (/tmp/trajectory-corpus)] [HARD (/tmp/trajectory-corpus-desktop)]
#          [WORK (/tmp/trajectory-calibration)]
# Needs: what regenerate.sh and extraction-benchmark.sh need.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CORPUS="${1:-/tmp/trajectory-corpus}"
HARD="${2:-/tmp/trajectory-corpus-desktop}"
WORK="${3:-/tmp/trajectory-calibration}"
[ -d "$CORPUS/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$CORPUS"
[ -d "$HARD/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$HARD" --spec "$ROOT/releng/corpus/desktop.json"
NONE="$WORK/none" # the dev and held-out corpora: named missing, so the benchmark runs the train parts alone
IDLE_MINUTES=0 "$ROOT/releng/benchmarks/extraction-benchmark.sh" "$CORPUS" "$WORK" 0 offline "" "" "$HARD" "$NONE" "$NONE" "$NONE" "$NONE"
python3 "$ROOT/releng/confidence/calibrate.py" "$ROOT/bundles/org.trajectory.extract/models/confidence.json" \
  "$WORK/first:$CORPUS" "$WORK/desktop:$HARD" "$WORK/desktop-obs:$HARD"
