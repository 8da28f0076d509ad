"""The first start's offer of the guide, over the menu.

The offer's panel is opaque and lies over whole rows of the menu (PANEL_RECT: the menu's
width, from the players' profile row to the aiming aids, under the column of page
buttons), so no menu line runs through its words or shows half covered at its edges; the rest of the menu is dimmed
evenly (BACKDROP, which also keeps clicks from reaching the menu's buttons while the offer
is open). Its keys work as on any dialog (G: the guide, Esc: skip).
"""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectFrame

from game.i18n import _
from game.view.ui.dialogs import Dialog
from game.view.ui.palette import PANEL

BACKDROP = (0.0, 0.0, 0.0, 0.9)       # over the menu: a faint background, no words to read
BACKDROP_HALF_WIDTH = 4.0             # aspect2d units: wider than any window's half width
# The panel (left, right, bottom, top) in the menu's aspect2d units: the menu frame's width
# (start_menu: x within 1.25), from just under the lowest page button (Statistics, its
# foot at z 0.235) over the profile row (z 0.195) down between the aids' second row
# (z -0.45) and the Sound row (z -0.57).
PANEL_RECT = (-1.25, 1.25, -0.50, 0.232)


class WelcomeOffer:
    """The offer on `base`: on_guide() for the guide, on_skip() to skip it; it stays
    until `destroy`."""

    def __init__(self, base, on_guide, on_skip):
        self.backdrop = DirectFrame(parent=base.aspect2d, frameColor=BACKDROP,
                                    frameSize=(-BACKDROP_HALF_WIDTH, BACKDROP_HALF_WIDTH,
                                               -1.0, 1.0),
                                    state=DGG.NORMAL)
        self.dialog = Dialog(base, _("Welcome to Breakshot"),
                             _("New here? A short guide on a practice table shows the "
                               "controls: aiming, spin, elevation, power and the camera."),
                             [(_("Show me"), "show_guide", on_guide),
                              (_("Skip"), "skip_guide", on_skip)])
        # Drawn after the backdrop, as its child; opaque, over whole rows of the menu.
        left, right, bottom, top = PANEL_RECT
        frame = self.dialog.frame
        frame.reparentTo(self.backdrop)
        frame.setPos((left + right) / 2, 0.0, (bottom + top) / 2)
        frame["frameSize"] = (-(right - left) / 2, (right - left) / 2,
                              -(top - bottom) / 2, (top - bottom) / 2)
        frame["frameColor"] = (*PANEL[:3], 1.0)

    @property
    def frame(self):
        """The offer's panel (a DirectFrame)."""
        return self.dialog.frame

    def destroy(self) -> None:
        self.dialog.destroy()
        self.backdrop.destroy()
