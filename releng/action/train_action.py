#!/usr/bin/python3
"""Trains the action classifier on the CPU and writes it as ONNX with its figures (issue 59).

Usage: train_action.py OUT.onnx STEPS CORPUS... [--dev DEV_CORPUS...]   (the corpora: releng/corpus/regenerate.sh)

What a resting pointer did (none, click, double, right; action_data.py) from three pictures of the square around it.
Split by application: the dev part is every recording of DEV_APPS (the Chromium form on Linux; the Registry Editor under
Wine when the action corpus's Windows part is given) and of the dev corpora (dev.json: NEdit, LXTerminal, PCManFM under
the dev pointer themes), so its figure says how the classifier does on applications it never saw, and the thresholds
chosen on it hold beyond one application; the held-out corpus (heldout.json) is never read here:
extraction-benchmark.sh measures the method with the classifier on it.
"""
import json
import random
import sys
import time

import numpy as np
import torch
from torch import nn

import action_data

SEED = 11
DEV_APPS = ("form", "regedit")


class ActionNet(nn.Module):
    """A few strided convolutions over the picture before and the two changes since (after less before: what the
    action did is the change, wherever the application's colours are), pooled, then the four classes' logits."""

    def __init__(self):
        super().__init__()
        layers = []
        for c_in, c_out in ((9, 32), (32, 48), (48, 64), (64, 96)):
            layers += [nn.Conv2d(c_in, c_out, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU(),
                       nn.Conv2d(c_out, c_out, 3, padding=1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU()]
        self.features = nn.Sequential(*layers)
        self.head = nn.Sequential(nn.Dropout(0.3), nn.Linear(96, len(action_data.CLASSES)))

    def forward(self, x):
        before = x[:, 0:3]
        x = torch.cat([before, x[:, 3:6] - before, x[:, 6:9] - before], 1)
        return self.head(self.features(x).mean(dim=(2, 3)))


def split(samples, dev_samples):
    train, dev = [], []
    for name, items in samples.items():
        (dev if any(app in name for app in DEV_APPS) else train).extend(items)
    for items in dev_samples.values():
        dev.extend(items)
    return train, dev


def dev_named(samples, dev_corpora):
    """The dev part in words: the dev applications the corpora held, and the dev corpora's."""
    apps = [app for app in DEV_APPS if any(app in name for name in samples)]
    return " and ".join(apps + (["the dev corpus (NEdit, LXTerminal, PCManFM)"] if dev_corpora else []))


def batch(items, rng, size, augment=True):
    picked = [rng.choice(items) for _ in range(size)]
    x = torch.from_numpy(np.stack([action_data.view(p, rng, augment) for p, _ in picked]))
    return x, torch.tensor([label for _, label in picked])


def said(model, items):
    """(truth, said, probability) of each sample at scale 1, no augmentation."""
    rng = random.Random(0)
    model.eval()
    out = []
    with torch.no_grad():
        for i in range(0, len(items), 64):
            part = items[i:i + 64]
            x = torch.from_numpy(np.stack([action_data.view(p, rng, False) for p, _ in part]))
            probabilities, kinds = torch.softmax(model(x), 1).max(1)
            out += [(truth, k, p) for (_, truth), k, p in zip(part, kinds.tolist(), probabilities.tolist())]
    model.train()
    return out


def judge(model, items):
    """Accuracy and the confusion matrix (rows: truth, columns: said)."""
    confusion = np.zeros((len(action_data.CLASSES),) * 2, dtype=int)
    for truth, kind, _ in said(model, items):
        confusion[truth, kind] += 1
    return {"accuracy": float(np.trace(confusion) / max(confusion.sum(), 1)), "samples": int(confusion.sum()),
            "confusion": confusion.tolist()}


def threshold(model, items, kind, wanted=0.9, least=5):
    """The lowest probability at which the kind said on these samples is right at least `wanted` of the time, said
    of at least `least` of them (a click is only made a double- or right-click that sure): (threshold, how many said,
    how many right); (infinity, 0, 0) where no probability is supported by that many: that kind is never written."""
    told = sorted(((p, truth == k) for truth, k, p in said(model, items) if k == kind), reverse=True)
    best = (float("inf"), 0, 0)
    right = 0
    for n, (p, ok) in enumerate(told, 1):
        right += ok
        if right / n >= wanted and n >= least:
            best = (p, n, right)
    return best


def stated(threshold):
    """A threshold as Java's Double.parseDouble reads it."""
    return "Infinity" if threshold == float("inf") else f"{threshold:.4f}"


def main():
    out, steps, corpora = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    dev_corpora = corpora[corpora.index("--dev") + 1:] if "--dev" in corpora else []
    corpora = corpora[:corpora.index("--dev")] if "--dev" in corpora else corpora
    torch.manual_seed(SEED)
    torch.set_num_threads(2)
    rng = random.Random(SEED)
    began = time.time()
    samples = action_data.corpus_samples(corpora)
    train, dev = split(samples, action_data.corpus_samples(dev_corpora))
    counts = {c: sum(1 for _, label in train if label == i) for i, c in enumerate(action_data.CLASSES)}
    print(f"{len(train)} train samples {counts}, {len(dev)} dev samples, read in {time.time() - began:.0f} s", flush=True)
    # classes drawn equally often: a double-click is rarer than a click in what people do, not less important
    by_class = [[s for s in train if s[1] == i] for i in range(len(action_data.CLASSES))]
    model = ActionNet()
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-3)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=2e-3, total_steps=steps)
    for step in range(1, steps + 1):
        items = [rng.choice(by_class[rng.randrange(len(by_class))]) for _ in range(48)]
        x, y = batch(items, rng, 48)
        loss = nn.functional.cross_entropy(model(x), y, label_smoothing=0.05)
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        schedule.step()
        if step % 250 == 0 or step == steps:
            print(f"step {step} loss {loss.item():.3f} dev {judge(model, dev)['accuracy']:.3f} ({time.time() - began:.0f} s)", flush=True)
    cuts = {name: threshold(model, dev, action_data.CLASSES.index(name)) for name in ("double", "right")}
    figures = {"train": judge(model, train), "dev": judge(model, dev), "train_counts": counts, "steps": steps,
               "dev_application": dev_named(samples, dev_corpora), "seconds": round(time.time() - began),
               "thresholds": {name: {"threshold": t, "dev_said": n, "dev_right": r} for name, (t, n, r) in cuts.items()}}
    print(json.dumps(figures))
    model.eval()
    torch.onnx.export(model, torch.zeros(1, 9, action_data.INPUT, action_data.INPUT), out, input_names=["pictures"],
                      output_names=["logits"], dynamic_axes={"pictures": {0: "n"}, "logits": {0: "n"}}, opset_version=13)
    import onnx
    exported = onnx.load(out)
    for key, value in (("classes", ",".join(action_data.CLASSES)), ("threshold_double", stated(cuts['double'][0])),
                       ("threshold_right", stated(cuts['right'][0])), ("window", str(action_data.WINDOW)),
                       ("input", str(action_data.INPUT)), ("seconds_after", ",".join(map(str, action_data.BEFORE_AFTER[1:]))),
                       ("figures", json.dumps(figures))):
        entry = exported.metadata_props.add()  # how the pictures are taken travels with the network trained on them
        entry.key, entry.value = key, value
    onnx.checker.check_model(exported)
    onnx.save(exported, out)


if __name__ == "__main__":
    main()
