"""The menu's Controls page: every action of the match, practice, replays and menus
(`game.controls.ACTIONS`) with its keys, under the heading of its part of the game
(SECTIONS: aiming, the cue ball in hand, the camera, replays, menus...), a page of ROWS
lines at a time (Page Up / Page Down or the page buttons scroll). A heading is drawn as
words, not as a row to click; a page that begins inside a section begins with its
heading, "(continued)". Click an action, then press the new key or mouse
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
from game.i18n import N_, _
from game.rules import Group
from game.session.describe import group_name
from game.settings import Settings
from game.view.ui.rules_screen import CAPTURE_PREFIX, Capture
from game.view.ui.palette import BUTTON, DIM, GOLD, NOTICE, ON, PANEL, TEXT
from game.view.world.marking import colour_blind

ROWS = 16                         # lines shown at a time (actions and headings)
TOP_Z, ROW_Z = 0.6, 0.068         # the first row's height, the step between rows
LABEL_X, KEYS_X = -1.1, 0.3       # where the action names and their keys start
HEADING_X = -1.15                 # where a section's heading starts
ROW_SCALE, HEADING_SCALE = 0.042, 0.044
# The page's sections: the action that starts each, in game.controls.ACTIONS' order, and
# its heading; an action belongs to the last section started before it.
SECTIONS = {
    "aim_left": N_("Aiming and the stroke"),
    "place_left": N_("Cue ball in hand"),
    "skip": N_("A shot played back"),
    "view": N_("Camera and panels"),
    "take_in_hand": N_("Practice"),
    "drill_again": N_("Drills"),
    "group_red": N_("Questions in a match"),
    "chat_hello": N_("Online matches"),
    "replay_play": N_("Replays"),
    "menu_select": N_("Menus"),
}
HEADING, ACTION = "heading", "action"
# The actions that name an 8-ball group: with colour-blind play, by its marking too.
GROUP_ACTIONS = {"group_red": Group.RED, "group_yellow": Group.YELLOW}


def lines() -> list:
    """The page's lines, top to bottom: (HEADING, the heading's English) before each
    section's first action, (ACTION, action name) for every action."""
    found = []
    for name in controls.ACTIONS:
        if name in SECTIONS:
            found.append((HEADING, SECTIONS[name]))
        found.append((ACTION, name))
    return found


def section_of(index: int, found: list) -> str:
    """The heading (English) of the section line `index` of `found` (`lines()`) is in."""
    return next(value for kind, value in reversed(found[:index + 1]) if kind == HEADING)


