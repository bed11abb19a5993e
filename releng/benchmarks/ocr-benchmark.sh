#!/usr/bin/env bash
# On-demand: the screen text readers (PP-OCR on ONNX Runtime, Tesseract) side by side on the same inputs, in one run:
#  1. the personal-data benchmark (scrub_corpus.py: mousepad, xterm, chromium and gnumeric at 1280x800 and 1920x1080
#     with planted identifiers), scrubbed by `workbench scrub --reader R`: recall letter for letter and with OCR's
#     look-alikes folded, precision, seconds per 1920x1080 screenshot (a scrub process each, which loads its reader);
#  2. typed text's character error rate on the extraction corpora (releng/corpus/regenerate.sh; each typing's text
#     against the screenshot after it as the reader reads it), per corpus;
#  3. seconds per 1920x1080 screenshot inside one process with the reader loaded, and the memory the reader adds.
# Usage: releng/benchmarks/ocr-benchmark.sh [WORK (/tmp/ocr-benchmark)] [CORPUS_DIR (/tmp/trajectory-corpus)]
#          [MORE_CORPUS_DIR...]   (a corpus that is missing is left out, with a note)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
WORK="${1:-/tmp/ocr-benchmark}"
shift || true
CORPORA=("${@:-/tmp/trajectory-corpus}")
READERS=(tesseract ppocr)
mkdir -p "$WORK"
source "$ROOT/releng/scripts/env.sh"
tw_find_jdk >/dev/null

echo "== 1. the personal-data benchmark, scrubbed with each reader"
REUSE=()
[ -f "$WORK/scrub/truth.json" ] && REUSE=(--reuse)
python3 "$ROOT/releng/benchmarks/scrub_corpus.py" "$WORK/scrub" --workbench "$WB" --readers "$(IFS=,; echo "${READERS[*]}")" "${REUSE[@]}" \
  > "$WORK/scrub.json"

PLUGINS="$ROOT/releng/org.trajectory.product/target/products/org.trajectory.workbench/linux/gtk/x86_64/plugins"
CP=""
for bundle in org.trajectory.screentext_ org.trajectory.screentext.ppocr_ org.trajectory.embeddings_ org.trajectory.extract.opencv_ \
    org.openpnp.opencv_ com.microsoft.onnxruntime_ org.eclipse.osgi_ com.fasterxml.jackson.core.jackson-core_ \
    com.fasterxml.jackson.core.jackson-databind_ com.fasterxml.jackson.core.jackson-annotations_; do
  CP="$CP:$(ls "$PLUGINS"/$bundle*.jar | head -1)"
done
run() { "$JAVA_HOME/bin/java" -Djava.awt.headless=true --enable-native-access=ALL-UNNAMED -cp "${CP#:}" "$ROOT/releng/benchmarks/OcrRun.java" "$@" 2>>"$WORK/ocr-run.err"; }

echo "== 2. typed text read back from the extraction corpora"
: > "$WORK/typed.jsonl"
for corpus in "${CORPORA[@]}"; do
  if [ ! -f "$corpus/reference.jsonl" ]; then
    echo "   $corpus has no corpus: left out (releng/corpus/regenerate.sh $corpus makes it)"
    continue
  fi
  for reader in "${READERS[@]}"; do run typed "$reader" "$corpus" "$(basename "$corpus")" >> "$WORK/typed.jsonl"; done
done

echo "== 3. seconds per 1920x1080 screenshot in one process, and memory"
LARGE=()
for png in "$WORK"/scrub/images/*.png; do
  [ "$(python3 -c 'import struct,sys; f=open(sys.argv[1],"rb"); f.read(16); print(struct.unpack(">I", f.read(4))[0])' "$png")" = 1920 ] && LARGE+=("$png")
done
: > "$WORK/speed.jsonl"
for reader in "${READERS[@]}"; do run speed "$reader" "${LARGE[@]}" >> "$WORK/speed.jsonl"; done

python3 - "$WORK" "${READERS[@]}" <<'PY'
import json, sys
work, readers = sys.argv[1], sys.argv[2:]
scrub = json.load(open(f"{work}/scrub.json"))
typed = [json.loads(l) for l in open(f"{work}/typed.jsonl")]
speed = {s["reader"]: s for s in (json.loads(l) for l in open(f"{work}/speed.jsonl"))}
rows = [
    ("scrub recall, letter for letter", lambda r: scrub[r]["recall_overall_letter_for_letter"]),
    ("scrub recall, look-alikes folded", lambda r: scrub[r]["recall_overall"]),
    ("scrub precision", lambda r: scrub[r]["precision_overall"]),
    ("s per 1920x1080 screenshot, scrub process", lambda r: scrub[r]["seconds_per_1920x1080_screenshot"]),
    ("s per 1920x1080 screenshot, 8-step task", lambda r: scrub[r]["seconds_per_1920x1080_screenshot_in_an_8_step_task"]),
    ("s per 1920x1080 screenshot, reader loaded", lambda r: round(speed[r]["seconds_per_screenshot"], 2)),
    ("memory held by the reader (MB)", lambda r: speed[r]["memory_added_mb"]),
    ("resident set growth, garbage and all (MB)", lambda r: speed[r]["resident_added_mb"]),
]
for corpus in sorted({t["corpus"] for t in typed}):
    rows.append((f"typed text CER, {corpus}", lambda r, c=corpus: next(
        f"{t['cer']:.3f} ({t['errors']}/{t['characters']}, {t['typings']} typings)" for t in typed if t["reader"] == r and t["corpus"] == c)))
print(f"\n{'figure':45}" + "".join(f"{r:>28}" for r in readers))
for name, value in rows:
    print(f"{name:45}" + "".join(f"{str(value(r)):>28}" for r in readers))
print(f"\ncores: {speed[readers[0]]['cores']}; details: {work}/scrub.json, typed.jsonl, speed.jsonl")
PY
