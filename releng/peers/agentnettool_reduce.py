#!/usr/bin/python3
"""Runs AgentNetTool's own reducer, unchanged, over a recording's events.jsonl and prints its actions as JSON.

Usage: agentnettool_reduce.py AGENTNETTOOL_CHECKOUT EVENTS_JSONL > actions.json

The reducer (agentnet-annotator/api/core/action_reduction) is imported from the checkout as AgentNetTool's app
imports it, and driven as its reduce_pipeline drives it (compress, reduce_all, transform, finish), leaving out what
needs the app's files (encrypted dumps, video clips, accessibility trees). Importing it needs pynput with an X
display, OpenCV, loguru, Flask, requests, pytz and Pillow (Debian's python3-* packages), and creates AgentNetTool's
recording folders under $HOME: run it with HOME set to a scratch folder.
"""
import contextlib
import json
import sys


def plain(action):
    """The reducer's action as JSON: its kind, times, points, keys and text, children inside."""
    out = {"action": action.action, "start_time": action.start_time, "end_time": action.end_time,
           "description": action.description}
    for name in ("button", "click_type", "coordinate", "coordinates", "key_names", "scroll_direction", "dx", "dy"):
        value = getattr(action, name, None)
        if value is not None and not callable(value):
            out[name] = value
    if getattr(action, "drag_trace", None):
        out["drag_from"], out["drag_to"] = action.drag_trace[0], action.drag_trace[-1]
    if action.children:
        out["children"] = [plain(child) for child in action.children]
    return out


def main():
    checkout, events_file = sys.argv[1], sys.argv[2]
    sys.path.insert(0, checkout + "/agentnet-annotator")
    with contextlib.redirect_stdout(sys.stderr):  # it says on stdout which folders it made
        from api.core.action_reduction.reducer import Reducer
    from loguru import logger
    logger.remove()  # the reducer logs every buffered event at warning level
    with open(events_file, encoding="utf-8") as f:
        events = [json.loads(line) for line in f if line.strip()]
    for index, event in enumerate(events):
        event.setdefault("event_idx", index)  # AgentNetTool's recorder numbers its lines; DuckTrack's does not
    reducer = Reducer(recording_path=None, window_attrs={}, configs={"generate_window_a11y": False,
                                                                      "generate_element_a11y": False})
    reducer.compress(events)
    reducer.reduce_all()
    reducer.transform()
    reducer.finish()
    json.dump([plain(action) for action in reducer.reduced_actions], sys.stdout, indent=1, default=str)


if __name__ == "__main__":
    main()
