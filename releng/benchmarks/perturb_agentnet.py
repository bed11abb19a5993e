#!/usr/bin/env python3
"""From an AgentNet-shaped data.jsonl (generate_agentnet.py), writes a reference and a prediction to evaluate:

reference.jsonl: the records, each step given a window title (its context for Sharingan's metric);
predicted.jsonl: the same trajectories as an imperfect extractor would return them: pointer coordinates moved a little,
some steps' action sentences reworded, some steps lost, some extra clicks, some scrolls of another amount.
"""
import argparse, json, random, re

APPS = ["Mozilla Firefox", "Visual Studio Code", "LibreOffice Writer", "LibreOffice Calc", "Files", "Terminal", "GIMP",
        "Thunderbird", "VLC media player", "Settings"]
REWORD = {"click": "press", "open": "launch", "close": "shut", "button": "control", "menu": "list", "window": "dialog"}

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data")
    parser.add_argument("out_dir")
    parser.add_argument("--reword", type=float, default=0.02, help="share of steps whose action sentence is reworded")
    parser.add_argument("--drop", type=float, default=0.02)
    parser.add_argument("--extra", type=float, default=0.02)
    args = parser.parse_args()
    rng = random.Random(7)
    steps = reworded = 0
    with open(args.data) as data, open(args.out_dir + "/reference.jsonl", "w") as ref, open(args.out_dir + "/predicted.jsonl", "w") as pred:
        for line in data:
            task = json.loads(line)
            app = rng.choice(APPS)
            task["screen_width"], task["screen_height"] = 1920, 1080  # for the click error in pixels
            for step in task["traj"]:
                step["window_title"] = app if rng.random() > 0.1 else rng.choice(APPS)
            ref.write(json.dumps(task, ensure_ascii=False) + "\n")
            out = []
            for step in task["traj"]:
                steps += 1
                if rng.random() < args.drop and not step["value"]["code"].startswith("computer."):
                    continue
                step = json.loads(json.dumps(step))
                code = step["value"]["code"]
                if "x=" in code and rng.random() < 0.5:
                    step["value"]["code"] = jitter(code, rng)
                if "scroll(" in code and rng.random() < 0.3:
                    step["value"]["code"] = code.replace("scroll(-3)", "scroll(-5)")
                if rng.random() < args.reword:
                    reworded += 1
                    step["value"]["action"] = " ".join(REWORD.get(w, w) for w in step["value"]["action"].split()) + " now"
                out.append(step)
                if rng.random() < args.extra:
                    out.append({"index": 0, "image": step["image"], "window_title": step["window_title"], "value": {
                        "code": "pyautogui.click(x=%.4f, y=%.4f)" % (rng.random(), rng.random()), "action": "Click somewhere"}})
            for i, step in enumerate(out):
                step["index"] = i
            task["traj"] = out
            pred.write(json.dumps(task, ensure_ascii=False) + "\n")
    print(f"{steps} reference steps, {reworded} action sentences reworded")

def jitter(code, rng):
    return re.sub(r"(x|y)=([0-9.]+)", lambda m: "%s=%.4f" % (m.group(1), min(1, max(0, float(m.group(2)) + rng.gauss(0, 0.01)))), code)

if __name__ == "__main__":
    main()
