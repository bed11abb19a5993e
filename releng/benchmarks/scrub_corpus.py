#!/usr/bin/env python3
"""The personal-data benchmark: real applications under Xvfb showing planted identifiers, scrubbed by the product.

Makes the corpus (its truth is what this script planted), imports one task per screenshot into a dataset, runs
`workbench scrub` on it with each screen text reader (--readers, default tesseract and ppocr) and prints for each, per
kind and overall, recall and precision letter for letter, and with the letters OCR takes for one another folded (0/O,
1/I/l, 5/S, 8/B: the box of "AKIATYBOJ..." read for "AKIAIYB0J..." still covers it on the screen), what it missed, the
look-alikes (versions, times, hashes) taken for personal data, and the seconds per 1920x1080 screenshot: in tasks of one
step each, and as the steps of one task (a screenshot is read on each core at a time), each run a `workbench scrub`
process that loads its reader first.

Applications: mousepad (an editor), xterm (a terminal), chromium (a form and a contact table on a local page) and
gnumeric (a spreadsheet), at 1280x800 and 1920x1080, in two variants each (fonts, sizes, colours). Needs xvfb, openbox,
xdotool, imagemagick, tesseract-ocr, mousepad, xterm, chromium and gnumeric (Debian packages).
"""
import argparse
import csv
import difflib
import html
import json
import os
import random
import shutil
import string
import subprocess
import sys
import time
from pathlib import Path

CONTRIBUTOR = ["Alice Martin", "amartin", "amartin-laptop"]
SIZES = [(1280, 800), (1920, 1080)]
APPS = ["mousepad", "xterm", "chromium", "gnumeric"]
FIRST = ["alice", "bob", "carla", "dmitri", "emma", "farid", "grace", "hiro", "ines", "jonas"]
LAST = ["smith", "nguyen", "mueller", "rossi", "kowalski", "okafor", "tanaka", "garcia", "dubois", "larsen"]
DOMAINS = ["example.com", "mail.de", "outlook.fr", "uni-heidelberg.de", "protonmail.ch", "company.co.uk"]
STREETS = ["Maple", "Oak", "Lincoln", "Washington", "Cedar", "Elm", "Highland", "Sunset"]
KINDS_US = ["Street", "Avenue", "Road", "Lane", "Drive", "Blvd"]
CITIES = [("Springfield", "IL", "62704"), ("Portland", "OR", "97205"), ("Austin", "TX", "78701"), ("Boston", "MA", "02118")]
DE_STREETS = [("Haupt", "straße"), ("Berliner ", "Straße"), ("Linden", "allee"), ("Garten", "weg"), ("Markt", "platz")]
DE_CITIES = [("10115", "Berlin"), ("80331", "München"), ("50667", "Köln"), ("20095", "Hamburg")]


def luhn_complete(digits):
    total = 0
    for i, d in enumerate(reversed(digits + "0")):
        n = int(d)
        if i % 2 == 1:
            n = n * 2 - 9 if n * 2 > 9 else n * 2
        total += n
    return digits + str((10 - total % 10) % 10)


def iban(rnd, country):
    if country == "DE":
        bban = "".join(rnd.choice(string.digits) for _ in range(18))
    elif country == "GB":
        bban = "".join(rnd.choice(string.ascii_uppercase) for _ in range(4)) + "".join(rnd.choice(string.digits) for _ in range(14))
    else:  # NL
        bban = "".join(rnd.choice(string.ascii_uppercase) for _ in range(4)) + "".join(rnd.choice(string.digits) for _ in range(10))
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    check = 98 - int(numeric) % 97
    value = f"{country}{check:02d}{bban}"
    return " ".join(value[i:i + 4] for i in range(0, len(value), 4)) if rnd.random() < 0.7 else value


def card(rnd):
    scheme = rnd.choice(["visa", "mc", "amex"])
    if scheme == "amex":
        number = luhn_complete(rnd.choice(["34", "37"]) + "".join(rnd.choice(string.digits) for _ in range(12)))
        groups = [number[:4], number[4:10], number[10:]]
    else:
        prefix = "4" if scheme == "visa" else str(rnd.randint(51, 55))
        number = luhn_complete(prefix + "".join(rnd.choice(string.digits) for _ in range(15 - len(prefix))))
        groups = [number[i:i + 4] for i in range(0, 16, 4)]
    return rnd.choice([" ", "-"]).join(groups)  # grouped: a spreadsheet shows 16 digits alone as 4.1E+15


