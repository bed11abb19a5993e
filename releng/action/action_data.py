#!/usr/bin/python3
"""The action classifier's samples, from recordings whose events are the truth (issue 59): what a resting pointer did,
read from the screen around it before and after.

A sample is three pictures of the square around the pointer (the video's frames at 10 a second, as the offline method
samples them): the last frame before the action, one BEFORE_AFTER[1] s and one BEFORE_AFTER[2] s after the frame
after it. The method may place a click up to EARLY s before its press (the pointer's arrival changed something), so
each sample keeps the frames from EARLY s before to the last picture, and training takes its three pictures from any
start in that span. Its label:
  none    the pointer rested with no button or wheel near in time (what the screen did by itself, or typing);
  click   one left press and release in place;
  double  two left presses in place within 0.5 s;
  right   a right press.
Presses that drag (the pointer moved more than 5 px while down) and wheel turns are left out: the method finds those
by the pointer's motion and the content's shift. Each recording's samples are stored at SIDE px around the point, half
size, so training can take any scale of them (a screen recorded larger or smaller, a pointer theme's HiDPI size)."""
import json
import os
import random

import cv2
import numpy as np

CLASSES = ("none", "click", "double", "right")
# the frames: the last before the action (its start), then after its end (seconds), as ClickKinds.java takes them
BEFORE_AFTER = (0.0, 0.3, 0.9)
FPS = 10
EARLY = 0.5
EARLY_FRAMES = round(EARLY * FPS)
SIDE = 384  # px of the video stored around the point (at half size): room for scaling 0.6-2 x WINDOW
WINDOW = 160  # px of the video the classifier sees around the point, at scale 1
INPUT = 64  # px of its input


def events(recording):
    with open(os.path.join(recording, "events.jsonl")) as f:
        return [json.loads(line) for line in f if line.strip()]


def pointer_actions(evs):
    """(time, x, y, label) of each press group: doubles joined, drags left out."""
    presses = [e for e in evs if e.get("action") == "click" and e.get("pressed")]
    releases = [e for e in evs if e.get("action") == "click" and not e.get("pressed")]
    out = []
    i = 0
    while i < len(presses):
        p = presses[i]
        release = next((r for r in releases if r["time_stamp"] >= p["time_stamp"] and r.get("button") == p.get("button")), None)
        if release is not None and abs(release["x"] - p["x"]) + abs(release["y"] - p["y"]) > 5:
            i += 1
            continue  # a drag
        label = "right" if p.get("button") == "right" else "click" if p.get("button") == "left" else None
        if label == "click" and i + 1 < len(presses):
            q = presses[i + 1]
            if q.get("button") == "left" and q["time_stamp"] - p["time_stamp"] <= 0.5 and abs(q["x"] - p["x"]) + abs(q["y"] - p["y"]) <= 4:
                label = "double"
                i += 1
        if label:
            out.append((p["time_stamp"], p["x"], p["y"], label))
        i += 1
    return out


def resting_moments(evs, frame_times, rng, count):
    """(time, x, y, 'none'): moments the pointer rested 0.3 s and no button or wheel is within 1.2 s."""
    moves = [(e["time_stamp"], e["x"], e["y"]) for e in evs if e.get("action") in ("move", "click", "scroll") and "x" in e]
    busy = [e["time_stamp"] for e in evs if e.get("action") in ("click", "scroll")]
    candidates = []
    for t in frame_times:
        before = [m for m in moves if m[0] <= t]
        if not before or t - before[-1][0] < 0.3 or any(abs(b - t) < 1.2 for b in busy):
            continue
        if any(0 < m[0] - t < BEFORE_AFTER[2] + 0.2 for m in moves):
            continue  # the pointer moves off before the last picture: a click's pictures never show that either
        candidates.append((t, before[-1][1], before[-1][2], "none"))
    return rng.sample(candidates, min(count, len(candidates)))


