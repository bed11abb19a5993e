#!/usr/bin/python3
"""Writes the pointer detector's file as the mean of two networks' logit maps, judged and written as train_pointer.py
writes one network (threshold chosen on dev, figures of every part, pointer.onnx.json for card.py). The file shipped
is still the first network alone: the mean lost a held-out part in the offline method (docs/extraction.md, stop 93).

Usage: mean.py FIRST.onnx NETWORK.onnx SCREENS_DIR CORPUS_DIR[:CORPUS_DIR...] DEV_CORPUS_DIR OUT.onnx
  FIRST.onnx: a network as ONNX, a chain of convolutions and ReLUs (batch normalisation folded in), as train_pointer.py
  exports them; NETWORK.onnx: the one train_pointer.py just trained (its weights NETWORK.onnx.pt, its facts
  NETWORK.onnx.json). Two networks trained apart mistake different things for a pointer; where one is unsure of a
  pointer theme it never saw, the other may not be, and a look-alike must fool both to win.
"""
import json
import sys

import onnx
import torch
from onnx import numpy_helper
from torch import nn

import pointer_data
import train_pointer


def chain(path):
    """The network of an ONNX file of convolutions and ReLUs, as a torch module."""
    graph = onnx.load(path).graph
    weights = {i.name: torch.from_numpy(numpy_helper.to_array(i).copy()) for i in graph.initializer}
    layers = []
    for node in graph.node:
        if node.op_type == "Relu":
            layers.append(nn.ReLU())
            continue
        if node.op_type != "Conv":
            raise SystemExit(f"{path}: a {node.op_type} node; only convolutions and ReLUs are read")
        attributes = {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}
        kernel = weights[node.input[1]]
        conv = nn.Conv2d(kernel.shape[1], kernel.shape[0], kernel.shape[2], stride=attributes.get("strides", [1])[0],
                         padding=attributes.get("pads", [0])[0], dilation=attributes.get("dilations", [1])[0],
                         bias=len(node.input) > 2)
        conv.weight.data = kernel
        if len(node.input) > 2:
            conv.bias.data = weights[node.input[2]]
        layers.append(conv)
    return nn.Sequential(*layers).eval()


class Mean(nn.Module):
    """The mean of the members' logit maps (each at half the picture's size)."""

    def __init__(self, *members):
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, x):
        return torch.stack([member(x) for member in self.members]).mean(0)


def main():
    first, network, screens_dir, corpus_dirs, dev_corpus, out = sys.argv[1:7]
    torch.set_num_threads(2)
    trained = train_pointer.PointerNet()
    trained.load_state_dict(torch.load(network + ".pt"))
    model = Mean(chain(first), trained.eval())
    repository = __file__.rsplit("/releng/", 1)[0]
    screens = pointer_data.Screens(screens_dir, corpus_dirs.split(":"))
    themes = pointer_data.theme_split(pointer_data.pointers(repository))
    with open(network + ".json") as f:
        card = {key: value for key, value in json.load(f).items() if key in ("steps", "seconds", "mine_every", "hard_places")}
    train_pointer.finish(model, screens, themes, train_pointer.recorded_frames(dev_corpus), repository, out, {**card, "mean": True})


if __name__ == "__main__":
    main()
