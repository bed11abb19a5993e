# Sourced by the benchmarks: strict mode, the repository root, the workbench built before any timing, and the
# AgentNet-sized input several of them share.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
WB="$ROOT/workbench"
"$WB" version >/dev/null   # builds the product the first time, outside the timings

# agentnet_input WORK TASKS: WORK/data.jsonl of TASKS generated tasks and WORK/images, made again when the count differs.
agentnet_input() {
  mkdir -p "$1"
  if [ ! -f "$1/data.jsonl" ] || [ "$(wc -l < "$1/data.jsonl")" -ne "$2" ]; then
    rm -rf "$1/images" "$1/data.jsonl" "$1/dataset"
    echo "generating $2 tasks in $1 ..."
    python3 "$ROOT/releng/benchmarks/generate_agentnet.py" "$1" --tasks "$2"
  fi
}

# agentnet_dataset WORK TASKS: that input imported into WORK/dataset, once.
agentnet_dataset() {
  agentnet_input "$1" "$2"
  if [ ! -f "$1/dataset/dataset.db" ]; then
    echo "importing it into $1/dataset ..."
    "$WB" import "$1/data.jsonl" --dataset "$1/dataset" >/dev/null 2>&1 || true
  fi
}

# private_postgres DIR USER: a PostgreSQL server of the benchmark's own in DIR (the machine's newest initdb and pg_ctl,
# as the postgres user when we are root; loopback only, trusted logins), stopped when the script ends. Sets PORT and
# pg_restart (stops it and starts it again on the same data and port).
private_postgres() {
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -x "$PG_BIN/initdb" ] || { echo "no PostgreSQL installed (apt-get install postgresql)" >&2; exit 1; }
  PG_AS=()
  [ "$(id -u)" -eq 0 ] && PG_AS=(runuser -u postgres --)
  PG_DIR="$1"
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  rm -rf "$PG_DIR"; mkdir -p "$PG_DIR"; [ "$(id -u)" -eq 0 ] && chown postgres "$PG_DIR"
  "${PG_AS[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U "$2" --auth=trust -E UTF8 --locale=C >/dev/null
  PG_OPTIONS="-p $PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_buffers=1GB -c max_wal_size=4GB"
  "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -o "$PG_OPTIONS" start >/dev/null
  trap '"${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true' EXIT
  echo "server: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (data in $PG_DIR)"
}

pg_restart() {
  "${PG_AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -m fast -w -o "$PG_OPTIONS" restart >/dev/null
}

# dataset_classpath: DATASET_JAVA, the workbench's JDK with the product's jars a benchmark's own Java program needs to
# open a dataset (either engine) on its class path.
dataset_classpath() {
  local product="$ROOT/releng/org.trajectory.product/target/products/org.trajectory.workbench/linux/gtk/x86_64/plugins" jar CP
  CP=""
  for jar in org.trajectory.dataset_ org.trajectory.model_ org.postgresql.jdbc_ org.xerial.sqlite-jdbc_ com.fasterxml.jackson.core.jackson-databind_ \
      com.fasterxml.jackson.core.jackson-core_ com.fasterxml.jackson.core.jackson-annotations_; do
    CP="$CP:$(ls "$product"/$jar*.jar | head -1)"
  done
  source "$ROOT/releng/scripts/env.sh"
  tw_find_jdk >/dev/null
  DATASET_JAVA=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "${CP#:}")
}
