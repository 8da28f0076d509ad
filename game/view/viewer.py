"""A look round a table (`python -m game --viewer`): the opening position of a mode, with a
camera to orbit it; no play (the game is `launcher`).

Controls: drag with the left mouse button or use the arrow keys to orbit, the wheel or
+/- to zoom, T to switch between the orbit and the top-down view, Escape to quit.
"""
from __future__ import annotations

import math

from direct.showbase.DirectObject import DirectObject

from .app import open_base, opening_positions, overview_camera, prepare_base
from .camera import FULL_FILM, TopDownCamera
from .scene import Scene

KEY_STEP_RAD = math.radians(4.0)      # per arrow-key press or auto-repeat
DRAG_RAD = math.pi                    # orbit per full window width of mouse drag
ZOOM_STEP = 1.12                      # distance factor per wheel notch or +/- press


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
        self._drag_from = None
        for key, dh, dp in (("arrow_left", -1, 0), ("arrow_right", 1, 0),
                            ("arrow_up", 0, 1), ("arrow_down", 0, -1)):
            for event in (key, key + "-repeat"):
                self.accept(event, self.orbit_by, [dh * KEY_STEP_RAD, dp * KEY_STEP_RAD])
        for event, factor in (("wheel_up", 1 / ZOOM_STEP), ("wheel_down", ZOOM_STEP),
                              ("+", 1 / ZOOM_STEP), ("=", 1 / ZOOM_STEP), ("-", ZOOM_STEP)):
            self.accept(event, self.zoom, [factor])
        self.accept("t", self.toggle_top_down)
        self.accept("mouse1", self._start_drag)
        self.accept("mouse1-up", self._end_drag)
        self.accept("escape", base.userExit)
        self._task = base.taskMgr.add(self._drag, "breakshot-viewer-drag")

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
        """The pointer in -1..1 window coordinates, or None (no pointer, or offscreen)."""
        watcher = self.base.mouseWatcherNode
        if watcher is None or not watcher.hasMouse():
            return None
        return watcher.getMouse()

    def _start_drag(self) -> None:
        mouse = self._mouse()
        self._drag_from = None if mouse is None else (mouse.x, mouse.y)

    def _end_drag(self) -> None:
        self._drag_from = None

    def _drag(self, task):
        mouse = self._mouse()
        if self._drag_from is not None and mouse is not None:
            dx, dy = mouse.x - self._drag_from[0], mouse.y - self._drag_from[1]
            if dx or dy:
                # Dragging right swings the camera left round the target, like grabbing it.
                self.orbit_by(-dx / 2 * DRAG_RAD, -dy / 2 * DRAG_RAD)
                self._drag_from = (mouse.x, mouse.y)
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
