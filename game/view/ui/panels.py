"""Text panels over whatever is on screen: the help overlay (every control of the moment)
and the shot log (each shot's ruling in words), each shown and hidden by its key.

A panel shows a window of its lines; Page Up / Page Down scroll it. The keys that
already mean something while aiming (arrows, the wheel) are left to the game.
"""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from game import controls as keys
from game.controls import label
from game.i18n import N_, _, ngettext

from .palette import DIM, GOLD, PANEL, TEXT

VISIBLE_LINES = 24
LINE_SCALE = 0.045
HALF_WIDTH, HALF_HEIGHT = 1.2, 0.85   # the panel, aspect2d units
TEXT_LEFT = -1.1                      # where its lines start
# A line longer than the room from TEXT_LEFT to the frame's right edge, less that
# margin, wraps (measured in the font, not counted in characters).
WRAP_WIDTH = HALF_WIDTH - TEXT_LEFT - 0.1
SORT = 50                   # above the HUD and any dialog
# Opaque, and drawn after everything else on the 2D layer (the "gui-popup" bin): the
# HUD's and the page's words behind must not show through.
OPAQUE_PANEL = PANEL[:3] + (1.0,)
POPUP_BIN = "gui-popup"

MENU_CONTROLS = [N_("Click a switch [ ]: on or off"), N_("Click a > choice: the next one"),
                 N_("Click a name: type it"), N_("Drag the slider: effects volume"),
                 N_("Practice: no rules, the chosen game's table"),
                 N_("Recent matches: watch a replay"),
                 N_("Play online: host or join a match on a match server"),
                 N_("Controls: choose your own keys")]


def camera_controls() -> list:
    """The camera's keys in force (game.controls), as the help shows them."""
    return [_("{keys}: top view, or back").format(keys=label("view")),
            _("{zoom_in}; {zoom_out}: zoom in; out").format(zoom_in=label("zoom_in"),
                                                   zoom_out=label("zoom_out")),
            _("{button}-drag: camera height").format(button=label("camera_height"))]


def help_line() -> str:
    return _("{key}: this help (again: close)").format(key=label("help"))


def panel_controls() -> list:
    """The panels' keys in force, as the help shows them."""
    scroll = {"up": label("scroll_up"), "down": label("scroll_down")}
    return [help_line(),
            _("{key}: shot log of this frame ({up} / {down}: scroll)").format(
                key=label("shot_log"), **scroll),
            _("{key}: the rules of this game (Esc or {key}: close)").format(key=label("rules"))]


def menu_controls() -> list:
    """The start menu's help lines, its keys those in force."""
    return (translated(MENU_CONTROLS)
            + [_("{key} or Play: start the match").format(key=label("menu_select")),
               _("Rules or {key}: the rules of the chosen game").format(key=label("rules")),
               help_line()])


def translated(lines) -> list:
    """`lines` (sentences marked with N_) in the player's language."""
    return [_(line) for line in lines]


