#!/usr/bin/env bash
# On-demand benchmark of the window under load (not part of ./test.sh): the 22,000-task benchmark dataset of
# dataset-benchmark.sh in the Dataset table and a 100-step task in the editor while a scoring run (format, action
# validity, forced) scores every task. Runs WindowUnderScoringBenchmark in the real workbench under the UI test
# harness (Xvfb when there is no DISPLAY) and prints how long UI events waited, the editor's step switches, how
# often the table was asked again and when the first score showed.
# Usage: releng/benchmarks/window-benchmark.sh [WORK_DIR] [TASKS]   Targets: events wait p99 < 100 ms; switch < 50 ms.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
WORK="${1:-/tmp/trajectory-benchmark}"
TASKS="${2:-22000}"
agentnet_dataset "$WORK" "$TASKS"
cd "$ROOT"
TW_BENCHMARK_DATASET="$WORK/dataset" ./test.sh -o -q -pl bundles/org.trajectory.ui.tests,features/org.trajectory.ui.feature,features/org.trajectory.core.feature,bundles/org.trajectory.recorder.linux \
  -am -Dtest=WindowUnderScoringBenchmark -Dsurefire.failIfNoSpecifiedTests=false >"$WORK/window-benchmark.log" 2>&1 \
  || { tail -40 "$WORK/window-benchmark.log"; exit 1; }
cat bundles/org.trajectory.ui.tests/target/window-under-scoring.txt
