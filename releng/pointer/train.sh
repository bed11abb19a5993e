#!/usr/bin/env bash
# Retrains the pointer detector the offline extraction ships, with one command, on the CPU:
#  1. screens of real applications without a pointer (releng/pointer/screens.sh), unless WORK/screens has them;
#  2. the corpus's recordings, whose pointer the recorder drew where its events say (releng/corpus/regenerate.sh),
#     unless CORPUS has them;
#  3. train_pointer.py: crops of both with the pointers of Debian's cursor themes and Windows' drawn in, split by theme
#     family and application; writes bundles/org.trajectory.extract/models/pointer.onnx and its model card pointer.md.
# Usage: releng/pointer/train.sh [WORK (/tmp/trajectory-pointer)] [CORPUS (/tmp/trajectory-corpus)] [STEPS (6000)]
# Needs: python3-torch python3-onnx python3-opencv, the cursor themes (xcursor-themes dmz-cursor-theme
# breeze-cursor-theme oxygencursors chameleon-cursor-theme comixcursors-righthanded-opaque bibata-cursor-theme
# crystalcursors adwaita-icon-theme) and what screens.sh and regenerate.sh need.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="${1:-/tmp/trajectory-pointer}"
CORPUS="${2:-/tmp/trajectory-corpus}"
STEPS="${3:-6000}"
mkdir -p "$WORK"
[ -n "$(ls "$WORK/screens" 2>/dev/null)" ] || "$HERE/screens.sh" "$WORK/screens"
[ -d "$CORPUS/recordings" ] || "$ROOT/releng/corpus/regenerate.sh" "$CORPUS"
MODELS="$ROOT/bundles/org.trajectory.extract/models"
mkdir -p "$MODELS"
cd "$HERE"
/usr/bin/python3 train_pointer.py "$WORK/screens" "$CORPUS" "$MODELS/pointer.onnx" "$STEPS" | tee "$WORK/train.log"
mv "$MODELS/pointer.onnx.pt" "$WORK/pointer.pt"
/usr/bin/python3 card.py "$MODELS/pointer.onnx"
