#!/usr/bin/env python3
"""Writes heldout.json, the held-out corpus: sessions of applications and pointer themes that no rule of the offline
method was written for and no model was trained or tuned on (the pointer detector's held-out theme families: breeze,
comix, handhelds; applications outside both corpora and the detector's screens: xedit, IDLE, GTK's icon browser), at
sizes the other corpora do not use (1366x768, 1600x900, 2560x1440 with a 48 px pointer, 1280x720 with a 12 px one).
Played by Corpus.java like desktop.json; extraction-benchmark.sh reports it beside the corpora the method was tuned on.
Nothing here may be tuned against: a rule or a model changed to gain on these sessions makes them train data.
Usage: releng/corpus/heldout_sessions.py > releng/corpus/heldout.json"""
import json
import random

from desktop_sessions import WORDS, click, key, type_

rng = random.Random(59)


def desktop(size, theme, pointer, summary, body):
    return {"screen": size, "cursor_theme": theme, "cursor_size": pointer, "panel": True, "notifications": True,
            "notification": {"after_seconds": 3, "summary": summary, "body": body}}


DESKTOPS = {
    "breeze-1600": desktop([1600, 900], "breeze_cursors", 24, "Meeting in 5 minutes", "Room 4: weekly planning"),
    "comix-1366": desktop([1366, 768], "ComixCursors-Opaque-Blue", 32, "Update available", "Restart to finish installing"),
    "snow-2560": desktop([2560, 1440], "Breeze_Snow", 48, "Battery low", "12 % left, plug in the charger"),
    "handhelds-720": desktop([1280, 720], "handhelds", 12, "Download finished", "report-final.pdf is in Downloads"),
}

APPS = {
    "edit": {"command": ["xedit"], "class": "xedit", "move": [0, 0], "size": [800, 600], "context": "xedit"},
    "shell": {"command": ["idle-python3.11"], "class": "Toplevel", "move": [0, 0], "size": [800, 600], "context": "IDLE Shell"},
    "icons": {"command": ["gtk3-icon-browser"], "class": "gtk3-icon-browser", "move": [0, 0], "size": [900, 600],
              "context": "Icon Browser"},
}

# xedit's text (8 px a letter from x 18; lines 23 px apart from y 156), at the window's place (0, 0) and size
EDIT_X, EDIT_LINE, EDIT_LINES, EDIT_LETTER = 18, 156, 23, 8


def edit_point(line, letter):
    return [EDIT_X + EDIT_LETTER * letter, EDIT_LINE + EDIT_LINES * (line - 1)]


def edit_sessions():
    sessions = []
    for i in range(6):
        lines = [" ".join(rng.sample(WORDS, 2)) for _ in range(rng.choice([2, 3]))]
        acts = [click([rng.randint(250, 650), rng.randint(300, 500)], "Click into the text")]
        for n, line in enumerate(lines):
            acts.append(type_(line, f"Type {line}"))
            if n < len(lines) - 1:
                acts.append(key("Return", "Start a new line"))
        first = lines[0].split()[0]
        if i % 2 == 0:
            acts.append({"op": "double_click", "at": edit_point(1, len(first) // 2), "detail": f"Double-click {first}"})
        else:
            acts.append({"op": "select", "from": edit_point(2, 0), "to": edit_point(2, len(lines[1])),
                         "detail": "Select the second line"})
        sessions.append({"id": f"edit-{i + 1}", "app": "edit", "task": "Write " + "; ".join(lines) + " in xedit",
                         "actions": acts})
    return sessions


# IDLE's prompt line, at the window's place (0, 0) and size
PROMPT = [400, 97]
EXPRESSIONS = ["print(6 * 7)", "2 ** 10", "round(3.14159, 2)", "sum(range(10))", "max(3, 8, 5)", "len(range(4, 40))"]


def shell_sessions():
    sessions = []
    for i in range(6):
        expressions = rng.sample(EXPRESSIONS, rng.choice([1, 2]))
        acts = [click(PROMPT, "Click the prompt")]
        for e in expressions:
            acts += [type_(e, f"Type {e}"), key("Return", "Run it")]
        if i % 2 == 0:
            acts += [{"op": "right_click", "at": [rng.randint(300, 600), rng.randint(300, 450)], "detail": "Open the context menu"},
                     key("Escape", "Close the context menu")]
        sessions.append({"id": f"shell-{i + 1}", "app": "shell", "task": "Evaluate " + " and ".join(expressions) + " in IDLE",
                         "actions": acts})
    return sessions


# the icon browser's categories (their centres), search button and icon grid, at the window's place (0, 0)
CATEGORIES = {"Multimedia": 112, "Network": 153, "Weather": 193, "Navigation": 235, "Editing": 276, "Devices and Media": 440,
              "Emotes": 522}
CATEGORY_X, SEARCH, GRID = 106, [744, 26], [600, 350]


def icons_sessions():
    sessions = []
    for i in range(6):
        a, b = rng.sample(list(CATEGORIES), 2)
        acts = [click([CATEGORY_X, CATEGORIES[a]], f"Open {a}"), click([CATEGORY_X, CATEGORIES[b]], f"Open {b}")]
        if i % 2 == 0:
            acts += [{"op": "scroll", "at": GRID, "clicks": -3, "detail": "Scroll down the icons"}]
        else:
            word = rng.choice(["folder", "media", "mail", "edit"])
            acts += [click(SEARCH, "Open the search"), type_(word, f"Search for {word}"), key("Escape", "Close the search")]
        sessions.append({"id": f"icons-{i + 1}", "app": "icons", "task": f"Look through the {a} and {b} icons",
                         "actions": acts})
    return sessions


def main():
    sessions = edit_sessions() + shell_sessions() + icons_sessions()
    names = list(DESKTOPS)
    for i, session in enumerate(sessions):
        session["desktop"] = names[i % len(names)]
    print(json.dumps({"about": "The held-out corpus (issue 59): generated by heldout_sessions.py; nothing is tuned on it.",
                      "gap_seconds": 0.9, "desktops": DESKTOPS, "apps": APPS, "sessions": sessions}, indent=1))


if __name__ == "__main__":
    main()
