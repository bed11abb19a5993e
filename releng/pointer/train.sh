#!/usr/bin/env bash
# Retrains the pointer detector the offline extraction ships, with one command, on the CPU:
#  1. screens of real applications without a pointer (releng/pointer/screens.sh), unless WORK/screens has them;
#  2. the corpora's recordings, whose pointer the recorder drew where its events say (releng/corpus/regenerate.sh):
#     the first corpus and the action classifier's sessions (kinds.json) to train on, the dev corpus (dev.json) to
#     choose among checkpoints; each made unless its folder has recordings;
#  3. train_pointer.py: crops of both with the pointers of Debian's cursor themes and Windows' drawn in, split by theme
#     family and application, and the places of training screens the detector in training takes for a pointer;
#     writes WORK/network.onnx;
#  4. mean.py: the mean of that network and the first one this repository shipped (commit ad31fa6's, trained by that
#     commit's script) as bundles/org.trajectory.extract/models/pointer.onnx, and card.py its model card pointer.md.
#     The file shipped is still ad31fa6's alone: the mean lost a held-out part in the offline method (docs/extraction.md).
# Usage: releng/pointer/train.sh [WORK (/tmp/trajectory-pointer)] [STEPS (12000)]
#   corpora in /tmp/trajectory-corpus, /tmp/trajectory-kinds and /tmp/trajectory-dev (CORPUS, KINDS, DEV to move them)
# Needs: python3-torch python3-onnx python3-opencv, the cursor themes (xcursor-themes dmz-cursor-theme
# breeze-cursor-theme oxygencursors chameleon-cursor-theme comixcursors-righthanded-opaque bibata-cursor-theme
# crystalcursors adwaita-icon-theme) and what screens.sh and regenerate.sh need.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="${1:-/tmp/trajectory-pointer}"
STEPS="${2:-12000}"
CORPUS="${CORPUS:-/tmp/trajectory-corpus}"
KINDS="${KINDS:-/tmp/trajectory-kinds}"
DEV="${DEV:-/tmp/trajectory-dev}"
mkdir -p "$WORK"
[ -n "$(ls "$WORK/screens" 2>/dev/null)" ] || "$HERE/screens.sh" "$WORK/screens"
[ -d "$CORPUS/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$CORPUS"
[ -d "$KINDS/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$KINDS" --spec "$ROOT/releng/corpus/kinds.json"
[ -d "$DEV/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$DEV" --spec "$ROOT/releng/corpus/dev.json"
MODELS="$ROOT/bundles/org.trajectory.extract/models"
mkdir -p "$MODELS"
cd "$HERE"
/usr/bin/python3 train_pointer.py "$WORK/screens" "$CORPUS:$KINDS" "$DEV" "$WORK/network.onnx" "$STEPS" | tee "$WORK/train.log"
git -C "$ROOT" show ad31fa6:bundles/org.trajectory.extract/models/pointer.onnx > "$WORK/first.onnx"
/usr/bin/python3 mean.py "$WORK/first.onnx" "$WORK/network.onnx" "$WORK/screens" "$CORPUS:$KINDS" "$DEV" "$MODELS/pointer.onnx" | tee "$WORK/mean.log"
/usr/bin/python3 card.py "$MODELS/pointer.onnx"
