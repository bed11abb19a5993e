#!/usr/bin/env python3
"""The frames of a corpus's recordings whose pointer position is known from the events, written as PNG files, one line
"PNG<TAB>x<TAB>y" each. Rested frames: the pointer rested at (x, y) for 0.2 s before the frame and stays there 0.2 s
after it, and no key was pressed since it last moved (an application may hide the pointer while its person types); at
most 12 a recording, spread over it. With --at-presses instead: the first frame at or after each button press, the
pointer at the press's place (where a click is found: a person's or a script's pointer often comes and presses with no
frame between). Used by pointer-benchmark.sh.
Usage: pointer_frames.py CORPUS_DIR OUT_DIR [--at-presses]"""
import argparse
import bisect
import csv
import json
import os

import cv2

REST, MOST = 0.2, 12


def pointer_times(events):
    """(time, x, y) of every event that puts the pointer somewhere, and the times keys were pressed."""
    places, keys = [], []
    for line in open(events):
        e = json.loads(line)
        if e.get("action") in ("move", "click", "scroll", "drag") and "x" in e:
            places.append((e["time_stamp"], e["x"], e["y"]))
        elif e.get("action") == "press":
            keys.append(e["time_stamp"])
    return places, keys


def known(t, places, keys):
    """The pointer's place in a frame at t when it is known (see the module's text), else None."""
    before = [p for p in places if p[0] <= t - REST]
    if not before or any(t - REST < p[0] <= t + REST for p in places):
        return None
    last = before[-1]
    if any(last[0] < k <= t for k in keys):
        return None
    return last[1], last[2]


def frame_times(folder):
    with open(os.path.join(folder, "frames.csv")) as f:
        return [float(row["time_stamp"]) for row in csv.DictReader(f)]


def read_frames(folder, chosen):
    """(frame number, BGR frame, place) of the chosen frames ({number: place}) of a recording's video, in order."""
    video = cv2.VideoCapture(os.path.join(folder, "video.mkv"))
    n = 0
    while chosen:
        ok, frame = video.read()
        if not ok:
            break
        if n in chosen:
            yield n, frame, chosen.pop(n)
        n += 1


def press_frames(folder):
    """(frame number, BGR frame, (x, y)) of the first frame at or after each button press of a recording."""
    if not os.path.isfile(os.path.join(folder, "frames.csv")):
        return
    times = frame_times(folder)
    chosen = {}
    for line in open(os.path.join(folder, "events.jsonl")):
        e = json.loads(line)
        if e.get("action") == "click" and e.get("pressed"):
            after = bisect.bisect_left(times, e["time_stamp"])  # frame times only grow
            if after < len(times):
                chosen.setdefault(after, (e["x"], e["y"]))
    yield from read_frames(folder, chosen)


def known_frames(folder, most=MOST):
    """(frame number, BGR frame, (x, y)) of at most `most` frames of a recording whose pointer place is known, spread
    over it; none for a folder that is no finished recording."""
    if not os.path.isfile(os.path.join(folder, "frames.csv")):
        return
    places, keys = pointer_times(os.path.join(folder, "events.jsonl"))
    usable = [(n, known(t, places, keys)) for n, t in enumerate(frame_times(folder))]
    usable = [(n, at) for n, at in usable if at is not None]
    count = min(most, len(usable))
    yield from read_frames(folder, dict(usable[int(i * len(usable) / count)] for i in range(count)))


def main():
    parser = argparse.ArgumentParser(description="frames of a corpus's recordings whose pointer place is known")
    parser.add_argument("corpus")
    parser.add_argument("out")
    parser.add_argument("--at-presses", action="store_true", help="the first frame at or after each button press")
    args = parser.parse_args()
    frames = press_frames if args.at_presses else known_frames
    for name in sorted(os.listdir(os.path.join(args.corpus, "recordings"))):
        folder = os.path.join(args.corpus, "recordings", name)
        for n, frame, (x, y) in frames(folder):
            png = os.path.join(args.out, name, f"{n:05d}.png")
            os.makedirs(os.path.dirname(png), exist_ok=True)
            cv2.imwrite(png, frame)
            print(f"{png}\t{x}\t{y}")


if __name__ == "__main__":
    main()
