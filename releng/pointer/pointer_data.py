"""Training data of the pointer detector: crops of real screens with a pointer of a cursor theme drawn in where its
hotspot is known, and crops with none; split by cursor theme family and by application, so that the held-out part
holds pointer shapes and screens nothing was trained on.

Pointers: every Xcursor theme under /usr/share/icons (Debian's cursor theme packages) and the Windows pointers the
workbench ships (bundles/org.trajectory.extract/cursors, harvested from Wine). Xcursor files are read here (their
format is Xcursor(3)'s: a table of chunks, each image premultiplied ARGB with its hotspot); no Debian Python package
reads them. Screens: releng/pointer/screens.sh's screenshots (no pointer in them) and the frames of the corpus's own
recordings, whose pointer the recorder drew where its events say (releng/corpus/regenerate.sh).

A sample is a CROP x CROP RGB crop and (visible, x, y): the hotspot in the crop's pixels. The crop is taken at a
random scale of the screen (a video shown smaller or larger than the screen, 1/2 to 2), the pointer at any of its
theme's sizes (HiDPI ones too), and compressed as a video or JPEG may (quality 25-95) or not.
"""
import glob
import os
import random
import struct

import cv2
import numpy as np

CROP = 64
SHAPES = ("left_ptr", "xterm", "hand2", "fleur", "crosshair", "watch", "sb_h_double_arrow", "sb_v_double_arrow",
          "question_arrow", "pencil", "plus", "top_left_corner", "bottom_right_corner", "X_cursor", "right_ptr")
# split by family: a family's themes differ only in colour or size; held-out families are never trained on or tuned with
HELD_OUT_THEMES = ("breeze", "comix", "handhelds", "windows")
DEV_THEMES = ("bibata", "whiteglass")
HELD_OUT_APPS = ("mousepad", "chromium", "notepad", "pad")
DEV_APPS = ("zenity", "xcalc")


def family(name):
    lower = name.lower()
    for prefix in ("breeze", "comix", "bibata", "chameleon", "crystal", "oxy", "dmz", "adwaita", "windows", "core"):
        if lower.startswith(prefix):
            return prefix
    return lower


def part(name, held_out, dev):
    lower = name.lower()
    if any(lower.startswith(h) for h in held_out):
        return "held-out"
    if any(lower.startswith(d) for d in dev):
        return "dev"
    return "train"


def read_xcursor(path):
    """The images of an Xcursor file: (nominal size, RGBA array premultiplied, hotspot x, hotspot y)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"Xcur":
        return []
    _, _, count = struct.unpack_from("<III", data, 4)
    images = []
    for i in range(count):
        kind, size, position = struct.unpack_from("<III", data, 16 + 12 * i)
        if kind != 0xFFFD0002:
            continue
        _, _, _, _, width, height, xhot, yhot, _ = struct.unpack_from("<9I", data, position)
        if width == 0 or height == 0 or width > 256 or height > 256:
            continue
        argb = np.frombuffer(data, dtype="<u4", count=width * height, offset=position + 36).reshape(height, width)
        rgba = np.stack([(argb >> 16) & 255, (argb >> 8) & 255, argb & 255, argb >> 24], axis=-1).astype(np.uint8)
        images.append((size, rgba, xhot, yhot))
    return images


def pointers(repository):
    """{theme: [(rgba premultiplied, hotx, hoty)]}: each theme's shapes at each size it has (the first frame of each)."""
    themes = {}
    for folder in sorted(glob.glob("/usr/share/icons/*/cursors")):
        theme = folder.split("/")[-2]
        if theme in ("default",):
            continue
        seen = set()
        for shape in SHAPES:
            path = os.path.join(folder, shape)
            if not os.path.exists(path) or os.path.realpath(path) in seen:
                continue
            seen.add(os.path.realpath(path))
            by_size = {}
            for size, rgba, xhot, yhot in read_xcursor(os.path.realpath(path)):
                by_size.setdefault(size, (rgba, xhot, yhot))  # an animated pointer's first frame
            themes.setdefault(theme, []).extend(by_size.values())
    shipped = os.path.join(repository, "bundles/org.trajectory.extract/cursors")
    hotspots = {}
    with open(os.path.join(shipped, "cursors.properties")) as f:
        for line in f:
            if "=" in line and not line.startswith("#"):
                name, spot = line.strip().split("=")
                hotspots[name] = tuple(int(v) for v in spot.split(","))
    for png in sorted(glob.glob(os.path.join(shipped, "*.png"))):
        name = os.path.basename(png)[:-4]
        theme = name.split("-")[0]
        if theme not in ("windows", "core") or name not in hotspots:
            continue
        rgba = cv2.cvtColor(cv2.imread(png, cv2.IMREAD_UNCHANGED), cv2.COLOR_BGRA2RGBA)
        alpha = rgba[..., 3:4].astype(np.float32) / 255
        premultiplied = np.concatenate([(rgba[..., :3] * alpha).astype(np.uint8), rgba[..., 3:4]], axis=-1)
        themes.setdefault(theme, []).append((premultiplied, *hotspots[name]))
    return {t: shapes for t, shapes in themes.items() if shapes}


