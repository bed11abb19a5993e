#!/usr/bin/env python3
"""Writes desktop.json, the harder corpus: real applications on realistic desktops (a panel whose clock ticks every
second, notifications sliding in, two cursor themes, 1280x800 and 1920x1080) and Windows programs under Wine recorded
by our Windows backend (Windows pointers), played by Corpus.java like sessions.json. The sessions are made from a few
scenarios per application with varied targets and words, from a fixed seed, so the file is the same on every run; edit
the scenarios here, not the JSON.
Usage: releng/corpus/desktop_sessions.py > releng/corpus/desktop.json"""
import json
import random

rng = random.Random(34)

DESKTOPS = {
    "dmz-1080": {"screen": [1920, 1080], "cursor_theme": "DMZ-White", "panel": True, "notifications": True,
                 "notification": {"after_seconds": 2.5, "summary": "Backup finished", "body": "All files were copied to the server"}},
    "adwaita-800": {"screen": [1280, 800], "cursor_theme": "Adwaita", "panel": True, "notifications": True,
                    "notification": {"after_seconds": 4, "summary": "New mail", "body": "Anna: the report is ready for review"}},
    # Wine's virtual desktop filling the screen; the recording is made by workbench.cmd under Wine
    "wine-800": {"screen": [1280, 800], "windows": True},
    "wine-1080": {"screen": [1920, 1080], "windows": True},
}

BROWSER = ["chromium", "--no-sandbox", "--test-type", "--no-first-run", "--no-default-browser-check", "--disable-gpu",
           "--disable-features=Translate,MediaRouter", "--password-store=basic", "--window-position=0,0", "--window-size=1000,700"]
APPS = {
    # points of in_window apps are from the window's inside top left (Corpus.java makes them absolute)
    "form": {"command": BROWSER + ["--app=file://PAGES/form.html"], "class": "chromium", "in_window": True, "context": "Chromium"},
    "sheet": {"command": ["gnumeric", "--no-splash"], "class": "gnumeric", "move": [0, 0], "size": [1000, 700], "in_window": True,
              "context": "Gnumeric"},
    "terms": {"command": ["sh", "-c", "xterm -geometry 80x20+0+0 -T Left & xterm -geometry 80x20+560+330 -T Right & wait"],
              "class": "xterm", "env": {"PS1": "user@desk:~$ "}, "context": "xterm"},
    # Windows programs (Wine's): each comes up at the desktop's top left; points are from its window's top left
    "notepad": {"command": ["notepad"], "in_window": True, "context": "Notepad"},
    "regedit": {"command": ["regedit"], "in_window": True, "context": "Registry Editor"},
    "winecfg": {"command": ["winecfg"], "in_window": True, "context": "Wine configuration"},
    "pad": {"command": ["mousepad"], "class": "mousepad", "move": [0, 0], "size": [700, 520], "context": "Mousepad"},
}

WORDS = ["alpha", "bravo", "report", "invoice", "garden", "delta", "summer", "orange", "market", "window", "river", "planet"]
NAMES = ["Anna Berg", "Tom Lake", "Mia Chen", "Omar Diaz", "Lena Roth", "Ivan Petrov"]
CITIES = ["Lisbon", "Oslo", "Denver", "Kyoto", "Munich", "Quito"]

# the form page (pages/form.html): centres of its controls, in page pixels
NAME, CITY, GIFT = [250, 88], [250, 138], [41, 188]
BUTTONS = {"Save": [85, 247], "Clear": [215, 247], "Next": [345, 247]}
LINKS = {"Terms of sale": [62, 430], "Help": [197, 430]}
LIST_X = 580


def list_row(i):
    return [LIST_X, 72 + 1 + 25 * (i - 1) + 12]


def cell(column, row):
    """The centre of a Gnumeric cell (column 0 is A), from its window's inside top left at 100 %."""
    return [96 + 81 * column, 200 + 18 * (row - 1)]


def click(at, detail):
    return {"op": "click", "at": at, "detail": detail}


def type_(text, detail=None):
    return {"op": "type", "text": text, "detail": detail or f"Type {text}"}


def key(name, detail):
    return {"op": "press", "key": name, "detail": detail}


