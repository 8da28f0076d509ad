"""HUD instruments drawn on aspect2d: the spin selector (the cue ball's face, the miscue
limit and the tip's contact point) and the power bar (with the power in per cent and the
cue speed it gives in m/s).

Sizes and positions are in aspect2d units (the window's height is 2). Tip offsets are the
physics Stroke's side and height: fractions of the ball radius, right and up positive as
the player sees the ball.
"""
from __future__ import annotations

import numpy as np
from direct.gui.DirectGui import DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import CardMaker, Point3, TextNode, TransparencyAttrib

from game.i18n import _, number
from game.view.ui.palette import SHADOW, TEXT
from game.view.world.textures import texture_from_rgb

from .power import cue_speed

MAX_OFFSET = 0.9          # the selector keeps the contact point this far inside the rim
FACE_TEXELS = 160
FACE_COLOUR = (0.93, 0.92, 0.88)
RING_COLOUR = (0.85, 0.12, 0.10)
DOT_COLOUR = (0.10, 0.35, 0.85)
# The power bar's colour at 0, 0.5 and 1: green, amber, red.
POWER_COLOURS = np.array([(0.25, 0.80, 0.30), (0.98, 0.72, 0.15), (0.95, 0.20, 0.12)])
PREVIEW_ALPHA = 0.45      # the bar's fill while it shows the preview power


def face_rgba(miscue_limit: float, texels: int = FACE_TEXELS) -> np.ndarray:
    """(texels, texels, 4) RGBA: the ball's face, shaded towards the rim, a faint cross,
    and a red ring at `miscue_limit` (fraction of the radius); transparent outside."""
    c = (np.arange(texels) + 0.5) / texels * 2 - 1
    u, v = np.meshgrid(c, c)
    r = np.hypot(u, v)
    aa = 2.0 / texels
    rgb = np.empty((texels, texels, 3))
    rgb[:] = FACE_COLOUR
    rgb *= (1.0 - 0.3 * np.clip(r, 0, 1) ** 4)[..., None]
    cross = np.clip(1.5 - np.minimum(np.abs(u), np.abs(v)) / aa, 0, 1) * 0.25
    rgb *= (1.0 - cross)[..., None]
    ring = np.clip(1.5 - np.abs(r - miscue_limit) / aa, 0, 1)
    rgb += (np.asarray(RING_COLOUR) - rgb) * ring[..., None]
    alpha = np.clip((1.0 - r) / aa + 0.5, 0, 1)
    return np.dstack([rgb, alpha])


def _disc_rgba(colour, texels: int = 32) -> np.ndarray:
    c = (np.arange(texels) + 0.5) / texels * 2 - 1
    u, v = np.meshgrid(c, c)
    alpha = np.clip((1.0 - np.hypot(u, v)) * texels / 2, 0, 1)
    rgb = np.empty((texels, texels, 3))
    rgb[:] = colour
    return np.dstack([rgb, alpha])


def _card(parent, name: str, half: float, rgba: np.ndarray):
    maker = CardMaker(name)
    maker.setFrame(-half, half, -half, half)
    card = parent.attachNewNode(maker.generate())
    card.setTexture(texture_from_rgb(name, rgba, repeat=False))
    card.setTransparency(TransparencyAttrib.MAlpha)
    return card


