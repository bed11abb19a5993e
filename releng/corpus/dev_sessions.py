#!/usr/bin/env python3
"""Writes dev.json, the offline method's dev corpus: what a change to the method is judged on before the held-out corpus is
run once. Its sessions have the held-out corpus's traits with other applications and pointers: a Motif editor (NEdit:
typing, a double-click on a word, a selection), a VTE terminal (LXTerminal: commands, a right-click menu, and commands
whose short answer comes more than half a second after the Enter; Python's prompt in it, behind a thin caret) and a file
manager's icon view (PCManFM: a click that selects, a double-click that redraws the whole view, scrolling, the location
bar), under the pointer detector's dev themes (Bibata, whiteglass), never its train or held-out ones, at 1440x900,
1680x1050, 1920x1080 and 1280x1024. Nothing is trained on it.
With the argument `windows` it writes the Windows dev corpus: Wine's Task Manager, a program neither the train corpora nor
the held-out one holds (tabs, a process's right-click menu, the Create New Task dialog typed into and cancelled, its
menus; its status bar and graphs change by themselves, as a game's timer or a clock does), in Wine's desktop at 1440x900
and 1280x1024, recorded by our Windows backend: what a change to the method for Windows is judged on before the Windows
held-out corpus.
Usage: releng/corpus/dev_sessions.py > releng/corpus/dev.json
       releng/corpus/dev_sessions.py windows > releng/corpus/dev-windows.json"""
import json
import random
import sys

from desktop_sessions import WORDS, click, key, type_
from heldout_sessions import commands_run, desktop, editor_sessions, spec

rng = random.Random(60)

DESKTOPS = {
    "bibata-1440": desktop([1440, 900], "Bibata-Modern-Classic", 24, "Meeting moved", "Now at 3 pm in room 2"),
    "ice-1920": desktop([1920, 1080], "Bibata-Modern-Ice", 32, "New message", "Lena: see you at the station"),
    "whiteglass-1280": desktop([1280, 1024], "whiteglass", 24, "Backup finished", "214 files copied"),
    "amber-1680": desktop([1680, 1050], "Bibata-Original-Amber", 40, "Printer", "Paper jam in tray 2"),
}

FOLDERS = ["Archive", "Documents", "Drafts", "Invoices", "Music", "Notes", "Photos", "Pictures", "Projects", "Reports",
           "Templates", "Videos"]
# forty files in each folder of the scratch home, so that an opened folder has something to scroll through
MAKE_FILES = "for d in " + " ".join(FOLDERS) + "; do mkdir -p files/$d; for n in $(seq 10 49); do echo $n > files/$d/$d-$n.txt; done; done"

APPS = {
    "nedit": {"command": ["nedit"], "class": "nedit", "move": [0, 0], "size": [800, 600], "context": "NEdit"},
    "terminal": {"command": ["lxterminal"], "class": "lxterminal", "move": [0, 0], "size": [800, 600], "context": "LXTerminal"},
    "files": {"command": ["sh", "-c", MAKE_FILES + "; exec pcmanfm files"], "class": "pcmanfm", "move": [0, 0],
              "size": [900, 600], "context": "files"},
    # Python's prompt in the terminal, its caret a thin bar (the DECSCUSR sequence), as an interpreter's window shows one
    "repl": {"command": ["lxterminal", "-e", "bash", "-c", "printf '\\e[6 q'; exec python3 -q"], "class": "lxterminal",
             "move": [0, 0], "size": [800, 600], "context": "Python"},
}

# NEdit's text (6 px a letter from x 7; lines 13 px apart from y 58), at the window's place (0, 0) and size
NEDIT_X, NEDIT_LINE, NEDIT_LINES, NEDIT_LETTER = 7, 58, 13, 6


