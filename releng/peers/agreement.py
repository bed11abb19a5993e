#!/usr/bin/python3
"""How far our steps agree with a peer's own reduction of the same recording.

Usage: agreement.py PEER_ACTIONS.json OURS.jsonl --points WxH [--name NAME] [--json]

PEER_ACTIONS.json is what agentnettool_reduce.py printed (AgentNetTool's reducer, run unchanged); OURS.jsonl is the
task built from the same recording, as `workbench export --set privacy=keep` writes it (each step's code and
start_time). --points is the screen the recording states, in the units of the peer's events (macOS points, or
pixels); our coordinates are shares of the screen in video pixels the task states, or of the one a step states where
the screen changed.

Each peer action is paired with our steps that start within its span (from its first event to its last, 50 ms
either side). It agrees in kind when our first step there is the same action (a single, double or triple click, a
right click, a drag, a scroll in the same direction, typing, a key); in place by the distance between the two points
in video pixels; in text when the keys typed in the span are the same. Our steps in no peer action's span are extra.
Prints one line per difference and a summary; --json prints the figures as JSON instead.
"""
import argparse
import json
import re
import sys

SLACK = 0.05
CODE = re.compile(r"(?:pyautogui|computer)\.(\w+)\((.*)\)$")
NUMBER = r"(-?[0-9.]+)"


def size(text):
    width, height = text.lower().split("x")
    return float(width), float(height)


def peer_kind(action):
    name = action["action"]
    if name == "click":
        if str(action.get("button")).endswith("right"):  # pynput's Button.right, or DuckTrack's right
            return "rightClick"
        return {1: "click", 2: "doubleClick", 3: "tripleClick"}.get(action.get("click_type"), "click")
    if name == "drag":
        return "dragTo"
    if name == "scroll":
        return "scroll-down" if "\u2b07" in (action.get("description") or "") else "scroll-up"
    if name == "type":
        return "write"
    return "key"


def peer_keys(action):
    """The keys of a typing as text: characters as typed, space and enter as themselves, other keys as $name$."""
    text = ""
    for key in action.get("key_names") or []:
        text += {"space": " ", "enter": "\n", "tab": "\t"}.get(key, key if len(key) == 1 else "$" + key + "$")
    return text


def peer_point(action, scale):
    if "coordinate" in action:  # a click's, or where a drag was pressed
        return [action["coordinate"]["x"] * scale[0], action["coordinate"]["y"] * scale[1]]
    return None


def our_step(step, screen):
    """Our step as a kind, a point in video pixels and the keys it types: the kind of its last call (a moveTo first
    only says where a scroll or a drag begins), the point of its first."""
    code = (step.get("value") or {}).get("code") or step.get("code") or ""
    calls = [c for c in (CODE.match(line.strip()) for line in code.strip().splitlines()) if c]
    name, args = (calls[-1].group(1), calls[-1].group(2)) if calls else ("?", "")
    point = None
    for call in calls:
        x = re.search(r"x=" + NUMBER, call.group(2))
        y = re.search(r"y=" + NUMBER, call.group(2))
        if x and y:
            point = [float(x.group(1)) * step.get("screen_width", screen[0]), float(y.group(1)) * step.get("screen_height", screen[1])]
            break
    clicks = 0
    if name == "scroll":
        amount = re.search(r"(?:clicks=)?" + NUMBER, args)
        clicks = abs(float(amount.group(1))) if amount else 0
        name = "scroll-down" if amount and float(amount.group(1)) < 0 else "scroll-up"
    elif name in ("press", "hotkey"):
        name = "key"
    keys = ""
    if name == "write":
        message = re.search(r"message=(['\"])(.*)\1", args, re.S)
        keys = message.group(2).encode().decode("unicode_escape") if message else ""
    elif name == "key":
        names = re.findall(r"'([^']*)'", args)
        keys = {"enter": "\n", "space": " ", "tab": "\t"}.get(names[0], "$" + "+".join(names) + "$") if names else ""
    return {"kind": name, "point": point, "keys": keys, "clicks": clicks, "time": step.get("start_time"), "code": code}


def ours(path):
    with open(path, encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    if len(records) != 1:
        sys.exit(f"{path}: expected one task, found {len(records)}")
    screen = (records[0]["screen_width"], records[0]["screen_height"])
    steps = [our_step(step, screen) for step in records[0]["traj"]]
    return screen, [s for s in steps if s["kind"] != "terminate"]


def compare(peer, mine, scale):
    used = set()
    rows = []
    for action in peer:
        start, end = action["start_time"] - SLACK, (action["end_time"] or action["start_time"]) + SLACK
        inside = [i for i, s in enumerate(mine) if s["time"] is not None and start <= s["time"] <= end and i not in used]
        used.update(inside)
        row = {"peer": action.get("description") or action["action"], "kind": peer_kind(action), "start": action["start_time"]}
        if inside:
            first = mine[inside[0]]
            row["ours"] = [mine[i]["code"] for i in inside]
            row["kind_agrees"] = first["kind"] == row["kind"]
            point = peer_point(action, scale)
            if point and first["point"]:
                row["pixels"] = max(abs(point[0] - first["point"][0]), abs(point[1] - first["point"][1]))
            if row["kind"].startswith("scroll"):
                wheel = re.search(r"\u00d7(\d+)", action.get("description") or "")
                row["wheel_agrees"] = wheel is not None and sum(mine[i]["clicks"] for i in inside) == int(wheel.group(1))
            if row["kind"] == "write":
                row["text_agrees"] = "".join(mine[i]["keys"] for i in inside) == peer_keys(action)
        rows.append(row)
    extra = [s["code"] for i, s in enumerate(mine) if i not in used]
    return rows, extra


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("peer")
    parser.add_argument("ours")
    parser.add_argument("--points", required=True, type=size)
    parser.add_argument("--name", default="recording")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with open(args.peer, encoding="utf-8") as f:
        peer = json.load(f)
    screen, mine = ours(args.ours)
    rows, extra = compare(peer, mine, (screen[0] / args.points[0], screen[1] / args.points[1]))
    matched = [r for r in rows if "ours" in r]
    distances = sorted(r["pixels"] for r in matched if "pixels" in r)
    typed = [r for r in matched if "text_agrees" in r]
    figures = {
        "source": args.name, "peer_actions": len(rows), "matched": len(matched),
        "kind_agrees": sum(1 for r in matched if r["kind_agrees"]),
        "points": len(distances), "max_pixels": round(distances[-1], 2) if distances else None,
        "within_1px": sum(1 for d in distances if d <= 1), "one_step": sum(1 for r in matched if len(r["ours"]) == 1),
        "wheel_agrees": sum(1 for r in matched if r.get("wheel_agrees")), "scrolls": sum(1 for r in matched if "wheel_agrees" in r),
        "typed": len(typed),
        "text_agrees": sum(1 for r in typed if r["text_agrees"]), "extra_steps": len(extra),
    }
    if args.json:
        json.dump({"figures": figures, "rows": rows, "extra": extra}, sys.stdout, indent=1)
        return
    for r in rows:
        if "ours" not in r:
            print(f"  missing: {r['peer']} at {r['start']:.3f}")
        elif (not r["kind_agrees"] or r.get("text_agrees") is False or r.get("wheel_agrees") is False or r.get("pixels", 0) > 1
              or len(r["ours"]) > 1):
            print(f"  differs: {r['peer']!r} at {r['start']:.3f} -> {r['ours']}" + (f" ({r['pixels']:.1f} px)" if "pixels" in r else ""))
    for code in extra:
        print(f"  extra: {code}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
