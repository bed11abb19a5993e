#!/usr/bin/env bash
# On-demand: an extraction method against recorded truth, on the corpora its rules were made on (train), on the dev
# corpus a change is judged on before the held-out ones are run (releng/corpus/dev.json: other applications, the pointer
# detector's dev themes; dev-windows.json: a Wine program no other corpus holds), and on the held-out corpora nothing was tuned or trained on (releng/corpus/heldout.json: other applications, pointer themes and
# screen sizes; heldout-windows.json: Wine programs neither corpus holds, at other screen sizes), and the offline method's speed on a long video. The held-out figures are the method's figures; the
# train ones say how much of them is fitting.
#  1. Every video of each corpus (releng/corpus/regenerate.sh: the first corpus of sessions.json, the harder one of
#     desktop.json, the held-out ones of heldout.json and heldout-windows.json) is extracted with no events, and compared with the corpus
#     references by Sharingan's metric (operations, per kind of session) and AgentNetBench's (click pixel error). The
#     harder and the held-out corpora are measured again as other recorders encode (OBS's defaults: MP4, 30 fps, H.264
#     CRF 26, downscaled to 2/3), and the dev and held-out ones as a recorder set to 5 frames a second would.
#     Each part's last lines say how well the actions' confidences tell the right ones from the wrong
#     (releng/confidence/rightness.py: AUROC, and how many are right among the least sure fifth) and how many actions
#     each evidence gave, and how many of them were right.
#  2. (offline only) A video of an idle desktop (a panel clock ticking every second, notifications, a blinking caret)
#     recorded by our recorder for IDLE_MINUTES (5): the actions found in it, which should be none.
#  3. (offline only) A 1920x1080 30 fps video made of the corpus videos, padded (not scaled, so the pointer keeps its
#     size) and looped to MINUTES, is extracted: the time it took and the peak memory, beside the time ffmpeg alone takes
#     to decode it as the method reads it.
# Usage: releng/benchmarks/extraction-benchmark.sh [CORPUS_DIR (/tmp/trajectory-corpus)] [WORK_DIR] [MINUTES (10; 0: no
#          speed run)] [METHOD (offline)|df|difff] [PROVIDER] [MODEL] [HARD_CORPUS_DIR (/tmp/trajectory-corpus-desktop)]
#          [HELDOUT_CORPUS_DIR (/tmp/trajectory-heldout)] [HELDOUT_WINDOWS_DIR (/tmp/trajectory-heldout-windows)]
#          [DEV_CORPUS_DIR (/tmp/trajectory-dev)] [DEV_WINDOWS_DIR (/tmp/trajectory-dev-windows)]
#        (a model method reads its key from e.g. OPENAI_API_KEY; IDLE_MINUTES=0 leaves out the idle desktop; a corpus
#        whose folder is missing is named and left out)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
CORPUS="${1:-/tmp/trajectory-corpus}"
WORK="${2:-/tmp/trajectory-extraction}"
MINUTES="${3:-10}"
METHOD="${4:-offline}"
HARD="${7:-/tmp/trajectory-corpus-desktop}"
HELDOUT="${8:-/tmp/trajectory-heldout}"
HELDOUT_WINDOWS="${9:-/tmp/trajectory-heldout-windows}"
DEV="${10:-/tmp/trajectory-dev}"
DEV_WINDOWS="${11:-/tmp/trajectory-dev-windows}"
IDLE_MINUTES="${IDLE_MINUTES:-5}"
MODEL_ARGS=()
[ -n "${5:-}" ] && MODEL_ARGS+=(--provider "$5")
[ -n "${6:-}" ] && MODEL_ARGS+=(--model "$6")
rm -rf "$WORK" && mkdir -p "$WORK"

# measure NAME REFERENCE VIDEO...: extracts the videos (a recording's video.mkv, or SESSION.mp4) and scores them
measure() {
  local name="$1" reference="$2" out="$WORK/$1"
  shift 2
  mkdir -p "$out"
  echo "== $METHOD extraction of the $# videos of $name"
  TW_NO_REBUILD=1 "$WB" extract "$@" --dataset "$out/extracted" --method "$METHOD" "${MODEL_ARGS[@]}" --json \
    >"$out/extract.json" 2>"$out/extract.err" || true
  python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
done = json.load(open(f'{out}/extract.json'))
with open(f'{out}/mapping.txt', 'w') as m:
    for v in done['videos']:
        path = v['video'].rstrip('/')
        session = path.split('/')[-2] if path.endswith('/video.mkv') else os.path.splitext(path.split('/')[-1])[0]
        m.write(session + ' ' + v['task_id'] + '\n')
print(f"extracted {len(done['videos'])} videos in {done['seconds']:.0f} s, {len(done['failures'])} failed")
PY
  TW_NO_REBUILD=1 "$WB" evaluate --reference "$reference" --predicted "$out/extracted" --mapping "$out/mapping.txt" \
    --metric sharingan 2>/dev/null | sed -n '/^Sharingan/,$p' | grep -v '^"All" left out' || true
  TW_NO_REBUILD=1 "$WB" evaluate --reference "$reference" --predicted "$out/extracted" --mapping "$out/mapping.txt" \
    --metric agentnetbench 2>/dev/null | grep "click error" || true
  TW_NO_REBUILD=1 "$WB" export --dataset "$out/extracted" --out "$out/predicted.jsonl" --force --review any --set personal_data=keep >/dev/null 2>&1 || true
  python3 "$ROOT/releng/benchmarks/operation_counts.py" "$reference" "$out/predicted.jsonl" "$out/mapping.txt" || true
  python3 "$ROOT/releng/confidence/rightness.py" measure "$reference" "$out/predicted.jsonl" "$out/mapping.txt" \
    "$(dirname "$reference")/recordings" || true
}

