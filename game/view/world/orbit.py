"""Orbit controls shared by every screen with a free camera: the arrow keys' step, the
drag-to-orbit helper, the zoom keys. Angles in radians; the pointer in -1..1 window
coordinates."""
from __future__ import annotations

import math

KEY_STEP_RAD = math.radians(4.0)      # per arrow-key press or auto-repeat
DRAG_RAD = math.pi                    # orbit per full window width of mouse drag
ZOOM_STEP = 1.12                      # distance factor per wheel notch or +/- press
# The orbiting actions (game.controls): (action, heading sign, pitch sign), KEY_STEP_RAD
# per press or repeat.
ORBIT_KEYS = (("replay_orbit_left", -1, 0), ("replay_orbit_right", 1, 0),
              ("replay_orbit_up", 0, 1), ("replay_orbit_down", 0, -1))


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
