"""The menu pages' small widgets: a DirectButton relabelled to fit, an on/off switch, and
a page's Back button with its key (the "menu_back" binding, Escape unless rebound)."""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectButton
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from game import controls as key_bindings
from game.i18n import _
from game.view.ui.palette import BUTTON, ON, TEXT


def back_button(frame, back) -> tuple:
    """(DirectButton, DirectObject): "Back [Esc]" at the foot of a page's `frame`, and
    the "menu_back" key, both calling back(); the DirectObject's keys go when the page
    does (`ignoreAll`)."""
    button = DirectButton(parent=frame, text=_("Back  [{key}]").format(
                              key=key_bindings.label("menu_back")),
                          text_scale=0.055, text_fg=TEXT,
                          frameColor=BUTTON, frameSize=(-0.27, 0.27, -0.045, 0.085),
                          relief=DGG.FLAT, pos=(0, 0, -0.86), command=back)
    keys = DirectObject()
    key_bindings.accept(keys, "menu_back", back)
    return button, keys


def relabel(button: DirectButton, text: str, fg) -> None:
    """Give `button` new text and colour, and a click area that fits the new text: a
    DirectButton sizes its click area from its text when it is built and keeps that size
    (zero for one built with empty text) unless told to measure again."""
    button["text"] = text
    button["text_fg"] = fg
    button.resetFrameSize()


class Toggle:
    """A switch drawn as "[x] label" / "[ ] label"; on_change(value) after each flip."""

    def __init__(self, parent, label: str, value: bool, pos, on_change=None):
        self.label = label
        self.on_change = on_change
        # The scale is the widget's, not the text's: setting "text" later would reset a
        # text_scale.
        self.button = DirectButton(parent=parent, pos=(pos[0], 0, pos[1]), relief=None,
                                   scale=0.045, text="", text_align=TextNode.ALeft,
                                   command=self.flip)
        self.set(value)

    def set(self, value: bool) -> None:
        self.value = bool(value)
        relabel(self.button, ("[x]  " if self.value else "[  ]  ") + self.label,
                ON if self.value else TEXT)

    def flip(self) -> None:
        self.set(not self.value)
        if self.on_change is not None:
            self.on_change(self.value)
