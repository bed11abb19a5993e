#!/usr/bin/env python3
"""Writes kinds.json, the action classifier's training corpus (issue 59): many clicks, double-clicks, right-clicks and
drags on the train applications (Mousepad, L3afpad, Geany, FeatherPad (Qt), Gnumeric, the Chromium form, xterm, Thunar's
and Caja's icon views) under train pointer themes (DMZ, Adwaita, Chameleon) at four screen sizes, with the panel clock
and notifications of the harder corpus. Nothing of the held-out corpus (heldout.json: its applications, its theme
families) is here. Played by Corpus.java like desktop.json; releng/action/train.sh trains on it.
With the argument `windows` it writes the Windows part (kinds-windows.json): the same kinds of clicks in Wine's Notepad
and Registry Editor at the train sizes, recorded by our Windows backend (Wine's pointers). Nothing of the Windows
held-out corpus (heldout-windows.json: Wordpad, WineMine, the console, 1366x768 and 1600x900) is here.
Usage: releng/corpus/kinds_sessions.py > releng/corpus/kinds.json
       releng/corpus/kinds_sessions.py windows > releng/corpus/kinds-windows.json"""
import json
import random
import sys

from desktop_sessions import APPS, BUTTONS, DESKTOPS as HARD_DESKTOPS, CITY, NAME, NAMES, CITIES, WORDS, cell, click, key, type_

rng = random.Random(61)


def desktop(size, theme, pointer, summary, body, after=None):
    return {"screen": size, "cursor_theme": theme, "cursor_size": pointer, "panel": True, "notifications": True,
            "notification": {"after_seconds": after or rng.choice([2, 4, 6]), "summary": summary, "body": body}}


DESKTOPS = {
    "dmz-1080": desktop([1920, 1080], "DMZ-White", 24, "Backup finished", "All files were copied to the server"),
    "adwaita-800": desktop([1280, 800], "Adwaita", 24, "New mail", "Anna: the report is ready for review"),
    "chameleon-1600": desktop([1600, 900], "Chameleon-SkyBlue-Large", 32, "Calendar", "Lunch with Tom at 12:30"),
    "dmzblack-1440": desktop([2560, 1440], "DMZ-Black", 48, "Printer", "Your document was printed"),
    "adwaita-1024": desktop([1280, 1024], "Adwaita", 24, "Updates", "Three updates are ready to install", after=4),
}
# the file managers' desktops: on adwaita-800 a window an earlier session left hangs over their view, unpainted
FILES_DESKTOPS = ["dmz-1080", "adwaita-1024", "chameleon-1600", "dmzblack-1440"]


def double(at, detail):
    return {"op": "double_click", "at": at, "detail": detail}


def right(at, detail):
    return [{"op": "right_click", "at": at, "detail": detail}, key("Escape", "Close the context menu")]


