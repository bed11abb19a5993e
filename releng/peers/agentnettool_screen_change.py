#!/usr/bin/python3
"""Writes a recording in AgentNetTool's layout whose screen changes size halfway, as a person changing the display
resolution and scale does: events.jsonl (pynput names, event_idx, perf_counter times) and metadata.json.

Usage: agentnettool_screen_change.py FOLDER

The screen starts at 1280x720; at 20 s it becomes 1920x1200 with a second monitor left of it (x from -64), which
AgentNetTool's metadata never says. The person clicks, double-clicks, right-clicks, drags, scrolls and types on both,
and ends with AgentNetTool's own stop shortcut (Ctrl+Alt+T). Deterministic: the same file every time.
"""
import json
import os
import sys

from person import Person

START = 5000.0


class AgentNetToolEvents(Person):
    """Events as AgentNetTool's recorder writes them: pynput's names, its line numbers in event_idx."""

    def __init__(self):
        super().__init__(START + 0.5, (640.0, 360.0))
        self.lines = []

    def write(self, kind, fields):
        event = {"time_stamp": fields["time"]}
        if kind == "move":
            event.update(action="move", x=fields["x"], y=fields["y"])
        elif kind == "button":
            event.update(action="click", x=fields["x"], y=fields["y"], button="Button." + fields["button"],
                         pressed=fields["pressed"])
        elif kind == "wheel":
            event.update(action="scroll", x=fields["x"], y=fields["y"], dx=0, dy=fields["dy"])
        else:
            name = fields["name"]
            event.update(action="press" if fields["pressed"] else "release", name=name,
                         pynput_key="Key." + name if len(name) > 1 else "'" + name + "'")
        event["event_idx"] = len(self.lines)
        self.lines.append(event)


def main():
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    e = AgentNetToolEvents()
    e.click(200, 150)
    e.type("notes for monday")
    e.chord("ctrl", "s")
    e.click(900, 400, times=2)
    e.scroll(640, 500, -6)
    e.click(1000, 300, button="right")
    e.drag(100, 600, 700, 650)
    e.time = max(e.time, START + 20.0)  # the display settings change here: a bigger screen, a monitor on the left
    e.click(1800, 1100)
    e.click(-40, 500)
    e.scroll(1500, 900, 4)
    e.type("done")
    e.chord("enter")
    e.drag(1200, 200, 1900, 1150)
    e.click(1368, 1592 - 400, times=2)
    e.chord("ctrl", "alt", "t")  # AgentNetTool's stop shortcut
    with open(os.path.join(folder, "events.jsonl"), "w", encoding="utf-8") as f:
        for line in e.lines:
            f.write(json.dumps(line) + "\n")
    metadata = {"system": "Windows", "release": "10", "screen_width": 1280, "screen_height": 720,
                "video_start_timestamp": START, "start_time": START, "stop_time": round(e.time + 0.5, 6)}
    with open(os.path.join(folder, "metadata.json"), "w", encoding="utf-8") as f:
        json.dump(metadata, f, indent=1)
    print(round(e.time - START + 1, 1))


if __name__ == "__main__":
    main()
