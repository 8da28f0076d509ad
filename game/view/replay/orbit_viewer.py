"""A look round a table (`python -m game --viewer`): the opening position of a mode, with a
camera to orbit it; no play (the game is `launcher`).

Controls: drag with the left mouse button or use the arrow keys to orbit, the wheel or
+/- to zoom, T to switch between the orbit and the top-down view, Escape to quit.
"""
from __future__ import annotations

from direct.showbase.DirectObject import DirectObject

from game import controls as keys
from game.view.app import open_base, opening_positions, overview_camera, prepare_base
from game.view.world.camera import FULL_FILM, TopDownCamera
from game.view.world.orbit import KEY_STEP_RAD, ORBIT_KEYS, ZOOM_STEP, DragOrbit
from game.view.world.scene import Scene

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
        for action, dh, dp in ORBIT_KEYS:
            keys.accept(self, action, self.orbit_by, [dh * KEY_STEP_RAD, dp * KEY_STEP_RAD],
                        repeat=True)
        for action, factor in (("zoom_in", 1 / ZOOM_STEP), ("zoom_out", ZOOM_STEP)):
            keys.accept(self, action, self.zoom, [factor], ("", "shift-"))
        keys.accept(self, "replay_top_down", self.toggle_top_down)
        for event in keys.events("replay_orbit_drag"):
            self.accept(event, self._drag.start)
            self.accept(event + "-up", self._drag.end)
        keys.accept(self, "replay_back", base.userExit)
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
