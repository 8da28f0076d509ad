"""The first start's offer of the guide, over the menu.

The menu is full of words from edge to edge, so no place for the offer leaves them
whole: the whole menu is dimmed evenly behind it (BACKDROP, which also keeps clicks from
reaching the menu's buttons while the offer is open), and the offer's own panel is opaque,
so no menu line runs through its words or shows half covered at its edges. Its keys work
as on any dialog (G: the guide, Esc: skip).
"""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectFrame

from game.i18n import _
from game.view.ui.dialogs import Dialog
from game.view.ui.palette import PANEL

BACKDROP = (0.0, 0.0, 0.0, 0.7)       # over the menu: its words stay readable, dimmed
BACKDROP_HALF_WIDTH = 4.0             # aspect2d units: wider than any window's half width


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
                             [(_("Show me"), ("g",), on_guide), (_("Skip"), ("escape",), on_skip)])
        # Drawn after the backdrop, as its child; opaque.
        self.dialog.frame.reparentTo(self.backdrop)
        self.dialog.frame["frameColor"] = (*PANEL[:3], 1.0)

    @property
    def frame(self):
        """The offer's panel (a DirectFrame)."""
        return self.dialog.frame

    def destroy(self) -> None:
        self.dialog.destroy()
        self.backdrop.destroy()
