#!/usr/bin/python3
"""Writes the action classifier's model card (action.md) from the figures train_action.py stored in the network.

Usage: card.py MODELS/action.onnx
"""
import json
import os
import sys

import onnx

import action_data


def confusion(rows):
    names = action_data.CLASSES
    out = ["| truth \\ said | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for name, row in zip(names, rows):
        out.append(f"| {name} | " + " | ".join(str(n) for n in row) + " |")
    return "\n".join(out)


def told(t):
    """What the thresholds let the method write."""
    out = []
    for kind, call in (("double", "`doubleClick`"), ("right", "`rightClick`")):
        f = t[kind]
        if f["threshold"] == float("inf"):
            out.append(f"a {kind}-click is never written (no threshold on dev was said of five samples with 90 % right)")
        else:
            out.append(f"a {kind}-click said with a probability of at least {f['threshold']:.2f} is written as {call} "
                       f"(dev: {f['dev_said']} said that sure, {f['dev_right']} right)")
    return "; ".join(out)


def main():
    path = sys.argv[1]
    model = onnx.load(path)
    meta = {p.key: p.value for p in model.metadata_props}
    figures = json.loads(meta["figures"])
    t = figures["thresholds"]
    weights = sum(int(__import__("numpy").prod(t.dims)) for t in model.graph.initializer)
    counts = ", ".join(f"{k} {v}" for k, v in figures["train_counts"].items())
    text = f"""# The action classifier (`action.onnx`)

Written by `releng/action/train.sh` ({figures['steps']} steps of 48 samples, {figures['seconds']} s on 2 CPU cores,
Debian's PyTorch 1.13); run by `ClickKinds` (org.trajectory.extract, the offline method) on ONNX Runtime. Licence: the
workbench's. Nothing is fetched at run time.

**What it does**: tells what a resting pointer did (none, click, double, right) from three pictures of the
{meta['window']} px square around it (the frame before the action, and {meta['seconds_after'].replace(',', ' s and ')} s after
its end), each scaled to {meta['input']}x{meta['input']}, their RGB stacked as nine channels (values 0-1). The network
works on the first picture and the two changes since (after less before: what the action did, whatever the
application's colours), through eight 3x3 convolutions with batch normalisation, four of them strided, averaged over the picture, one linear layer: four logits
({weights:,} weights). The offline method asks it about every click it found: {told(t)}; anything else leaves a plain
click ("none" is not enough to drop what the method saw). A kind's threshold is the lowest probability at which 90 %
of that kind said on the dev part is right, said of at least five dev samples; a kind no probability is that
supported for is never written. Stored in the file.

**Data** (made by the project): the recordings of the first corpus (`releng/corpus/sessions.json`) and of the action
corpus (`releng/corpus/kinds.json`, written by `kinds_sessions.py`: Mousepad, L3afpad, Geany, FeatherPad (Qt),
Gnumeric, the Chromium form, xterm, and Thunar's and Caja's icon views (a single click selects an icon, a double-click
opens a folder) under the DMZ, Adwaita and Chameleon pointer themes at 1280x800 to 2560x1440, with a ticking panel
clock and notifications), whose events are the truth: every press group a sample (two left presses in place within 0.5 s a
double; drags and wheel turns left out), and up to three moments per recording where the pointer rested with no button
near (none). In training the square is taken at 0.6-2 times its size, 60 % JPEG-compressed (quality 25-95), a fifth
with light and dark swapped, some with colour channels swapped, the point up to 2 px off; classes drawn equally often.
Train samples: {counts}.

**Split** by application: dev is every recording of **{figures['dev_application']}** (never trained on); the held-out corpus
(`releng/corpus/heldout.json`: xedit, IDLE, GTK's icon browser; breeze, Comix, handhelds pointers) and the Windows
held-out corpus (`heldout-windows.json`: Wordpad, WineMine, a console at 1366x768 and 1600x900) are never read by
the training; the method's figures on them are in `docs/extraction.md`.

**Figures** (at scale 1, no augmentation):

| part | samples | accuracy |
|---|---|---|
| train | {figures['train']['samples']} | {figures['train']['accuracy']:.3f} |
| dev ({figures['dev_application']}) | {figures['dev']['samples']} | {figures['dev']['accuracy']:.3f} |

Dev confusion:

{confusion(figures['dev']['confusion'])}

**Limits**: a few hundred samples from nine applications. A click whose answer is far from the pointer (a button that
changes another part of the window), or that changes nothing visible, looks like none; a double-click is told from a
single click by what each does in the applications trained on (a word selected against a caret placed, a folder
opened against an icon selected), so one whose answer is like neither (a cell put into editing, a tree's branch
expanded) is seldom said surely; a right-click is told by the menu it opens, so one that opens none (a game's flag, a
terminal's extended selection) is said click.
"""
    with open(os.path.splitext(path)[0] + ".md", "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
