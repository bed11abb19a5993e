#!/usr/bin/env bash
# On-demand: curating TASKS tasks (500) as a reviewer does in the Dataset view, one decision at a time and in bulk, on a
# folder dataset (SQLite) and on a server dataset (a PostgreSQL server of its own in WORK/pg): how long each action
# takes until the table shows it (the decision's transaction and the table's reads again). Target (issue 57): every
# action back in the table within 100 ms on 2 cores. The window runs the decision off the UI thread, so the UI itself
# never waits; this is the wait before the row shows its new state. Measured: docs/reviewing.md.
# Usage: releng/benchmarks/curation-benchmark.sh [WORK_DIR] [TASKS]
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
WORK="${1:-/tmp/trajectory-curation-benchmark}"
TASKS="${2:-500}"

agentnet_input "$WORK" "$TASKS"
rm -rf "$WORK/folder"
"$WB" import "$WORK/data.jsonl" --dataset "$WORK/folder" >/dev/null 2>&1
private_postgres "$WORK/pg" bench
psql -h 127.0.0.1 -p "$PORT" -U bench -d postgres -qAt -c "CREATE DATABASE curated"
SERVER="postgresql://bench@127.0.0.1:$PORT/curated?images=$WORK/server-images"
"$WB" import "$WORK/data.jsonl" --dataset "$SERVER" >/dev/null 2>&1

dataset_classpath
echo "folder dataset (SQLite), $TASKS tasks:"
"${DATASET_JAVA[@]}" "$ROOT/releng/benchmarks/Curation.java" "$WORK/folder" "$TASKS" | sed 's/^/  /'
echo "server dataset (PostgreSQL), $TASKS tasks:"
"${DATASET_JAVA[@]}" "$ROOT/releng/benchmarks/Curation.java" "$SERVER" "$TASKS" | sed 's/^/  /'
