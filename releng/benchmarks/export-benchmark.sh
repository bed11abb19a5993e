#!/usr/bin/env bash
# On-demand benchmark of the Hugging Face export (not part of ./test.sh): the AgentNet-sized dataset of
# dataset-benchmark.sh (22,000 tasks, one screenshot per step) written in the Hub's layout (JSONL per OS group, images
# in zip archives, the card), beside 'cp -r' of the same images in the same run.
# Usage: releng/benchmarks/export-benchmark.sh [WORK_DIR] [TASKS]   Target: >= 100 MB/s of output.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
WORK="${1:-/tmp/trajectory-benchmark}"
TASKS="${2:-22000}"
agentnet_dataset "$WORK" "$TASKS"
rm -rf "$WORK/hf" "$WORK/cp-images"
sync

t0=$(date +%s.%N); cp -r "$WORK/images" "$WORK/cp-images"; sync; t1=$(date +%s.%N)
CP_BYTES=$(du -sb "$WORK/cp-images" | cut -f1)
echo "cp -r images:          $(awk -v s="$CP_BYTES" -v a="$t0" -v b="$t1" 'BEGIN{printf "%.0f MB/s (%.0f MB in %.1f s, with sync)", s/1048576/(b-a), s/1048576, b-a}')"
rm -rf "$WORK/cp-images"
sync

t0=$(date +%s.%N)
TW_VM_ARGS="-Xmx1g" "$WB" export --dataset "$WORK/dataset" --format huggingface --review any --set personal_data=keep --out "$WORK/hf" --json > "$WORK/hf.json" 2>"$WORK/hf.err"
sync; t1=$(date +%s.%N)
HF_BYTES=$(du -sb "$WORK/hf" | cut -f1)
echo "export --format huggingface: $(awk -v s="$HF_BYTES" -v a="$t0" -v b="$t1" 'BEGIN{printf "%.0f MB/s (%.0f MB in %.1f s, with start-up and sync)", s/1048576/(b-a), s/1048576, b-a}')"
python3 - "$WORK/hf.json" "$WORK/hf" <<'PY'
import json, os, sys, zipfile
report = json.load(open(sys.argv[1]))
zips = [os.path.join(r, f) for r, _, fs in os.walk(sys.argv[2]) for f in fs if f.endswith(".zip")]
entries = sum(len(zipfile.ZipFile(z).namelist()) for z in zips)
print(f"  {report['tasks']} tasks, {report['images']} images in {len(zips)} archives ({entries} entries, each archive opened alone),"
      f" {report['problems']} problems, {report['seconds']:.1f} s inside the command")
PY
head -c 600 "$WORK/hf/README.md"; echo
rm -rf "$WORK/hf"