def composite(screen, rgba, x, y):
    """The pointer drawn over screen (RGB uint8) with its top left at x, y, as the X server draws it (premultiplied over)."""
    h, w = rgba.shape[:2]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, screen.shape[1]), min(y + h, screen.shape[0])
    if x0 >= x1 or y0 >= y1:
        return
    src = rgba[y0 - y:y1 - y, x0 - x:x1 - x].astype(np.float32)
    dst = screen[y0:y1, x0:x1].astype(np.float32)
    out = src[..., :3] + dst * (1 - src[..., 3:4] / 255)
    screen[y0:y1, x0:x1] = np.clip(out + 0.5, 0, 255).astype(np.uint8)


def recording_part(recording):
    """A recording's part by its applications: the window classes its recorder wrote (top_window.jsonl), and the
    words of its name (pad-type-3 is Mousepad's); a held-out application anywhere makes it held-out."""
    import json
    words = os.path.basename(recording).lower().split("-")
    windows = os.path.join(recording, "top_window.jsonl")
    if os.path.exists(windows):
        with open(windows) as f:
            words += [str(json.loads(line).get("class", "")).lower() for line in f if line.strip()]
    for split, apps in (("held-out", HELD_OUT_APPS), ("dev", DEV_APPS)):
        if any(w.startswith(a) for w in words for a in apps):
            return split
    return "train"


class Screens:
    """Screens by split: screenshots without a pointer, and corpus frames with the pointer where the events say; and
    the hard places: where a detector in training took something on a training screen for a pointer."""

    def __init__(self, screens_dir, corpus_dirs):
        self.by_part = {"train": [], "dev": [], "held-out": []}
        for png in sorted(glob.glob(os.path.join(screens_dir, "*.png"))):
            image = cv2.cvtColor(cv2.imread(png), cv2.COLOR_BGR2RGB)
            if image.std() < 2:  # an application that did not start: an empty screen
                continue
            self.by_part[part(os.path.basename(png), HELD_OUT_APPS, DEV_APPS)].append((image, None))
        self.frames = {"train": [], "dev": [], "held-out": []}
        for corpus_dir in corpus_dirs:
            for recording in sorted(glob.glob(os.path.join(corpus_dir, "recordings", "*"))):
                split = recording_part(recording)
                for frame, point in corpus_frames(recording):
                    self.frames[split].append((frame, point))
        self.hard = []  # (screen, known pointer or None, x, y): training screens only

    def any(self, split, rng):
        """A screenshot, or a quarter of the time a corpus frame (their pointer is one theme's: not to outweigh the rest)."""
        pool = self.frames[split] if self.frames[split] and (rng.random() < 0.25 or not self.by_part[split]) else self.by_part[split]
        return pool[rng.randrange(len(pool))]

    def add_hard(self, places, most=3000):
        self.hard = (self.hard + places)[-most:]


def corpus_frames(recording, every=2, most=10):
    """Frames of a corpus recording with the pointer's place then (the last move or press before it), where the pointer
    has rested 0.12 s (no blur) and no key was typed since (an editor hides the pointer while one types): of every
    other frame, `most` spread over the recording (whole frames are large: a hundred recordings must fit in memory)."""
    import json
    times = {}
    with open(os.path.join(recording, "frames.csv")) as f:
        next(f)
        for line in f:
            n, t = line.strip().split(",")
            times[int(n)] = float(t)
    points = []
    with open(os.path.join(recording, "events.jsonl")) as f:
        for line in f:
            e = json.loads(line)
            if e.get("action") in ("move", "click", "scroll") and "x" in e:
                points.append((e["time_stamp"], e["x"], e["y"]))
            elif e.get("action") in ("press", "release"):
                points.append((e["time_stamp"], None, None))  # typing hides the pointer in many editors until it moves
    capture = cv2.VideoCapture(os.path.join(recording, "video.mkv"))
    n = 0
    out = []
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        if n % every == 0 and n in times:
            before = [p for p in points if p[0] <= times[n]]
            # the pointer is known only once it has moved, and only if it rested a little (no blur between frames)
            if before and before[-1][1] is not None and times[n] - before[-1][0] > 0.12:
                out.append((cv2.cvtColor(frame, cv2.COLOR_BGR2RGB), (before[-1][1], before[-1][2])))
        n += 1
    count = min(most, len(out))
    return [out[int(i * len(out) / count)] for i in range(count)]


