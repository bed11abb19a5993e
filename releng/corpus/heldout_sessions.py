#!/usr/bin/env python3
"""Writes heldout.json, the held-out corpus: sessions of applications and pointer themes that no rule of the offline
method was written for and no model was trained or tuned on (the pointer detector's held-out theme families: breeze,
comix, handhelds; applications outside both corpora and the detector's screens: xedit, IDLE, GTK's icon browser), at
sizes the other corpora do not use (1366x768, 1600x900, 2560x1440 with a 48 px pointer, 1280x720 with a 12 px one).
Played by Corpus.java like desktop.json; extraction-benchmark.sh reports it beside the corpora the method was tuned on.
Nothing here may be tuned against: a rule or a model changed to gain on these sessions makes them train data.
With the argument `windows` it writes the Windows held-out corpus: Wine's programs that neither corpus holds (Wordpad,
WineMine, a cmd console) in Wine's desktop at 1366x768 and 1600x900, recorded by our Windows backend.
Usage: releng/corpus/heldout_sessions.py > releng/corpus/heldout.json
       releng/corpus/heldout_sessions.py windows > releng/corpus/heldout-windows.json"""
import sys
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


def editor_sessions(random, app, name, word_at, edge_at):
    """Six sessions in an editor: a click into its empty text, two or three lines typed, and then a double-click on the
    first word (word_at(line, letter) is that letter's place) or the second line selected (edge_at(line, letter): the
    place before that letter)."""
    sessions = []
    for i in range(6):
        lines = [" ".join(random.sample(WORDS, 2)) for _ in range(random.choice([2, 3]))]
        acts = [click([random.randint(250, 650), random.randint(300, 500)], "Click into the text")]
        for n, line in enumerate(lines):
            acts.append(type_(line, f"Type {line}"))
            if n < len(lines) - 1:
                acts.append(key("Return", "Start a new line"))
        first = lines[0].split()[0]
        if i % 2 == 0:
            acts.append({"op": "double_click", "at": word_at(1, len(first) // 2), "detail": f"Double-click {first}"})
        else:
            acts.append({"op": "select", "from": edge_at(2, 0), "to": edge_at(2, len(lines[1])), "detail": "Select the second line"})
        sessions.append({"id": f"{app}-{i + 1}", "app": app, "task": "Write " + "; ".join(lines) + f" in {name}", "actions": acts})
    return sessions


def edit_sessions():
    return editor_sessions(rng, "edit", "xedit", edit_point, edit_point)


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


# Wine's programs, each at the top left of Wine's desktop; points are from its window's top left
WINDOWS_DESKTOPS = {"wine-1366": {"screen": [1366, 768], "windows": True}, "wine-1600": {"screen": [1600, 900], "windows": True}}
WINDOWS_APPS = {
    "write": {"command": ["write"], "in_window": True, "context": "Wordpad"},
    "mines": {"command": ["winemine"], "in_window": True, "context": "WineMine"},
    "console": {"command": ["wineconsole", "cmd"], "in_window": True, "context": "Command Prompt"},
}
# Wordpad's text: lines 14 px apart from y 129, about 6.5 px a letter from x 15; its Format menu
WRITE_X, WRITE_LINE, WRITE_LINES, WRITE_LETTER, FORMAT = 15, 129, 14, 6.5, [186, 33]


def write_point(line, letters):
    return [round(WRITE_X + WRITE_LETTER * letters), WRITE_LINE + WRITE_LINES * (line - 1)]


def write_sessions():
    sessions = []
    for i in range(6):
        lines = [" ".join(rng.sample(WORDS, 2)) for _ in range(2)]
        acts = [click([rng.randint(150, 550), rng.randint(170, 250)], "Click into the text")]
        for line in lines:
            acts += [type_(line, f"Type {line}"), key("Return", "Start a new line")]
        first = lines[1].split()[0]
        if i % 3 == 0:
            acts += [{"op": "double_click", "at": write_point(2, 2), "detail": f"Double-click {first}"},
                     key("ctrl+b", "Make it bold")]
        elif i % 3 == 1:
            word = lines[0].split()[0]
            acts += [{"op": "select", "from": write_point(1, 0), "to": write_point(1, len(word)), "detail": f"Select {word}"},
                     key("Delete", "Delete it")]
        else:
            acts += [{"op": "right_click", "at": [rng.randint(250, 500), rng.randint(190, 250)], "detail": "Open the context menu"},
                     key("Escape", "Close the context menu")]
        if i % 2:
            acts += [click(FORMAT, "Open the Format menu"), key("Escape", "Close the menu")]
        sessions.append({"id": f"write-{i + 1}", "app": "write", "task": "Write " + " and ".join(lines) + " in Wordpad",
                         "actions": acts})
    return sessions


# WineMine's 9x9 field (16 px cells from (8, 73)) and its face, which starts a new game
MINES_CELL, MINES_FIELD, FACE = 16, [8, 73], [80, 57]


def mine_cell(column, row):
    return [MINES_FIELD[0] + MINES_CELL * column + MINES_CELL // 2, MINES_FIELD[1] + MINES_CELL * row + MINES_CELL // 2]


def mines_sessions():
    sessions = []
    for i in range(6):
        cells = rng.sample([(c, r) for c in range(9) for r in range(9)], 4)
        acts = [{"op": "right_click", "at": mine_cell(*cells[0]), "detail": "Flag a cell"},
                {"op": "right_click", "at": mine_cell(*cells[1]), "detail": "Flag another cell"},
                click(mine_cell(*cells[2]), "Open a cell")]
        if i % 2:
            acts += [click(FACE, "Start a new game"), click(mine_cell(*cells[3]), "Open a cell of the new game")]
        sessions.append({"id": f"mines-{i + 1}", "app": "mines", "task": "Flag two cells and open one in WineMine", "actions": acts})
    return sessions


COMMANDS = ["set /a 6*7", "ver", "title Report", "echo {}", "echo {} {}", "set /a 12+30"]


def commands_run(random, commands, place, into, menu=None, menu_words=("the context menu", "the context menu")):
    """A terminal's actions: a click into it somewhere in the ranges `into` ((x0, x1), (y0, y1)), each command typed and
    run, and when `menu` ranges are given its right-click menu opened there and closed with Escape."""
    acts = [click([random.randint(*into[0]), random.randint(*into[1])], f"Click into the {place}")]
    for command in commands:
        acts += [type_(command, f"Run {command}"), key("Return", "Run it")]
    if menu:
        acts += [{"op": "right_click", "at": [random.randint(*menu[0]), random.randint(*menu[1])], "detail": f"Open {menu_words[0]}"},
                 key("Escape", f"Close {menu_words[1]}")]
    return acts


def console_sessions():
    sessions = []
    for i in range(6):
        commands = [c.format(*rng.sample(WORDS, 2)) for c in rng.sample(COMMANDS, 2)]
        acts = commands_run(rng, commands, "console", ((150, 500), (200, 350)), ((200, 450), (200, 300)) if i % 2 == 0 else None,
                            ("the console's menu", "the menu"))
        if i % 3 == 1:
            acts += [type_("cls", "Clear the screen"), key("Return", "Run it")]
        sessions.append({"id": f"console-{i + 1}", "app": "console", "task": "Run " + " and ".join(commands) + " in a console",
                         "actions": acts})
    return sessions


def spec(about, desktops, apps, sessions):
    """A corpus spec as Corpus.java plays it: the sessions take the desktops in turn."""
    names = list(desktops)
    for i, session in enumerate(sessions):
        session["desktop"] = names[i % len(names)]
    return {"about": about, "gap_seconds": 0.9, "desktops": desktops, "apps": apps, "sessions": sessions}


def main():
    if sys.argv[1:] == ["windows"]:
        rng.seed(61)
        print(json.dumps(spec("The Windows held-out corpus (issue 59): generated by heldout_sessions.py windows; nothing is tuned on it.",
                              WINDOWS_DESKTOPS, WINDOWS_APPS, write_sessions() + mines_sessions() + console_sessions()), indent=1))
        return
    print(json.dumps(spec("The held-out corpus (issue 59): generated by heldout_sessions.py; nothing is tuned on it.", DESKTOPS, APPS,
                          edit_sessions() + shell_sessions() + icons_sessions()), indent=1))


if __name__ == "__main__":
    main()
