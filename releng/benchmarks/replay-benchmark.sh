#!/usr/bin/env bash
# Replay on the whole ground-truth corpus: every session regenerated (recorded and built) with the product, replayed
# each in its own private display, and four perturbed copies of each (a click moved 80 px, a typed word changed, a step
# dropped, a key changed) replayed to see whether they diverge at the perturbed step. Prints the check's JSON summary:
# how many replayed to the end, how many perturbed copies diverged where they should (by kind, with those missed), and
# the seconds each replay run took. Usage: releng/benchmarks/replay-benchmark.sh [OUT (default /tmp/replay-benchmark)]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/env.sh"
OUT="${1:-/tmp/replay-benchmark}"
"$TW_ROOT/releng/corpus/regenerate.sh" "$OUT" >/dev/null
TW_NO_REBUILD=1 exec python3 "$TW_ROOT/releng/corpus/replay_check.py" "$OUT" --workbench "$TW_ROOT/workbench" --perturb
