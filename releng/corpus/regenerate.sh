#!/usr/bin/env bash
# Regenerates the ground-truth corpus (see README.md#ground-truth-corpus): every session of sessions.json, or the ones
# named, is played by xdotool against a real application under its own Xvfb, recorded by `workbench record`, built by
# `workbench build` and checked against the script. Writes OUT/reference.jsonl (+ images/) and OUT/summary.json.
# Usage: releng/corpus/regenerate.sh [OUT (default /tmp/trajectory-corpus)] [--spec SPEC.json] [--session ID]...
#   --spec releng/corpus/desktop.json: the harder corpus (desktop_sessions.py writes it): Chromium, Gnumeric, two xterms
#   and Mousepad on desktops with a ticking panel clock, notifications, two cursor themes, 1280x800 and 1920x1080, and
#   Wine's Notepad, Registry Editor and winecfg recorded by workbench.cmd under Wine (our Windows backend);
#   --spec releng/corpus/heldout.json: the held-out corpus (heldout_sessions.py writes it): xedit, IDLE and GTK's icon
#   browser under the breeze, comix and handhelds pointer themes, 1280x720 to 2560x1440;
#   --spec releng/corpus/heldout-windows.json: the Windows held-out corpus (heldout_sessions.py windows writes it): Wine's
#   Wordpad, WineMine and a cmd console at 1366x768 and 1600x900, recorded by workbench.cmd under Wine;
#   --spec releng/corpus/dev.json: the dev corpus (dev_sessions.py writes it), what a change to the method is judged on
#   before the held-out ones: NEdit, LXTerminal and PCManFM under the Bibata and whiteglass pointers, 1280x1024 to 1920x1080;
#   --spec releng/corpus/dev-windows.json: its Windows part (dev_sessions.py windows writes it): Wine's Task Manager at
#   1440x900 and 1280x1024, recorded by workbench.cmd under Wine;
#   --spec releng/corpus/kinds.json: the action classifier's training sessions (kinds_sessions.py writes it): many
#   clicks, double-clicks, right-clicks and drags in the harder corpus's Linux applications, three more editors
#   (l3afpad, geany, featherpad) and two file managers (thunar, caja) under train pointer themes; --spec
#   releng/corpus/kinds-windows.json: its Windows part (kinds_sessions.py windows writes it): Wine's Notepad and
#   Registry Editor, recorded by workbench.cmd under Wine
# Needs: xvfb openbox xdotool xterm imagemagick (a setup's command is let finish before the next is typed), and what
# the spec's sessions run (Corpus.java reads it from the spec and names what is missing before recording anything): for
# all specs, apt install galculator mousepad chromium gnumeric tint2 dunst
# libnotify-bin dbus-daemon x11-utils wine wine64 x11-apps idle3 gtk-3-examples l3afpad geany featherpad dmz-cursor-theme
# breeze-cursor-theme comixcursors-righthanded-opaque xcursor-themes nedit lxterminal pcmanfm bibata-cursor-theme
# chameleon-cursor-theme thunar caja (kinds.json); and for Windows desktops the Windows Java runtime
# and ffmpeg the build fetches for the Windows tests. Exit 1 when a reference disagrees with its script.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/env.sh"
tw_find_jdk
OUT="/tmp/trajectory-corpus"
if [ $# -gt 0 ] && [[ "$1" != --* ]]; then OUT="$1"; shift; fi
TOOLS="Xvfb openbox xdotool xterm import" # what every desktop needs; Corpus.java checks what the spec's sessions need besides
SPEC=""
previous=""
for argument in "$@"; do [ "$previous" = --spec ] && SPEC="$argument"; previous="$argument"; done
WINE_SESSIONS=false # a spec with a Windows desktop is played under Wine
[ -n "$SPEC" ] && grep -q '"windows": true' "$SPEC" && WINE_SESSIONS=true
for tool in $TOOLS; do
  command -v "$tool" >/dev/null || tw_die "the corpus needs $tool; install it ('apt install xvfb openbox xdotool xterm imagemagick')"
done
WINDOWS="$TW_ROOT/bundles/org.trajectory.recorder.windows.tests/target/windows"
if $WINE_SESSIONS && [ ! -d "$WINDOWS/org/bytedeco/ffmpeg" ]; then
  tw_die "the Wine sessions need the Windows Java runtime and ffmpeg of the Windows tests: run ./test.sh once (or mvn verify), which fetches them into $WINDOWS"
fi
WB="$TW_ROOT/workbench"
"$WB" version >/dev/null # builds the product when it is missing or stale
PLUGINS="$TW_ROOT/releng/org.trajectory.product/target/products/org.trajectory.workbench/linux/gtk/x86_64/plugins"
CP="$(ls "$PLUGINS"/com.fasterxml.jackson.core.jackson-*.jar | tr '\n' ':')"
mkdir -p "$OUT"
TW_NO_REBUILD=1 exec "$JAVA_HOME/bin/java" -cp "$CP" "$TW_ROOT/releng/corpus/Corpus.java" \
  --spec "$TW_ROOT/releng/corpus/sessions.json" --out "$OUT" --workbench "$WB" --windows-materials "$WINDOWS" "$@"
