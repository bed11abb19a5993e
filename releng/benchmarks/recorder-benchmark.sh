#!/usr/bin/env bash
# On-demand benchmark of the X11 recorder (not part of ./test.sh): records SECONDS of a busy desktop at each size
# under its own Xvfb while xdotool injects clicks, wheel steps and typing, then prints the recorder's CPU (JVM and
# ffmpeg together), duplicated or dropped frames, lost events and event latency; the last run again with element capture
# (AT-SPI) on, to set its cost beside the same size without it. With --wine, the Windows backend too, at both sizes: the
# Windows product under Wine on a virtual desktop (Wine's figures, not a real Windows machine's), with the Windows Java
# runtime and ffmpeg that the Windows tests fetched (run ./test.sh once first), and a still Wine desktop (notepad, a key
# and a nudge of the pointer every 4 s).
# With --still, one more run: a still 1080p desktop (a panel clock ticking once a second, and a person reading: a key
# typed and the pointer nudged every 4 s), its CPU over 30 s: the recorder grabs only what the X server says changed.
# Usage: releng/benchmarks/recorder-benchmark.sh [SECONDS] [--wine|--still]   Targets: 1080p30 with < 1 % duplicated
# frames and the recorder under one core; 0 lost key, button and wheel events; p99 latency < 20 ms; still: <= 15 %.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
SECONDS_TO_RECORD="${1:-20}"
WORK="$(mktemp -d)"
trap 'kill $(jobs -p) 2>/dev/null || true; [ ! -d "$WORK/prefix" ] || WINEPREFIX="$WORK/prefix" wineserver -k || true; rm -rf "$WORK"' EXIT
RUNS=("1280x800 x11 off" "1920x1080 x11 off" "1920x1080 x11 on")
# --still: the still desktop grabbed as the X server's damage says, and beside it grabbed every frame (as before DAMAGE)
[ "${2:-}" = --still ] && RUNS=("1920x1080 x11 off" "1920x1080 x11-every-frame off" "1920x1080 x11-still off" "1920x1080 x11-still-every-frame off")
if [ "${2:-}" = --wine ]; then
  MATERIALS="$ROOT/bundles/org.trajectory.recorder.windows.tests/target/windows"
  [ -d "$MATERIALS/org" ] || { echo "no Windows Java runtime and ffmpeg in $MATERIALS: run ./test.sh once first" >&2; exit 1; }
  RUNS+=("1280x800 wine off" "1920x1080 wine off" "1920x1080 wine-still off")
  windows_path() { echo "Z:$1" | tr / '\\'; }
  printf 'security.provider.1=SunMSCAPI\nsecurity.provider.12=SUN\n' > "$WORK/wine.security"
  export WINEPREFIX="$WORK/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" \
    WINEPATH="$(windows_path "$MATERIALS/org/bytedeco/ffmpeg/windows-x86_64-gpl")" \
    JAVA_HOME="$(windows_path "$(ls -d "$MATERIALS"/sonar-scanner-*/jre)")" \
    TW_VM_ARGS="-Djava.security.properties=$(windows_path "$WORK/wine.security") -XX:-PrintWarnings"
fi

