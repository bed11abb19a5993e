#!/usr/bin/env python3
"""Writes the offline method's confidence table (bundles/org.trajectory.extract/models/confidence.json) and its card
(confidence.md beside it): for every evidence the method reads actions from, how many actions of the train parts were
read from it and how many of them were right (rightness.py), from extractions of recordings whose events are the
truth. The method takes (right + 1) / (read + 2) as an action's confidence, times how surely a typing's text was read.
Usage: calibrate.py TABLE PART_DIR:CORPUS_DIR... (PART_DIR holds an extraction's predicted.jsonl and mapping.txt, as
extraction-benchmark.sh leaves them; CORPUS_DIR the corpus's reference.jsonl and recordings/)"""
import collections
import datetime
import json
import os
import re
import sys

import rightness

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
ENUM = os.path.join(ROOT, "bundles/org.trajectory.extract/src/org/trajectory/extract/internal/offline/Evidence.java")


def evidence_words():
    """The method's evidence, as Evidence.java names it (its constants, in order), in the words steps carry."""
    return [name.lower().replace("_", "-") for name in re.findall(r"^    ([A-Z][A-Z_]*)[,;]", open(ENUM).read(), re.M)]


EVIDENCE = evidence_words()


def counted(parts):
    read, right = collections.Counter(), collections.Counter()
    for part, corpus in parts:
        steps = rightness.parts(os.path.join(corpus, "reference.jsonl"), os.path.join(part, "predicted.jsonl"),
                                os.path.join(part, "mapping.txt"), os.path.join(corpus, "recordings"))
        for step, ok in steps:
            evidence = step.get("evidence")
            if evidence is None:
                continue
            evidence = evidence.split("/")[0]
            if evidence not in EVIDENCE:
                sys.exit(f"{part}: evidence '{evidence}' is not one this script knows: add it to EVIDENCE")
            read[evidence] += 1
            right[evidence] += ok
    return read, right


def main(table, *specs):
    parts = [tuple(spec.split(":", 1)) for spec in specs]
    read, right = counted(parts)
    json.dump({"about": "Written by releng/confidence/calibrate.sh: for each evidence of the offline method, how many "
                        "actions of the train parts were read from it (read) and how many of them were right (right).",
               "evidence": {e: {"read": read[e], "right": right[e]} for e in EVIDENCE}},
              open(table, "w"), indent=1)
    card = os.path.join(os.path.dirname(table), "confidence.md")
    with open(card, "w") as out:
        out.write("# The offline method's confidence table (`confidence.json`)\n\n")
        out.write(f"Written by `releng/confidence/calibrate.sh` on {datetime.date.today()}; read by `Calibration` "
                  "(org.trajectory.extract, the offline method). Licence: the workbench's.\n\n")
        out.write("**What it is**: for each kind of evidence the offline method reads an action from (`Evidence`: a "
                  "highlight growing along the pointer's path, the screen changing as the pointer arrives, text "
                  "growing letter by letter, ...), how many actions the train parts' extractions read from it and how "
                  "many of those were right. An action's confidence is (right + 1) / (read + 2), a typing's times how "
                  "surely its text was read. Each step of an extracted task says its evidence (`evidence`), so a "
                  "reviewer sorting by confidence sees why an action is there.\n\n")
        out.write("**Right**, as `releng/confidence/rightness.py` judges it: an action of the recording's events (the "
                  f"truth) of the same kind lies within {rightness.SLACK} s of it, not paired with another; a click "
                  f"within {rightness.PAIRED} of the screen; a typing with at most half its letters wrong.\n\n")
        out.write("**Data** (train parts only; the dev and held-out corpora are never read here): "
                  + ", ".join(f"{os.path.basename(p.rstrip('/'))} (the recordings of `{c}`)" for p, c in parts)
                  + ", as extraction-benchmark.sh names its parts.\n\n")
        out.write("| evidence | read | right | confidence |\n|---|---|---|---|\n")
        for e in EVIDENCE:
            out.write(f"| {e} | {read[e]} | {right[e]} | {(right[e] + 1) / (read[e] + 2):.2f} |\n")
        out.write("\nHow well the confidences tell right actions from wrong ones on the dev and held-out parts is "
                  "measured by `releng/benchmarks/extraction-benchmark.sh` (the line `confidence:` of each part) and "
                  "written in docs/extraction.md.\n")
    print(f"wrote {table} and {card}: {sum(read.values())} actions, {sum(right.values())} right")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
