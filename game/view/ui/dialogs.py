"""A modal question in the middle of the screen: a title, a sentence, and buttons that
can also be pressed with keys (the key is written on the button)."""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from game.i18n import _

from .palette import BUTTON, GOLD, PANEL, TEXT

BUTTON_WIDTH = 0.58


def key_label(key: str) -> str:
    """How a Panda3D key name is written on a button."""
    return {"enter": _("Enter"), "escape": _("Esc"), "space": _("Space")}.get(key, key.upper())


class Dialog:
    """choices: [(label, keys, callback)]; a callback runs on its button or any of its
    keys (Panda3D event names). The dialog stays until `destroy`."""

    def __init__(self, base, title: str, text: str, choices):
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL,
                                 frameSize=(-1.0, 1.0, -0.32, 0.30), pos=(0, 0, 0.1),
                                 state=DGG.NORMAL)     # swallows clicks meant for the table
        self.title = OnscreenText(parent=self.frame, text=title, pos=(0, 0.18), scale=0.075,
                                  fg=GOLD, align=TextNode.ACenter)
        self.text = OnscreenText(parent=self.frame, text=text, pos=(0, 0.07), scale=0.05,
                                 fg=TEXT, align=TextNode.ACenter, wordwrap=34)
        self.keys = DirectObject()
        self.buttons = []
        self.hints = []             # "Key: label" per choice, for the help overlay
        gap = BUTTON_WIDTH + 0.06
        x0 = -gap * (len(choices) - 1) / 2
        for k, (label, keys, callback) in enumerate(choices):
            hint = " / ".join(key_label(key) for key in keys)
            self.hints.append(_("{keys} or click: {label}").format(keys=hint, label=label))
            self.buttons.append(DirectButton(
                parent=self.frame, text=f"{label}  [{hint}]", text_scale=0.05,
                text_fg=TEXT, frameColor=BUTTON,
                frameSize=(-BUTTON_WIDTH / 2, BUTTON_WIDTH / 2, -0.04, 0.07),
                pos=(x0 + k * gap, 0, -0.2), relief=DGG.FLAT, command=callback))
            for key in keys:
                self.keys.accept(key, callback)

    def destroy(self) -> None:
        self.keys.ignoreAll()
        self.frame.destroy()
