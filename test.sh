#!/usr/bin/env bash
# Runs the whole Tycho build with every test. Extra arguments go to Maven (e.g. ./test.sh -o for offline).
# Without a DISPLAY it starts Xvfb and openbox for the UI tests and stops them afterwards.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/releng/scripts/env.sh"

tw_find_jdk
tw_find_maven

stop_display() {
  [ -n "${WM_PID:-}" ] && kill "$WM_PID" 2>/dev/null || true
  [ -n "${XVFB_PID:-}" ] && kill "$XVFB_PID" 2>/dev/null || true
}

if [ -z "${DISPLAY:-}" ]; then
  command -v Xvfb >/dev/null || tw_die "no DISPLAY and no Xvfb for the UI tests; install it ('apt install xvfb openbox') or run in a desktop session"
  command -v openbox >/dev/null || tw_die "no window manager for the UI tests; install it ('apt install openbox')"
  logs="$TW_ROOT/.test-display"
  mkdir -p "$logs"
  trap stop_display EXIT
  # -displayfd: Xvfb takes a free display itself and writes its number once it accepts clients. A busy machine can
  # take long to get there, and a server that died on its first try (a display another run just freed) gets two more.
  display=""
  for attempt in 1 2 3; do
    : >"$logs/display"
    Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp 3>"$logs/display" >"$logs/xvfb.log" 2>&1 &
    XVFB_PID=$!
    for _ in $(seq 600); do [ -s "$logs/display" ] && break; kill -0 "$XVFB_PID" 2>/dev/null || break; sleep 0.1; done
    display=$(tr -dc '0-9' <"$logs/display")
    [ -n "$display" ] && break
    kill "$XVFB_PID" 2>/dev/null || true
    echo "trajectory-workbench: Xvfb did not start on try $attempt of 3; its log:" >&2
    tail -n 20 "$logs/xvfb.log" >&2 || true
  done
  [ -n "$display" ] || tw_die "Xvfb did not start (see $logs/xvfb.log)"
  export DISPLAY=":$display"
  openbox >"$logs/openbox.log" 2>&1 &
  WM_PID=$!
fi

cd "$TW_ROOT"
tw_mvn clean verify "$@"
