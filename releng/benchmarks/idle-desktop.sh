#!/usr/bin/env bash
# Records an idle desktop with our recorder: a person reading, nothing done. The panel's clock ticks every second
# (tint2, the corpus's panel), a notification slides in every minute (dunst), Mousepad's caret blinks, the pointer rests.
# Used by extraction-benchmark.sh: what the offline method finds in it should be nothing.
# Usage: releng/benchmarks/idle-desktop.sh OUT_DIR [MINUTES (5)]    (writes OUT_DIR/recording/)
# Needs: xvfb openbox tint2 dunst libnotify-bin dbus-daemon mousepad dmz-cursor-theme
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
OUT="$1"
MINUTES="${2:-5}"
for tool in Xvfb openbox tint2 dunst notify-send dbus-daemon mousepad; do
  command -v "$tool" >/dev/null || { echo "idle-desktop: needs $tool (apt install xvfb openbox tint2 dunst libnotify-bin dbus-daemon mousepad)" >&2; exit 2; }
done
rm -rf "$OUT" && mkdir -p "$OUT/home"
number=180
while [ -e "/tmp/.X11-unix/X$number" ]; do number=$((number + 1)); done
export DISPLAY=":$number" XCURSOR_THEME=DMZ-White XCURSOR_SIZE=24
pids=()
Xvfb "$DISPLAY" -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 & pids+=($!)
sleep 1
openbox >/dev/null 2>&1 & pids+=($!)
DBUS_SESSION_BUS_ADDRESS=$(dbus-daemon --session --fork --print-address=1 --print-pid=3 3>"$OUT/dbus.pid")
export DBUS_SESSION_BUS_ADDRESS
dunst >/dev/null 2>&1 & pids+=($!)
tint2 -c "$ROOT/releng/corpus/desktop/tint2rc" >/dev/null 2>&1 & pids+=($!)
HOME="$OUT/home" mousepad >/dev/null 2>&1 & pids+=($!)
trap 'kill "${pids[@]}" "$(cat "$OUT/dbus.pid")" 2>/dev/null || true' EXIT
sleep 3
xdotool mousemove 900 500
TW_NO_REBUILD=1 "$WB" record --task "Read the screen" --out "$OUT/recording" --fps 10 2>"$OUT/record.log" & recorder=$!
for _ in $(seq 100); do grep -q "recording with" "$OUT/record.log" && break; sleep 0.2; done
for minute in $(seq "$MINUTES"); do
  sleep 20
  notify-send -t 5000 "Reminder $minute" "The team meeting starts in $((60 - minute)) minutes"
  sleep 40
done
# the recorder itself (the workbench script's java), so it stops as Ctrl-C stops it and closes its video; a signal to the
# script alone ended the script and left the recorder to die with the X server, its video unfinished
pkill -TERM -P "$recorder" || kill -TERM "$recorder"
wait "$recorder" || true
echo "recorded $(ffprobe -v error -show_entries format=duration -of csv=p=0 "$OUT/recording/video.mkv") s of an idle desktop in $OUT/recording"