def sample(screens, themes, split, rng, positive, vary=None):
    """One crop and its label (visible, x, y); its pointer varied as in training (vary, by default on the train split)."""
    screen, known = screens.any(split, rng)
    scale = rng.choice((0.5, 2 / 3, 0.75, 1, 1, 1, 1.25, 1.5, 2))
    side = int(round(CROP / scale))
    h, w = screen.shape[:2]
    if known is not None and positive:  # a real pointer the recorder drew: crop around it
        hx, hy = known
        x = int(hx) - rng.randrange(2, side - 2)
        y = int(hy) - rng.randrange(2, side - 2)
        x, y = min(max(x, 0), w - side), min(max(y, 0), h - side)
        crop = screen[y:y + side, x:x + side].copy()
        spot = (hx - x, hy - y)
    else:
        hard = split == "train" and screens.hard and rng.random() < 0.35
        if hard:  # around a place a detector in training took for a pointer: the look-alike somewhere in the crop
            screen, known, hx, hy = screens.hard[rng.randrange(len(screens.hard))]
            h, w = screen.shape[:2]
        plain_ok = rng.random() < 0.2  # most crops where something is drawn: a desktop's empty background teaches little
        for _ in range(30):
            if hard:
                x = min(max(hx - rng.randrange(2, side - 2), 0), w - side)
                y = min(max(hy - rng.randrange(2, side - 2), 0), h - side)
            else:
                x, y = rng.randrange(0, w - side), rng.randrange(0, h - side)
            if known is not None and x - 70 < known[0] < x + side + 70 and y - 70 < known[1] < y + side + 70:
                continue
            if hard or plain_ok or screen[y:y + side:4, x:x + side:4].std() > 8:
                break
        crop = screen[y:y + side, x:x + side].copy()
        spot = None
        if positive:
            rgba, hotx, hoty = pointer(themes[split], rng, side, vary=split == "train" if vary is None else vary)
            h_, w_ = rgba.shape[:2]
            # the whole pointer in the crop, as on a screen (a crop's edge is no screen's), the hotspot never at its edge
            sx = rng.randrange(max(2, hotx), max(max(2, hotx) + 1, side - 2 - (w_ - hotx)))
            sy = rng.randrange(max(2, hoty), max(max(2, hoty) + 1, side - 2 - (h_ - hoty)))
            composite(crop, rgba, sx - hotx, sy - hoty)
            spot = (sx, sy)
    if side != CROP:
        crop = cv2.resize(crop, (CROP, CROP), interpolation=cv2.INTER_AREA if side > CROP else cv2.INTER_LINEAR)
    if rng.random() < 0.6:
        ok, jpeg = cv2.imencode(".jpg", crop, [cv2.IMWRITE_JPEG_QUALITY, rng.randrange(25, 96)])
        crop = cv2.imdecode(jpeg, cv2.IMREAD_UNCHANGED)
    if spot is None:
        return crop, (0.0, 0.0, 0.0)
    # a pixel's centre is at +0.5: the hotspot pixel's centre scaled, back to pixel coordinates
    return crop, (1.0, (spot[0] + 0.5) * CROP / side - 0.5, (spot[1] + 0.5) * CROP / side - 0.5)


