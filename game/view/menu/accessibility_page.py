"""The menu's Accessibility page: colour-blind play (`game.settings.Accessibility`), with
a sample of what it changes: a red ball and a yellow ball as the HUD draws them, the
yellow ringed while the option is on (`game.view.world.marking`).

It edits the `settings.Settings` it is given and calls on_change(Settings) after every
change, so the app applies it at once (the table behind the menu follows); Back (or
Escape) calls on_back().
"""
from __future__ import annotations

import dataclasses

from direct.gui.DirectGui import DGG, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from game.i18n import _
from game.rules import Group
from game.settings import Settings
from game.view.match.ball_row import BallRow
from game.view.ui.palette import DIM, GOLD, PANEL, TEXT

from .toggle import Toggle, back_button

SAMPLE_POS = (-0.2, -0.2)           # the sample's red ball; the yellow to its right
SAMPLE_RADIUS = 0.09


class AccessibilityPage:
    """The page over `base`'s 2D layer, showing `settings`."""

    def __init__(self, base, settings: Settings, on_change, on_back):
        self.settings = settings
        self.on_change = on_change
        self.on_back = on_back
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL,
                                 frameSize=(-1.2, 1.2, -0.9, 0.9), state=DGG.NORMAL,
                                 sortOrder=10)
        OnscreenText(parent=self.frame, text=_("Accessibility"), pos=(0, 0.76), scale=0.08,
                     fg=GOLD)
        self.colour_blind_toggle = Toggle(self.frame, _("Colour-blind play"),
                                          settings.accessibility.colour_blind, (-0.9, 0.5),
                                          self._colour_blind)
        OnscreenText(parent=self.frame, pos=(-0.9, 0.38), scale=0.045, fg=DIM,
                     align=TextNode.ALeft, wordwrap=38,
                     text=_("8-ball: the yellow balls carry dark rings, in the HUD as on "
                            "the table, and the group names say so. The aiming aids differ "
                            "in shape: the object ball's path is dashed, the cue ball's "
                            "solid; a jump's landing is crossed; a cue ball that cannot go "
                            "where it is held is crossed out."))
        self.sample_label = OnscreenText(parent=self.frame, pos=(SAMPLE_POS[0] - 0.2,
                                                                 SAMPLE_POS[1] - 0.02),
                                         scale=0.045, fg=TEXT, align=TextNode.ARight,
                                         mayChange=True)
        self.sample = BallRow(self.frame, SAMPLE_POS, SAMPLE_RADIUS, 1.0, 1)
        self.back_button, self.keys = back_button(self.frame, self.back)
        self._show()

    def _colour_blind(self, value: bool) -> None:
        self.settings = dataclasses.replace(
            self.settings, accessibility=dataclasses.replace(self.settings.accessibility,
                                                             colour_blind=value))
        self._show()
        self.on_change(self.settings)

    def _show(self) -> None:
        on = self.settings.accessibility.colour_blind
        self.colour_blind_toggle.set(on)
        self.sample_label.setText(_("Red and yellow:"))
        self.sample.set("eight_ball", (min(Group.RED.balls), min(Group.YELLOW.balls)),
                        rings=on)

    def back(self) -> None:
        self.on_back()

    def destroy(self) -> None:
        self.keys.ignoreAll()
        self.sample.destroy()
        self.frame.destroy()
