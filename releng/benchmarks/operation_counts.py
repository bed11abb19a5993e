#!/usr/bin/env python3
"""Per kind of operation, how many of a corpus's actions an extraction found: in each video, the reference's and the
prediction's actions of a kind are counted, min(reference, predicted) of them taken as found; recall and precision
are summed over the videos. A count, not Sharingan's pairing (whose overall figure extraction-benchmark.sh prints
first), which has no figure per kind. Kinds as Sharingan's tuples read PyAutoGUI: every click is a click, moveTo +
dragTo a drag (selections too), a write a type, press and hotkey a key.
Usage: operation_counts.py REFERENCE.jsonl PREDICTED.jsonl MAPPING.txt"""
import collections
import json
import re
import sys

KINDS = {"click": "click", "doubleClick": "click", "rightClick": "click", "tripleClick": "click", "middleClick": "click",
         "dragTo": "drag", "scroll": "scroll", "write": "type", "press": "key", "hotkey": "key"}


def kinds(task):
    counted = collections.Counter()
    for step in task["traj"]:
        for call in re.findall(r"pyautogui\.(\w+)\(", step["value"]["code"]):
            if call in KINDS:
                counted[KINDS[call]] += 1
    return counted


def main(reference, predicted, mapping):
    references = {t["task_id"]: t for t in map(json.loads, open(reference))}
    predictions = {t["task_id"]: t for t in map(json.loads, open(predicted))}
    ref_total, pred_total, found = collections.Counter(), collections.Counter(), collections.Counter()
    for line in open(mapping):
        session, task = line.split()
        r = kinds(references[session])
        p = kinds(predictions[task]) if task in predictions else collections.Counter()
        ref_total.update(r)
        pred_total.update(p)
        for kind in set(r) | set(p):
            found[kind] += min(r[kind], p[kind])
    print("by kind of operation (counted) | reference | found | recall | precision")
    for kind in sorted(set(ref_total) | set(pred_total)):
        recall = found[kind] / ref_total[kind] if ref_total[kind] else float("nan")
        precision = found[kind] / pred_total[kind] if pred_total[kind] else float("nan")
        print(f"{kind:30} | {ref_total[kind]:9} | {found[kind]:5} | {recall:6.2f} | {precision:9.2f}")


main(*sys.argv[1:4])
