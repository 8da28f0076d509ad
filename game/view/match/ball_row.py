"""A row of small ball icons on the HUD: the balls still on the table that a player's
panel shows (the 9-ball rack in order, an 8-ball group), each drawn in its colours from
`game.tables.modes` (a striped ball white with its band, a numbered ball with its number
in a white circle), and the ball to hit ringed in gold. With colour-blind play the
marked group's icons carry the balls' dark rings (`game.view.world.marking`), as seen on
a ball at rest from above the table, a little tilted.

Sizes are aspect2d units (the window's height is 2); the row hangs from its parent at a
position (x, z) of its first or last ball's centre.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import CardMaker, TextNode, TransparencyAttrib

from game.modelgen.balls import INK
from game.tables import modes
from game.view.ui.palette import GOLD
from game.view.world import marking
from game.view.world.textures import texture_from_rgb

ICON_TEXELS = 48
STRIPE_HALF = 0.5           # a striped ball's band: |v| below this fraction of the radius
NUMBER_CIRCLE = 0.66        # the white circle round a number, a fraction of the radius
NUMBER_SCALE = 1.25         # the number's em, a fraction of the radius (on a full-size
                            # icon: 12 px at 1024x768, game.view.ui.scale's floor)
RING_WIDTH = 0.22           # the gold ring round the ball to hit, a fraction of its radius
NUMBER_INK = (0.05, 0.05, 0.05, 1.0)
# A grey rim, RIM_WIDTH of the radius wide, mixed in by RIM_MIX: the black (and any dark
# ball) stands out from the dark panel behind it.
RIM_WIDTH, RIM_MIX, RIM_COLOUR = 0.14, 0.6, (0.62, 0.62, 0.6)
# A ringed icon shows the ball from above (its z axis towards the viewer) tilted by this
# much about its x axis, so the rings read as a cross and an arc, as on the table.
RINGS_TILT_RAD = 0.5


def icon_rgba(colour, striped: bool, numbered: bool, texels: int = ICON_TEXELS,
              ringed: bool = False) -> np.ndarray:
    """(texels, texels, 4) RGBA of a ball seen from the front: `colour` (RGB 0..1), or
    white with a `colour` band when `striped`; a white circle in the middle for its
    number when `numbered`; the colour-blind marking's dark rings when `ringed`; a grey
    rim; transparent outside, the edge anti-aliased. Row 0 is the bottom of the icon."""
    c = (np.arange(texels) + 0.5) / texels * 2 - 1
    u, v = np.meshgrid(c, c)
    r = np.hypot(u, v)
    rgb = np.empty((texels, texels, 3))
    rgb[:] = colour
    if striped:
        rgb[np.abs(v) > STRIPE_HALF] = modes.WHITE
    if numbered:
        inside = np.clip((NUMBER_CIRCLE - r) * texels / 2, 0, 1)[..., None]
        rgb += (np.asarray(modes.WHITE) - rgb) * inside
    if ringed:
        # The visible half of the ball: view (u right, v up, w towards the viewer) turned
        # into the ball's frame by the tilt about x.
        w = np.sqrt(np.clip(1.0 - r * r, 0.0, 1.0))
        ct, st = np.cos(RINGS_TILT_RAD), np.sin(RINGS_TILT_RAD)
        dirs = np.stack([u, ct * v + st * w, -st * v + ct * w], axis=-1)
        ink = marking.ring_coverage(dirs, 2.0 / texels)[..., None]
        rgb += (np.asarray(INK) - rgb) * ink
    rim = np.clip((r - 1 + RIM_WIDTH) * texels / 2, 0, 1)[..., None] * RIM_MIX
    rgb += (np.asarray(RIM_COLOUR) - rgb) * rim
    alpha = np.clip((1.0 - r) * texels / 2, 0, 1)
    return np.dstack([rgb, alpha])


def ring_rgba(texels: int = ICON_TEXELS) -> np.ndarray:
    """A gold ring RING_WIDTH of the radius wide inside the rim of a (texels, texels)
    square, transparent elsewhere."""
    c = (np.arange(texels) + 0.5) / texels * 2 - 1
    u, v = np.meshgrid(c, c)
    r = np.hypot(u, v)
    alpha = np.clip((RING_WIDTH / 2 - np.abs(r - 1 + RING_WIDTH / 2)) * texels / 2, 0, 1)
    rgb = np.empty((texels, texels, 3))
    rgb[:] = GOLD[:3]
    return np.dstack([rgb, alpha])


@lru_cache(maxsize=None)
def _styles(mode: str) -> dict:
    """{ball_id: BallStyle} of `mode`."""
    return {style.ball_id: style for style in modes.mode(mode).balls}


class BallRow:
    """Icons of radius up to `radius` under `parent`, in reading order (left to right),
    within `width`: the first centred at `pos` (x, z) and the others to its right (`side`
    +1), or the last centred there and the others to its left (-1: a right-aligned
    row). More balls than fit at the full size are drawn smaller."""

    def __init__(self, parent, pos, radius: float, width: float, side: int):
        self.root = parent.attachNewNode("ball_row")
        self.root.setPos(pos[0], 0, pos[1])
        self.radius, self.width, self.side = radius, width, side
        self.shown = ()             # ((ball_id, marked), ...) on screen, in row order
        self.ringed = frozenset()   # those of them drawn with colour-blind play's rings
        self._mode = None
        self._icons = []            # one card per ball; its number and ring ride on it

    def set(self, mode: str | None, balls, marked=frozenset(), rings: bool = False) -> None:
        """Show `balls` (ids of `mode`'s balls, in the order given), ringing those in
        `marked` in gold; `rings`: colour-blind play's marked group drawn with its dark
        rings; mode None or no balls: nothing."""
        wanted = tuple((b, b in marked) for b in balls) if mode is not None else ()
        ringed = (marking.marked(mode) & frozenset(balls) if rings and mode is not None
                  else frozenset())
        if wanted == self.shown and ringed == self.ringed and (not wanted or self._mode == mode):
            return
        self.clear()
        self.shown, self.ringed, self._mode = wanted, ringed, mode
        if not wanted:
            return
        pitch = min(2.5 * self.radius, (self.width - 2 * self.radius) / max(len(wanted) - 1, 1))
        radius = min(self.radius, pitch / 2.2)
        styles = _styles(mode)
        for k, (ball, ring) in enumerate(wanted):
            style = styles[ball]
            icon = _card(self.root, f"ball_{ball}", radius,
                         _icon_texture(mode, ball, style.colour, style.striped,
                                       style.number is not None, ball in ringed))
            icon.setX((k if self.side > 0 else k - len(wanted) + 1) * pitch)
            self._icons.append(icon)
            if style.number is not None:
                OnscreenText(parent=icon, text=str(style.number), scale=radius * NUMBER_SCALE,
                             pos=(0, -0.4 * radius), fg=NUMBER_INK, align=TextNode.ACenter)
            if ring:
                _card(icon, "ring", radius * 1.3, _ring_texture())

    def clear(self) -> None:
        for icon in self._icons:
            icon.removeNode()
        self._icons = []
        self.shown = ()
        self.ringed = frozenset()

    def destroy(self) -> None:
        self.clear()
        self.root.removeNode()


@lru_cache(maxsize=None)
def _icon_texture(mode: str, ball: int, colour, striped: bool, numbered: bool,
                  ringed: bool = False):
    return texture_from_rgb(f"icon_{mode}_{ball}{'_ringed' if ringed else ''}",
                            icon_rgba(colour, striped, numbered, ringed=ringed),
                            repeat=False)


@lru_cache(maxsize=1)
def _ring_texture():
    return texture_from_rgb("icon_ring", ring_rgba(), repeat=False)


def _card(parent, name: str, half: float, texture):
    maker = CardMaker(name)
    maker.setFrame(-half, half, -half, half)
    card = parent.attachNewNode(maker.generate())
    card.setTexture(texture)
    card.setTransparency(TransparencyAttrib.MAlpha)
    return card