def rand(rnd, alphabet, n):
    return "".join(rnd.choice(alphabet) for _ in range(n))


def identifiers(rnd):
    """One of each kind (two of some), as (kind, value)."""
    alnum = string.ascii_letters + string.digits
    first, last = rnd.choice(FIRST), rnd.choice(LAST)
    city, state, zipcode = rnd.choice(CITIES)
    street, suffix = rnd.choice(DE_STREETS)
    plz, de_city = rnd.choice(DE_CITIES)
    area = rnd.choice(["212", "415", "617", "312", "206"])
    phones = [f"+1 {area}-555-01{rnd.randint(10, 99)}", f"({area}) 555-01{rnd.randint(10, 99)}",
              f"+44 20 7946 0{rnd.randint(100, 999)}", f"+33 1 {rnd.randint(40, 49)} {rnd.randint(10, 99)} {rnd.randint(10, 99)} {rnd.randint(10, 99)}"]
    tokens = ["ghp_" + rand(rnd, alnum, 36), "hf_" + rand(rnd, string.ascii_letters, 34), "AKIA" + rand(rnd, string.ascii_uppercase + string.digits, 16),
              "sk-proj-" + rand(rnd, alnum, 32), "glpat-" + rand(rnd, alnum, 20)]
    return [
        ("email", f"{first}.{last}{rnd.randint(1, 99)}@{rnd.choice(DOMAINS)}"),
        ("email", f"{first[0]}{last}@{rnd.choice(DOMAINS)}"),
        ("phone", rnd.choice(phones[:2])),
        ("phone", rnd.choice(phones[2:])),
        ("card", card(rnd)),
        ("iban", iban(rnd, rnd.choice(["DE", "GB", "NL"]))),
        ("ip", f"{rnd.choice(['192.168', '10.12', '172.20'])}.{rnd.randint(0, 255)}.{rnd.randint(1, 254)}"),
        ("mac", rnd.choice([":", "-"]).join(rand(rnd, "0123456789ABCDEF", 2) for _ in range(6))),
        ("token", rnd.choice(tokens[:3])),
        ("token", rnd.choice(tokens[3:])),
        ("url-credentials", f"https://{first}:{rand(rnd, alnum, 10)}@git.{rnd.choice(DOMAINS)}/team/repo.git"),
        ("url-credentials", f"https://api.{rnd.choice(DOMAINS)}/v2/files?access_token={rand(rnd, alnum, 24)}"),
        ("address", f"{rnd.randint(10, 9999)} {rnd.choice(STREETS)} {rnd.choice(KINDS_US)}, {city}, {state} {zipcode}"),
        ("address", f"{street}{suffix} {rnd.randint(1, 120)}, {plz} {de_city}"),
        ("contributor", "Alice Martin"),
        ("contributor", rnd.choice(["amartin-laptop", "amartin"])),
    ]


def negatives(rnd):
    return [f"v{rnd.randint(1, 9)}.{rnd.randint(0, 30)}.{rnd.randint(0, 99)}", f"{rnd.randint(0, 23):02d}:{rnd.randint(0, 59):02d}:{rnd.randint(0, 59):02d}",
            f"2026-{rnd.randint(1, 12):02d}-{rnd.randint(1, 28):02d}", rand(rnd, "0123456789abcdef", 40), rand(rnd, "0123456789abcdef", 7),
            f"Order #{rnd.randint(100000, 999999)}", f"{rnd.randint(1, 9)},{rnd.randint(100, 999)} KB"]


LABELS = {"email": "E-mail", "phone": "Phone", "card": "Card", "iban": "IBAN", "ip": "Host", "mac": "MAC", "token": "Key",
          "url-credentials": "Remote", "address": "Address", "contributor": "Owner"}