# The X11 run with elements on asks the element under every press of AT-SPI: a D-Bus session with the accessibility bus,
# and a GTK window (zenity) over most of the screen, so presses meet real elements. The runs before have no bus. The
# Wine runs type into Wine's notepad; their desktop is Wine's, so no window manager runs on their X server.
for run in "${RUNS[@]}"; do
  read -r size backend elements <<<"$run"
  grab=damage
  [[ "$backend" == *-every-frame ]] && { backend=${backend%-every-frame}; grab=every-frame; }
  still=""
  [[ "$backend" == *-still ]] && { backend=${backend%-still}; still=" still"; }
  duration=$SECONDS_TO_RECORD
  [ -n "$still" ] && [ "$duration" -lt 40 ] && duration=40 # the still run measures 30 s once recording
  number=70
  while [ -e "/tmp/.X11-unix/X$number" ] || [ -e "/tmp/.X$number-lock" ]; do number=$((number + 1)); done
  display=:$number
  Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
  sleep 1
  out="$WORK/rec-$size-$backend${still:+-still}-$elements-$grab"
  if [ "$backend" = wine ]; then
    [ -d "$WINEPREFIX" ] || DISPLAY=$display wineboot -i >/dev/null 2>&1
    DISPLAY=$display wine reg add 'HKCU\Software\Wine\Explorer' /v Desktop /d Default /f >/dev/null 2>&1
    DISPLAY=$display wine reg add 'HKCU\Software\Wine\Explorer\Desktops' /v Default /d "$size" /f >/dev/null 2>&1
    wineserver -k || true
    DISPLAY=$display wine notepad >/dev/null 2>&1 &
    sleep 3
    DISPLAY=$display wine cmd /c "$(windows_path "$ROOT/workbench.cmd")" record --task "benchmark" --out "$(windows_path "$out")" \
      --duration "$duration" --fps 30 >"$out.log" 2>&1 &
    recorder=$!
    started=$SECONDS
    for _ in $(seq 450); do grep -qs "recording with" "$out.log" && break; sleep 0.2; done
    grep -q "recording with" "$out.log" || { echo "the Windows recorder did not start within 90 s:" >&2; cat "$out.log" >&2; exit 1; }
    echo "$size wine: the Windows product started recording $((SECONDS - started)) s after wine was asked to run it"
    DISPLAY=$display xdotool mousemove 200 200 click 1   # into notepad, which then takes the typing
    extra_clicks=1
  else
    extra_clicks=0
    DISPLAY=$display openbox >/dev/null 2>&1 &
    if [ -n "$still" ]; then # a page being read, and a clock ticking once a second
      DISPLAY=$display xterm -geometry 120x40+0+0 >/dev/null 2>&1 &
      DISPLAY=$display xclock -digital -update 1 -geometry +1700+0 >/dev/null 2>&1 &
    else
      DISPLAY=$display xterm -geometry 120x40+0+0 -e sh -c 'while :; do date +%N; sleep 0.02; done' >/dev/null 2>&1 &   # drawing every frame
    fi
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
    DISPLAY=$display "${bus[@]}" TW_X11_VIDEO=$([ $grab = every-frame ] && echo every-frame) "$WB" record --task "benchmark" --out "$out" --duration "$duration" --fps 30 \
      >"$out.log" 2>&1 &
    recorder=$!
    # inject only once it records (a JVM starting on a busy machine may take longer than a fixed wait)
    for _ in $(seq 300); do grep -qs "recording with" "$out.log" && break; sleep 0.2; done
    grep -q "recording with" "$out.log" || { echo "the recorder did not start within 60 s:" >&2; cat "$out.log" >&2; exit 1; }
  fi
  clicks=$extra_clicks; keys=0; wheels=0
  end=$((SECONDS + duration - 5))
  while [ -z "$still" ] && [ $SECONDS -lt $end ]; do
    DISPLAY=$display xdotool mousemove $((RANDOM % 1000 + 100)) $((RANDOM % 600 + 100)) click 1 click 4 click 5
    DISPLAY=$display xdotool type --delay 5 "abcdefghij"
    clicks=$((clicks + 1)); wheels=$((wheels + 2)); keys=$((keys + 10))
  done
  # CPU: sum utime+stime of the recorder's JVM and its children (ffmpeg) over the run, from /proc; each process once.
  # Under Wine each Windows process is a Linux process of its own: java.exe and ffmpeg.exe, found by their command lines.
  jvm=$(pgrep -f "record --task benchmark --out $out" | head -1 || true)
  [ "$backend" = wine ] && jvm=$(pgrep -f "java.exe.*rec-$size-wine" | head -1 || true)
  ticks() { local total=0; for p in $( (echo $jvm; pgrep -P "$jvm"; pgrep -f "matroska $out"; [ "$backend" = wine ] && pgrep -f "ffmpeg.exe.*rec-$size-wine") 2>/dev/null | sort -u); do
      [ -r /proc/$p/stat ] && total=$((total + $(awk '{print $14 + $15 + $16 + $17}' /proc/$p/stat))); done; echo $total; }
  if [ -n "$still" ]; then # a person reading: a key and a nudge of the pointer every 4 s, over 30 s
    t0=$(ticks); s0=$(date +%s.%N)
    for i in $(seq 1 7); do sleep 4; DISPLAY=$display xdotool mousemove $((600 + i * 7)) 400 type "a"; keys=$((keys + 1)); done
    sleep 2; t1=$(ticks); s1=$(date +%s.%N)
  else
    t0=$(ticks); s0=$(date +%s.%N); sleep 3; t1=$(ticks); s1=$(date +%s.%N)
  fi
  wait $recorder || true
  hz=$(getconf CLK_TCK)
  cpu=$(awk -v a="$t0" -v b="$t1" -v s="$s0" -v e="$s1" -v hz="$hz" 'BEGIN{printf "%.0f", (b-a)/hz/(e-s)*100}')
  python3 - "$out" "$size $backend$still ($grab)" "$cpu" "$clicks" "$wheels" "$keys" <<'PY'
import json, os, sys
out, size, cpu, clicks, wheels, keys = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
meta = json.load(open(out + "/metadata.json"))
events = [json.loads(l) for l in open(out + "/events.jsonl")]
times = [float(l.split(",")[1]) for l in open(out + "/frames.csv").readlines()[1:]]
fps = meta.get("fps", 30)
gaps = [b - a for a, b in zip(times, times[1:])]
skipped = meta.get("frames_skipped", 0)  # slots missed while the screen changed; an unchanged screen is not grabbed again
longest = max(gaps) if gaps else 0
got_clicks = sum(1 for e in events if e["action"] == "click" and e.get("pressed") and e.get("button") == "left")
got_wheels = sum(1 for e in events if e["action"] == "scroll")
got_keys = sum(1 for e in events if e["action"] == "press")
lat = meta.get("event_latency_ms", {})
print(f"{size} @ {fps} fps: recorder CPU {cpu} % of one core; {len(times)} frames, {skipped} ({100*skipped/max(1,len(times)+skipped):.2f} %) "
      f"skipped, longest gap {longest:.2f} s; lost clicks {clicks-got_clicks}, wheel steps {wheels-got_wheels}, key presses {keys-got_keys}; "
      f"latency p50 {lat.get('p50')} ms, p99 {lat.get('p99')} ms")
elements = [json.loads(l) for l in open(out + "/element.jsonl")] if os.path.exists(out + "/element.jsonl") else []
pressed = sum(1 for e in elements if e.get("cause") == "press")
print(f"  elements: {meta.get('elements')}; {pressed} of {got_clicks} presses with an element, {len(elements) - pressed} focus changes")
PY
  kill $(jobs -p) 2>/dev/null || true
  [ "$backend" = wine ] && { wineserver -k || true; }
  [ -f "$WORK/dbus.pid" ] && kill "$(cat "$WORK/dbus.pid")" 2>/dev/null && rm -f "$WORK/dbus.pid"
  sleep 1
done
