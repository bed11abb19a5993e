#!/usr/bin/env python3
"""Replays a regenerated corpus (OUT from regenerate.sh) and, with --perturb, perturbed copies of it.

Every built task must replay to the end in its own private display. Each perturbed copy changes one step (a click
moved 80 px off its target, a typed word changed, a step dropped, a pressed key changed) and must diverge at that step:
the step after which the screen is no longer the recorded one. Prints a JSON summary; exit 1 when a task does not
replay, or when fewer than --expect-share of the perturbed copies diverge where they should.
With --extracted, the recordings' videos are also extracted by the offline method (no events) and each extraction is
replayed from its reference's first screen (`evaluate --replay`): how many reach the reference's final screen, beside
Sharingan's precision and recall.
Usage: replay_check.py OUT --workbench PATH [--perturb] [--extracted] [--expect-share 0.9]
"""
import argparse
import copy
import glob
import json
import re
import sqlite3
import subprocess
import sys
import time


def run(command):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=sys.stderr, text=True)
    return result.returncode, result.stdout


def replay(workbench, dataset, approve=()):
    """Replays every task; the setups of the tasks in `approve` are approved first, as a curator does (the corpus driver
    gave them a prelude after recording, so they are not the setups the recorder approved)."""
    start = time.time()
    approvals = [flag for task_id in approve for flag in ("--approve-setup", task_id)]
    code, out = run([workbench, "replay", "--dataset", dataset, "--json", *approvals])
    if not out.strip():
        sys.exit("replay_check: `workbench replay` printed nothing (exit %d)" % code)
    return {t["task_id"]: t for t in json.loads(out)["tasks"]}, time.time() - start


def codes(task):
    return [step["value"]["code"] for step in task["traj"]]


def perturb_click(task, width):
    """The first click with a point, moved 80 px right (left near the right edge)."""
    for k, code in enumerate(codes(task)):
        m = re.search(r"click\(x=([0-9.]+)", code)
        if m:
            x = float(m.group(1))
            moved = x + 80 / width if x + 80 / width < 0.98 else x - 80 / width
            task["traj"][k]["value"]["code"] = code.replace("x=" + m.group(1), "x=%.4f" % moved, 1)
            return k
    return None


def perturb_text(task, width):
    """The first typed text, its first word changed."""
    for k, code in enumerate(codes(task)):
        m = re.search(r"write\(message=(['\"])(.*?)\1", code)
        if m and m.group(2).strip():
            text = m.group(2)
            changed = "zq" + text[1:] if text[0] != "z" else "qz" + text[1:]
            task["traj"][k]["value"]["code"] = code.replace(text, changed, 1)
            return k
    return None


def perturb_key(task, width):
    """The first pressed key changed (enter becomes tab, any other key enter)."""
    for k, code in enumerate(codes(task)):
        m = re.search(r"press\((['\"])(\w+)\1\)", code)
        if m:
            key = "tab" if m.group(2) == "enter" else "enter"
            task["traj"][k]["value"]["code"] = code.replace(m.group(0), "press('%s')" % key, 1)
            return k
    return None


def perturb_drop(task, width):
    """A step dropped with its screenshot: the step before it now leads to a screen the recording reached later."""
    steps = task["traj"]
    if len(steps) < 4:  # two actions and terminate at least, and a step before the one dropped
        return None
    dropped = 1
    del steps[dropped]
    for index, step in enumerate(steps):
        step["index"] = index
    return dropped - 1


