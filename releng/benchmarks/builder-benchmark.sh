#!/usr/bin/env bash
# On-demand benchmark of the trajectory builder (not part of ./test.sh), through `./workbench build --json`:
#  1. reduction throughput on a synthetic recording of EVENTS raw events (default 2,000,000; mostly pointer moves, as
#     real recordings are), without video;
#  2. keyframe extraction for a 30-minute 1080p30 recording (H.264 as our recorder writes it: ultrafast, a key frame
#     every 2 s) with 200 steps.
#  3. a whole `build` of a 2-minute 720p MP4 as another recorder writes it (AgentNetTool's layout, 20 steps).
# Usage: releng/benchmarks/builder-benchmark.sh [EVENTS]   Targets: >= 1M raw events/s reduced; 200 keyframes < 60 s; the 2-minute build <= 2 s.
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
        x, y = 100 + step * 37 % 1600, 100 + step * 23 % 900   # a drag 150 px to the right stays on the screen
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

echo "== a 2-minute 720p MP4 of another recorder (AgentNetTool's layout), 20 clicks"
# A desktop-like screen (a panel with a clock, a window whose text scrolls, a moving pointer) encoded as OBS does by
# default: x264 veryfast, CRF 23, a key frame every 250 frames. What a user waits for is the whole command.
mkdir -p "$WORK/peer"
ffmpeg -nostdin -v error -f lavfi -i "color=c=0xececec:s=1280x720:r=30" -f lavfi -i "color=c=0x202020:s=12x19:r=30" \
  -filter_complex "[0:v]drawbox=x=0:y=0:w=1280:h=28:c=0x303040:t=fill,drawbox=x=60:y=80:w=760:h=560:c=white:t=fill,\
drawtext=text='%{pts\:hms}':x=1150:y=6:fontsize=16:fontcolor=white,\
drawtext=text='%{eif\:n*7\:d} entries listed  /usr/bin/ffmpeg  /usr/share/doc':x=80:y='620-mod(floor(t/2)*22\,520)':fontsize=16[desk];\
[desk][1:v]overlay=x='640+500*sin(t/3)':y='360+250*cos(t/5)'" \
  -t 120 -c:v libx264 -preset veryfast -crf 23 -g 250 -pix_fmt yuv420p "$WORK/peer/video.mp4"
python3 - "$WORK/peer" <<'PY'
import json, sys
folder = sys.argv[1]
json.dump({"system": "Windows", "release": "10", "screen_width": 1280, "screen_height": 720, "start_time": 100.0,
           "stop_time": 220.0, "video_start_timestamp": 100.0}, open(folder + "/metadata.json", "w"))
json.dump({"task_name": "two minutes", "description": ""}, open(folder + "/task_name.json", "w"))
with open(folder + "/events.jsonl", "w") as out:
    n = 0
    for s in range(20):
        t, x, y = 101.0 + s * 5.9, 100 + s * 50, 100 + s * 25
        events = [{"action": "move", "x": x - 30 + k, "y": y, "time_stamp": round(t + k * 0.01, 3)} for k in range(30)]
        events += [{"action": "click", "x": x, "y": y, "button": "left", "pressed": p, "time_stamp": round(t + 0.5 + 0.1 * (not p), 3)}
                   for p in (True, False)]
        for e in events:
            e["event_idx"] = n; n += 1
            out.write(json.dumps(e) + "\n")
PY
for run in 1 2 3; do
  rm -rf "$WORK/peer-dataset"
  start=$(date +%s.%N)
  "$WB" build "$WORK/peer" --dataset "$WORK/peer-dataset" --json >"$WORK/peer.json" 2>/dev/null
  end=$(date +%s.%N)
  python3 - "$WORK/peer.json" "$start" "$end" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["built"][0]
print("build: {:.2f} s whole command; {} steps, frames {:.2f} s, events read {:.2f} s, stored {:.2f} s".format(
    float(sys.argv[3]) - float(sys.argv[2]), r["steps"], r["frames_seconds"], r["read_seconds"], r["store_seconds"]))
PY
done
start=$(date +%s.%N); ffmpeg -nostdin -v error -i "$WORK/peer/video.mp4" -an -f null -; end=$(date +%s.%N)
awk -v s="$start" -v e="$end" 'BEGIN{printf "peer: ffmpeg decoding the whole video once: %.2f s\n", e - s}'
