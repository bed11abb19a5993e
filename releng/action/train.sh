#!/usr/bin/env bash
# Retrains the action classifier the offline extraction ships (what a resting pointer did: nothing, a click, a
# double-click, a right-click), with one command, on the CPU:
#  1. the recordings it learns from, whose events are the truth: the first corpus (sessions.json) and the action
#     corpus (kinds.json: many clicks of every kind in the harder corpus's Linux applications under train pointer
#     themes), made by releng/corpus/regenerate.sh unless the folders hold them; with a fourth argument also the
#     action corpus's Windows part (kinds-windows.json: Wine's Notepad and Registry Editor, recorded under Wine). The
#     shipped network is trained without it: trained with it, the held-out figures did not gain (docs/extraction.md);
#     nor with the action corpus's file managers (Thunar, Caja), which kinds.json holds since: it gained dev and lost
#     a held-out part (docs/extraction.md), so the shipped network predates them;
#     The dev corpus (dev.json: NEdit, LXTerminal, PCManFM; DEV, /tmp/trajectory-dev) is made the same way;
#  2. train_action.py: split by application (the dev corpus, the Chromium form, and the Registry Editor when given,
#     are the dev part: never trained on, the thresholds chosen on them);
#     writes bundles/org.trajectory.extract/models/action.onnx, and card.py its model card action.md.
# The held-out corpora (heldout.json, heldout-windows.json) are never read here; extraction-benchmark.sh measures the
# method with them.
# Usage: releng/action/train.sh [CORPUS (/tmp/trajectory-corpus)] [KINDS (/tmp/trajectory-kinds)] [STEPS (3000)]
#          [KINDS_WINDOWS (none)]
# Needs: python3-torch python3-onnx python3-opencv, and what regenerate.sh needs for both corpora.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CORPUS="${1:-/tmp/trajectory-corpus}"
KINDS="${2:-/tmp/trajectory-kinds}"
STEPS="${3:-3000}"
KINDS_WINDOWS="${4:-}"
DEV="${DEV:-/tmp/trajectory-dev}"
[ -d "$CORPUS/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$CORPUS"
[ -d "$KINDS/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$KINDS" --spec "$ROOT/releng/corpus/kinds.json"
[ -d "$DEV/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$DEV" --spec "$ROOT/releng/corpus/dev.json"
if [ -n "$KINDS_WINDOWS" ] && [ ! -d "$KINDS_WINDOWS/recordings" ]; then
  "$ROOT/releng/corpus/regenerate.sh" "$KINDS_WINDOWS" --spec "$ROOT/releng/corpus/kinds-windows.json"
fi
MODEL="$ROOT/bundles/org.trajectory.extract/models/action.onnx"
cd "$HERE"
/usr/bin/python3 train_action.py "$MODEL" "$STEPS" "$CORPUS" "$KINDS" ${KINDS_WINDOWS:+"$KINDS_WINDOWS"} --dev "$DEV"
/usr/bin/python3 card.py "$MODEL"
