#!/usr/bin/env bash
# On-demand: an extraction method against the corpus's recorded truth, and the offline method's speed on a long video.
#  1. Every corpus recording's video (releng/corpus/regenerate.sh) is extracted with no events, then compared with the
#     corpus references by Sharingan's metric (operations) and AgentNetBench's (click pixel error).
#  2. (offline only) A 1920x1080 30 fps video made of the corpus videos, padded (not scaled, so the pointer keeps its
#     size) and looped to MINUTES, is extracted: the time it took and the peak memory.
# Usage: releng/benchmarks/extraction-benchmark.sh [CORPUS_DIR (/tmp/trajectory-corpus)] [WORK_DIR] [MINUTES (10)]
#          [METHOD (offline)|df|difff] [PROVIDER] [MODEL]    (a model method reads its key from e.g. OPENAI_API_KEY)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
CORPUS="${1:-/tmp/trajectory-corpus}"
WORK="${2:-/tmp/trajectory-extraction}"
MINUTES="${3:-10}"
METHOD="${4:-offline}"
MODEL_ARGS=()
[ -n "${5:-}" ] && MODEL_ARGS+=(--provider "$5")
[ -n "${6:-}" ] && MODEL_ARGS+=(--model "$6")
rm -rf "$WORK" && mkdir -p "$WORK"

echo "== $METHOD extraction of $(ls -d "$CORPUS"/recordings/*/ | wc -l) corpus videos"
TW_NO_REBUILD=1 "$WB" extract "$CORPUS"/recordings/*/ --dataset "$WORK/extracted" --method "$METHOD" "${MODEL_ARGS[@]}" --json \
  >"$WORK/extract.json" 2>"$WORK/extract.err" || true
python3 - "$WORK" <<'PY'
import json, sys
work = sys.argv[1]
done = json.load(open(f'{work}/extract.json'))
with open(f'{work}/mapping.txt', 'w') as m:
    for v in done['videos']:
        m.write(v['video'].rstrip('/').split('/')[-2] + ' ' + v['task_id'] + '\n')
print(f"extracted {len(done['videos'])} videos in {done['seconds']:.0f} s, {len(done['failures'])} failed")
PY
TW_NO_REBUILD=1 "$WB" evaluate --reference "$CORPUS/reference.jsonl" --predicted "$WORK/extracted" --mapping "$WORK/mapping.txt" \
  --metric sharingan 2>/dev/null | sed -n '/^Sharingan/,$p' || true
TW_NO_REBUILD=1 "$WB" evaluate --reference "$CORPUS/reference.jsonl" --predicted "$WORK/extracted" --mapping "$WORK/mapping.txt" \
  --metric agentnetbench 2>/dev/null | grep "click error" || true
[ "$METHOD" = offline ] && [ "$MINUTES" != 0 ] || exit 0 # MINUTES 0: the corpus alone

echo "== offline extraction of a $MINUTES-minute 1920x1080 30 fps video"
ls "$CORPUS"/recordings/*/video.mkv | sed "s/^/file '/; s/$/'/" >"$WORK/list.txt"
ffmpeg -nostdin -v error -stream_loop -1 -f concat -safe 0 -i "$WORK/list.txt" -t $((MINUTES * 60)) \
  -vf "pad=1920:1080:0:0,fps=30" -c:v libx264 -preset veryfast -pix_fmt yuv420p "$WORK/long.mp4"
echo "Made of the corpus videos, looped." >"$WORK/long.mp4.txt"
/usr/bin/time -v env TW_NO_REBUILD=1 "$WB" extract "$WORK/long.mp4" --dataset "$WORK/long" --json >"$WORK/long.json" 2>"$WORK/long.err" || true
python3 - "$WORK" <<'PY'
import json, re, sys
work = sys.argv[1]
done = json.load(open(f'{work}/long.json'))
err = open(f'{work}/long.err').read()
rss = int(re.search(r'Maximum resident set size \(kbytes\): (\d+)', err).group(1)) / 1024
ops = done['videos'][0]['operations'] if done['videos'] else done['failures']
print(f"{done['seconds']:.1f} s for the video (target < 60 s on 2 cores), peak memory {rss:.0f} MiB (JVM and all), actions {ops}")
PY
