#!/usr/bin/env python3
"""Writes an AgentNet-shaped dataset: DIR/data.jsonl and DIR/images/.

Text lengths follow AgentNet's (about 56 KB of JSON per task in agentnet_ubuntu_5k.jsonl, 16-19 steps per task).
Every step has its own image name, as in AgentNet; the names are hard links to a pool of distinct 1276x718 PNG
screenshots, so the disk holds the pool only while an import still reads and hashes one file per step.
"""
import argparse, os, random, struct, zlib, json

WORDS = ("the a settings window button menu click open close file edit view display brightness night light scale layout "
         "resolution battery power screen dialog tab toolbar icon panel search field text value slider checkbox option "
         "firefox terminal gedit calculator libreoffice writer calc impress document spreadsheet cell row column save "
         "export print preferences account network wifi bluetooth sound volume keyboard mouse I need to now should "
         "which will then after that because so it is visible selected highlighted shows appears changed successfully").split()

def text(rng, n_words):
    return " ".join(rng.choice(WORDS) for _ in range(n_words)).capitalize() + "."

def png(width, height, seed):
    rng = random.Random(seed)
    # A flat desktop with a few windows: compresses like a real screenshot (a few hundred KB), not like noise.
    rows = []
    base = [rng.randrange(40, 80)] * 3
    windows = [(rng.randrange(0, width - 300), rng.randrange(0, height - 200), rng.randrange(200, 700), rng.randrange(150, 450),
                [rng.randrange(180, 256) for _ in range(3)]) for _ in range(6)]
    noise = bytes(rng.randrange(0, 8) for _ in range(width * 3))
    for y in range(height):
        row = bytearray(bytes(base) * width)
        for (wx, wy, ww, wh, colour) in windows:
            if wy <= y < wy + wh:
                x1 = min(width, wx + ww)
                row[wx * 3:x1 * 3] = bytes(colour) * (x1 - wx)
                if (y - wy) % 18 == 9:  # lines of "text"
                    for x in range(wx + 10, x1 - 10, 7):
                        row[x * 3:x * 3 + 12] = b"\x20" * 12
        for i in range(0, len(row), 97):
            row[i] = (row[i] + noise[i % len(noise)]) & 0xff
        rows.append(b"\x00" + bytes(row))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b""))

CODES = ["pyautogui.click(x={x}, y={y})", "pyautogui.doubleClick(x={x}, y={y})", "pyautogui.rightClick(x={x}, y={y})",
         "pyautogui.write(message='{w}')", "pyautogui.press('enter')", "pyautogui.hotkey('ctrl', 's')",
         "pyautogui.moveTo(x={x}, y={y})\npyautogui.scroll(-3)",
         "pyautogui.moveTo(x={x}, y={y})\npyautogui.dragTo(x={x2}, y={y2}, button='left')"]

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--tasks", type=int, default=22000)
    parser.add_argument("--pool", type=int, default=200, help="distinct screenshots")
    args = parser.parse_args()
    rng = random.Random(42)
    images = os.path.join(args.dir, "images")
    pool = os.path.join(args.dir, "pool")
    os.makedirs(images, exist_ok=True)
    os.makedirs(pool, exist_ok=True)
    for i in range(args.pool):
        path = os.path.join(pool, f"{i}.png")
        if not os.path.exists(path):
            with open(path, "wb") as f:
                f.write(png(1276, 718, i))
    steps_total = 0
    domains = ["chrome", "vscode", "libreoffice", "os", "gimp", "thunderbird", "vlc", "multi_apps"]
    with open(os.path.join(args.dir, "data.jsonl"), "w") as out:
        for t in range(args.tasks):
            n = max(3, min(60, int(rng.gauss(18.2, 6))))
            traj = []
            for s in range(n):
                name = f"{t:05d}_{s:02d}.png"
                link = os.path.join(images, name)
                if not os.path.exists(link):
                    os.link(os.path.join(pool, f"{rng.randrange(args.pool)}.png"), link)
                code = "computer.terminate(status='success')" if s == n - 1 else rng.choice(CODES).format(
                    x=round(rng.random(), 4), y=round(rng.random(), 4), x2=round(rng.random(), 4), y2=round(rng.random(), 4),
                    w=" ".join(rng.choice(WORDS) for _ in range(4)))
                traj.append({"index": s, "image": name, "value": {
                    "code": code, "observation": text(rng, rng.randrange(90, 180)), "thought": text(rng, rng.randrange(120, 260)),
                    "action": text(rng, rng.randrange(8, 20)), "reflection": text(rng, rng.randrange(50, 120)),
                    "last_step_correct": rng.random() > 0.1, "last_step_redundant": rng.random() < 0.05}})
            steps_total += n
            record = {"task_id": f"bench-{t:05d}", "instruction": text(rng, rng.randrange(15, 45)),
                      "natural_language_task": text(rng, rng.randrange(15, 40)), "actual_task": text(rng, rng.randrange(15, 40)),
                      "task_completed": rng.random() > 0.2, "alignment_score": rng.randrange(0, 11),
                      "efficiency_score": rng.randrange(0, 11), "task_difficulty": rng.randrange(0, 11),
                      "reason": text(rng, rng.randrange(20, 60)), "domain": rng.choice(domains),
                      "os": rng.choice(["ubuntu", "windows", "macos"]), "scores": {"final_score": round(rng.random(), 3)},
                      "traj": traj}
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
    print(f"{args.tasks} tasks, {steps_total} steps, {args.pool} distinct screenshots")

if __name__ == "__main__":
    main()
