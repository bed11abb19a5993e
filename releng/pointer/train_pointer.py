#!/usr/bin/python3
"""Trains the pointer detector on the CPU and writes it as ONNX, with its figures on the dev and held-out parts.

Usage: train_pointer.py SCREENS_DIR CORPUS_DIR OUT.onnx [STEPS [WEIGHTS.pt]]   (with WEIGHTS, STEPS 0: judge and export those)

The network is fully convolutional: any RGB picture in (values 0-1), a map of logits at half its size out, highest where
a pointer's hotspot is (pixel = 2 x cell). Trained on pointer_data's crops (60 % with a pointer): the best cell's logit
says whether there is a pointer, the map's softmax where (against a small Gaussian around the hotspot). Judged as the
workbench uses it: a crop has a pointer when the best cell's sigmoid is at least THRESHOLD, at the softmax centroid of
the 3x3 cells around it; found within 3 px is a hit.
"""
import json
import random
import sys
import time

import numpy as np
import torch
from torch import nn

import pointer_data

THRESHOLD = 0.5
SEED = 7


class PointerNet(nn.Module):
    """Convolutions with batch normalisation (folded into them in the ONNX file), dilated to see 65 px around a place."""

    def __init__(self):
        super().__init__()
        layers = []
        for c_in, c_out, stride, dilation in ((3, 24, 1, 1), (24, 32, 2, 1), (32, 48, 1, 1), (48, 48, 1, 2),
                                              (48, 48, 1, 4), (48, 48, 1, 8)):
            layers += [nn.Conv2d(c_in, c_out, 3, stride=stride, padding=dilation, dilation=dilation, bias=False),
                       nn.BatchNorm2d(c_out), nn.ReLU()]
        layers.append(nn.Conv2d(48, 1, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


def tensors(crops, labels):
    """The crops as a batch, and for each the distribution its hotspot's place is over the cells (a small Gaussian;
    zeros for a crop without a pointer)."""
    x = torch.from_numpy(crops).permute(0, 3, 1, 2).float() / 255
    cells = pointer_data.CROP // 2
    yy, xx = torch.meshgrid(torch.arange(cells).float(), torch.arange(cells).float(), indexing="ij")
    target = torch.zeros(len(labels), cells * cells)
    for i, (visible, px, py) in enumerate(labels):
        if visible:
            g = torch.exp(-((xx - px / 2) ** 2 + (yy - py / 2) ** 2) / (2 * 0.5 ** 2)).reshape(-1)
            target[i] = g / g.sum()
    return x, target


def loss_of(logits, target, labels):
    """Whether there is a pointer: its best place's logit, against the label; where: the map's softmax against the
    hotspot's distribution (crops with a pointer only)."""
    flat = logits.reshape(len(logits), -1)
    visible = torch.from_numpy(labels[:, 0])
    presence = nn.functional.binary_cross_entropy_with_logits(flat.max(1).values, visible)
    shown = visible > 0
    if not shown.any():
        return presence
    where = -(target[shown] * nn.functional.log_softmax(flat[shown], 1)).sum(1).mean()
    return presence + where


def locate(logits):
    """(probability, x, y) of the best cell of each map, x and y in the input's pixels: the probability is the best
    logit's sigmoid, the place the softmax centroid of the 3x3 cells around it."""
    n, _, h, w = logits.shape
    flat = logits.reshape(n, -1)
    best = flat.argmax(1)
    out = []
    for i in range(n):
        cy, cx = divmod(int(best[i]), w)
        y0, y1, x0, x1 = max(cy - 1, 0), min(cy + 2, h), max(cx - 1, 0), min(cx + 2, w)
        top = logits[i, 0, cy, cx]
        patch = torch.exp(logits[i, 0, y0:y1, x0:x1] - top)
        ys, xs = torch.meshgrid(torch.arange(y0, y1).float(), torch.arange(x0, x1).float(), indexing="ij")
        total = patch.sum()
        out.append((float(torch.sigmoid(top)), float((patch * xs).sum() / total) * 2, float((patch * ys).sum() / total) * 2))
    return out


def judge(model, screens, themes, split, seed, n=1200, threshold=THRESHOLD):
    """recall and precision of 'a pointer here within 3 px' on n crops of a split (60 % with a pointer)."""
    rng = random.Random(seed)
    model.eval()
    hits = found = present = 0
    errors = []
    with torch.no_grad():
        for _ in range(n // 100):
            crops, labels = pointer_data.batch(screens, themes, split, rng, 100)
            x, _ = tensors(crops, labels)
            for (p, fx, fy), (visible, px, py) in zip(locate(model(x)), labels):
                present += visible > 0
                if p >= threshold:
                    found += 1
                    if visible and abs(fx - px) <= 3 and abs(fy - py) <= 3:
                        hits += 1
                        errors.append(max(abs(fx - px), abs(fy - py)))
    model.train()
    return {"recall": hits / max(present, 1), "precision": hits / max(found, 1), "crops": n,
            "median_error_px": float(np.median(errors)) if errors else None}


def screen_detections(model, screens, themes, split, seed, n=150):
    """(probability, whether right) of the best place of whole screens of a split: half with a pointer of the split's
    themes drawn in at a random place (any size the theme has, the screen at its own size), half without (where any
    detection is wrong); and how many held a pointer."""
    rng = random.Random(seed)
    model.eval()
    out, present = [], 0
    with torch.no_grad():
        for i in range(n):
            screen, known = screens.any(split, rng)
            if known is not None:
                continue  # a corpus frame holds a pointer of its own where the events say: judged by crops
            frame = screen.copy()
            spot = None
            if i % 2 == 0:
                rgba, hotx, hoty = pointer_data.pointer(themes[split], rng, pointer_data.CROP)
                spot = (rng.randrange(0, frame.shape[1]), rng.randrange(0, frame.shape[0]))
                pointer_data.composite(frame, rgba, spot[0] - hotx, spot[1] - hoty)
                present += 1
            x = torch.from_numpy(frame).permute(2, 0, 1)[None].float() / 255
            p, fx, fy = locate(model(x))[0]
            out.append((p, spot is not None and abs(fx - spot[0]) <= 3 and abs(fy - spot[1]) <= 3))
    model.train()
    return out, present


def screen_figures(detections, present, threshold):
    found = [right for p, right in detections if p >= threshold]
    return {"recall": sum(found) / max(present, 1), "precision": sum(found) / max(len(found), 1), "frames_with_pointer": present}


def calibrate(model, screens, themes):
    """The threshold the workbench uses, chosen on the dev part's whole screens (never the held-out's): the lowest at
    which at least 97 % of what is found is right, else the one that is right most often."""
    detections, present = screen_detections(model, screens, themes, "dev", 4, 300)
    best = (0.0, THRESHOLD)
    for threshold in [0.5 + 0.01 * i for i in range(50)]:
        figures = screen_figures(detections, present, threshold)
        if figures["precision"] >= 0.97 and figures["recall"] > 0:
            return threshold
        best = max(best, (figures["precision"], threshold))
    return best[1]


def judge_frames(model, screens, themes, split, seed, n=150, threshold=THRESHOLD):
    """recall and precision of 'a pointer here within 3 px' on whole screens of a split (see screen_detections)."""
    detections, present = screen_detections(model, screens, themes, split, seed, n)
    return screen_figures(detections, present, threshold)


def main():
    screens_dir, corpus_dir, out = sys.argv[1], sys.argv[2], sys.argv[3]
    steps = int(sys.argv[4]) if len(sys.argv) > 4 else 3000
    weights = sys.argv[5] if len(sys.argv) > 5 else None  # judge and export these instead of training (steps 0)
    torch.set_num_threads(2)
    torch.manual_seed(SEED)
    rng = random.Random(SEED)
    repository = __file__.rsplit("/releng/", 1)[0]
    screens = pointer_data.Screens(screens_dir, corpus_dir)
    themes = pointer_data.theme_split(pointer_data.pointers(repository))
    print({k: len(v) for k, v in themes.items()}, "themes;", {k: len(v) for k, v in screens.by_part.items()}, "screens;",
          {k: len(v) for k, v in screens.frames.items()}, "corpus frames", flush=True)
    model = PointerNet()
    started = time.time()
    if weights:
        model.load_state_dict(torch.load(weights))
    else:
        train(model, screens, themes, rng, steps, started)
    model.eval()
    threshold = calibrate(model, screens, themes)
    figures = {split: {"crops": judge(model, screens, themes, split, 2, threshold=threshold),
                       "screens": judge_frames(model, screens, themes, split, 3, threshold=threshold)}
               for split in ("train", "dev", "held-out")}
    figures["threshold"] = threshold
    print(json.dumps(figures, indent=1))
    model.eval()
    torch.save(model.state_dict(), out + ".pt")  # for looking into its mistakes; not shipped
    torch.onnx.export(model, torch.zeros(1, 3, 64, 64), out, input_names=["pixels"], output_names=["logits"],
                      dynamic_axes={"pixels": {2: "height", 3: "width"}, "logits": {2: "cells_down", 3: "cells_across"}},
                      opset_version=14)
    import onnx
    exported = onnx.load(out)
    entry = exported.metadata_props.add()  # the threshold travels with the network it was chosen for
    entry.key, entry.value = "threshold", f"{threshold:.2f}"
    onnx.checker.check_model(exported)
    onnx.save(exported, out)
    split_of = {t: pointer_data.part(t, pointer_data.HELD_OUT_THEMES, pointer_data.DEV_THEMES) for t in pointer_data.pointers(repository)}
    with open(out + ".json", "w") as f:
        json.dump({"figures": figures, "steps": steps, "seconds": round(time.time() - started),
                   "weights": sum(p.numel() for p in model.parameters()),
                   "themes": {s: sorted({pointer_data.family(t) for t, p in split_of.items() if p == s})
                              for s in ("train", "dev", "held-out")}}, f, indent=1)


def train(model, screens, themes, rng, steps, started):
    optimiser = torch.optim.Adam(model.parameters(), lr=2e-3)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    for step in range(1, steps + 1):
        crops, labels = pointer_data.batch(screens, themes, "train", rng, 48)
        x, target = tensors(crops, labels)
        loss = loss_of(model(x), target, labels)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        schedule.step()
        if step % 250 == 0:
            print(f"step {step}: loss {loss.item():.4f}, {time.time() - started:.0f} s; dev {judge(model, screens, themes, 'dev', 1, 400)}", flush=True)


if __name__ == "__main__":
    main()
