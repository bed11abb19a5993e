#!/usr/bin/env bash
# Retrains the action classifier the offline extraction ships (what a resting pointer did: nothing, a click, a
# double-click, a right-click), with one command, on the CPU:
#  1. the recordings it learns from, whose events are the truth: the first corpus (sessions.json) and the action
#     corpus (kinds.json: many clicks of every kind in the harder corpus's Linux applications under train pointer
#     themes), and its Windows part (kinds-windows.json: Wine's Notepad and Registry Editor, recorded under Wine), made
#     by releng/corpus/regenerate.sh unless the folders hold them;
#  2. train_action.py: split by application (the Chromium form and the Registry Editor are the dev part); writes
#     bundles/org.trajectory.extract/models/action.onnx, and card.py its model card action.md.
# The held-out corpora (heldout.json, heldout-windows.json) are never read here; extraction-benchmark.sh measures the method with it.
# Usage: releng/action/train.sh [CORPUS (/tmp/trajectory-corpus)] [KINDS (/tmp/trajectory-kinds)] [STEPS (3000)]
#          [KINDS_WINDOWS (/tmp/trajectory-kinds-windows)]
# Needs: python3-torch python3-onnx python3-opencv, and what regenerate.sh needs for both corpora.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${1:-/tmp/trajectory-corpus}"
KINDS="${2:-/tmp/trajectory-kinds}"
STEPS="${3:-3000}"
KINDS_WINDOWS="${4:-/tmp/trajectory-kinds-windows}"
[ -d "$CORPUS/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$CORPUS"
[ -d "$KINDS/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$KINDS" --spec "$ROOT/releng/corpus/kinds.json"
[ -d "$KINDS_WINDOWS/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$KINDS_WINDOWS" --spec "$ROOT/releng/corpus/kinds-windows.json"
MODEL="$ROOT/bundles/org.trajectory.extract/models/action.onnx"
cd "$HERE"
/usr/bin/python3 train_action.py "$MODEL" "$STEPS" "$CORPUS" "$KINDS" "$KINDS_WINDOWS"
/usr/bin/python3 card.py "$MODEL"
