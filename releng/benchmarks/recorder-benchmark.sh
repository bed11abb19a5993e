#!/usr/bin/env bash
# On-demand benchmark of the X11 recorder (not part of ./test.sh): records SECONDS of a busy desktop at each size
# under its own Xvfb while xdotool injects clicks, wheel steps and typing, then prints the recorder's CPU (JVM and
# ffmpeg together), duplicated or dropped frames, lost events and event latency; the last run again with element capture
# (AT-SPI) on, to set its cost beside the same size without it.
# Usage: releng/benchmarks/recorder-benchmark.sh [SECONDS]   Targets: 1080p30 with < 1 % duplicated frames and the
# recorder under one core; 0 lost key, button and wheel events; p99 latency < 20 ms.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
SECONDS_TO_RECORD="${1:-20}"
WORK="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

# The last run asks the element under every press of AT-SPI: a D-Bus session with the accessibility bus, and a GTK
# window (zenity) over most of the screen, so presses meet real elements. The runs before have no bus.
for run in "1280x800 off" "1920x1080 off" "1920x1080 on"; do
  size=${run% *}; elements=${run#* }
  display=:$((70 + RANDOM % 20))
  Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
  sleep 1
  DISPLAY=$display openbox >/dev/null 2>&1 &
  DISPLAY=$display xterm -geometry 120x40+0+0 -e top >/dev/null 2>&1 &   # something that keeps changing
  bus=()
  if [ "$elements" = on ]; then
    address=$(dbus-daemon --session --fork --print-address=1 --print-pid=3 3>"$WORK/dbus.pid" | head -1)
    bus=(env DBUS_SESSION_BUS_ADDRESS="$address")
    DISPLAY=$display "${bus[@]}" /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
    sleep 0.5
    seq 1 500 | DISPLAY=$display "${bus[@]}" zenity --text-info --editable --width 1100 --height 650 --title Benchmark >/dev/null 2>&1 &
  else
    bus=(env -u DBUS_SESSION_BUS_ADDRESS)
  fi
  sleep 1
  out="$WORK/rec-$size-$elements"
  DISPLAY=$display "${bus[@]}" "$WB" record --task "benchmark" --out "$out" --duration "$SECONDS_TO_RECORD" --fps 30 \
    >"$WORK/record.log" 2>&1 &
  recorder=$!
  sleep 3
  clicks=0; keys=0; wheels=0
  end=$((SECONDS + SECONDS_TO_RECORD - 5))
  while [ $SECONDS -lt $end ]; do
    DISPLAY=$display xdotool mousemove $((RANDOM % 1000 + 100)) $((RANDOM % 600 + 100)) click 1 click 4 click 5
    DISPLAY=$display xdotool type --delay 5 "abcdefghij"
    clicks=$((clicks + 1)); wheels=$((wheels + 2)); keys=$((keys + 10))
  done
  # CPU: sum utime+stime of the recorder's JVM and its children (ffmpeg) over the run, from /proc; each process once.
  jvm=$(pgrep -f "record --task benchmark --out $out" | head -1 || true)
  ticks() { local total=0; for p in $( (echo $jvm; pgrep -P "$jvm"; pgrep -f "matroska $out") 2>/dev/null | sort -u); do
      [ -r /proc/$p/stat ] && total=$((total + $(awk '{print $14 + $15 + $16 + $17}' /proc/$p/stat))); done; echo $total; }
  t0=$(ticks); s0=$(date +%s.%N); sleep 3; t1=$(ticks); s1=$(date +%s.%N)
  wait $recorder || true
  hz=$(getconf CLK_TCK)
  cpu=$(awk -v a="$t0" -v b="$t1" -v s="$s0" -v e="$s1" -v hz="$hz" 'BEGIN{printf "%.0f", (b-a)/hz/(e-s)*100}')
  python3 - "$out" "$size" "$cpu" "$clicks" "$wheels" "$keys" <<'PY'
import json, os, sys
out, size, cpu, clicks, wheels, keys = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
meta = json.load(open(out + "/metadata.json"))
events = [json.loads(l) for l in open(out + "/events.jsonl")]
times = [float(l.split(",")[1]) for l in open(out + "/frames.csv").readlines()[1:]]
fps = meta.get("fps", 30)
gaps = [b - a for a, b in zip(times, times[1:])]
irregular = sum(1 for g in gaps if g > 1.5 / fps or g < 0.5 / fps)
got_clicks = sum(1 for e in events if e["action"] == "click" and e.get("pressed") and e.get("button") == "left")
got_wheels = sum(1 for e in events if e["action"] == "scroll")
got_keys = sum(1 for e in events if e["action"] == "press")
lat = meta.get("event_latency_ms", {})
print(f"{size} @ {fps} fps: recorder CPU {cpu} % of one core; {len(times)} frames, {irregular} ({100*irregular/max(1,len(gaps)):.2f} %) "
      f"duplicated or dropped; lost clicks {clicks-got_clicks}, wheel steps {wheels-got_wheels}, key presses {keys-got_keys}; "
      f"latency p50 {lat.get('p50')} ms, p99 {lat.get('p99')} ms")
elements = [json.loads(l) for l in open(out + "/element.jsonl")] if os.path.exists(out + "/element.jsonl") else []
pressed = sum(1 for e in elements if e.get("cause") == "press")
print(f"  elements: {meta.get('elements')}; {pressed} of {got_clicks} presses with an element, {len(elements) - pressed} focus changes")
PY
  kill $(jobs -p) 2>/dev/null || true
  [ -f "$WORK/dbus.pid" ] && kill "$(cat "$WORK/dbus.pid")" 2>/dev/null && rm -f "$WORK/dbus.pid"
  sleep 1
done