def lines(planted, negs):
    rows = [f"{LABELS[kind]}: {value}" for kind, value in planted]
    rows += [f"Release {negs[0]} built {negs[2]} {negs[1]}", f"commit {negs[3]} ({negs[4]})", f"{negs[5]}, attachment {negs[6]}"]
    return rows


class Display:
    def __init__(self, number, width, height, work):
        self.name = f":{number}"
        # a home of its own: an editor's session left by another run asks to be restored instead of opening the file
        home = Path(work) / "home"
        shutil.rmtree(home, ignore_errors=True)
        home.mkdir(parents=True)
        self.env = dict(os.environ, DISPLAY=self.name, HOME=str(home))
        for variable in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "WAYLAND_DISPLAY"):
            self.env.pop(variable, None)
        self.xvfb = subprocess.Popen(["Xvfb", self.name, "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        self.wm = subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.width, self.height, self.work = width, height, work
        time.sleep(0.5)

    def run(self, command, **kw):
        return subprocess.Popen(command, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)

    def window(self, klass, seconds=30):
        end = time.time() + seconds
        while time.time() < end:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", klass], env=self.env, capture_output=True, text=True)
            ids = found.stdout.split()
            if ids:
                return ids[-1]
            time.sleep(0.3)
        raise RuntimeError(f"no {klass} window on {self.name} within {seconds} s")

    def fill(self, window):
        subprocess.run(["xdotool", "windowmove", window, "0", "0", "windowsize", window, str(self.width), str(self.height)], env=self.env)

    def shot(self, path):
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, check=True)

    def close(self):
        for process in (self.wm, self.xvfb):
            process.terminate()
            process.wait()


def show(display, app, variant, rows, work, shot):
    """Opens the rows in the application, fills the screen with it, waits for it to draw, screenshots, closes it."""
    text = work / f"{shot.stem}.txt"
    text.write_text("\n".join(rows) + "\n")
    if app == "mousepad":
        process = display.run(["mousepad", str(text)])
        klass = "mousepad"
    elif app == "xterm":
        colours = ["-bg", "white", "-fg", "black"] if variant == 0 else ["-bg", "#1e1e2e", "-fg", "#a6e3a1"]
        size = "11" if variant == 0 else "13"
        process = display.run(["xterm", *colours, "-fa", "DejaVu Sans Mono", "-fs", size, "-e", f"cat '{text}'; sleep 600"])
        klass = "xterm"
    elif app == "gnumeric":
        sheet = work / f"{shot.stem}.csv"
        with open(sheet, "w", newline="") as out:
            writer = csv.writer(out)
            for row in rows:
                writer.writerow(row.split(": ", 1) if ": " in row else [row])
        process = display.run(["gnumeric", "--no-splash", str(sheet)])
        klass = "gnumeric"
    else:
        page = work / f"{shot.stem}.html"
        page.write_text(page_html(rows, variant))
        profile = work / f"chromium-{shot.stem}"
        process = display.run(["chromium", "--no-sandbox", "--no-first-run", "--no-default-browser-check", "--disable-gpu",
                               "--password-store=basic", f"--user-data-dir={profile}", "--disable-features=Translate",
                               f"--window-size={display.width},{display.height}", "--window-position=0,0", f"file://{page}"])
        klass = "chromium"
    window = display.window(klass)
    display.fill(window)
    time.sleep(4 if app in ("chromium", "gnumeric") else 2)
    display.shot(shot)
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
    time.sleep(0.5)


def page_html(rows, variant):
    style = ("body{font:14px 'DejaVu Sans',sans-serif;color:#222;background:#fff;margin:16px}"
             "h1{background:#1a5fb4;color:#fff;font-size:18px;padding:8px}td{padding:3px 10px;border-bottom:1px solid #ddd}"
             "input{font:13px 'DejaVu Sans';width:520px;padding:3px}") if variant == 0 else \
            ("body{font:13px 'Nimbus Roman',serif;color:#555;background:#f6f5f4;margin:12px}"
             "h1{background:#333;color:#eee;font-size:15px;padding:6px}td{padding:2px 8px;font-size:12px}"
             "input{font:12px 'Nimbus Sans';width:480px;color:#444;background:#fffbe6}")
    fields = [r for r in rows if ": " in r]
    half = len(fields) // 2
    form = "".join(f"<p><label>{html.escape(r.split(': ', 1)[0])}</label><br><input value=\"{html.escape(r.split(': ', 1)[1])}\"></p>"
                   for r in fields[:half])
    table = "".join(f"<tr><td>{html.escape(r.split(': ', 1)[0])}</td><td>{html.escape(r.split(': ', 1)[1])}</td></tr>" for r in fields[half:])
    rest = "".join(f"<p>{html.escape(r)}</p>" for r in rows if ": " not in r)
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>Account settings</title><style>{style}</style></head><body>"
            f"<h1>Account settings</h1><div style='display:flex;gap:32px'><div>{form}</div><div><table>{table}</table>{rest}</div></div></body></html>")


