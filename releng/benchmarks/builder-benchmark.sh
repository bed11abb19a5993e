#!/usr/bin/env bash
# On-demand benchmark of the trajectory builder (not part of ./test.sh), through `./workbench build --json`:
#  1. reduction throughput on a synthetic recording of EVENTS raw events (default 2,000,000; mostly pointer moves, as
#     real recordings are), without video;
#  2. keyframe extraction for a 30-minute 1080p30 recording (H.264 as our recorder writes it: ultrafast, a key frame
#     every 2 s) with 200 steps.
# Usage: releng/benchmarks/builder-benchmark.sh [EVENTS]   Targets: >= 1M raw events/s reduced; 200 keyframes < 60 s.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
EVENTS="${1:-2000000}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

echo "== reduction: $EVENTS raw events"
python3 - "$WORK/events" "$EVENTS" <<'PY'
import json, os, sys
folder, total = sys.argv[1], int(sys.argv[2])
os.makedirs(folder)
json.dump({"recorder": "Trajectory Workbench", "screen_width": 1920, "screen_height": 1080, "start_time": 0.0},
          open(folder + "/metadata.json", "w"))
json.dump({"task_name": "benchmark"}, open(folder + "/task_name.json", "w"))
t, n = 1.0, 0
with open(folder + "/events.jsonl", "w") as out:
    def emit(**e):
        global t, n
        e["time_stamp"] = round(t, 4); t += 0.004; n += 1
        out.write(json.dumps(e) + "\n")
    step = 0
    while n < total:
        x, y = 100 + step * 37 % 1700, 100 + step * 23 % 900
        for i in range(60):
            emit(action="move", x=x - 60 + i, y=y)
        kind = step % 4
        if kind == 0:
            emit(action="click", x=x, y=y, button="left", pressed=True); emit(action="click", x=x, y=y, button="left", pressed=False)
        elif kind == 1:
            for c in "hello world":
                emit(action="press", name=c if c != " " else "space", char=c); emit(action="release", name=c if c != " " else "space")
        elif kind == 2:
            for i in range(5):
                emit(action="scroll", x=x, y=y, dx=0, dy=-1)
        else:
            emit(action="click", x=x, y=y, button="left", pressed=True)
            for i in range(30):
                emit(action="move", x=x + i * 5, y=y)
            emit(action="click", x=x + 150, y=y, button="left", pressed=False)
        t += 0.5; step += 1
PY
"$WB" build "$WORK/events" --dataset "$WORK/dataset" --json >"$WORK/reduce.json" 2>/dev/null
python3 - "$WORK/reduce.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["built"][0]
print("{:,} events -> {:,} steps: reduced in {:.3f} s = {:.1f} M events/s (reading events.jsonl took {:.1f} s, storing {:.1f} s)"
      .format(r["events"], r["steps"], r["reduce_seconds"], r["events"] / r["reduce_seconds"] / 1e6, r["read_seconds"], r["store_seconds"]))
PY

echo "== keyframes: 30-minute 1080p30 video, 200 steps"
ffmpeg -nostdin -v error -f lavfi -i "testsrc2=size=1920x1080:rate=30" -t 60 -c:v libx264 -preset ultrafast -g 60 \
  -pix_fmt yuv420p "$WORK/minute.mkv"
for i in $(seq 30); do echo "file '$WORK/minute.mkv'"; done > "$WORK/list.txt"
mkdir -p "$WORK/long"
ffmpeg -nostdin -v error -f concat -safe 0 -i "$WORK/list.txt" -c copy "$WORK/long/video.mkv"
python3 - "$WORK/long" <<'PY'
import json, sys
folder = sys.argv[1]
json.dump({"recorder": "Trajectory Workbench", "screen_width": 1920, "screen_height": 1080, "start_time": 0.0},
          open(folder + "/metadata.json", "w"))
json.dump({"task_name": "thirty minutes"}, open(folder + "/task_name.json", "w"))
with open(folder + "/events.jsonl", "w") as out:
    for i in range(199):   # 199 clicks + the closing terminate = 200 steps, spread over the 30 minutes
        t = 3 + i * 8.97
        for e in ({"action": "move", "x": 500 + i, "y": 400}, {"action": "click", "x": 500 + i, "y": 400, "button": "left", "pressed": True},
                  {"action": "click", "x": 500 + i, "y": 400, "button": "left", "pressed": False}):
            e["time_stamp"] = round(t, 3); t += 0.05
            out.write(json.dumps(e) + "\n")
PY
start=$(date +%s.%N)
"$WB" build "$WORK/long" --dataset "$WORK/dataset" --json >"$WORK/frames.json" 2>/dev/null
python3 - "$WORK/frames.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["built"][0]
print("{} steps: frame table and keyframes in {:.1f} s, stored in {:.1f} s".format(r["steps"], r["frames_seconds"], r["store_seconds"]))
PY
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN{printf "whole build command: %.1f s on %d cores\n", e - s, '"$(nproc)"'}'
du -sh "$WORK/long/video.mkv" | awk '{print "video size: " $1}'