def near(point, spread):
    return [point[0] + rng.randint(-spread, spread), point[1] + rng.randint(-spread // 2, spread // 2)]


# Mousepad's text at (0, 0), 700x520: lines 18 px apart, the second at y 96; a word begins at x 12
def pad_line(n):
    return 78 + 18 * (n - 1)


def pad_sessions(count):
    sessions = []
    for i in range(count):
        words = rng.sample(WORDS, 4)
        acts = [click([rng.randint(250, 500), rng.randint(200, 350)], "Click into the text")]
        for w in words:
            acts += [type_(w, f"Type {w}"), key("Return", "Start a new line")]
        for _ in range(6):
            line = rng.randint(1, 4)
            at = [rng.randint(14, 30), pad_line(line)]
            kind = rng.choice(["click", "double", "right", "select", "blank"])
            if kind == "click":
                acts.append(click(at, f"Click into line {line}"))
            elif kind == "double":
                acts.append(double(at, f"Double-click the word on line {line}"))
            elif kind == "right":
                acts += right(near([300, 300], 120), "Open the text's context menu")
            elif kind == "select":
                acts.append({"op": "select", "from": [12, pad_line(line)], "to": [12 + 8 * rng.randint(3, 6), pad_line(line)],
                             "detail": f"Select the start of line {line}"})
            else:
                acts.append(click(near([400, 400], 150), "Click below the text"))
        sessions.append({"id": f"kinds-pad-{i + 1}", "app": "pad", "task": "Write " + ", ".join(words) + " and pick words",
                         "actions": acts})
    return sessions


# more text editors at (0, 0), 700x520: where their text begins (x), the first line's middle (y), the lines' spacing and a
# letter's width, measured on screenshots; Wine's Notepad at the desktop's top left (its points from its window's)
EDITORS = {
    "l3afpad": (4, 56, 18.5, 10),
    "geany": (204, 149, 17, 8.8),
    "featherpad": (4, 106, 17, 8.5),
    "notepad": (11, 52, 14, 7),
}
EDITOR_APPS = {
    "l3afpad": {"command": ["l3afpad"], "class": "l3afpad", "move": [0, 0], "size": [700, 520], "context": "L3afpad"},
    "geany": {"command": ["geany", "--new-instance", "--no-session"], "class": "geany", "move": [0, 0], "size": [700, 520],
              "context": "Geany"},
    "featherpad": {"command": ["featherpad"], "class": "featherpad", "move": [0, 0], "size": [700, 520], "context": "FeatherPad"},
}
# where the first click into the text lands, the context menu is opened and a click below the text goes (x and y
# ranges; a centre and a spread), and how often each kind is drawn
IN_700x520 = {"into": ((250, 500), (250, 380)), "menu": ([350, 330], 100), "below": ([400, 420], 120),
              "kinds": ["click", "double", "double", "right", "select", "blank"]}
PLACES = {"l3afpad": IN_700x520, "geany": IN_700x520, "featherpad": IN_700x520,
          "notepad": {"into": ((200, 600), (150, 400)), "menu": ([400, 300], 120), "below": ([400, 350], 150),
                      "kinds": ["click", "double", "double", "right", "right", "select", "blank"]}}


def editor_sessions(app, count):
    x0, y0, spacing, letter = EDITORS[app]
    places = PLACES[app]

    def line_y(n):
        return round(y0 + spacing * (n - 1))

    (x_from, x_to), (y_from, y_to) = places["into"]
    sessions = []
    for i in range(count):
        words = rng.sample(WORDS, 4)
        acts = [click([rng.randint(x_from, x_to), rng.randint(y_from, y_to)], "Click into the text")]
        for w in words:
            acts += [type_(w, f"Type {w}"), key("Return", "Start a new line")]
        for _ in range(6):
            line = rng.randint(1, 4)
            at = [round(x0 + letter * rng.uniform(1, 3.5)), line_y(line)]
            kind = rng.choice(places["kinds"])
            if kind == "click":
                acts.append(click(at, f"Click into line {line}"))
            elif kind == "double":
                acts.append(double(at, f"Double-click the word on line {line}"))
            elif kind == "right":
                acts += right(near(*places["menu"]), "Open the text's context menu")
            elif kind == "select":
                acts.append({"op": "select", "from": [x0, line_y(line)], "to": [round(x0 + letter * rng.randint(3, 6)), line_y(line)],
                             "detail": f"Select the start of line {line}"})
            else:
                acts.append(click(near(*places["below"]), "Click below the text"))
        sessions.append({"id": f"kinds-{app}-{i + 1}", "app": app, "task": "Write " + ", ".join(words) + " and pick words",
                         "actions": acts})
    return sessions


def sheet_sessions(count):
    sessions = []
    for i in range(count):
        acts = []
        for _ in range(7):
            column, row = rng.randint(0, 6), rng.randint(1, 16)
            kind = rng.choice(["click", "click", "double", "right", "drag"])
            if kind == "click":
                acts.append(click(cell(column, row), f"Click cell {chr(65 + column)}{row}"))
                if rng.random() < 0.4:
                    n = str(rng.randint(2, 999))
                    acts += [type_(n, f"Type {n}"), key("Return", "Press Enter to move down")]
            elif kind == "double":
                acts += [double(cell(column, row), f"Edit cell {chr(65 + column)}{row}"), key("Escape", "Leave the cell")]
            elif kind == "right":
                acts += right(cell(column, row), f"Open the menu of cell {chr(65 + column)}{row}")
            else:
                acts.append({"op": "drag", "from": cell(column, row), "to": cell(column + rng.randint(1, 3), row + rng.randint(1, 4)),
                             "detail": "Select a range of cells"})
        sessions.append({"id": f"kinds-sheet-{i + 1}", "app": "sheet", "task": "Pick, edit and select cells", "actions": acts})
    return sessions


def form_sessions(count):
    sessions = []
    for i in range(count):
        name, city = rng.choice(NAMES), rng.choice(CITIES)
        acts = [click(NAME, "Click the Name field"), type_(name, f"Type the name {name}"),
                click(CITY, "Click the City field"), type_(city, f"Type the city {city}")]
        for _ in range(5):
            kind = rng.choice(["double", "double", "right", "click", "select"])
            if kind == "double":
                target = rng.choice([[NAME[0] - 80, NAME[1]], [CITY[0] - 85, CITY[1]], [rng.randint(40, 200), 341]])
                acts.append(double(target, "Double-click a word"))
            elif kind == "right":
                acts += right(rng.choice([near([600, 500], 100), NAME, near([120, 341], 40)]), "Open the context menu")
            elif kind == "click":
                button = rng.choice(list(BUTTONS))
                acts.append(click(BUTTONS[button], f"Click {button}"))
            else:
                acts.append({"op": "select", "from": [31, 341], "to": [rng.choice([98, 148, 230]), 341],
                             "detail": "Select the first words"})
        sessions.append({"id": f"kinds-form-{i + 1}", "app": "form", "task": f"Fill in {name} in {city} and pick words",
                         "actions": acts})
    return sessions


def term_sessions(count):
    sessions = []
    for i in range(count):
        a, b = rng.sample(WORDS, 2)
        acts = [click([300, 150], "Click into the left terminal"), type_(f"echo {a} {b}", f"Type echo {a} {b}"),
                key("Return", "Run it")]
        for _ in range(4):
            kind = rng.choice(["double", "click", "right"])
            at = [rng.choice([114, 150]), rng.choice([20, 33])]
            if kind == "double":
                acts.append(double(at, "Double-click a word"))
            elif kind == "click":
                acts.append(click(near([700, 500], 100), "Click into the right terminal"))
            else:
                acts.append({"op": "right_click", "at": at, "detail": "Extend the selection"})
        sessions.append({"id": f"kinds-terms-{i + 1}", "app": "terms", "task": f"Echo {a} {b} and pick its words", "actions": acts})
    return sessions


# the Registry Editor's key tree: HKEY_LOCAL_MACHINE's middle, its subkeys 16 px apart below it once expanded
HKLM, KEY_SPACING = [126, 99], 16


# file managers' icon views at (0, 0), 900x600, opened on twelve folders: where the folders' and an opened folder's files'
# icons lie (the first's middle, the spacing across and down, icons a row), the Back button and an empty part of the view
FOLDERS = ["Archive", "Documents", "Drafts", "Invoices", "Music", "Notes", "Photos", "Pictures", "Projects", "Reports",
           "Templates", "Videos"]
MAKE_FILES = "for d in " + " ".join(FOLDERS) + "; do mkdir -p files/$d; for n in $(seq 10 29); do echo $n > files/$d/$d-$n.txt; done; done"
FILE_MANAGERS = {
    "thunar": {"command": "thunar files", "folders": (219, 162, 90, 95, 7), "files": (240, 162, 133, 95, 5), "back": [24, 66],
               "empty": ((350, 850), (360, 540))},
    "caja": {"command": "caja --no-desktop files", "folders": (248, 162, 186, 77, 4), "files": (248, 162, 186, 77, 4),
             "back": [50, 66], "empty": ((200, 850), (380, 560))},
}
FILE_MANAGER_APPS = {name: {"command": ["sh", "-c", MAKE_FILES + "; exec " + manager["command"]], "class": name, "move": [0, 0],
                            "size": [900, 600], "context": "files"} for name, manager in FILE_MANAGERS.items()}


def icon_at(grid, n):
    x0, y0, dx, dy, columns = grid
    return [x0 + dx * (n % columns), y0 + dy * (n // columns)]


def files_sessions(app, count):
    """Single clicks that select an icon, double-clicks that open a folder (the whole view redrawn), right-clicks on an
    icon and on the empty view: what a double-click looks like beside a single click where both highlight something."""
    manager = FILE_MANAGERS[app]
    sessions = []
    for i in range(count):
        first = rng.randrange(len(FOLDERS))
        acts = [click(icon_at(manager["folders"], first), f"Select {FOLDERS[first]}")]
        for _ in range(5):
            n = rng.randrange(len(FOLDERS))
            folder = icon_at(manager["folders"], n)
            empty = [rng.randint(*manager["empty"][0]), rng.randint(*manager["empty"][1])]
            kind = rng.choice(["click", "double", "double", "right", "empty", "blank"])
            if kind == "click":
                acts.append(click(folder, f"Select {FOLDERS[n]}"))
            elif kind == "double":
                acts.append(double(folder, f"Open {FOLDERS[n]}"))
                if rng.random() < 0.5:
                    acts.append(click(icon_at(manager["files"], rng.randrange(8)), "Select a file"))
                acts.append(click(manager["back"], "Go back"))
            elif kind == "right":
                acts += right(folder, f"Open the menu of {FOLDERS[n]}")
            elif kind == "empty":
                acts += right(empty, "Open the folder's menu")
            else:
                acts.append(click(empty, "Click the empty view"))
        sessions.append({"id": f"kinds-{app}-{i + 1}", "app": app, "task": "Select, open and look into folders",
                         "actions": acts})
    return sessions


def regedit_sessions(count):
    sessions = []
    for i in range(count):
        acts = [double(HKLM, "Expand HKEY_LOCAL_MACHINE")]
        for _ in range(5):
            key_at = [rng.randint(100, 130), HKLM[1] + KEY_SPACING * rng.randint(1, 4)]
            kind = rng.choice(["click", "right", "right", "values", "double"])
            if kind == "click":
                acts.append(click(key_at, "Click a key"))
            elif kind == "right":
                acts += right(key_at, "Open a key's context menu")
            elif kind == "values":
                acts += right([rng.randint(350, 550), rng.randint(200, 380)], "Open the values' context menu")
            else:
                acts += [double(key_at, "Expand a key"), double(key_at, "Collapse it again")]
        sessions.append({"id": f"kinds-regedit-{i + 1}", "app": "regedit", "task": "Look through the keys of HKEY_LOCAL_MACHINE",
                         "actions": acts})
    return sessions


def windows_spec():
    sessions = editor_sessions("notepad", 10) + regedit_sessions(8)
    desktops = {name: HARD_DESKTOPS[name] for name in ("wine-800", "wine-1080")}
    for i, session in enumerate(sessions):
        session["desktop"] = list(desktops)[i % 2]
    return {"about": "The action classifier's Windows training corpus (issue 59): generated by kinds_sessions.py windows.",
            "gap_seconds": 0.8, "desktops": desktops, "apps": {name: APPS[name] for name in ("notepad", "regedit")},
            "sessions": sessions}


def main():
    if sys.argv[1:] == ["windows"]:
        print(json.dumps(windows_spec(), indent=1))
        return
    sessions = pad_sessions(12) + sheet_sessions(12) + form_sessions(12) + term_sessions(8)
    sessions += editor_sessions("l3afpad", 8) + editor_sessions("geany", 8) + editor_sessions("featherpad", 8)
    names = [name for name in DESKTOPS if name != "adwaita-1024"]  # that one is the file managers' own
    for i, session in enumerate(sessions):
        session["desktop"] = names[i % len(names)]
    files = files_sessions("thunar", 8) + files_sessions("caja", 8)
    for i, session in enumerate(files):
        session["desktop"] = FILES_DESKTOPS[i % len(FILES_DESKTOPS)]
    sessions += files
    apps = {name: APPS[name] for name in ("pad", "sheet", "form", "terms")} | EDITOR_APPS | FILE_MANAGER_APPS
    print(json.dumps({"about": "The action classifier's training corpus (issue 59): generated by kinds_sessions.py.",
                      "gap_seconds": 0.7, "desktops": DESKTOPS, "apps": apps, "sessions": sessions}, indent=1))


if __name__ == "__main__":
    main()