class SpinSelector:
    """The selector at `pos` (x, z) under `parent`, `size` the ball's radius on screen;
    its readout right-aligned at `label_pos` (x, z) under `parent`, `label_scale` high."""

    def __init__(self, parent, pos, size: float, miscue_limit: float, label_pos,
                 label_scale: float):
        self.size = size
        self.root = parent.attachNewNode("spin_selector")
        self.root.setPos(pos[0], 0, pos[1])
        _card(self.root, "spin_face", size, face_rgba(miscue_limit))
        self.dot = _card(self.root, "spin_dot", size * 0.11, _disc_rgba(DOT_COLOUR))
        # Shadowed, as the HUD's other words: a ball may lie under them.
        self.label = OnscreenText(parent=self.root, scale=label_scale, fg=TEXT, shadow=SHADOW,
                                  pos=(label_pos[0] - pos[0], label_pos[1] - pos[1]),
                                  align=TextNode.ARight, mayChange=True)
        self.set(0.0, 0.0)

    def set(self, side: float, height: float) -> None:
        self.dot.setPos(side * self.size, 0, height * self.size)
        words = []
        if abs(height) >= 0.05:
            words.append((_("follow {amount}") if height > 0 else _("draw {amount}"))
                         .format(amount=number(abs(height), 2)))
        if abs(side) >= 0.05:
            words.append((_("right {amount}") if side > 0 else _("left {amount}"))
                         .format(amount=number(abs(side), 2)))
        self.label.setText(_("tip: {where}").format(
            where=", ".join(words) if words else _("centre")))

    def offset_at(self, pointer) -> tuple | None:
        """(side, height) under the pointer (x, y in -1..1 window units, as a
        MouseWatcher gives it), or None outside the face; kept within MAX_OFFSET."""
        local = self.root.getRelativePoint(self.root.getTop(), Point3(pointer[0], 0, pointer[1]))
        side, height = local.x / self.size, local.z / self.size
        r = float(np.hypot(side, height))
        if r > 1.0:
            return None
        if r > MAX_OFFSET:
            side, height = side * MAX_OFFSET / r, height * MAX_OFFSET / r
        return (side, height)

    def show(self) -> None:
        self.root.show()

    def hide(self) -> None:
        self.root.hide()

    def destroy(self) -> None:
        self.label.destroy()
        self.root.removeNode()


class PowerBar:
    """A vertical bar with its foot at `pos` (x, z) under `parent`, `height` tall,
    filling from below; its readouts (power in %, cue speed in m/s) right-aligned at
    `label_pos` and `speed_pos` (x, z) under `parent`, `label_scale` high."""
    WIDTH = 0.045

    def __init__(self, parent, pos, height: float, label_pos, speed_pos, label_scale: float):
        self.height = height
        w = self.WIDTH
        self.frame = DirectFrame(parent=parent, pos=(pos[0], 0, pos[1]),
                                 frameColor=(0.05, 0.05, 0.05, 0.7),
                                 frameSize=(-w / 2 - 0.008, w / 2 + 0.008, -0.008, height + 0.008))
        self.fill = DirectFrame(parent=self.frame, frameSize=(-w / 2, w / 2, 0, height),
                                frameColor=(*POWER_COLOURS[0].tolist(), 1.0))
        self.label, self.speed = (
            OnscreenText(parent=self.frame, scale=label_scale, fg=TEXT, shadow=SHADOW,
                         pos=(at[0] - pos[0], at[1] - pos[1]), align=TextNode.ARight,
                         mayChange=True)
            for at in (label_pos, speed_pos))
        self.set(0.0)

    def set(self, power: float, preview: bool = False) -> None:
        """Show power 0..1 and the cue speed it gives; `preview`: the power before the
        stroke is drawn (the aids' until then), its fill dimmed and its label marked."""
        power = min(max(power, 0.0), 1.0)
        self.fill.setScale(1, 1, max(power, 1e-3))
        rgb = [float(np.interp(power, (0.0, 0.5, 1.0), POWER_COLOURS[:, k])) for k in range(3)]
        self.fill["frameColor"] = (*rgb, PREVIEW_ALPHA if preview else 1.0)
        percent = round(power * 100)
        self.label.setText(_("power {percent}% (preview)").format(percent=percent) if preview
                           else _("power {percent}%").format(percent=percent))
        self.speed.setText(_("{speed} m/s").format(speed=number(cue_speed(power), 1)))

    def show(self) -> None:
        self.frame.show()

    def hide(self) -> None:
        self.frame.hide()

    def destroy(self) -> None:
        self.frame.destroy()
