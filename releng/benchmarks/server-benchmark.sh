#!/usr/bin/env bash
# On-demand benchmark of datasets on PostgreSQL (not part of ./test.sh), beside the same work on SQLite: a server of
# its own in WORK/pg (the machine's PostgreSQL, loopback only), an AgentNet-shaped input of TASKS tasks, then import,
# first page, filter + sort and copy from a folder on both engines, and REVIEWERS simulated reviewers saving reviews
# for SECONDS. Usage: releng/benchmarks/server-benchmark.sh [WORK_DIR] [TASKS] [REVIEWERS] [SECONDS]
# Targets: import >= 50 MB/s; first page < 200 ms; filter + sort < 300 ms; copy >= 50 MB/s; reviews: nothing lost
# or duplicated, p99 save < 100 ms.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
WORK="${1:-/tmp/trajectory-server-benchmark}"
TASKS="${2:-200000}"
REVIEWERS="${3:-20}"
SECONDS_OF_LOAD="${4:-60}"
export TW_VM_ARGS="-Xmx1g"

agentnet_input "$WORK" "$TASKS"
SIZE=$(stat -c %s "$WORK/data.jsonl")
MB=$(awk -v s="$SIZE" 'BEGIN{printf "%.0f", s/1048576}')
echo "input: $MB MB of JSONL, $TASKS tasks"

private_postgres "$WORK/pg" bench
sql() { psql -h 127.0.0.1 -p "$PORT" -U bench -d postgres -qAt -c "$1"; }
server() { echo "postgresql://bench@127.0.0.1:$PORT/$1?images=$WORK/$1-images"; }

seconds() { python3 -c "import json;print(json.load(open('$1'))['seconds'])"; }
rate() { awk -v s="$SIZE" -v t="$1" 'BEGIN{printf "%.1f MB/s (%.0f s)", s/1048576/t, t}'; }
queries() {
  for run in cold warm; do
    "$WB" list --dataset "$1" --limit 100 --timing 2>&1 >/dev/null | grep ms | sed "s/^/  first page ($run):   /"
  done
  "$WB" list --dataset "$1" --filter "settings window" --sort score --desc --limit 100 --timing 2>&1 >/dev/null | grep ms | sed 's/^/  filter + sort:       /'
  "$WB" list --dataset "$1" --domain chrome --min-steps 20 --sort steps --limit 100 --timing 2>&1 >/dev/null | grep ms | sed 's/^/  domain+steps+sort:   /'
}

if [ ! -f "$WORK/folder/dataset.db" ]; then
  "$WB" import "$WORK/data.jsonl" --dataset "$WORK/folder" --json >"$WORK/import-sqlite.json" 2>/dev/null || true
fi
[ -f "$WORK/import-sqlite.json" ] && echo "SQLite import:          $(rate "$(seconds "$WORK/import-sqlite.json")")"
echo "SQLite queries:"; queries "$WORK/folder"

sql "CREATE DATABASE imported"
"$WB" import "$WORK/data.jsonl" --dataset "$(server imported)" --json >"$WORK/import-pg.json" 2>"$WORK/import-pg.err" || true
echo "PostgreSQL import:      $(rate "$(seconds "$WORK/import-pg.json")")"
psql -h 127.0.0.1 -p "$PORT" -U bench -d imported -qAt -c "VACUUM ANALYZE"
echo "PostgreSQL queries:"; queries "$(server imported)"
sql "DROP DATABASE imported"; rm -rf "$WORK/imported-images"

sql "CREATE DATABASE copied"
"$WB" copy "$WORK/folder" "$(server copied)" --json >"$WORK/copy.json" 2>"$WORK/copy.err" || true
echo "copy folder -> server:  $(rate "$(seconds "$WORK/copy.json")"), verified: $(python3 -c "import json;print(json.load(open('$WORK/copy.json'))['verified'])")"
psql -h 127.0.0.1 -p "$PORT" -U bench -d copied -qAt -c "VACUUM ANALYZE"

dataset_classpath
echo "$REVIEWERS reviewers saving reviews on the server dataset:"
"${DATASET_JAVA[@]}" "$ROOT/releng/benchmarks/ReviewerLoad.java" "$(server copied)" "$REVIEWERS" "$SECONDS_OF_LOAD" | sed 's/^/  /'
echo "the same on the SQLite folder:"
"${DATASET_JAVA[@]}" "$ROOT/releng/benchmarks/ReviewerLoad.java" "$WORK/folder" "$REVIEWERS" "$SECONDS_OF_LOAD" | sed 's/^/  /'