def make(out, seed):
    rnd = random.Random(seed)
    images = out / "images"
    images.mkdir(parents=True, exist_ok=True)
    work = out / "work"
    work.mkdir(exist_ok=True)
    truth = {}
    for number, (width, height) in enumerate(SIZES):
        display = Display(151 + number, width, height, work)
        try:
            for app in APPS:
                for variant in range(2):
                    planted, negs = identifiers(rnd), negatives(rnd)
                    rnd.shuffle(planted)
                    task = f"{app}-{width}x{height}-{variant}"
                    show(display, app, variant, lines(planted, negs), work, images / f"{task}.png")
                    truth[task] = {"width": width, "planted": [{"kind": k, "value": v} for k, v in planted], "negatives": negs}
                    print(f"corpus: {task}: {len(planted)} planted", file=sys.stderr)
        finally:
            display.close()
    (out / "truth.json").write_text(json.dumps(truth, indent=1))
    with open(out / "data.jsonl", "w") as records:
        for task in truth:
            records.write(json.dumps({"task_id": task, "instruction": "Check the settings on the screen", "traj": [
                {"index": 0, "image": f"{task}.png", "value": {"code": "pyautogui.click(x=0.5, y=0.5)", "action": "Click the window"}}]}) + "\n")
    return truth


def norm(text):
    return "".join(text.lower().split())


# Letters OCR takes for one another at screen sizes; a finding that reads "AKIATYBOJ..." for "AKIAIYB0J..." boxes the
# same characters on the screen, so the folded comparison is the one that says whether it is redacted.
CONFUSED = str.maketrans({"o": "0", "i": "1", "l": "1", "|": "1", "!": "1", "s": "5", "b": "8", "z": "2", "q": "g"})


def folded(text):
    return norm(text).translate(CONFUSED)


def coverage(target, pieces):
    """The share of `target`'s characters that blocks of at least 3 characters of any piece match."""
    covered = [False] * len(target)
    for piece in pieces:
        for block in difflib.SequenceMatcher(None, target, piece, autojunk=False).get_matching_blocks():
            if block.size >= 3:
                for i in range(block.a, block.a + block.size):
                    covered[i] = True
    return sum(covered) / max(1, len(target))


def workbench(args, *command):
    result = subprocess.run([args.workbench, *command], capture_output=True, text=True, env=dict(os.environ, TW_NO_REBUILD="1"))
    if result.returncode != 0:
        raise RuntimeError(f"workbench {' '.join(command)} failed: {result.stderr[-2000:]}")
    return result.stdout


