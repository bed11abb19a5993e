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
