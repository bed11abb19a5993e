#!/usr/bin/env bash
# start-check.sh PRODUCT WORK: headless commands start, and say why when they cannot, on a copy of PRODUCT made in
# WORK: many at once on a fresh configuration, then with the framework's state broken under a live class archive,
# then with a state made for another bundle list; and a second window on one workspace is refused (two real
# processes on DISPLAY). Run by the product's build after it is made (docs/install.md, Start-up).
set -euo pipefail
workbench="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/workbench"
product="$1" work="$2"
fail() { echo "start-check: FAILED: $*" >&2; exit 1; }

rm -rf "$work" && mkdir -p "$work/product" "$work/out"
ln -s "$product/plugins" "$work/product/plugins"
cp -R "$product/configuration-headless" "$product/configuration" "$work/product/"
config="$work/product/configuration-headless"
rm -rf "$config"/org.eclipse.osgi "$config"/org.eclipse.core.runtime "$config"/org.eclipse.equinox.app "$config"/*.jsa "$config"/*.log
export TW_PRODUCT="$work/product"

# N commands 'version' at once; each must end 0 with the version on stdout. Prints how many said they started again.
at_once() {
  local n="$1" i pids=() restarted=0
  for i in $(seq "$n"); do
    "$workbench" version >"$work/out/$i.out" 2>"$work/out/$i.err" & pids+=($!)
  done
  for i in $(seq "$n"); do
    wait "${pids[$((i - 1))]}" || fail "command $i of $n at once ended with $? ($(cat "$work/out/$i.err"))"
    grep -q '^Trajectory Workbench ' "$work/out/$i.out" || fail "command $i of $n printed no version"
    grep -q 'could not start' "$work/out/$i.err" && restarted=$((restarted + 1))
  done
  echo "$restarted"
}

"$workbench" help >/dev/null  # makes the class archive
ls "$config"/classes-*.jsa >/dev/null 2>&1 || fail "no class archive was made"
[ "$(at_once 8)" -eq 0 ] || fail "a command on a sound configuration started again"
echo "start-check: 8 commands at once on a fresh configuration: all started"

# The framework's state cut short under the live archive (as a product rebuilt or a disk filled under a running command).
for info in "$config"/org.eclipse.osgi/framework.info.*; do head -c 64 "$info" >"$info.cut" && mv "$info.cut" "$info"; done
restarted="$(at_once 6)"
[ "$restarted" -ge 1 ] || fail "no command said it could not start on a broken framework state"
grep -h 'could not start' "$work"/out/*.err | head -1 | grep -q 'Exception\|Error\|MESSAGE\|logged' \
  || fail "the command that could not start did not say why: $(grep -h 'could not start' "$work"/out/*.err | head -1)"
[ "$(at_once 4)" -eq 0 ] || fail "the broken state was not made again"
echo "start-check: framework state broken under a live archive: $restarted of 6 said why and started again; the next 4 started at once"

# A bundle list without the command application: the command cannot start, and says so on stderr with the reason.
list="$config/org.eclipse.equinox.simpleconfigurator/bundles.info"
cp "$list" "$work/bundles.info"
grep -v '^org\.trajectory\.cli,' "$work/bundles.info" >"$list"
status=0
"$workbench" version >"$work/out/missing.out" 2>"$work/out/missing.err" || status=$?
[ "$status" -ne 0 ] || fail "a product without the command application ran a command"
grep -q 'could not be found in the registry' "$work/out/missing.err" \
  || fail "the command did not say why it could not start: $(cat "$work/out/missing.err")"
echo "start-check: no command application: ended $status, saying: $(head -1 "$work/out/missing.err" | cut -c1-160)"

# The full list back (another build): the archive made for the short list is not used, and commands start.
cp "$work/bundles.info" "$list"
[ "$(at_once 4)" -eq 0 ] || fail "commands after the bundle list changed started again"
[ "$(ls "$config"/classes-*.jsa | wc -l)" -eq 1 ] || fail "archives of other bundle lists were kept: $(ls "$config")"
echo "start-check: bundle list changed under a live archive: a new archive, 4 commands at once started"

# Two windows on one home: the second says the workspace is in use (on stderr, and in a dialog) and opens no window.
[ -n "${DISPLAY:-}" ] || fail "no DISPLAY for the window check (./test.sh starts Xvfb)"
command -v xdotool >/dev/null || fail "no xdotool for the window check (apt install xdotool)"
export HOME="$work/home" && mkdir -p "$HOME"
# A visible window of the start PID: its java (the script runs it as a child when it writes a class archive) or itself.
visible() { local java; java="$(pgrep -P "$1" java | head -1)"; xdotool search --onlyvisible --pid "${java:-$1}" 2>/dev/null | head -1; }
stop() { pkill -P "$1" 2>/dev/null || true; kill "$1" 2>/dev/null || true; }
wait_for() { # SECONDS COMMAND...: until the command prints something
  local until=$((SECONDS + $1)); shift
  while [ $SECONDS -lt $until ]; do [ -n "$("$@")" ] && return 0; sleep 0.5; done
  return 1
}
"$workbench" >"$work/out/window1.log" 2>&1 & first=$!
trap 'stop $first; [ -z "${second:-}" ] || stop $second' EXIT
wait_for 120 visible "$first" || fail "the first window did not show ($(tail -3 "$work/out/window1.log"))"
"$workbench" >"$work/out/window2.log" 2>&1 & second=$!
wait_for 120 visible "$second" || fail "the second start showed nothing ($(tail -3 "$work/out/window2.log"))"
grep -q 'already running with the workspace' "$work/out/window2.log" \
  || fail "a second window opened on the same workspace ($(tail -3 "$work/out/window2.log"))"
xdotool windowactivate --sync "$(visible "$second")" key Return
wait_for 30 bash -c "kill -0 $second 2>/dev/null || echo gone" || fail "the second start did not end after its dialog was closed"
stop "$first"
echo "start-check: a second window on one workspace: refused, saying so ($(grep -o 'already running with the workspace [^ ]*' "$work/out/window2.log" | head -1))"
rm -rf "$work"
