"""A look round a table (`python -m game --viewer`): the opening position of a mode, with a
camera to orbit it; no play (the game is `launcher`).

Controls: drag with the left mouse button or use the arrow keys to orbit, the wheel or
+/- to zoom, T to switch between the orbit and the top-down view, Escape to quit.
"""
from __future__ import annotations

import math

from direct.showbase.DirectObject import DirectObject

from .app import open_base, opening_positions, overview_camera, prepare_base
from game.view.world.camera import FULL_FILM, TopDownCamera
from game.view.world.scene import Scene

KEY_STEP_RAD = math.radians(4.0)      # per arrow-key press or auto-repeat
DRAG_RAD = math.pi                    # orbit per full window width of mouse drag
ZOOM_STEP = 1.12                      # distance factor per wheel notch or +/- press
# The orbiting keys: (key, heading sign, pitch sign), KEY_STEP_RAD per press or repeat.
ORBIT_KEYS = (("arrow_left", -1, 0), ("arrow_right", 1, 0), ("arrow_up", 0, 1),
              ("arrow_down", 0, -1))


class DragOrbit:
    """Orbiting by dragging: `start` on the button's press, `end` on its release, and each
    frame `delta` gives the (d_heading, d_pitch) rad the pointer's move since asks for.
    pointer(): the pointer in -1..1 window coordinates (x, y), or None."""

    def __init__(self, pointer):
        self.pointer = pointer
        self._from = None

    def start(self) -> None:
        self._from = self.pointer()

    def end(self) -> None:
        self._from = None

    def delta(self) -> tuple | None:
        """The orbit since the last call while dragging, or None (no drag, no move)."""
        now = self.pointer()
        if self._from is None or now is None:
            return None
        dx, dy = now[0] - self._from[0], now[1] - self._from[1]
        if not (dx or dy):
            return None
        self._from = now
        # Dragging right swings the camera left round the target, like grabbing it.
        return -dx / 2 * DRAG_RAD, -dy / 2 * DRAG_RAD


class Viewer(DirectObject):
    """Binds the controls on an existing ShowBase showing a fresh Scene of `mode_name`;
    both views keep the table in the film `region` (see camera)."""

    def __init__(self, base, mode_name: str, seed: int = 0, use_shaders: bool | None = None,
                 region=FULL_FILM):
        super().__init__()
        self.base = base
        self.region = region
        prepare_base(base)
        self.scene = Scene(base, mode_name, opening_positions(mode_name, seed), use_shaders)
        self.orbit = overview_camera(base, self.scene, region)
        self.top_down = False
        self._drag = DragOrbit(self._mouse)
        for key, dh, dp in ORBIT_KEYS:
            for event in (key, key + "-repeat"):
                self.accept(event, self.orbit_by, [dh * KEY_STEP_RAD, dp * KEY_STEP_RAD])
        for event, factor in (("wheel_up", 1 / ZOOM_STEP), ("wheel_down", ZOOM_STEP),
                              ("+", 1 / ZOOM_STEP), ("=", 1 / ZOOM_STEP), ("-", ZOOM_STEP)):
            self.accept(event, self.zoom, [factor])
        self.accept("t", self.toggle_top_down)
        self.accept("mouse1", self._drag.start)
        self.accept("mouse1-up", self._drag.end)
        self.accept("escape", base.userExit)
        self._task = base.taskMgr.add(self._follow_drag, "breakshot-viewer-drag")

    def orbit_by(self, d_heading: float, d_pitch: float) -> None:
        """Orbit the camera (rad); leaves the top-down view."""
        self.top_down = False
        self.orbit.orbit(d_heading, d_pitch)

    def zoom(self, factor: float) -> None:
        self.top_down = False
        self.orbit.zoom(factor)

    def toggle_top_down(self) -> None:
        self.top_down = not self.top_down
        if self.top_down:
            TopDownCamera(self.base, self.scene.bounds, self.scene.rail_height,
                          region=self.region)
        else:
            self.orbit.apply()

    def _mouse(self):
        """The pointer (x, y) in -1..1 window coordinates, or None (no pointer, or
        offscreen)."""
        watcher = self.base.mouseWatcherNode
        if watcher is None or not watcher.hasMouse():
            return None
        mouse = watcher.getMouse()
        return (mouse.x, mouse.y)

    def _follow_drag(self, task):
        orbit = self._drag.delta()
        if orbit is not None:
            self.orbit_by(*orbit)
        return task.cont

    def destroy(self) -> None:
        """Unbind the controls and remove the scene."""
        self.ignoreAll()
        self.base.taskMgr.remove(self._task)
        self.scene.destroy()


def run(mode_name: str, size: tuple, seed: int = 0, use_shaders: bool | None = None) -> None:
    """Open the window and run until it is closed (RuntimeError if it cannot open)."""
    base = open_base(offscreen=False, size=size)
    Viewer(base, mode_name, seed, use_shaders)
    base.run()
