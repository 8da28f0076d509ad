"""A modal question: a title, a sentence, and buttons that can also be pressed with keys
(the key is written on the button). In the middle of the screen; or, for a question about
the table (play or pass, a group), docked: a low panel along the bottom edge, in the HUD's
bottom strip, so the table stays in sight and the views can be changed under it."""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from game import controls
from game.i18n import _

from . import layout as at
from .palette import BUTTON, DIM, GOLD, PANEL, TEXT

BUTTON_WIDTH = 0.58
BUTTON_GAP = 0.06


class _Place:
    """Where a dialog's parts go, in aspect2d units from the node it hangs from: the
    frame (left, right, bottom, top) and its position; the title's, the sentence's and
    the note's baselines and scales; the sentence's wrap; the buttons' centre height."""

    def __init__(self, frame, pos, title, text, wrap, note, buttons):
        self.frame, self.pos, self.title, self.text = frame, pos, title, text
        self.wrap, self.note, self.buttons = wrap, note, buttons


CENTRED = _Place(frame=(-1.0, 1.0, -0.32, 0.30), pos=(0, 0, 0.1), title=(0.18, 0.075),
                 text=(0.07, 0.05), wrap=34, note=(-0.29, 0.035), buttons=-0.2)
# Docked: as wide as a 4:3 window less its edges, as high as the bottom strip less an
# edge; the sentence takes up to two lines above the buttons.
DOCK_W = 2 * at.MIN_ASPECT - 2 * at.EDGE
DOCK_H = at.BOTTOM_STRIP - at.EDGE
DOCKED = _Place(frame=(-DOCK_W / 2, DOCK_W / 2, 0.0, DOCK_H), pos=(0, 0, at.EDGE / 2),
                title=(DOCK_H - 0.065, 0.055), text=(DOCK_H - 0.13, 0.042),
                wrap=(DOCK_W - 2 * at.EDGE) / 0.042, note=(0.025, 0.03), buttons=0.1)


class Dialog:
    """choices: [(label, action, callback)]; a callback runs on its button or any key of
    its action (game.controls.ACTIONS, in the player's bindings). `docked`: along the bottom edge rather than in the
    middle (a question about the table). `note`: a dim line of the other keys that work
    meanwhile ("V: view"; their bindings and help are the caller's). The dialog stays
    until `destroy`."""

    def __init__(self, base, title: str, text: str, choices, docked: bool = False,
                 note: str = ""):
        place = DOCKED if docked else CENTRED
        self.docked = docked
        self.frame = DirectFrame(parent=base.a2dBottomCenter if docked else base.aspect2d,
                                 frameColor=PANEL, frameSize=place.frame, pos=place.pos,
                                 state=DGG.NORMAL)     # swallows clicks meant for the table
        self.title = OnscreenText(parent=self.frame, text=title, pos=(0, place.title[0]),
                                  scale=place.title[1], fg=GOLD, align=TextNode.ACenter)
        self.text = OnscreenText(parent=self.frame, text=text, pos=(0, place.text[0]),
                                 scale=place.text[1], fg=TEXT, align=TextNode.ACenter,
                                 wordwrap=place.wrap)
        self.note = OnscreenText(parent=self.frame, text=note, pos=(0, place.note[0]),
                                 scale=place.note[1], fg=DIM, align=TextNode.ACenter)
        self.keys = DirectObject()
        self.buttons = []
        self.hints = []             # "Key: label" per choice, for the help overlay
        gap = BUTTON_WIDTH + BUTTON_GAP
        x0 = -gap * (len(choices) - 1) / 2
        for k, (label, action, callback) in enumerate(choices):
            hint = " / ".join(controls.key_label(key) for key in controls.keys(action))
            self.hints.append(_("{keys} or click: {label}").format(keys=hint, label=label))
            self.buttons.append(DirectButton(
                parent=self.frame, text=f"{label}  [{hint}]", text_scale=0.05,
                text_fg=TEXT, frameColor=BUTTON,
                frameSize=(-BUTTON_WIDTH / 2, BUTTON_WIDTH / 2, -0.04, 0.07),
                pos=(x0 + k * gap, 0, place.buttons), relief=DGG.FLAT, command=callback))
            controls.accept(self.keys, action, callback)

    def destroy(self) -> None:
        self.keys.ignoreAll()
        self.frame.destroy()
