#!/usr/bin/env bash
# Lists the product's methods longer than N lines (default 60), longest first, as the JDK's own parser sees them:
# releng/scripts/method-lengths.sh [N]. The house rule: none over 80, at most five over 60.
set -euo pipefail
cd "$(dirname "$0")/../.."
source releng/scripts/env.sh
tw_find_jdk
find bundles/*/src -name '*.java' -not -path '*.tests/*' -print0 | xargs -0 "$JAVA_HOME/bin/java" releng/scripts/MethodLengths.java "${1:-60}"
