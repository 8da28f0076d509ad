"""What the window shows, written down for tests that drive the real window.

With the environment variable BREAKSHOT_SCREEN_PROBE set to a file name, the window
writes that file (atomically, as JSON) about every PROBE_S seconds of real time:

    {"frame": n, "time": s, "size": [w, h], "ui_scale": s,
     "texts": [{"text": str, "rect": [left, top, right, bottom]}, ...],
     "clickable": [{"rect": [...], "texts": [{"text", "rect"}, ...]}, ...],
     "balls": [{"name": "ball3", "pixel": [x, y] or null, "pos": [x, y, z]}, ...]}

Rectangles are in window pixels, origin top-left. Only what is drawn is listed: texts
on the 2D layers that are not hidden (with their drawn extent), the click areas of the
2D widgets (what a pointer press can reach; a text entry's with what is typed in it),
and the ball nodes' drawn positions (table frame, metres) and where they project on the
window. Nothing here changes what the
game does; a test reads the file to find where a widget is drawn, moves the real pointer
there and clicks, and reads the file and the screen again to see what changed.
"""
from __future__ import annotations

import json
import os

from panda3d.core import ClockObject, PGEntry, Point2, Point3

from game.storage import atomic_write
from game.view.ui import scale as ui_scale

PROBE_ENV = "BREAKSHOT_SCREEN_PROBE"
PROBE_S = 0.1


def _pixel_rect(base, corners) -> list | None:
    """Two opposite corners in render2d coordinates as a pixel rectangle."""
    if corners is None:
        return None
    lo = Point3(min(corners[0].x, corners[1].x), 0, min(corners[0].z, corners[1].z))
    hi = Point3(max(corners[0].x, corners[1].x), 0, max(corners[0].z, corners[1].z))
    w, h = base.win.getXSize(), base.win.getYSize()
    return [round((lo.x + 1) / 2 * w, 1), round((1 - hi.z) / 2 * h, 1),
            round((hi.x + 1) / 2 * w, 1), round((1 - lo.z) / 2 * h, 1)]


def _texts(base) -> list:
    found = []
    for np_ in base.render2d.findAllMatches("**/+TextNode"):
        text = np_.node().getText()
        if np_.isHidden() or not text.strip():
            continue
        found.append({"text": text, "rect": _pixel_rect(base, np_.getTightBounds(base.render2d))})
    return found


def _clickable(base) -> list:
    """The active 2D widgets' click areas, each with the texts its current look draws
    (a widget's looks are kept outside the scene graph, so `_texts` cannot see them)."""
    found = []
    for np_ in base.render2d.findAllMatches("**/+PGItem"):
        item = np_.node()
        if np_.isHidden() or not item.getActive():
            continue
        frame = item.getFrame()            # left, right, bottom, top in the node's frame
        corners = [base.render2d.getRelativePoint(np_, Point3(x, 0, z))
                   for x, z in ((frame[0], frame[2]), (frame[1], frame[3]))]
        look = item.getStateDef(item.getState())
        texts = []
        for text_np in look.findAllMatches("**/+TextNode"):
            bounds = text_np.getTightBounds(look)
            if bounds is None or not text_np.node().getText().strip():
                continue
            drawn = [base.render2d.getRelativePoint(np_, p) for p in bounds]
            texts.append({"text": text_np.node().getText(),
                          "rect": _pixel_rect(base, drawn)})
        if isinstance(item, PGEntry) and item.getPlainText().strip():
            # What was typed: the entry draws it outside its looks.
            texts.append({"text": item.getPlainText(), "rect": _pixel_rect(base, corners)})
        found.append({"rect": _pixel_rect(base, corners), "texts": texts})
    return found


def _balls(base) -> list:
    found = []
    w, h = base.win.getXSize(), base.win.getYSize()
    for np_ in base.render.findAllMatches("**/balls/ball*"):
        if np_.isHidden():
            continue
        film = Point2()
        seen = base.camLens.project(base.cam.getRelativePoint(np_, Point3(0, 0, 0)), film)
        pos = np_.getPos(np_.getParent())
        found.append({"name": np_.getName(), "pos": [round(v, 5) for v in pos],
                      "pixel": [round((film.x + 1) / 2 * w, 1), round((1 - film.y) / 2 * h, 1)]
                      if seen else None})
    return found


class ScreenProbe:
    """Writes what `base`'s window shows to `path` every PROBE_S s of real time."""

    def __init__(self, base, path: str):
        self.base = base
        self.path = path
        self.clock = ClockObject.getGlobalClock()
        self.last = -PROBE_S
        self.frame = 0
        base.taskMgr.add(self._task, "breakshot-screen-probe", sort=60)

    def _task(self, task):
        self.frame += 1
        now = self.clock.getRealTime()
        if now - self.last >= PROBE_S:
            self.last = now
            self.write(now)
        return task.cont

    def write(self, now: float) -> None:
        base = self.base
        snapshot = {"frame": self.frame, "time": round(now, 3),
                    "size": [base.win.getXSize(), base.win.getYSize()],
                    "ui_scale": round(ui_scale.current(base), 6),
                    "texts": _texts(base), "clickable": _clickable(base),
                    "balls": _balls(base)}
        with atomic_write(self.path, text=True) as out:
            json.dump(snapshot, out)


def start_if_asked(base) -> ScreenProbe | None:
    """A ScreenProbe on `base` if BREAKSHOT_SCREEN_PROBE names a file, else None."""
    path = os.environ.get(PROBE_ENV)
    return ScreenProbe(base, path) if path else None