def replay_extractions(workbench, out):
    """The offline method's extraction of every recording, replayed from its reference's first screen."""
    subprocess.run(["rm", "-rf", out + "/extracted"])
    recordings = sorted(glob.glob(out + "/recordings/*/"))
    code, extracted = run([workbench, "extract", *recordings, "--dataset", out + "/extracted", "--method", "offline", "--json"])
    videos = json.loads(extracted)["videos"] if extracted.strip() else []
    by_recording = {v["video"].rstrip("/").split("/recordings/")[1].split("/")[0]: v["task_id"] for v in videos}
    db = sqlite3.connect(out + "/dataset/dataset.db")
    with open(out + "/extracted-mapping.txt", "w") as mapping:
        for task_id, source in db.execute("SELECT task_id, source FROM trajectories"):
            session = source.rstrip("/").split("/")[-1]
            if session in by_recording:
                mapping.write("%s %s\n" % (task_id, by_recording[session]))
    start = time.time()
    code, evaluated = run([workbench, "evaluate", "--reference", out + "/dataset", "--predicted", out + "/extracted", "--mapping",
                           out + "/extracted-mapping.txt", "--metric", "sharingan", "--replay", "--json"])
    report = json.loads(evaluated)
    means = report.get("sharingan", {}).get("overall", {})
    return {"videos": len(videos), "replayed": report["replay"]["predictions"],
            "reached_final_screen": report["replay"]["reached_final_screen"],
            "operation_precision": means.get("operation_precision"), "operation_recall": means.get("operation_recall"),
            "seconds": round(time.time() - start, 1)}


PERTURBATIONS = {"click": perturb_click, "text": perturb_text, "key": perturb_key, "drop": perturb_drop}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--workbench", required=True)
    parser.add_argument("--perturb", action="store_true")
    parser.add_argument("--extracted", action="store_true")
    parser.add_argument("--expect-share", type=float, default=0.9)
    args = parser.parse_args()
    tasks = [json.loads(line) for line in open(args.out + "/built.jsonl")]
    problems = []
    results, seconds = replay(args.workbench, args.out + "/dataset", [task["task_id"] for task in tasks])
    for task in tasks:
        result = results.get(task["task_id"])
        if result is None or result["outcome"] != "replayed":
            problems.append("%s did not replay to the end: %s" % (task["task_id"], result and result["message"]))
    summary = {"tasks": len(tasks), "replayed": sum(1 for r in results.values() if r["outcome"] == "replayed"),
               "replay_seconds": round(seconds, 1),
               "steps": sum(r["steps"] for r in results.values())}
    if args.perturb:
        perturbed, expected = [], {}
        for task in tasks:
            for kind, perturb in PERTURBATIONS.items():
                copy_of = copy.deepcopy(task)
                at = perturb(copy_of, task.get("screen_width", 1280))
                if at is not None:
                    copy_of["task_id"] = task["task_id"] + "-" + kind
                    perturbed.append(copy_of)
                    expected[copy_of["task_id"]] = (kind, at)
        with open(args.out + "/perturbed.jsonl", "w") as f:
            for task in perturbed:
                f.write(json.dumps(task) + "\n")
        subprocess.run(["rm", "-rf", args.out + "/perturbed"])
        code, _ = run([args.workbench, "import", args.out + "/perturbed.jsonl", "--images", args.out + "/images", "--dataset",
                       args.out + "/perturbed"])
        if code != 0:
            sys.exit("replay_check: the perturbed copies did not import")
        results, seconds = replay(args.workbench, args.out + "/perturbed")
        hits, by_kind, missed = 0, {}, []
        for task_id, (kind, at) in expected.items():
            result = results.get(task_id, {})
            hit = result.get("outcome") == "diverged" and result.get("diverged_at") == at
            hits += hit
            counts = by_kind.setdefault(kind, [0, 0])
            counts[0] += hit
            counts[1] += 1
            if not hit:
                missed.append("%s: expected to diverge at step %d, %s" % (task_id, at + 1, result.get("outcome") == "diverged"
                              and "diverged at step %d" % (result["diverged_at"] + 1) or result.get("outcome")))
        summary["perturbed"] = len(expected)
        summary["diverged_at_perturbed_step"] = hits
        summary["by_kind"] = {kind: "%d of %d" % tuple(counts) for kind, counts in by_kind.items()}
        summary["missed"] = missed
        summary["perturbed_replay_seconds"] = round(seconds, 1)
        if expected and hits < args.expect_share * len(expected):
            problems.append("only %d of %d perturbed copies diverged at the perturbed step" % (hits, len(expected)))
    if args.extracted:
        summary["extracted"] = replay_extractions(args.workbench, args.out)
    summary["problems"] = problems
    print(json.dumps(summary, indent=1))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