def form_sessions():
    sessions = []
    for i in range(16):
        name, city = rng.choice(NAMES), rng.choice(CITIES)
        button = rng.choice(list(BUTTONS))
        acts = [click(NAME, "Click the Name field"), type_(name, f"Type the name {name}"),
                click(CITY, "Click the City field"), type_(city, f"Type the city {city}")]
        if i % 2:
            acts.append(click(GIFT, "Tick Gift wrap"))
        acts.append(click(BUTTONS[button], f"Click {button}"))
        if i % 3 == 0:
            acts += [{"op": "scroll", "at": [LIST_X, 180], "clicks": -3, "detail": "Scroll down the item list"},
                     click(list_row(rng.randint(6, 10)), "Click an item of the list"),
                     {"op": "scroll", "at": [LIST_X, 180], "clicks": 3, "detail": "Scroll up the item list"}]
        sessions.append({"id": f"form-fill-{i + 1}", "app": "form", "task": f"Fill in the order form for {name} in {city}",
                         "actions": acts})
    for i in range(8):
        link = rng.choice(list(LINKS))
        acts = [click(LINKS[link], f"Click the {link} link"),
                {"op": "select", "from": [31, 341], "to": [rng.choice([98, 148, 230]), 341], "detail": "Select the first words"},
                click(list_row(rng.randint(1, 8)), "Click an item of the list")]
        if i % 2 == 0:
            acts += [{"op": "right_click", "at": [600, 500], "detail": "Open the page's context menu"},
                     key("Escape", "Close the context menu")]
        sessions.append({"id": f"form-browse-{i + 1}", "app": "form", "task": f"Open {link}, select the delivery text and pick an item",
                         "actions": acts})
    return sessions


def sheet_sessions():
    sessions = []
    for i in range(16):
        column, row = rng.randint(0, 5), rng.randint(1, 12)
        numbers = [str(rng.randint(2, 999)) for _ in range(rng.choice([1, 2, 3]))]
        acts = [click(cell(column, row), f"Click cell {chr(65 + column)}{row}")]
        for n in numbers:
            acts += [type_(n, f"Type {n}"), key("Return", "Press Enter to move down")]
        if i % 3 == 0:
            acts += [{"op": "drag", "from": cell(column, row), "to": cell(column + 2, row + 3),
                      "detail": "Select a range of cells"}]
        if i % 4 == 1:
            acts += [{"op": "scroll", "at": [500, 400], "clicks": -3, "detail": "Scroll down the sheet"},
                     click(cell(rng.randint(0, 6), rng.randint(4, 14)), "Click a cell")]
        sessions.append({"id": f"sheet-{i + 1}", "app": "sheet", "task": f"Enter {', '.join(numbers)} in the sheet", "actions": acts})
    return sessions


def term_sessions():
    sessions = []
    left, right = [300, 150], [860, 480]
    for i in range(10):
        a, b = rng.sample(WORDS, 2)
        acts = [click(left, "Click into the left terminal"), type_(f"echo {a}", f"Type echo {a}"), key("Return", "Run it"),
                click(right, "Click into the right terminal"), type_(f"echo {b} {a}", f"Type echo {b} {a}"),
                key("Return", "Run it")]
        acts += [{"op": "select", "from": [5, 20], "to": [rng.choice([60, 90, 130]), 20],
                  "detail": "Select the first command in the left terminal"}]
        if i % 2:
            acts += [type_("ls", "Type ls"), key("Return", "Run it")]
        sessions.append({"id": f"terms-{i + 1}", "app": "terms", "task": f"Echo {a} in one terminal and {b} in the other",
                         "actions": acts})
    return sessions


def pad_sessions():
    sessions = []
    for i in range(10):
        words = rng.sample(WORDS, rng.choice([2, 3, 4]))
        acts = [click([300, 200], "Click into the text")]
        for w in words:
            acts += [type_(w, f"Type {w}"), key("Return", "Start a new line")]
        if i % 2 == 0:
            acts += [{"op": "double_click", "at": [24, 96], "detail": "Double-click the word on the second line"}]
        sessions.append({"id": f"pad-{i + 1}", "app": "pad", "task": "Write " + ", ".join(words) + " on separate lines", "actions": acts})
    return sessions


def notepad_line(n):
    """The middle of the n-th line of Notepad's text (1 is the first), from its window's top left."""
    return 52 + 14 * (n - 1)


