#!/bin/bash
# Writes the peers' test recordings under releng/testdata/peers again: peer-actions.json of each events.jsonl, by
# AgentNetTool's own reducer run unchanged from a checkout of xlang-ai/AgentNetTool, and, given a checkout of
# OpenAdaptAI/openadapt-capture, the capture its own database code writes (python3-sqlalchemy).
# Usage: releng/peers/refresh.sh AGENTNETTOOL_CHECKOUT [OPENADAPT_CAPTURE_CHECKOUT]
# Needs Debian's python3-pynput, python3-opencv, python3-loguru, python3-flask, python3-requests, python3-tz,
# python3-pil and an X display (pynput connects on import).
set -euo pipefail
checkout=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
/usr/bin/python3 "$here/agentnettool_screen_change.py" "$here/../testdata/peers/agentnettool-screen-change" > /dev/null
if [ $# -gt 1 ]; then
    (cd "$scratch" && /usr/bin/python3 "$here/openadapt_capture_write.py" "$(realpath "$2")" "$here/../testdata/peers/openadapt-capture") > /dev/null
fi
for folder in "$here"/../testdata/peers/*/; do
    events="$folder/events.jsonl"
    [ -f "$events" ] || [ -f "$events.gz" ] || continue
    if [ -f "$folder/events.jsonl.gz" ]; then
        gunzip -c "$folder/events.jsonl.gz" > "$scratch/events.jsonl"
        events="$scratch/events.jsonl"
    fi
    # the reducer logs to runtime.log in the working folder and makes its folders under $HOME: both in the scratch
    (cd "$scratch" && HOME="$scratch" /usr/bin/python3 "$here/agentnettool_reduce.py" "$checkout" "$events") > "$folder/peer-actions.json"
    echo "$(basename "$folder"): $(grep -c '"action"' "$folder/peer-actions.json") lines of actions"
done
