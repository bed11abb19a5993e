#!/usr/bin/python3
"""Writes a capture in openadapt-capture's layout with openadapt-capture's own database code, unchanged.

Usage: openadapt_capture_write.py OPENADAPT_CAPTURE_CHECKOUT FOLDER

FOLDER/recording.db is made by the checkout's openadapt_capture.db (create_db) and openadapt_capture.db.crud
(insert_recording, insert_action_event, insert_window_event), as its recorder makes it: a macOS session whose events
are in points on a 1280x800 screen of pixel ratio 2 (the legacy coordinate space; no capture_desktop), with clicks,
a double click, a right click, a drag, a scroll, typing with a space and a shortcut. The package's __init__ is not
run: it imports the whole recorder, which needs pydantic 2 (Debian 12 has 1.10); the database modules need only
SQLAlchemy (python3-sqlalchemy), Pillow and loguru. Prints the seconds the video must cover.
"""
import os
import sys
import types

from person import Person

START = 1764300000.0


def load(checkout):
    """openadapt_capture.db and its crud module from the checkout, under a bare package of that name."""
    package = types.ModuleType("openadapt_capture")
    package.__path__ = [os.path.join(checkout, "openadapt_capture")]
    sys.modules["openadapt_capture"] = package
    import openadapt_capture.db as db
    import openadapt_capture.db.crud as crud
    return db, crud


class Capture(Person):
    """Events as openadapt-capture's recorder stores them: action_event rows through its own crud module."""

    def __init__(self, session, crud, recording):
        super().__init__(START + 1.0, (640.0, 400.0), offset=0.25)
        self.session, self.crud, self.recording = session, crud, recording

    def write(self, kind, fields):
        if kind == "move":
            row = {"name": "move", "mouse_x": fields["x"], "mouse_y": fields["y"]}
        elif kind == "button":
            row = {"name": "click", "mouse_x": fields["x"], "mouse_y": fields["y"], "mouse_button_name": fields["button"],
                   "mouse_pressed": fields["pressed"]}
        elif kind == "wheel":
            row = {"name": "scroll", "mouse_x": fields["x"], "mouse_y": fields["y"], "mouse_dx": 0.0,
                   "mouse_dy": float(fields["dy"])}
        else:  # its observer names special keys and gives characters as characters
            name = fields["name"]
            special, char = (name, None) if len(name) > 1 else (None, name)
            row = {"name": "press" if fields["pressed"] else "release", "key_name": special, "key_char": char,
                   "key_vk": None, "canonical_key_name": special, "canonical_key_char": char.lower() if char else None,
                   "canonical_key_vk": None}
        self.crud.insert_action_event(self.session, self.recording, fields["time"], row)


def main():
    checkout, folder = sys.argv[1], sys.argv[2]
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "recording.db")
    if os.path.exists(path):
        os.remove(path)
    db, crud = load(checkout)
    engine, maker = db.create_db(path)
    session = maker()
    recording = crud.insert_recording(session, {
        "timestamp": START, "monitor_width": 1280, "monitor_height": 800, "pixel_ratio": 2.0,
        "double_click_distance_pixels": 5, "double_click_interval_seconds": 0.5, "platform": "darwin",
        "task_description": "Rename the draft and file it"})
    crud.insert_window_event(session, recording, START + 0.5, {"title": "Notes", "left": 0, "top": 25, "width": 1280,
                                                                "height": 775, "window_id": "1", "state": {}})
    s = Capture(session, crud, recording)
    s.click(200, 150)
    s.type("draft two")
    s.chord("cmd", "s")
    s.click(900, 400, times=2)
    s.scroll(640, 500, -5)
    s.click(1000, 300, button="right")
    s.drag(100, 600, 700, 650)
    s.click(1279, 799)
    for buffered in (crud.action_events, crud.window_events):
        if buffered:  # the recorder's writer flushes what is left when it stops
            session.execute(db.sa.insert(db.models.ActionEvent if buffered is crud.action_events else db.models.WindowEvent), buffered)
            buffered.clear()
    recording.video_start_time = START + 0.3
    session.commit()
    session.close()
    engine.dispose()
    print(round(s.time - START + 1, 1))


if __name__ == "__main__":
    main()