class TextPanel:
    """A titled, opaque panel on `base`'s 2D layer, drawn over everything else there and
    hidden until `show`. Lines are wrapped to the panel's width (WRAP_WIDTH, measured in
    the font) and shown VISIBLE_LINES at a time from `top`; latest_last: new lines open
    scrolled to the end (a log), else to the start."""

    def __init__(self, base, title: str, latest_last: bool = False):
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=OPAQUE_PANEL, sortOrder=SORT,
                                 frameSize=(-HALF_WIDTH, HALF_WIDTH, -HALF_HEIGHT, HALF_HEIGHT),
                                 state=DGG.NORMAL)
        self.frame.setBin(POPUP_BIN, SORT)
        OnscreenText(parent=self.frame, text=title, pos=(0, 0.72), scale=0.07, fg=GOLD)
        self.body = OnscreenText(parent=self.frame, text="", pos=(TEXT_LEFT, 0.6),
                                 scale=LINE_SCALE, fg=TEXT, align=TextNode.ALeft,
                                 mayChange=True)
        self.more = OnscreenText(parent=self.frame, text="", pos=(0, -0.8), scale=0.04,
                                 fg=DIM, mayChange=True)
        self.latest_last = latest_last
        self.lines: list = []
        self.top = 0
        self.frame.hide()

    @property
    def visible(self) -> bool:
        return not self.frame.isHidden()

    @property
    def text(self) -> str:
        """The lines shown now, joined by newlines."""
        return self.body.getText()

    def show(self, lines) -> None:
        """Show `lines` (kept at the same scroll position if they are the same)."""
        wrapped = [piece for line in lines for piece in wrap_to_width(line, WRAP_WIDTH / LINE_SCALE)]
        if wrapped != self.lines:
            self.lines = wrapped
            self.top = max(len(wrapped) - VISIBLE_LINES, 0) if self.latest_last else 0
            self._draw()
        self.frame.show()

    def hide(self) -> None:
        self.frame.hide()

    def scroll(self, rows: int) -> None:
        """Move the window `rows` lines down (negative: up), within the lines."""
        self.top = min(max(self.top + rows, 0), max(len(self.lines) - VISIBLE_LINES, 0))
        self._draw()

    def _draw(self) -> None:
        self.body.setText("\n".join(self.lines[self.top:self.top + VISIBLE_LINES]))
        above, below = self.top, max(len(self.lines) - self.top - VISIBLE_LINES, 0)
        self.more.setText(_("{above}, {below}: Page Up / Page Down").format(
            above=ngettext("{n} line above", "{n} lines above", above).format(n=above),
            below=ngettext("{n} line below", "{n} lines below", below).format(n=below))
            if above or below else "")

    def destroy(self) -> None:
        self.frame.destroy()


def wrap_to_width(line: str, width: float) -> list:
    """`line` cut at spaces into pieces no wider than `width` (text units of the default
    font, as TextNode measures them), its indent kept (continuations indented further);
    a single word wider than that stands alone."""
    measure = TextNode("wrap")
    indent = line[:len(line) - len(line.lstrip(" "))]
    pieces, current = [], indent
    for word in line.split():
        longer = f"{current} {word}" if current.strip() else current + word
        if current.strip() and measure.calcWidth(longer) > width:
            pieces.append(current)
            current = indent + "    " + word
        else:
            current = longer
    return pieces + [current]


class Panels:
    """The help overlay (the help key, its lines from help_lines()) and, if log_lines is
    given, the shot log (the shot log key, its lines from log_lines()); one shown at a time,
    its lines read again each `refresh` so they follow the state of play."""

    def __init__(self, base, help_lines, log_lines=None):
        self.sources = {"help": help_lines}
        self.panels = {"help": TextPanel(base, _("Controls"))}
        self.keys = DirectObject()
        keys.accept(self.keys, "help", self.toggle, ["help"])
        if log_lines is not None:
            self.sources["log"] = log_lines
            self.panels["log"] = TextPanel(base, _("Shot log: this frame"), latest_last=True)
            keys.accept(self.keys, "shot_log", self.toggle, ["log"])
        for action, rows in (("scroll_up", -VISIBLE_LINES // 2),
                             ("scroll_down", VISIBLE_LINES // 2)):
            keys.accept(self.keys, action, self.scroll, [rows], repeat=True)

    def shown(self) -> str | None:
        """The name of the panel shown ("help", "log"), or None."""
        return next((name for name, p in self.panels.items() if p.visible), None)

    def toggle(self, name: str) -> None:
        """Show panel `name` (hiding the other), or hide it if it is shown."""
        was = self.shown()
        for panel in self.panels.values():
            panel.hide()
        if was != name:
            self.panels[name].show(self.sources[name]())

    def refresh(self) -> None:
        """Read the shown panel's lines again (the state of play may have moved on)."""
        name = self.shown()
        if name is not None:
            self.panels[name].show(self.sources[name]())

    def scroll(self, rows: int) -> None:
        name = self.shown()
        if name is not None:
            self.panels[name].scroll(rows)

    def destroy(self) -> None:
        self.keys.ignoreAll()
        for panel in self.panels.values():
            panel.destroy()