def sampled_frames(recording):
    """The video at FPS a second, as the method samples it: (times, frames) of the last frame shown at each tick."""
    with open(os.path.join(recording, "frames.csv")) as f:
        next(f)
        times = [float(line.split(",")[1]) for line in f if line.strip()]
    capture = cv2.VideoCapture(os.path.join(recording, "video.mkv"))
    frames = []
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        frames.append(frame)
    times = times[:len(frames)]
    out_t, out_f = [], []
    if not times:
        return out_t, out_f
    t = times[0]
    k = 0
    while t <= times[-1]:
        while k + 1 < len(times) and times[k + 1] <= t:
            k += 1
        out_t.append(t)
        out_f.append(frames[k])
        t += 1 / FPS
    return out_t, out_f


def crop(frame, x, y, side):
    """The side x side square around (x, y), the frame's border repeated past its edge."""
    h = side // 2
    padded = cv2.copyMakeBorder(frame, h, h, h, h, cv2.BORDER_REPLICATE)
    return padded[y:y + side, x:x + side]


def recording_samples(recording, rng, none_per_recording=3):
    """The samples of one recording: (frames uint8 [n, SIDE/2, SIDE/2, 3] BGR from EARLY s before the action's start
    to its last picture, label index)."""
    evs = events(recording)
    times, frames = sampled_frames(recording)
    if not frames:
        return []
    wanted = pointer_actions(evs) + resting_moments(evs, times, rng, none_per_recording)
    out = []
    for t, x, y, label in wanted:
        # the method's click starts at the last frame before the change and ends at the first frame showing it
        start = max(i for i in range(len(times)) if times[i] <= t) if times[0] <= t else 0
        pictures = []
        for index in range(start - EARLY_FRAMES, start + 1 + round(BEFORE_AFTER[2] * FPS) + 1):
            square = crop(frames[min(max(index, 0), len(frames) - 1)], int(x), int(y), SIDE)
            pictures.append(cv2.resize(square, (SIDE // 2, SIDE // 2), interpolation=cv2.INTER_AREA))
        out.append((np.stack(pictures), CLASSES.index(label)))
    return out


def corpus_samples(corpora, seed=3):
    """Every recording's samples of the corpora: {recording name: [(pictures, label)]}."""
    rng = random.Random(seed)
    out = {}
    for corpus in corpora:
        folder = os.path.join(corpus, "recordings")
        for name in sorted(os.listdir(folder)):
            out[name] = recording_samples(os.path.join(folder, name), rng)
    return out


def three(frames, early):
    """The three pictures of a stored sample whose start is `early` frames before the action's (0 to EARLY_FRAMES)."""
    start = EARLY_FRAMES - early
    return [frames[start]] + [frames[start + 1 + round(offset * FPS)] for offset in BEFORE_AFTER[1:]]


def view(frames, rng, augment):
    """The classifier's input from a stored sample: its three pictures (started up to EARLY s early when augmenting),
    WINDOW px around the point at a scale (0.6-2 when augmenting), INPUT px square, values 0-1, channels the three
    pictures' RGB in order; augmented as other recordings differ (compression, colours, dark themes, the point a few
    px off)."""
    pictures = three(frames, rng.randint(0, EARLY_FRAMES) if augment else 0)
    half = SIDE // 2
    scale = rng.uniform(0.6, 2.0) if augment else 1.0
    side = max(8, int(round(WINDOW * scale / 2)))
    dx = rng.randint(-2, 2) if augment else 0
    dy = rng.randint(-2, 2) if augment else 0
    x0 = (half - side) // 2 + dx
    y0 = (half - side) // 2 + dy
    order = rng.sample(range(3), 3) if augment and rng.random() < 0.3 else [0, 1, 2]
    invert = augment and rng.random() < 0.2
    quality = rng.randint(25, 95) if augment and rng.random() < 0.6 else None
    out = []
    for p in pictures:
        part = p[max(0, y0):y0 + side, max(0, x0):x0 + side]
        part = cv2.resize(part, (INPUT, INPUT), interpolation=cv2.INTER_AREA if part.shape[0] >= INPUT else cv2.INTER_LINEAR)
        if quality:
            part = cv2.imdecode(cv2.imencode(".jpg", part, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], cv2.IMREAD_COLOR)
        part = part[:, :, order]
        if invert:
            part = 255 - part
        out.append(cv2.cvtColor(part, cv2.COLOR_BGR2RGB))
    return np.concatenate(out, axis=2).transpose(2, 0, 1).astype(np.float32) / 255