def pointer(shapes_by_theme, rng, side, vary=False):
    """A pointer of one of the themes, at a size a screen shows it at: as drawn it fits the crop, and shown at the
    crop's scale it is 10 to 64 px high (a scaled-down 24 px pointer, a HiDPI 48 px one). With vary (training only),
    a third are pointers drawn here (arrows of any slant and tail, I-beams, crosses), and of the themes' a third are recoloured (hue turned,
    or black and white swapped) and a third stretched a little, so that what is learned is a pointer's form, not one
    theme's colours and proportions."""
    scale = CROP / side
    if vary and rng.random() < 1 / 3:
        return drawn(rng, max(10, min(64, int(rng.uniform(12, 40) / scale))))
    for _ in range(300):
        shapes = shapes_by_theme[rng.randrange(len(shapes_by_theme))]
        rgba, hotx, hoty = shapes[rng.randrange(len(shapes))]
        if vary and rng.random() < 1 / 3:
            rgba, hotx, hoty = stretched(rgba, hotx, hoty, rng)
        shown = rgba.shape[0] * scale
        if 10 <= shown <= 64 and rgba.shape[0] < side - 4 and rgba.shape[1] < side - 4:
            return (recoloured(rgba, rng) if vary and rng.random() < 1 / 3 else rgba), hotx, hoty
    raise NoPointerFits(f"no pointer of these themes is 10 to 64 px high in a crop of {side} px")


class NoPointerFits(Exception):
    """Themes with no pointer of a size a crop of this scale shows (one family alone: Breeze has none under 30 px at 2x)."""


def stretched(rgba, hotx, hoty, rng):
    """The pointer a little wider or taller (0.8 to 1.25 each way), its hotspot moved with it."""
    fx, fy = rng.uniform(0.8, 1.25), rng.uniform(0.8, 1.25)
    h, w = rgba.shape[:2]
    size = (max(1, int(round(w * fx))), max(1, int(round(h * fy))))
    out = cv2.resize(rgba, size, interpolation=cv2.INTER_AREA if fx * fy < 1 else cv2.INTER_LINEAR)
    return out, min(int(hotx * size[0] / w), size[0] - 1), min(int(hoty * size[1] / h), size[1] - 1)