def score(truth, scrubs, same=norm):
    """Recall per kind, findings, false positives, look-alikes taken and misses; texts compared as `same` makes them."""
    kinds, fps, negative_hits, missed = {}, [], [], []
    total_findings = 0
    for task, facts in truth.items():
        found = [f for f in scrubs.get(task, {}).get("findings", []) if f["field"] == "screenshot"]
        texts = [same(f["text"]) for f in found]
        for planted in facts["planted"]:
            hit = coverage(same(planted["value"]), texts) >= 0.8
            counts = kinds.setdefault(planted["kind"], [0, 0])
            counts[0] += hit
            counts[1] += 1
            if not hit:
                missed.append(f"{task}: {planted['kind']} {planted['value']}")
        planted_texts = [same(p["value"]) for p in facts["planted"]]
        for f in found:
            total_findings += 1
            if coverage(same(f["text"]), planted_texts) < 0.6:
                fps.append(f"{task}: {f['kind']} '{f['text']}'")
        for negative in facts["negatives"]:
            if coverage(same(negative), texts) >= 0.8:
                negative_hits.append(f"{task}: '{negative}'")
    return kinds, total_findings, fps, negative_hits, missed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--workbench", required=True)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--reuse", action="store_true", help="keep the corpus already in OUT, only scrub and score")
    parser.add_argument("--readers", default="tesseract,ppocr", help="the screen text readers to scrub with, side by side")
    args = parser.parse_args()
    if not (args.reuse and (args.out / "truth.json").exists()):
        shutil.rmtree(args.out, ignore_errors=True)
        truth = make(args.out, args.seed)
    else:
        truth = json.loads((args.out / "truth.json").read_text())
    dataset = args.out / "dataset"
    shutil.rmtree(dataset, ignore_errors=True)
    workbench(args, "import", str(args.out / "data.jsonl"), "--dataset", str(dataset))
    identity = [a for name in CONTRIBUTOR for a in ("--identifier", name)]
    large = [t for t, facts in truth.items() if facts["width"] == 1920]
    # the same eight 1920x1080 screenshots as the steps of one task, as a recorded task has them
    steps = args.out / "steps.jsonl"
    steps.write_text(json.dumps({"task_id": "eight-steps", "instruction": "Check the settings on the screen", "traj": [
        {"index": i, "image": f"{task}.png", "value": {"code": "pyautogui.click(x=0.5, y=0.5)"}} for i, task in enumerate(large)]}) + "\n")
    shutil.rmtree(args.out / "steps", ignore_errors=True)
    workbench(args, "import", str(steps), "--dataset", str(args.out / "steps"), "--images", str(args.out / "images"))
    summaries = {}
    for reader in args.readers.split(","):
        chosen = ["--reader", reader]
        report = json.loads(workbench(args, "scrub", "--dataset", str(dataset), "--again", "--region", "US", "--json", *identity, *chosen))
        scrubs = json.loads(workbench(args, "scrub", "--dataset", str(dataset), "--list", "--json"))
        kinds, findings, fps, negative_hits, missed = score(truth, scrubs, folded)
        strict = score(truth, scrubs)
        timing = json.loads(workbench(args, "scrub", "--dataset", str(dataset), "--again", "--region", "US", "--json", *identity, *chosen, *large))
        in_task = json.loads(workbench(args, "scrub", "--dataset", str(args.out / "steps"), "--again", "--region", "US", "--json", *identity, *chosen))
        summaries[reader] = {
            "screenshots": len(truth), "planted": sum(len(f["planted"]) for f in truth.values()),
            "recall": {k: round(v[0] / v[1], 3) for k, v in sorted(kinds.items())},
            "recall_overall": round(sum(v[0] for v in kinds.values()) / sum(v[1] for v in kinds.values()), 3),
            "precision_overall": round(1 - len(fps) / max(1, findings), 3),
            "findings": findings, "false_positives": fps, "look_alikes_taken": negative_hits, "missed": missed,
            "recall_letter_for_letter": {k: round(v[0] / v[1], 3) for k, v in sorted(strict[0].items())},
            "recall_overall_letter_for_letter": round(sum(v[0] for v in strict[0].values()) / sum(v[1] for v in strict[0].values()), 3),
            "missed_letter_for_letter": strict[4],
            "precision_overall_letter_for_letter": round(1 - len(strict[2]) / max(1, strict[1]), 3),
            "seconds_per_1920x1080_screenshot": round(timing["seconds"] / max(1, timing["screenshots"]), 2),
            "seconds_per_1920x1080_screenshot_in_an_8_step_task": round(in_task["seconds"] / max(1, in_task["screenshots"]), 2),
            "seconds_whole_corpus": round(report["seconds"], 1),
            "cores": os.cpu_count(),
        }
    print(json.dumps(summaries, indent=1))


if __name__ == "__main__":
    main()