class ControlsPage:
    """The page over `base`'s 2D layer, showing `settings`' key bindings."""

    def __init__(self, base, settings: Settings, on_change, on_back):
        self.base = base
        self.settings = settings
        self.on_change = on_change
        self.on_back = on_back
        self.lines = lines()
        self.top = 0                    # the first line shown
        self.choosing = None            # the action waiting for its new key
        self._capture = None            # every key's events held back meanwhile
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL,
                                 frameSize=(-1.2, 1.2, -0.9, 0.9), state=DGG.NORMAL,
                                 sortOrder=10)
        OnscreenText(parent=self.frame, text=_("Controls"), pos=(0, 0.76), scale=0.08, fg=GOLD)
        OnscreenText(parent=self.frame, pos=(0, 0.68), scale=0.04, fg=DIM,
                     text=_("Click an action, then press its new key or mouse button."))
        self.rows = []                  # (action button, keys, heading) of each line
        for k in range(ROWS):
            z = TOP_Z - ROW_Z * k
            button = DirectButton(parent=self.frame, pos=(LABEL_X, 0, z), relief=None,
                                  scale=ROW_SCALE, text="", text_align=TextNode.ALeft,
                                  text_fg=TEXT, command=self.choose, extraArgs=[k])
            keys = OnscreenText(parent=self.frame, text="", pos=(KEYS_X, z), scale=ROW_SCALE,
                                fg=TEXT, align=TextNode.ALeft, mayChange=True)
            heading = OnscreenText(parent=self.frame, text="", pos=(HEADING_X, z),
                                   scale=HEADING_SCALE, fg=GOLD, align=TextNode.ALeft,
                                   mayChange=True)
            self.rows.append((button, keys, heading))
        self.more = OnscreenText(parent=self.frame, text="", pos=(0, TOP_Z - ROW_Z * ROWS),
                                 scale=0.035, fg=DIM, mayChange=True)
        self.note = OnscreenText(parent=self.frame, text="", pos=(0, -0.66), scale=0.04,
                                 fg=NOTICE, wordwrap=55, mayChange=True)
        self.buttons = [self._button(text, x, command) for text, x, command in (
            (_("Previous page"), -0.85, lambda: self.turn_page(-1)),
            (_("Next page"), -0.3, lambda: self.turn_page(1)),
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
        kind, value = self.page()[row]
        if kind != ACTION:              # a heading's row has no button: nothing to choose
            return
        self.choosing = value
        self.keys.ignoreAll()
        if self._capture is None:       # no other screen's key acts meanwhile (F1, F2)
            self._capture = Capture(self.base)
        for key in controls.KEYS | {"escape"}:
            self.keys.accept(CAPTURE_PREFIX + key, self.pressed, [key])
        self.note.setText(_("Press the new key for \u201c{action}\u201d (Esc: keep {keys}).")
                          .format(action=self.label(self.choosing),
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
                bindings = self.bindings.rebound(action, key, self.label)
            except controls.BindingsError as exc:
                self.note.setText(str(exc))
            else:
                self.note.setText(_("\u201c{action}\u201d: {keys}.").format(
                    action=self.label(action), keys=controls.key_label(key)))
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
        """Move `rows` lines down (up if negative), no further than the full page that
        ends with the last line (or where a page turned already is)."""
        last = max(len(self.lines) - ROWS, 0)
        if last and self.lines[last][0] == ACTION:
            last += 1                   # the page's first row goes to the heading
        self.top = min(max(self.top + rows, 0), max(last, self.top))
        self._show()

    def label(self, action: str) -> str:
        """The action's name as the page shows it; a group's as the HUD names the group
        with colour-blind play ("Choosing a group: yellow, ringed")."""
        group = GROUP_ACTIONS.get(action)
        if group is not None and colour_blind(self.base):
            return _("Choosing a group: {group}").format(group=group_name(group, True))
        return _(controls.ACTIONS[action].label)

    def _keys_text(self, action: str) -> str:
        """The action's keys, and its gamepad button (fixed) after them."""
        names = ", ".join(controls.key_label(k) for k in self.bindings.keys(action))
        pad = controls.pad_label(action)
        return names if pad is None else names + "   " + _("gamepad: {button}").format(button=pad)

    def _show(self) -> None:
        page = self.page()
        for k, (button, keys, heading) in enumerate(self.rows):
            kind, value = page[k] if k < len(page) else (None, None)
            heading.setText(value if kind == HEADING else "")
            if kind != ACTION:
                button.hide()
                keys.setText("")
                continue
            action = value
            button.show()
            button["text"] = self.label(action)
            button["text_fg"] = GOLD if action == self.choosing else TEXT
            button.resetFrameSize()
            changed = self.bindings.keys(action) != controls.ACTIONS[action].keys
            keys.setText("..." if action == self.choosing else self._keys_text(action))
            keys.setFg(ON if changed else TEXT)
        # "12-25 / 87": the actions shown, counted without the headings.
        shown = sum(kind == ACTION for kind, _name in page)
        before = sum(kind == ACTION for kind, _name in self.lines[:self.top])
        total = len(controls.ACTIONS)
        self.more.setText(f"{before + 1}-{before + shown} / {total}" if shown < total else "")

    def page(self) -> list:
        """The lines drawn on the page's rows, top to bottom, from line `top` on, each
        heading in the player's language: the heading of its section first,
        "... (continued)", if it begins inside one."""
        continued = self.top > 0 and self.lines[self.top][0] == ACTION
        shown = [(kind, _(value) if kind == HEADING else value)
                 for kind, value in self.lines[self.top:self.top + ROWS - continued]]
        if continued:
            shown.insert(0, (HEADING, _("{heading} (continued)").format(
                heading=_(section_of(self.top, self.lines)))))
        return shown

    def turn_page(self, direction: int) -> None:
        """The next page (`direction` 1: from the line after the last one drawn) or the
        previous one (-1)."""
        if direction < 0:
            self.scroll(-(ROWS - 1))
            return
        drawn = len(self.page()) - (self.top > 0 and self.lines[self.top][0] == ACTION)
        if self.top + drawn < len(self.lines):
            self.top += drawn
        self._show()

    def back(self) -> None:
        self.on_back()

    def destroy(self) -> None:
        if self._capture is not None:
            self._capture.release()
        self.keys.ignoreAll()
        self.frame.destroy()