# encoded NAME CORPUS_DIR SUFFIX WHAT FFMPEG_ARGS...: the corpus's videos encoded otherwise, measured as NAME-SUFFIX
encoded() {
  local name="$1" corpus="$2" suffix="$3" what="$4" videos="$WORK/$1-$3-videos"
  shift 4
  echo "== encoding the $name corpus $what"
  mkdir -p "$videos"
  for recording in "$corpus"/recordings/*/; do
    session=$(basename "$recording")
    ffmpeg -nostdin -v error -y -i "$recording/video.mkv" "$@" -c:v libx264 -preset veryfast -pix_fmt yuv420p "$videos/$session.mp4"
    python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['task_name'])" "$recording/task_name.json" >"$videos/$session.mp4.txt"
  done
  measure "$name-$suffix" "$corpus/reference.jsonl" "$videos"/*.mp4
}

# corpus NAME PART CORPUS_DIR SPEC [obs] [slow]: one corpus measured, and as OBS encodes it (30 frames a second, CRF 26,
# 2/3 size) and as a recorder set to 5 frames a second would (CRF 23, full size), or named as missing
corpus() {
  local name="$1" part="$2" dir="$3" spec="$4"
  if [ ! -d "$dir/recordings" ]; then
    echo "(no $name corpus at $dir: make it with releng/corpus/regenerate.sh $dir --spec releng/corpus/$spec)"
    return
  fi
  echo "######## $part: the $name corpus ($spec)"
  measure "$name" "$dir/reference.jsonl" "$dir"/recordings/*/
  if [[ " ${*:5} " == *" obs "* ]]; then
    encoded "$name" "$dir" obs "as OBS does (MP4, 30 fps, CRF 26, 2/3 size)" -vf "fps=30,scale=trunc(iw*2/3/2)*2:-2" -crf 26
  fi
  if [[ " ${*:5} " == *" slow "* ]]; then
    encoded "$name" "$dir" 5fps "as a recorder set to 5 frames a second would (MP4, CRF 23, full size)" -vf "fps=5" -crf 23
  fi
}

corpus first "train (the offline method's rules were made on it)" "$CORPUS" sessions.json
corpus desktop "train (the offline method's rules were made on it)" "$HARD" desktop.json obs
corpus dev "DEV (judged on, never trained on)" "$DEV" dev.json obs slow
corpus dev-windows "DEV, Windows under Wine (judged on, never trained on)" "$DEV_WINDOWS" dev-windows.json obs
corpus heldout "HELD-OUT (nothing tuned or trained on it)" "$HELDOUT" heldout.json obs slow
corpus heldout-windows "HELD-OUT, Windows under Wine (nothing tuned or trained on it)" "$HELDOUT_WINDOWS" heldout-windows.json obs slow
[ "$METHOD" = offline ] || exit 0

if [ "$IDLE_MINUTES" != 0 ]; then
  echo "== an idle desktop recorded for $IDLE_MINUTES minutes: a ticking panel clock, notifications, a blinking caret"
  bash "$ROOT/releng/benchmarks/idle-desktop.sh" "$WORK/idle" "$IDLE_MINUTES"
  TW_NO_REBUILD=1 "$WB" extract "$WORK/idle/recording/" --dataset "$WORK/idle/extracted" --json >"$WORK/idle/extract.json" \
    2>"$WORK/idle/extract.err" || true
  python3 -c "import json,sys; v=json.load(open(sys.argv[1]))['videos']; print('actions found:', v[0]['actions'] if v else 'none (failed)', \
    v[0]['operations'] if v else '', '(target 0)')" "$WORK/idle/extract.json"
fi
[ "$MINUTES" != 0 ] || exit 0

echo "== offline extraction of a $MINUTES-minute 1920x1080 30 fps video"
ls "$CORPUS"/recordings/*/video.mkv | sed "s/^/file '/; s/$/'/" >"$WORK/list.txt"
ffmpeg -nostdin -v error -stream_loop -1 -f concat -safe 0 -i "$WORK/list.txt" -t $((MINUTES * 60)) \
  -vf "pad=1920:1080:0:0,fps=30" -c:v libx264 -preset veryfast -pix_fmt yuv420p "$WORK/long.mp4"
echo "Made of the corpus videos, looped." >"$WORK/long.mp4.txt"
/usr/bin/time -v env TW_NO_REBUILD=1 "$WB" extract "$WORK/long.mp4" --dataset "$WORK/long" --json >"$WORK/long.json" 2>"$WORK/long.err" || true
# the peer in the same run: ffmpeg alone decoding the video as the offline method reads it (10 frames a second, I420),
# the least any reading of it takes on this machine
/usr/bin/time -f %e -o "$WORK/decode.seconds" ffmpeg -nostdin -v error -i "$WORK/long.mp4" -vf fps=10 -f rawvideo -pix_fmt yuv420p -y /dev/null
python3 - "$WORK" <<'PY'
import json, re, sys
work = sys.argv[1]
done = json.load(open(f'{work}/long.json'))
err = open(f'{work}/long.err').read()
rss = int(re.search(r'Maximum resident set size \(kbytes\): (\d+)', err).group(1)) / 1024
ops = done['videos'][0]['operations'] if done['videos'] else done['failures']
decode = float(open(f'{work}/decode.seconds').read().split()[-1])
print(f"{done['seconds']:.1f} s for the video (target < 60 s on 2 cores), peak memory {rss:.0f} MiB (JVM and all), actions {ops}; "
      f"ffmpeg alone decodes it as the method reads it in {decode:.1f} s")
PY