def notepad_sessions():
    sessions = []
    for i in range(8):
        words = rng.sample(WORDS, rng.choice([2, 3, 4]))
        acts = [click([rng.randint(200, 600), rng.randint(150, 400)], "Click into the text")]
        for w in words:
            acts += [type_(w, f"Type {w}"), key("Return", "Start a new line")]
        if i % 2 == 0:
            acts.append({"op": "double_click", "at": [24, notepad_line(2)], "detail": "Double-click the word on the second line"})
        else:
            acts.append({"op": "select", "from": [11, notepad_line(1)], "to": [11 + 7 * len(words[0]), notepad_line(1)],
                         "detail": "Select the first word"})
        if i % 4 == 0:
            acts += [{"op": "right_click", "at": [rng.randint(300, 500), rng.randint(250, 400)], "detail": "Open the text's context menu"},
                     key("Escape", "Close the context menu")]
        elif i % 4 == 2:
            acts += [click([54, 33], "Open the Edit menu"), key("Escape", "Close the menu")]
        sessions.append({"id": f"notepad-{i + 1}", "app": "notepad", "task": "Write " + ", ".join(words) + " in Notepad",
                         "actions": acts})
    return sessions


def regedit_sessions():
    sessions = []
    for i in range(6):
        if i % 2 == 0:  # the classes key expands and scrolls to the top: its many subkeys fill the tree
            acts = [{"op": "double_click", "at": [124, 67], "detail": "Expand HKEY_CLASSES_ROOT"},
                    {"op": "scroll", "at": [130, 300], "clicks": -rng.choice([3, 5]), "detail": "Scroll down the key tree"},
                    click([110, 51 + 16 * rng.randint(4, 25)], "Click a key"),
                    {"op": "scroll", "at": [130, 300], "clicks": 3, "detail": "Scroll up the key tree"}]
        else:
            acts = [{"op": "double_click", "at": [126, 99], "detail": "Expand HKEY_LOCAL_MACHINE"},
                    click([110, 99 + 16 * rng.randint(1, 4)], "Click a key of HKEY_LOCAL_MACHINE"),
                    click([120, 33], "Open the View menu"), key("Escape", "Close the menu")]
        sessions.append({"id": f"regedit-{i + 1}", "app": "regedit", "task": "Look through the registry's keys", "actions": acts})
    return sessions


# winecfg's tabs: a tab of the top row clicked comes down to the bottom row, the rows changing places
TOP, BOTTOM = 39, 57


def winecfg_sessions():
    sessions = []
    for i in range(6):
        owner, organisation = rng.choice(NAMES), rng.choice(["Acme", "Globex", "Initech", "Umbrella"])
        if i % 2 == 0:
            acts = [click([265, BOTTOM], "Open the Graphics tab"),
                    click([46, rng.choice([109, 128])], "Tick a window setting"),
                    click([171, BOTTOM], "Open the Libraries tab"),
                    click([394, TOP], "Open the About tab"),
                    click([285, 357], "Click the Owner field"), type_(owner, f"Type the owner {owner}"),
                    click([285, 380], "Click the Organization field"), type_(organisation, f"Type the organization {organisation}"),
                    click([333, 449], "Click Cancel")]
        else:
            acts = [click([315, 394], "Open the Windows version list"), key("Escape", "Close the list"),
                    click([240, TOP], "Open the Audio tab"),
                    click([265, TOP], "Open the Graphics tab, now in the top row"),
                    click([46, 109], "Tick capturing the mouse"),
                    click([333, 449], "Click Cancel")]
        sessions.append({"id": f"winecfg-{i + 1}", "app": "winecfg", "task": "Look through Wine's settings and cancel", "actions": acts})
    return sessions


def main():
    sessions = form_sessions() + sheet_sessions() + term_sessions() + pad_sessions()
    for i, session in enumerate(sessions):
        session["desktop"] = "dmz-1080" if i % 2 == 0 else "adwaita-800"
    windows = notepad_sessions() + regedit_sessions() + winecfg_sessions()
    for i, session in enumerate(windows):
        session["desktop"] = "wine-800" if i % 2 == 0 else "wine-1080"
    sessions += windows
    print(json.dumps({"about": "The harder corpus (issue 34): generated by desktop_sessions.py; regenerate.sh --spec desktop.json "
                               "plays it like sessions.json.",
                      "gap_seconds": 0.9, "desktops": DESKTOPS, "apps": APPS, "sessions": sessions}, indent=1))


if __name__ == "__main__":
    main()
