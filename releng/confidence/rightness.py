#!/usr/bin/env python3
"""Which extracted actions are right: each action of an extraction paired with the action of the recording's events
(the truth) that it found, or with none.

An extracted action is right when an unpaired reference action of the same kind (as operation_counts.py reads
PyAutoGUI: every click a click, moveTo + dragTo a drag, write a type, press and hotkey a key) lies within SLACK
seconds of it, and, for a click, within PAIRED of the screen of it; for a typing, with at most half its letters wrong.
The extracted actions are walked in time order and each takes the nearest such reference action in time. Times: an
extracted step's start_time and end_time are seconds of its video; a reference step's are the recorder's clock, made
seconds of the video by the time of the recording's first frame (frames.csv).

Used by calibrate.py (what share of each kind of evidence is right, on train parts) and by measure (how well the
confidences tell right from wrong, on any part).
Usage: rightness.py measure REFERENCE.jsonl PREDICTED.jsonl MAPPING.txt RECORDINGS_DIR"""
import csv
import itertools
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benchmarks"))
import operation_counts as oc  # noqa: E402  (its main() runs only as a script)

SLACK = 1.5
PAIRED = oc.PAIRED
CALL = re.compile(r"pyautogui\.(\w+)\(")


def actions(task, offset=0.0):
    """Each step's first counted call: its kind, start and end (less offset), point (x, y) or None, text or None, step."""
    out = []
    for step in task["traj"]:
        code = step["value"]["code"]
        kinds = [oc.KINDS[c] for c in CALL.findall(code) if c in oc.KINDS]
        if not kinds or step.get("start_time") is None:
            continue
        click = oc.CLICK.search(code)
        write = oc.WRITE.search(code)
        point = (float(click.group(2)), float(click.group(3))) if click else None
        text = oc.ast.literal_eval(write.group(1)) if write else None
        out.append({"kind": kinds[0], "start": step["start_time"] - offset, "end": step.get("end_time", step["start_time"]) - offset,
                    "point": point, "text": text, "step": step})
    return out


def first_frame(recording):
    with open(os.path.join(recording, "frames.csv")) as f:
        return float(next(csv.DictReader(f))["time_stamp"])


def matches(found, truth):
    if found["kind"] != truth["kind"]:
        return False
    if found["start"] > truth["end"] + SLACK or found["end"] < truth["start"] - SLACK:
        return False
    if found["kind"] == "click" and found["point"] and truth["point"]:
        return ((found["point"][0] - truth["point"][0]) ** 2 + (found["point"][1] - truth["point"][1]) ** 2) ** 0.5 <= PAIRED
    if found["kind"] == "type" and truth["text"] is not None:
        return oc.edits(truth["text"], found["text"] or "") <= len(truth["text"]) / 2
    return True


def judged(reference_task, predicted_task, offset):
    """(extracted step, right) of each counted step of the prediction."""
    truth = actions(reference_task, offset)
    free = [True] * len(truth)
    out = []
    for found in sorted(actions(predicted_task), key=lambda a: a["start"]):
        near = [(abs(found["start"] - t["start"]), i) for i, t in enumerate(truth) if free[i] and matches(found, t)]
        if near:
            free[min(near)[1]] = False
        out.append((found["step"], bool(near)))
    return out


def tasks(reference, predicted, mapping, recordings):
    """Each video of one part: its extracted task and [(extracted step, right)]."""
    references = {t["task_id"]: t for t in map(json.loads, open(reference))}
    predictions = {t["task_id"]: t for t in map(json.loads, open(predicted))}
    out = []
    for line in open(mapping):
        session, task = line.split()
        if task in predictions and session in references:
            out.append((predictions[task], judged(references[session], predictions[task], first_frame(os.path.join(recordings, session)))))
    return out


def parts(reference, predicted, mapping, recordings):
    """(extracted step, right) over every video of one part."""
    return [pair for _, steps in tasks(reference, predicted, mapping, recordings) for pair in steps]


def auroc(scored):
    """The chance that a right action has a higher confidence than a wrong one (ties count half)."""
    right = [c for c, ok in scored if ok]
    wrong = [c for c, ok in scored if not ok]
    if not right or not wrong:
        return float("nan")
    wins = sum((r > w) + 0.5 * (r == w) for r in right for w in wrong)
    return wins / (len(right) * len(wrong))


def least_sure_wrong(scored, count):
    """How many wrong actions a reviewer meets in the count least sure, actions equally sure taken in proportion."""
    wrong = 0.0
    for _, alike in itertools.groupby(sorted(scored, key=lambda p: p[0]), key=lambda p: p[0]):
        alike = list(alike)
        taken = min(count, len(alike))
        wrong += sum(not ok for _, ok in alike) * taken / len(alike)
        count -= taken
        if count == 0:
            break
    return wrong


def measure(reference, predicted, mapping, recordings):
    videos = tasks(reference, predicted, mapping, recordings)
    steps = [pair for _, judged_steps in videos for pair in judged_steps]
    scored = [(s.get("confidence", 0), ok) for s, ok in steps]
    right = sum(ok for _, ok in scored)
    print(f"confidence: {len(scored)} actions, {right} right ({right / max(1, len(scored)):.2f}); AUROC {auroc(scored):.3f}")
    fifth = max(1, len(scored) // 5)
    low = least_sure_wrong(scored, fifth)
    print(f"  wrong among the least sure fifth ({fifth}): {low:.1f} of the {len(scored) - right} wrong")
    whole = [(t.get("extraction", {}).get("confidence", 0), all(ok for _, ok in judged_steps)) for t, judged_steps in videos]
    print(f"  tasks (their confidence, the mean of their actions'): {sum(ok for _, ok in whole)} of {len(whole)} with every "
          f"action right; AUROC {auroc(whole):.3f}")
    by = {}
    for s, ok in steps:
        key = s.get("evidence", "(not said)")
        by.setdefault(key, []).append(ok)
    for key in sorted(by):
        print(f"  {key:28} {sum(by[key]):4} of {len(by[key]):4} right")


if __name__ == "__main__" and len(sys.argv) == 6 and sys.argv[1] == "measure":
    measure(*sys.argv[2:6])
elif __name__ == "__main__":
    sys.exit(__doc__)