def recoloured(rgba, rng):
    """The pointer with its colours turned round the hue circle, or its light and dark swapped (premultiplied kept)."""
    alpha = rgba[..., 3:4].astype(np.float32)
    colour = np.where(alpha > 0, rgba[..., :3].astype(np.float32) * 255 / np.maximum(alpha, 1), 0).clip(0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        colour = 255 - colour
    else:
        hsv = cv2.cvtColor(colour, cv2.COLOR_RGB2HSV)
        hsv[..., 0] = (hsv[..., 0].astype(int) + rng.randrange(180)) % 180
        hsv[..., 1] = np.maximum(hsv[..., 1], rng.randrange(0, 200))
        colour = cv2.cvtColor(hsv, cv2.COLOR_HSV2RGB)
    return np.concatenate([(colour * (alpha / 255)).astype(np.uint8), rgba[..., 3:4]], axis=-1)


DRAWN_SCALE = 4  # shapes are drawn 4x larger, then reduced: smooth edges as a theme's


def drawn(rng, height):
    """A pointer drawn here, of a form pointers take, at random proportions: an arrow (its tip the hotspot), an I-beam
    or a cross (their centre the hotspot); premultiplied RGBA and its hotspot."""
    s = DRAWN_SCALE
    h = height * s
    margin = 8 * s  # room for an outline and a shadow to fade out
    form = rng.choice(("arrow", "arrow", "arrow", "ibeam", "cross"))
    if form == "arrow":
        mask, spot = arrow(rng, h, margin)
    else:
        w = h if form == "cross" else int(h * rng.uniform(0.3, 0.5))
        mask = np.zeros((h + 2 * margin, w + 2 * margin), np.uint8)
        stroke = max(s, int(s * rng.uniform(1, 2.5)))
        cx, cy = margin + w // 2, margin + h // 2
        cv2.line(mask, (cx, margin), (cx, margin + h), 255, stroke)
        if form == "ibeam":  # serifs at both ends
            cv2.line(mask, (margin, margin), (margin + w, margin), 255, stroke)
            cv2.line(mask, (margin, margin + h), (margin + w, margin + h), 255, stroke)
        else:
            cv2.line(mask, (margin, cy), (margin + w, cy), 255, stroke)
            if rng.random() < 0.4:  # a gap where the lines meet, as some crosshairs have
                cv2.rectangle(mask, (cx - 2 * stroke, cy - 2 * stroke), (cx + 2 * stroke, cy + 2 * stroke), 0, -1)
        spot = (cx, cy)
    return styled(mask, rng), spot[0] // s, spot[1] // s


def arrow(rng, h, margin):
    """An arrow's mask, its tip the hotspot: a head of any slant and breadth, with or without a tail, its corners
    sharp or rounded, turned a little either way (themes draw them upright, tilted, slim or squat)."""
    w = h * rng.uniform(0.5, 0.85)
    wing = rng.uniform(0.55, 0.8)  # how far down the head's right corner is
    side = rng.uniform(0.7, 0.95)  # how far down the left edge goes
    points = [(0, 0), (0, h * side)]
    if rng.random() < 0.65:  # a tail, as classic arrows have
        notch = (w * rng.uniform(0.2, 0.35), h * (side - rng.uniform(0.12, 0.25)))
        breadth = w * rng.uniform(0.12, 0.25)
        points += [notch, (notch[0] + w * 0.2, h), (notch[0] + w * 0.2 + breadth, h * 0.95),
                   (notch[0] + breadth * 0.8, h * wing), (w, h * wing)]
    else:  # a head alone, its notch deep or shallow
        points += [(w * rng.uniform(0.3, 0.5), h * wing * rng.uniform(0.85, 1.0)), (w, h * wing)]
    angle = np.radians(rng.uniform(-12, 12))
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    pts = np.array(points) @ turn.T
    pts -= pts.min(0)  # turned, the tip may no longer be the top left corner
    size = np.ceil(pts.max(0)).astype(int) + 2 * margin
    mask = np.zeros((size[1], size[0]), np.uint8)
    cv2.fillPoly(mask, [(pts + margin).astype(np.int32)], 255, cv2.LINE_AA)
    if rng.random() < 0.4:  # rounded corners
        radius = h * rng.uniform(0.02, 0.06)
        mask = np.where(cv2.GaussianBlur(mask, (0, 0), radius) > 127, 255, 0).astype(np.uint8)
    return mask, (int(round(pts[0][0])) + margin, int(round(pts[0][1])) + margin)


def styled(mask, rng):
    """A drawn shape coloured as themes colour theirs: a fill (plain, coloured or shaded top to bottom) and an outline
    of 1 to 3 pixels (light on dark or dark on light), sometimes a soft shadow; reduced to its size, premultiplied RGBA."""
    s = DRAWN_SCALE
    fill_is_light = rng.random() < 0.5
    def tone(light):
        if rng.random() < 0.25:  # a coloured one (amber, blue, green pointers)
            hsv = np.uint8([[[rng.randrange(180), rng.randrange(120, 256), rng.randrange(150, 256) if light else rng.randrange(60, 140)]]])
            return cv2.cvtColor(hsv, cv2.COLOR_HSV2RGB)[0, 0].astype(np.float32)
        return np.array([rng.randrange(190, 256) if light else rng.randrange(0, 70) for _ in range(3)], np.float32)
    fill = tone(fill_is_light)
    edge = tone(not fill_is_light)
    width = rng.choice((1, 1, 1, 2, 2, 3))
    outer = cv2.dilate(mask, np.ones((2 * width * s + 1, 2 * width * s + 1), np.uint8))
    colour = np.where(mask[..., None] > 0, fill, edge)
    if rng.random() < 0.3:  # shaded: the fill darker or lighter towards the bottom
        rows = np.linspace(0, 1, mask.shape[0], dtype=np.float32)[:, None, None]
        other = tone(fill_is_light)
        colour = np.where(mask[..., None] > 0, fill * (1 - rows) + other * rows, colour)
    alpha = outer.astype(np.float32)
    if rng.random() < 0.4:
        offset, blur = rng.randrange(1, 4) * s, rng.uniform(1, 3) * s
        shadow = cv2.GaussianBlur(np.roll(np.roll(outer, offset, 0), offset, 1), (0, 0), blur).astype(np.float32) * rng.uniform(0.25, 0.6)
        colour = np.where(outer[..., None] > 0, colour, 0)
        alpha = np.maximum(alpha, shadow)
    rgba = np.concatenate([colour * (alpha[..., None] / 255), alpha[..., None]], axis=-1)
    small = cv2.resize(rgba, (mask.shape[1] // s, mask.shape[0] // s), interpolation=cv2.INTER_AREA)
    return np.clip(small + 0.5, 0, 255).astype(np.uint8)


def theme_split(themes):
    split = {"train": [], "dev": [], "held-out": []}
    for theme, shapes in themes.items():
        split[part(theme, HELD_OUT_THEMES, DEV_THEMES)].append(shapes)
    return split


def batch(screens, themes, split, rng, size):
    crops, labels = [], []
    for i in range(size):
        crop, label = sample(screens, themes, split, rng, positive=rng.random() < 0.6)
        crops.append(crop)
        labels.append(label)
    return np.stack(crops), np.array(labels, dtype=np.float32)
