"""Scores steps with OpenCUA's published AgentNetBench scorer (eval.py in ../shared/fixtures/opencua-agentnetbench, unchanged), as its run.py does.

usage: python3 differential.py CASES.json SCORES.json
CASES.json: a list of steps, each {"ground_truth_actions": [...], "alternative_options": [[...], ...],
"predicted_actions": [[type, value], ...]} (the (type, value) pairs the agents' parsers give eval.py), or instead of
"predicted_actions" a "code" that OpenCUA's agent (agent/opencua.py there, unchanged) reads into those pairs.
SCORES.json: for each step, {"total": ..., "actions": {...}}.
"""
import contextlib
import copy
import io
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "standin"))
# OpenCUA's files stay outside the repository, unchanged, beside it in ../shared (or where TW_OPENCUA_AGENTNETBENCH says)
OPENCUA = os.environ.get("TW_OPENCUA_AGENTNETBENCH", os.path.join(HERE, "..", "..", "..", "..", "shared", "fixtures", "opencua-agentnetbench"))
sys.path.insert(0, OPENCUA)

from eval import ActionEvaluator  # noqa: E402

try:
    import PIL  # noqa: F401  the agent's module imports it for images, which reading code does not use
except ImportError:
    import types
    sys.modules["PIL"] = types.ModuleType("PIL")
    sys.modules["PIL"].Image = types.ModuleType("PIL.Image")
    sys.modules["PIL.Image"] = sys.modules["PIL"].Image
from agent.opencua import OpenCUA  # noqa: E402


def score(evaluator, step):
    if "code" in step:
        predicted = OpenCUA.extract_actions(None, step["code"])  # it uses nothing of the agent itself
    else:
        predicted = [tuple(action) for action in step["predicted_actions"]]
    if not predicted:
        return {"total": 0, "actions": {}}
    truth = copy.deepcopy(step["ground_truth_actions"])  # eval.py merges write+enter in place
    best = evaluator.evaluate_action({"ground_truth_actions": truth, "predicted_actions": predicted})
    if best["total"] < 1.0:
        for option in step.get("alternative_options", []):
            other = evaluator.evaluate_action({"ground_truth_actions": copy.deepcopy(option), "predicted_actions": predicted})
            if other["total"] > best["total"]:
                best = other
    return best


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        steps = json.load(f)
    evaluator = ActionEvaluator()
    with contextlib.redirect_stdout(io.StringIO()):  # eval.py prints on steps with nothing predicted
        scores = [score(evaluator, step) for step in steps]
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(scores, f)


if __name__ == "__main__":
    main()
