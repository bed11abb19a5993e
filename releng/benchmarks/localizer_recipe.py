#!/usr/bin/env python3
"""The Sharingan paper's Frame Difference Localizer as its text describes it, in Python with scikit-image and NumPy
(Debian: python3-skimage, python3-opencv for reading the images): RGB normalized to [0,1], Gaussian blur sigma 2,
per-pixel L2 norm of the difference, threshold, objects under 10 pixels removed, connected components' boxes grown by
100 px and overlapping boxes merged. Prints one JSON line per pair: its boxes [x, y, w, h] and milliseconds.
Usage: localizer_recipe.py THRESHOLD BEFORE.png AFTER.png [BEFORE.png AFTER.png ...]"""
import json, sys, time
import cv2
import numpy as np
from skimage import filters, measure, morphology

def localize(before, after, threshold, sigma=2.0, min_size=10, grow=100):
    h, w = before.shape[:2]
    a = filters.gaussian(before.astype(np.float32) / 255.0, sigma=sigma, channel_axis=-1)
    b = filters.gaussian(after.astype(np.float32) / 255.0, sigma=sigma, channel_axis=-1)
    mask = np.linalg.norm(a - b, axis=2) > threshold
    mask = morphology.remove_small_objects(mask, min_size=min_size)
    boxes = []
    for region in measure.regionprops(measure.label(mask, connectivity=2)):
        top, left, bottom, right = region.bbox
        x, y = max(0, left - grow), max(0, top - grow)
        boxes.append([x, y, min(w, right + grow) - x, min(h, bottom + grow) - y])
    changed = True
    while changed:
        changed = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                p, q = boxes[i], boxes[j]
                if p[0] < q[0] + q[2] and q[0] < p[0] + p[2] and p[1] < q[1] + q[3] and q[1] < p[1] + p[3]:
                    x, y = min(p[0], q[0]), min(p[1], q[1])
                    boxes[i] = [x, y, max(p[0] + p[2], q[0] + q[2]) - x, max(p[1] + p[3], q[1] + q[3]) - y]
                    del boxes[j]
                    changed = True
                    break
            if changed:
                break
    return boxes

def main():
    threshold = float(sys.argv[1])
    files = sys.argv[2:]
    for i in range(0, len(files), 2):
        before = cv2.cvtColor(cv2.imread(files[i]), cv2.COLOR_BGR2RGB)
        after = cv2.cvtColor(cv2.imread(files[i + 1]), cv2.COLOR_BGR2RGB)
        start = time.perf_counter()
        boxes = localize(before, after, threshold)
        print(json.dumps({"pair": files[i], "boxes": boxes, "ms": (time.perf_counter() - start) * 1000}))

if __name__ == "__main__":
    main()
