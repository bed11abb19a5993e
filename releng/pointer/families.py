#!/usr/bin/python3
"""The pointer detector per pointer family: for each family of pointer_data's themes, the share of crops (150 by
default) of each screen part's screens with one of the family's pointers drawn in where the detector finds it within
3 px, its sigmoid at least 0.5; and for each screen part, the share of crops without a pointer it says hold one.
Any ONNX file train_pointer.py writes (or the one shipped) is run through OpenCV's DNN module, as the workbench reads it.

Usage: families.py MODEL.onnx SCREENS_DIR [CROPS]   (SCREENS_DIR: what screens.sh wrote)
"""
import collections
import random
import sys

import cv2
import numpy as np
import torch

import pointer_data
import train_pointer

THRESHOLD = 0.5


def sample(screens, themes, split, rng, positive):
    """pointer_data.sample for one family's own pointers (not varied as in training), which may have none at the scale
    drawn: then another scale, a hundred times at most."""
    for _ in range(100):
        try:
            return pointer_data.sample(screens, themes, split, rng, positive, vary=False)
        except pointer_data.NoPointerFits:
            pass
    raise pointer_data.NoPointerFits("no pointer of this family fits a crop at any scale drawn")


def located(net, crops):
    """(sigmoid, x, y) of each crop's best place, as train_pointer judges it."""
    net.setInput(np.stack(crops).transpose(0, 3, 1, 2).astype(np.float32) / 255)
    return train_pointer.locate(torch.from_numpy(net.forward()))


def main():
    model, screens_dir = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 150
    net = cv2.dnn.readNetFromONNX(model)
    screens = pointer_data.Screens(screens_dir, [])
    families = collections.defaultdict(list)
    for theme, shapes in pointer_data.pointers(__file__.rsplit("/releng/", 1)[0]).items():
        families[pointer_data.family(theme)].append(shapes)
    parts = ("train", "dev", "held-out")
    print("family (its part)", *(f"{p} screens" for p in parts), sep="\t")
    for family, shapes in sorted(families.items()):
        row = [f"{family} ({pointer_data.part(family, pointer_data.HELD_OUT_THEMES, pointer_data.DEV_THEMES)})"]
        for split in parts:
            rng = random.Random(5)
            samples = [sample(screens, {split: shapes}, split, rng, True) for _ in range(n)]
            said = located(net, [crop for crop, _ in samples])
            hits = sum(p >= THRESHOLD and abs(x - label[1]) <= 3 and abs(y - label[2]) <= 3
                       for (p, x, y), (_, label) in zip(said, samples))
            row.append(f"{hits / n:.2f}")
        print(*row, sep="\t", flush=True)
    row = ["no pointer: said to hold one"]
    for split in parts:
        rng = random.Random(6)
        crops = [sample(screens, {split: families["adwaita"]}, split, rng, False)[0] for _ in range(n)]
        row.append(f"{sum(p >= THRESHOLD for p, _, _ in located(net, crops)) / n:.2f}")
    print(*row, sep="\t")


if __name__ == "__main__":
    main()
