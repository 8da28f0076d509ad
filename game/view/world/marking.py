"""Colour-blind play (`game.settings.Accessibility.colour_blind`): red and yellow 8-ball's
groups told apart by a pattern as well as by colour.

With the option on, every ball of MARKED_GROUP (the yellows) carries three dark rings,
great circles round its three axes, painted in its texture (`marking_rgb`): they turn
with the ball, and from any side at least two of them cross the ball's face. The reds
stay plain, so "ringed or plain" is the whole code and nothing else on the table
changes. The yellows get the rings, not the reds: dark ink on yellow keeps a
luminance contrast above 11:1 under every dichromacy (yellow stays light for
protanopes, deuteranopes and tritanopes), where on red it falls to 2.5:1 for a
protanope, who sees red dark: under WCAG 2.1's 3:1 for graphics
(tests/view/test_colour_blind.py measures both).

The choice is kept per ShowBase, like the graphics quality (`world.quality`): scenes,
HUD icons and aiming aids made on it afterwards draw with it, and `set_colour_blind`
sends CHANGED so those on the screen follow at once.
"""
from __future__ import annotations

import functools
import math
import weakref

import numpy as np

from game.modelgen.balls import INK, _directions
from game.rules import Group

MARKED_GROUP = Group.YELLOW
RING_HALF_RAD = 0.11          # each ring's half width: about 6 mm on a 51 mm ball
RING_AXES = np.eye(3)         # the rings' axes in the ball frame (see modelgen.balls)
MARKING_WIDTH = 512           # texels round the ball (equirectangular, half as high)
CHANGED = "breakshot-colour-blind"      # messenger event: the option was switched
_CHOSEN = weakref.WeakKeyDictionary()


def ring_coverage(dirs: np.ndarray, aa: float) -> np.ndarray:
    """Ink coverage 0..1 of the rings at unit directions `dirs` (..., 3) in the ball
    frame, edges anti-aliased over `aa` rad."""
    # Angle from each ring's great circle: asin(|d . axis|), the nearest ring counts.
    off = np.arcsin(np.clip(np.abs(dirs @ RING_AXES.T), 0.0, 1.0)).min(axis=-1)
    return np.clip((RING_HALF_RAD - off) / aa + 0.5, 0.0, 1.0)


@functools.lru_cache(maxsize=None)
def marking_rgb(width: int = MARKING_WIDTH) -> np.ndarray:
    """(width / 2, width, 3) texture multiplying a marked ball's colour: white (1) with
    the rings in INK, in the balls' equirectangular mapping (row 0 at the +z pole; the
    models' mapping, `game.modelgen.balls`)."""
    cover = ring_coverage(_directions(width), 2 * math.pi / width)[..., None]
    rgb = 1.0 + (np.asarray(INK) - 1.0) * cover
    rgb.flags.writeable = False
    return rgb


def marked(mode_name: str) -> frozenset:
    """The ids of the balls `mode_name` marks for colour-blind play (none in 9-ball,
    whose balls carry their numbers)."""
    return frozenset(MARKED_GROUP.balls) if mode_name == "eight_ball" else frozenset()


@functools.lru_cache(maxsize=1)
def marking_texture() -> tuple:
    """(TextureStage, Texture) of `marking_rgb`, made once per process: the stage reads
    the models' texture coordinates ("texcoord.0", as panda3d-gltf names glTF's
    TEXCOORD_0), as their own base-colour stage does."""
    from panda3d.core import TextureStage

    from .textures import texture_from_rgb
    stage = TextureStage("colour_blind_rings")
    stage.setTexcoordName("0")
    # texture_from_rgb wants row 0 at v = 0, the bottom: the -z pole once loaded.
    return stage, texture_from_rgb("colour_blind_rings", marking_rgb()[::-1])


def set_colour_blind(base, on: bool) -> None:
    """Draw the marking on `base` (on) or not, from now on and on the screen at once."""
    on = bool(on)
    changed = _CHOSEN.get(base, False) != on
    _CHOSEN[base] = on
    if changed:
        base.messenger.send(CHANGED, [on])


def colour_blind(base) -> bool:
    """True if colour-blind play is chosen for `base` (off unless set)."""
    return _CHOSEN.get(base, False)
