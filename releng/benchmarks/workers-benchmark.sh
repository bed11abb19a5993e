#!/usr/bin/env bash
# On-demand benchmark of many workers on one server dataset (not part of ./test.sh): a PostgreSQL server of its own in
# WORK/pg, RECORDINGS recordings from the recorder kit's generator (two clicks each, no video), then
#  1. build + score by 1, 2 and 4 worker processes, each a plain `./workbench build|score --dataset SERVER`;
#  2. 4 workers building, one SIGKILLed halfway: items recorded done twice, items lost, and how long after the kill the
#     others had finished what it held (its lease is LEASE seconds);
#  3. 4 workers building while the server is restarted halfway: they wait, go on, and nothing is lost.
# Usage: releng/benchmarks/workers-benchmark.sh [WORK] [RECORDINGS] [LEASE]
# Targets: 0 done twice, 0 lost, the killed worker's items done within its lease; claim < 10 ms per item.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
WORK="${1:-/tmp/trajectory-workers-benchmark}"
RECORDINGS="${2:-400}"
LEASE="${3:-20}"
mkdir -p "$WORK"

PLUGINS="$ROOT/releng/org.trajectory.product/target/products/org.trajectory.workbench/linux/gtk/x86_64/plugins"
CP="$(ls "$ROOT"/bundles/org.trajectory.recorder.kit/target/org.trajectory.recorder.kit-*.jar | head -1)"
for jar in org.trajectory.recorder_ org.trajectory.model_ com.fasterxml.jackson.core.jackson-databind_ \
    com.fasterxml.jackson.core.jackson-core_ com.fasterxml.jackson.core.jackson-annotations_; do
  CP="$CP:$(ls "$PLUGINS"/$jar*.jar | head -1)"
done
source "$ROOT/releng/scripts/env.sh"
tw_find_jdk >/dev/null
"$JAVA_HOME/bin/java" -cp "$CP" "$ROOT/releng/benchmarks/MakeRecordings.java" "$WORK/recordings" "$RECORDINGS"
ls -d "$WORK"/recordings/rec-* | head -n "$RECORDINGS" > "$WORK/recordings.txt"

private_postgres "$WORK/pg" bench
sql() { psql -h 127.0.0.1 -p "$PORT" -U bench -d "$1" -qAt -c "$2"; }
server() { echo "postgresql://bench@127.0.0.1:$PORT/$1?images=$WORK/$1-images"; }
count() { sql "$1" "SELECT count(*) FROM work_items WHERE operation = '$2' AND state = '$3'" 2>/dev/null || echo 0; }
json() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2" 2>/dev/null || echo "-"; }

# workers DB OPERATION N: N workers of OPERATION on DB at once, their output in WORK/DB-OPERATION-I.{json,err}; PIDS
workers() {
  PIDS=()
  for i in $(seq 1 "$3"); do
    "$WB" "$2" --dataset "$(server "$1")" --lease "$LEASE" --worker "w$i" --json >"$WORK/$1-$2-$i.json" 2>"$WORK/$1-$2-$i.err" &
    PIDS+=($!)
  done
}
wait_all() { for pid in "${PIDS[@]}"; do wait "$pid" || true; done; }
enqueue() { xargs -a "$WORK/recordings.txt" "$WB" enqueue --dataset "$(server "$1")" >/dev/null; }
halfway() { while [ "$(count "$1" build done)" -lt $((RECORDINGS / 2)) ]; do sleep 0.1; done; }

echo "== throughput: build + score of $RECORDINGS recordings (2 cores; every worker is a JVM of its own)"
for n in 1 2 4; do
  db="run$n"
  sql postgres "CREATE DATABASE $db"
  enqueue "$db"
  start=$(date +%s.%N); workers "$db" build "$n"; wait_all; built=$(date +%s.%N)
  workers "$db" score "$n"; wait_all; end=$(date +%s.%N)
  claim=$(for i in $(seq 1 "$n"); do json "$WORK/$db-build-$i.json" claim_ms_per_item; done | awk '{s+=$1} END {printf "%.2f", s/NR}')
  printf "  %d worker(s): build %.1f s (%.0f/s), score %.1f s; done %s + %s, claim %s ms/item at the client\n" "$n" \
    "$(echo "$built - $start" | bc)" "$(echo "$RECORDINGS / ($built - $start)" | bc -l)" "$(echo "$end - $built" | bc)" \
    "$(count "$db" build done)" "$(count "$db" score done)" "$claim"
done

echo "== 4 workers, one SIGKILLed halfway (lease $LEASE s)"
sql postgres "CREATE DATABASE killed"
enqueue killed
workers killed build 4
halfway killed
kill -9 "${PIDS[0]}"; killed_at=$(date +%s.%N)
held=$(sql killed "SELECT count(*) FROM work_items WHERE worker = 'w1' AND state = 'claimed'")
"$WB" jobs --dataset "$(server killed)" | grep -E "waiting|w1" | head -8 | sed 's/^/  jobs while it runs: /'
wait_all; finished=$(date +%s.%N)
last=$(sql killed "SELECT (MAX(finished_at) - (SELECT MAX(claimed_at) FROM work_items WHERE worker = 'w1')) / 1000.0 FROM work_items WHERE attempts > 1")
echo "  killed w1 holding $held items; the others finished $(echo "$finished - $killed_at" | bc) s after the kill"
echo "  done $(count killed build done) of $RECORDINGS, failed $(count killed build failed), waiting $(count killed build waiting)," \
  "claimed $(count killed build claimed)"
echo "  tasks in the dataset: $(sql killed "SELECT count(*) FROM trajectories"), distinct recordings: $(sql killed "SELECT count(DISTINCT source) FROM trajectories")"
echo "  recorded done by each worker: $(sql killed "SELECT string_agg(worker || '=' || n, ' ') FROM (SELECT worker, count(*) n FROM work_items WHERE state = 'done' GROUP BY worker ORDER BY worker) w")" \
  "(sum = items done: none recorded twice)"
echo "  taken over after the kill: $(sql killed "SELECT count(*) FROM work_items WHERE attempts > 1"), the last done ${last:-0} s after w1's last claim"

echo "== 4 workers, the server restarted halfway"
sql postgres "CREATE DATABASE restarted"
enqueue restarted
workers restarted build 4
halfway restarted
pg_restart; echo "  restarted the server at $(count restarted build done) done"
wait_all
echo "  done $(count restarted build done) of $RECORDINGS, failed $(count restarted build failed), waiting $(count restarted build waiting)," \
  "tasks $(sql restarted "SELECT count(*) FROM trajectories")"
for i in 1 2 3 4; do echo "  w$i: $(json "$WORK/restarted-build-$i.json" done) done, server lost $(json "$WORK/restarted-build-$i.json" server_losses) time(s)"; done
"$WB" jobs --dataset "$(server restarted)" | sed 's/^/  jobs: /' | head -12
