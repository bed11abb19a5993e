#!/usr/bin/env bash
# Personal data on real screens: mousepad, xterm, chromium and gnumeric under Xvfb at 1280x800 and 1920x1080 showing
# planted identifiers of every kind and look-alikes, scrubbed by the product with each screen text reader. Prints, per
# reader, recall per kind and overall, precision, what it missed, and seconds per 1920x1080 screenshot.
# Usage: releng/benchmarks/scrub-benchmark.sh [OUT (default /tmp/scrub-benchmark)] [--reuse] [--readers tesseract,ppocr]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/env.sh"
OUT="${1:-/tmp/scrub-benchmark}"
shift || true
for program in Xvfb openbox xdotool import tesseract mousepad xterm chromium gnumeric; do
  command -v "$program" >/dev/null || { echo "scrub-benchmark: $program is missing (apt install xvfb openbox xdotool imagemagick tesseract-ocr mousepad xterm chromium gnumeric)" >&2; exit 1; }
done
exec python3 "$TW_ROOT/releng/benchmarks/scrub_corpus.py" "$OUT" --workbench "$TW_ROOT/workbench" "$@"
