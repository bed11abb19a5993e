"""A person at a computer, as the raw input events a recorder writes: each writer of a peer's format says how one
event is stored (write), the person says what happens and when. Deterministic: the same events every time."""


class Person:
    def __init__(self, start, at, offset=0.0):
        self.time = start
        self.at = at
        self.offset = offset  # added to every point: macOS points are fractional

    def write(self, kind, fields):
        """Stores one event: kind is move, button, wheel or key; fields the event's own (the time included)."""
        raise NotImplementedError

    def event(self, kind, pause, **fields):
        self.time += pause
        self.write(kind, dict(fields, time=round(self.time, 6)))

    def move(self, x, y, seconds=0.4):
        x0, y0 = self.at
        for i in range(1, 9):
            self.event("move", seconds / 8, x=round(x0 + (x - x0) * i / 8, 2) + self.offset,
                       y=round(y0 + (y - y0) * i / 8, 2) + 2 * self.offset)
        self.at = (x, y)

    def button(self, pressed, button="left"):
        self.event("button", 0.08, x=self.at[0] + self.offset, y=self.at[1] + 2 * self.offset, button=button, pressed=pressed)

    def click(self, x, y, times=1, button="left"):
        self.move(x, y)
        for _ in range(times):
            self.button(True, button)
            self.button(False, button)
        self.time += 0.6

    def drag(self, x0, y0, x1, y1):
        self.move(x0, y0)
        self.button(True)
        self.move(x1, y1, 0.6)
        self.button(False)
        self.time += 0.6

    def scroll(self, x, y, turns):
        self.move(x, y)
        for _ in range(abs(turns)):
            self.event("wheel", 0.05, x=x + self.offset, y=y + 2 * self.offset, dy=1 if turns > 0 else -1)
        self.time += 0.6

    def key(self, name, pressed):
        """name: a character, or a key's name (space, enter, ctrl, cmd...)"""
        self.event("key", 0.07, name=name, pressed=pressed)

    def type(self, text):
        for char in text:
            name = "space" if char == " " else char
            self.key(name, True)
            self.key(name, False)
        self.time += 0.6

    def chord(self, *names):
        for name in names:
            self.key(name, True)
        for name in reversed(names):
            self.key(name, False)
        self.time += 0.6
