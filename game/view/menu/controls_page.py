"""The menu's Controls page: every action of the match, practice, replays and menus
(`game.controls.ACTIONS`) with its keys, a page of ROWS at a time (Page Up / Page Down
or the page buttons scroll). Click an action, then press the new key or mouse
button: it becomes the action's key, unless it already means another action where this
one acts, which is refused in one sentence naming that action (Esc cancels the choice).
"Reset to defaults" gives every action its default keys again.

It edits the `settings.Settings` it is given and calls on_change(Settings) after every
change (the app saves it and puts the keys in force); Back (or the menus' back key)
calls on_back().
"""
from __future__ import annotations

import dataclasses

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from game import controls
from game.i18n import _
from game.settings import Settings
from game.view.ui.rules_screen import CAPTURE_PREFIX, Capture
from game.view.ui.palette import BUTTON, DIM, GOLD, NOTICE, ON, PANEL, TEXT

ROWS = 16                         # actions shown at a time
TOP_Z, ROW_Z = 0.6, 0.068         # the first row's height, the step between rows
LABEL_X, KEYS_X = -1.1, 0.45      # where the action names and their keys start


class ControlsPage:
    """The page over `base`'s 2D layer, showing `settings`' key bindings."""

    def __init__(self, base, settings: Settings, on_change, on_back):
        self.base = base
        self.settings = settings
        self.on_change = on_change
        self.on_back = on_back
        self.names = list(controls.ACTIONS)
        self.top = 0                    # the first action shown
        self.choosing = None            # the action waiting for its new key
        self._capture = None            # every key's events held back meanwhile
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL,
                                 frameSize=(-1.2, 1.2, -0.9, 0.9), state=DGG.NORMAL,
                                 sortOrder=10)
        OnscreenText(parent=self.frame, text=_("Controls"), pos=(0, 0.76), scale=0.08, fg=GOLD)
        OnscreenText(parent=self.frame, pos=(0, 0.68), scale=0.04, fg=DIM,
                     text=_("Click an action, then press its new key or mouse button."))
        self.rows = []
        for k in range(ROWS):
            z = TOP_Z - ROW_Z * k
            button = DirectButton(parent=self.frame, pos=(LABEL_X, 0, z), relief=None,
                                  scale=0.042, text="", text_align=TextNode.ALeft,
                                  text_fg=TEXT, command=self.choose, extraArgs=[k])
            keys = OnscreenText(parent=self.frame, text="", pos=(KEYS_X, z), scale=0.042,
                                fg=TEXT, align=TextNode.ALeft, mayChange=True)
            self.rows.append((button, keys))
        self.more = OnscreenText(parent=self.frame, text="", pos=(0, TOP_Z - ROW_Z * ROWS),
                                 scale=0.035, fg=DIM, mayChange=True)
        self.note = OnscreenText(parent=self.frame, text="", pos=(0, -0.66), scale=0.04,
                                 fg=NOTICE, wordwrap=55, mayChange=True)
        self.buttons = [self._button(text, x, command) for text, x, command in (
            (_("Previous page"), -0.85, lambda: self.scroll(-ROWS)),
            (_("Next page"), -0.3, lambda: self.scroll(ROWS)),
            (_("Reset to defaults"), 0.3, self.reset),
            (_("Back  [{key}]").format(key=controls.label("menu_back")), 0.85, self.back))]
        self.keys = DirectObject()
        self._listen()
        self._show()

    def _button(self, text: str, x: float, command) -> DirectButton:
        return DirectButton(parent=self.frame, text=text, text_scale=0.045, text_fg=TEXT,
                            frameColor=BUTTON, frameSize=(-0.26, 0.26, -0.04, 0.075),
                            relief=DGG.FLAT, pos=(x, 0, -0.82), command=command)

    def _listen(self) -> None:
        """The page's own keys (none while a key is being chosen: the next press is it)."""
        self.keys.ignoreAll()
        controls.accept(self.keys, "menu_back", self.back)
        for action, rows in (("scroll_up", -ROWS // 2), ("scroll_down", ROWS // 2)):
            controls.accept(self.keys, action, self.scroll, [rows])

    @property
    def bindings(self) -> controls.Bindings:
        return self.settings.controls.bindings

    # ---- choosing a key --------------------------------------------------------------
    def choose(self, row: int) -> None:
        """Row `row`'s action was clicked: its next key press (or mouse button) is its
        new key."""
        self.choosing = self.names[self.top + row]
        self.keys.ignoreAll()
        if self._capture is None:       # no other screen's key acts meanwhile (F1, F2)
            self._capture = Capture(self.base)
        for key in controls.KEYS | {"escape"}:
            self.keys.accept(CAPTURE_PREFIX + key, self.pressed, [key])
        self.note.setText(_("Press the new key for \u201c{action}\u201d (Esc: keep {keys}).")
                          .format(action=_(controls.ACTIONS[self.choosing].label),
                                  keys=self._keys_text(self.choosing)))
        self._show()

    def pressed(self, key: str) -> None:
        """A key or mouse button went down while choosing (held with a modifier, it is
        not seen): Esc keeps the keys, anything else is tried as the action's key."""
        action, self.choosing = self.choosing, None
        self._stop_capture()
        if key == "escape":
            self.note.setText("")
        else:
            try:
                bindings = self.bindings.rebound(action, key)
            except controls.BindingsError as exc:
                self.note.setText(str(exc))
            else:
                self.note.setText(_("\u201c{action}\u201d: {keys}.").format(
                    action=_(controls.ACTIONS[action].label), keys=controls.key_label(key)))
                self._set(bindings)
        self._show()

    def _stop_capture(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None
        self._listen()

    def reset(self) -> None:
        if self.choosing is not None:
            self.choosing = None
            self._stop_capture()
        self._set(controls.Bindings())
        self.note.setText(_("Every action has its default keys again."))
        self._show()

    def _set(self, bindings: controls.Bindings) -> None:
        if bindings != self.bindings:
            self.settings = dataclasses.replace(self.settings, controls=dataclasses.replace(
                self.settings.controls, bindings=bindings))
            self.on_change(self.settings)

    # ---- showing ---------------------------------------------------------------------
    def scroll(self, rows: int) -> None:
        self.top = min(max(self.top + rows, 0), max(len(self.names) - ROWS, 0))
        self._show()

    def _keys_text(self, action: str) -> str:
        """The action's keys, and its gamepad button (fixed) after them."""
        names = ", ".join(controls.key_label(k) for k in self.bindings.keys(action))
        pad = controls.pad_label(action)
        return names if pad is None else names + "   " + _("gamepad: {button}").format(button=pad)

    def _show(self) -> None:
        for k, (button, keys) in enumerate(self.rows):
            index = self.top + k
            if index >= len(self.names):
                button.hide()
                keys.setText("")
                continue
            action = self.names[index]
            button.show()
            button["text"] = _(controls.ACTIONS[action].label)
            button["text_fg"] = GOLD if action == self.choosing else TEXT
            button.resetFrameSize()
            changed = self.bindings.keys(action) != controls.ACTIONS[action].keys
            keys.setText("..." if action == self.choosing else self._keys_text(action))
            keys.setFg(ON if changed else TEXT)
        below = max(len(self.names) - self.top - ROWS, 0)
        last = min(self.top + ROWS, len(self.names))
        self.more.setText(f"{self.top + 1}-{last} / {len(self.names)}"
                          if self.top or below else "")

    def back(self) -> None:
        self.on_back()

    def destroy(self) -> None:
        if self._capture is not None:
            self._capture.release()
        self.keys.ignoreAll()
        self.frame.destroy()
