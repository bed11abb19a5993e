#!/usr/bin/env python3
"""Per kind of operation, how many of a corpus's actions an extraction found: in each video, the reference's and the
prediction's actions of a kind are counted, min(reference, predicted) of them taken as found; recall and precision
are summed over the videos. A count, not Sharingan's pairing (whose overall figure extraction-benchmark.sh prints
first), which has no figure per kind. Kinds as Sharingan's tuples read PyAutoGUI: every click is a click, moveTo +
dragTo a drag (selections too), a write a type, press and hotkey a key.
Then the kinds of clicks (click, doubleClick, rightClick, ...): each reference click is paired with the nearest
unpaired predicted click of its video within PAIRED of the screen (normalized distance), and a pair counts as right
when both are the same call.
Then typed text: each reference write is paired with the free predicted write of its video nearest in characters (at
most half its letters wrong), and the character error rate is the edits over the reference's characters of the pairs.
Usage: operation_counts.py REFERENCE.jsonl PREDICTED.jsonl MAPPING.txt"""
import ast
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


CLICK = re.compile(r"pyautogui\.(click|doubleClick|rightClick|tripleClick|middleClick)\(\s*x=([-\d.]+),\s*y=([-\d.]+)")
PAIRED = 0.03


def clicks(task):
    return [(m.group(1), float(m.group(2)), float(m.group(3))) for step in task["traj"] for m in CLICK.finditer(step["value"]["code"])]


def click_pairs(reference, predicted):
    """(reference call, predicted call) of each reference click paired with the nearest free predicted one."""
    free = list(predicted)
    pairs = []
    for call, x, y in reference:
        near = [(((px - x) ** 2 + (py - y) ** 2) ** 0.5, i) for i, (_, px, py) in enumerate(free)]
        near = [n for n in near if n[0] <= PAIRED]
        if near:
            _, i = min(near)
            pairs.append((call, free.pop(i)[0]))
    return pairs


# the message as a Python string literal, escapes and all (a typed quote is \' in it), read by Python's own parser
WRITE = re.compile(r"pyautogui\.write\(message=((['\"])(?:\\.|(?!\2).)*\2)\)")


def writes(task):
    return [ast.literal_eval(m.group(1)) for step in task["traj"] for m in WRITE.finditer(step["value"]["code"])]


def edits(a, b):
    """Levenshtein distance: insertions, deletions and substitutions turning a into b."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (ca != cb))
    return row[len(b)]


def write_pairs(reference, predicted):
    """(edits, reference length) of each reference write paired with the nearest free predicted one."""
    free = list(predicted)
    pairs = []
    for text in reference:
        near = [(edits(text, p), i) for i, p in enumerate(free)]
        near = [n for n in near if n[0] <= len(text) / 2]
        if near:
            distance, i = min(near)
            free.pop(i)
            pairs.append((distance, len(text)))
    return pairs


def main(reference, predicted, mapping):
    references = {t["task_id"]: t for t in map(json.loads, open(reference))}
    predictions = {t["task_id"]: t for t in map(json.loads, open(predicted))}
    ref_total, pred_total, found = collections.Counter(), collections.Counter(), collections.Counter()
    pairs, typed, typings = [], [], 0
    for line in open(mapping):
        session, task = line.split()
        r = kinds(references[session])
        typings += len(writes(references[session]))
        p = kinds(predictions[task]) if task in predictions else collections.Counter()
        ref_total.update(r)
        pred_total.update(p)
        for kind in set(r) | set(p):
            found[kind] += min(r[kind], p[kind])
        if task in predictions:
            pairs += click_pairs(clicks(references[session]), clicks(predictions[task]))
            typed += write_pairs(writes(references[session]), writes(predictions[task]))
    print("by kind of operation (counted) | reference | found | recall | precision")
    for kind in sorted(set(ref_total) | set(pred_total)):
        recall = found[kind] / ref_total[kind] if ref_total[kind] else float("nan")
        precision = found[kind] / pred_total[kind] if pred_total[kind] else float("nan")
        print(f"{kind:30} | {ref_total[kind]:9} | {found[kind]:5} | {recall:6.2f} | {precision:9.2f}")
    right = sum(1 for r, p in pairs if r == p)
    print(f"click kind among {len(pairs)} paired clicks (within {PAIRED} of the screen): {right} right "
          f"({right / len(pairs) if pairs else float('nan'):.2f})")
    for call in sorted({r for r, _ in pairs}):
        said = collections.Counter(p for r, p in pairs if r == call)
        print(f"  reference {call:12} said: " + ", ".join(f"{k} {n}" for k, n in said.most_common()))
    characters = sum(n for _, n in typed)
    print(f"typed text among {len(typed)} of {typings} typings paired ({characters} characters): character error rate "
          f"{sum(e for e, _ in typed) / characters if characters else float('nan'):.3f}")


if __name__ == "__main__":
    main(*sys.argv[1:4])