def nedit_point(line, letter):
    return [NEDIT_X + NEDIT_LETTER * letter + NEDIT_LETTER // 2, NEDIT_LINE + NEDIT_LINES * (line - 1)]


def nedit_sessions():
    return editor_sessions(rng, "nedit", "NEdit", nedit_point,
                           lambda line, letter: [NEDIT_X + NEDIT_LETTER * letter, NEDIT_LINE + NEDIT_LINES * (line - 1)])


COMMANDS = ["echo {} {}", "seq 4", "expr 6 + 7", "printf '%s\\n' {}", "ls /", "pwd"]


def terminal_sessions():
    sessions = []
    for i in range(6):
        commands = [c.format(*rng.sample(WORDS, 2)) for c in rng.sample(COMMANDS, 2)]
        acts = commands_run(rng, commands, "terminal", ((200, 600), (200, 400)), ((250, 550), (250, 350)) if i % 2 == 0 else None)
        sessions.append({"id": f"terminal-{i + 1}", "app": "terminal", "task": "Run " + " and ".join(commands) + " in a terminal",
                         "actions": acts})
    return sessions


# PCManFM's icon grid (94 px apart from x 208, rows 73 px apart from y 117), its Back button and location bar
GRID_X, GRID_Y, GRID_DX, GRID_DY, COLUMNS = 208, 117, 94, 73, 7
BACK, LOCATION, VIEW = [84, 65], [550, 65], [520, 380]


def folder_point(name):
    n = FOLDERS.index(name)
    return [GRID_X + GRID_DX * (n % COLUMNS), GRID_Y + GRID_DY * (n // COLUMNS)]


def files_sessions():
    sessions = []
    for i in range(6):
        a, b = rng.sample(FOLDERS, 2)
        acts = [click(folder_point(a), f"Select {a}"),
                {"op": "double_click", "at": folder_point(b), "detail": f"Open {b}"}]
        if i % 2 == 0:
            acts += [{"op": "scroll", "at": VIEW, "clicks": -3, "detail": f"Scroll down {b}"}, click(BACK, "Go back")]
        else:
            acts += [click(LOCATION, "Click the location bar"), key("ctrl+a", "Select the location"),
                     type_("~/files/" + a, f"Go to {a}"), key("Return", "Open it")]
        sessions.append({"id": f"files-{i + 1}", "app": "files", "task": f"Look into the {b} and {a} folders", "actions": acts})
    return sessions


# commands whose short answer comes more than half a second after the Enter, as a slow program's does, and before the
# next command is typed (the gap between actions is 0.9 s): not typing
SLOW_COMMANDS = ["sleep 0.6; expr 40 + 5", "sleep 0.6; echo {}", "sleep 0.7; pwd", "sleep 0.6; seq 2", "sleep 0.7; expr 3 \\* 12"]


def slow_sessions():
    return commands_sessions("slow", "terminal", SLOW_COMMANDS, 2, "terminal", "Run {} in a terminal")


def commands_sessions(name, app, commands, per_session, place, task):
    """Four sessions of `app`, each running `per_session` of `commands` typed into its `place`."""
    sessions = []
    for i in range(4):
        run = [c.format(*rng.sample(WORDS, 1)) for c in rng.sample(commands, per_session)]
        sessions.append({"id": f"{name}-{i + 1}", "app": app, "task": task.format(" and ".join(run)),
                         "actions": commands_run(rng, run, place, ((200, 600), (200, 400)))})
    return sessions


# an interpreter's short answers (a line, then its prompt again), some of them a moment after the Enter, behind a thin caret
REPL_COMMANDS = ["40 + 5", "len('{}')", "'{}'.upper()", "2 ** 10", "sum(range(7))", "__import__('time').sleep(0.6) or 45",
                 "print('{}')", "__import__('time').sleep(0.7) or '{}'"]


def repl_sessions():
    return commands_sessions("repl", "repl", REPL_COMMANDS, 3, "interpreter", "Evaluate {} in Python")


WINDOWS_DESKTOPS = {"wine-1440": {"screen": [1440, 900], "windows": True}, "wine-1280": {"screen": [1280, 1024], "windows": True}}
WINDOWS_APPS = {"taskmgr": {"command": ["taskmgr"], "in_window": True, "context": "Task Manager"}}
# Task Manager's places from its window's top left: its Options menu, its three tabs, the New Task button, the process rows
OPTIONS, APPLICATIONS, PROCESSES, PERFORMANCE, NEW_TASK = [65, 32], [51, 56], [125, 56], [202, 56], [383, 389]
PROCESS_ROWS = ((40, 130), (104, 200))


def taskmgr_sessions():
    sessions = []
    for i in range(12):
        word = rng.choice(WORDS)
        acts = [click(PROCESSES, "Show the processes"),
                {"op": "right_click", "at": [rng.randint(*PROCESS_ROWS[0]), rng.randint(*PROCESS_ROWS[1])],
                 "detail": "Open a process's menu"},
                key("Escape", "Close the menu")]
        if i % 3 == 0:
            acts += [click(PERFORMANCE, "Show the performance graphs")]
        acts += [click(APPLICATIONS, "Show the applications"), click(NEW_TASK, "Open the Create New Task dialog"),
                 type_(word, f"Type {word}"), key("Escape", "Cancel the dialog")]
        if i % 2:
            acts += [click(OPTIONS, "Open the Options menu"), key("Escape", "Close the menu")]
        sessions.append({"id": f"taskmgr-{i + 1}", "app": "taskmgr", "task": f"Look at the processes and start {word} in Task Manager",
                         "actions": acts})
    return sessions


def main():
    if sys.argv[1:] == ["windows"]:
        print(json.dumps(spec("The Windows dev corpus (issue 59): generated by dev_sessions.py windows; judged on, never trained on.",
                              WINDOWS_DESKTOPS, WINDOWS_APPS, taskmgr_sessions()), indent=1))
        return
    print(json.dumps(spec("The dev corpus (issue 59): generated by dev_sessions.py; judged on, never trained on.", DESKTOPS, APPS,
                          nedit_sessions() + terminal_sessions() + files_sessions() + slow_sessions() + repl_sessions()),
                          indent=1))


if __name__ == "__main__":
    main()
