#!/usr/bin/env bash
# On-demand: the shipped pointer detector (models/pointer.onnx) alone, on whole frames of recordings whose pointer the
# recorder drew where its events say: per corpus (train, dev, held-out), recall (frames whose pointer it found within
# 3 px) and precision (of the places it said, the share within 3 px). A frame counts where the pointer had rested for
# 0.2 s before it and stays 0.2 s after, with no key pressed since it last moved (an application may hide it while its
# person types), at most 12 frames a recording, spread over it; and again on the first frame at or after each button
# press (a click is found there: a pointer often comes and presses with no frame between). What it says of frames with
# no such pointer is not counted.
# Usage: releng/benchmarks/pointer-benchmark.sh [WORK_DIR (/tmp/trajectory-pointer-bench)] CORPUS_DIR...
#   (e.g. /tmp/trajectory-corpus-desktop /tmp/trajectory-dev /tmp/trajectory-heldout: each made by releng/corpus/regenerate.sh)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
WORK="${1:-/tmp/trajectory-pointer-bench}"
shift || true
rm -rf "$WORK" && mkdir -p "$WORK"
source "$ROOT/releng/scripts/env.sh"
tw_find_jdk >/dev/null
PLUGINS="$ROOT/releng/org.trajectory.product/target/products/org.trajectory.workbench/linux/gtk/x86_64/plugins"
CP=""
for jar in org.trajectory.extract_ org.trajectory.extract.opencv_ org.openpnp.opencv_ org.trajectory.onnx_ org.trajectory.model_ \
  com.microsoft.onnxruntime_ com.fasterxml.jackson.core.jackson-core_ com.fasterxml.jackson.core.jackson-databind_ \
  com.fasterxml.jackson.core.jackson-annotations_ org.eclipse.osgi_; do
  CP="$CP:$(ls "$PLUGINS"/$jar*.jar | head -1)"
done
for corpus in "$@"; do
  [ -d "$corpus/recordings" ] || { echo "(no recordings in $corpus)"; continue; }
  for frames in rested at-presses; do
    name="$(basename "$corpus") ($frames frames)"
    out="$WORK/$(basename "$corpus")/$frames"
    mkdir -p "$out"
    /usr/bin/python3 "$ROOT/releng/benchmarks/pointer_frames.py" "$corpus" "$out" $([ "$frames" = at-presses ] && echo --at-presses) >"$out/truth.tsv"
    if ! cut -f1 "$out/truth.tsv" | "$JAVA_HOME/bin/java" -Djava.awt.headless=true --enable-native-access=ALL-UNNAMED \
      -cp "${CP#:}" "$ROOT/releng/benchmarks/PointerRun.java" >"$out/said.jsonl" 2>"$out/run.err"; then
      echo "pointer-benchmark: the detector failed on $name:" >&2
      cat "$out/run.err" >&2
      exit 1
    fi
    /usr/bin/python3 - "$name" "$out/truth.tsv" "$out/said.jsonl" <<'PY'
import json, math, sys
name, truth, said = sys.argv[1:]
where = {}
for line in open(truth):
    png, x, y = line.rstrip('\n').split('\t')
    where[png] = (float(x), float(y))
frames = found = near = 0
by_app = {}
for line in open(said):
    s = json.loads(line)
    x, y = where[s['png']]
    app = s['png'].split('/')[-2].rsplit('-', 1)[0]
    a = by_app.setdefault(app, [0, 0, 0])
    frames += 1; a[0] += 1
    if s['found']:
        found += 1; a[1] += 1
        # the recorder's point is a pixel; the detector's is the hotspot pixel's place, both from the pixel's corner
        if math.hypot(s['x'] - x, s['y'] - y) <= 3:
            near += 1; a[2] += 1
print(f"{name}: {frames} frames, pointer found within 3 px in {near}: recall {near / max(frames, 1):.3f}, "
      f"precision {near / max(found, 1):.3f} ({found} places said)")
for app, (f, s, n) in sorted(by_app.items()):
    print(f"  {app:12s} {f:4d} frames  recall {n / f:.3f}  precision {n / max(s, 1):.3f}")
PY
  done
done
