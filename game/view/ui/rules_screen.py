"""The Rules screen: the part of the rules document (`game.rules.document`) for the game
of the moment, in the player's language if it was translated, over whatever is on screen
(the start menu, a match, practice). the rules key opens it; the mouse wheel, Page Up / Page
Down and the arrow keys scroll it; Esc or the rules key closes it.

While it is open it has the keyboard and the mouse buttons to itself: every button
thrower of the data graph puts CAPTURE_PREFIX before its events, so the screen below
(aiming with the arrows, Esc for the menu, Enter for Play, the wheel's zoom) hears
nothing until it closes. Clicks on the panel are swallowed by its frame.
"""
from __future__ import annotations

import re
import textwrap

from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import PGButton, TextProperties, TextPropertiesManager

from game import controls as keys
from game.i18n import _, languages
from game.rules import document
from game.tables.modes import MODE_TITLES

from .palette import DIM, GOLD
from .panels import POPUP_BIN, SORT, VISIBLE_LINES, TextPanel

CAPTURE_PREFIX = "rules-"
RULES_SORT = SORT + 1        # above the help overlay and the shot log
RULES_WRAP = 96              # characters per line: the panel's width at its line scale
WHEEL_LINES = 3              # lines per wheel notch
HEADING_STYLE = "breakshot-rules-heading"     # a TextProperties name: headings in gold
# Inline markdown shown as plain text: **bold**, `code`, [text](address).
_INLINE = ((re.compile(r"\*\*(.+?)\*\*"), r"\1"), (re.compile(r"`([^`]+)`"), r"\1"),
           (re.compile(r"\[([^\]]+)\]\([^)]+\)"), r"\1"))


def plain_lines(markdown: str, width: int = RULES_WRAP) -> list:
    """`markdown` as lines of plain text at most `width` characters long: paragraphs
    joined and re-wrapped, section headings (## and ###) in capitals, rule headings
    (####) as they are, each heading after a blank line and marked with HEADING_STYLE
    (Panda3D's \\1name\\1 ... \\2); comments dropped."""
    lines: list = []
    paragraph: list = []

    def flush() -> None:
        if paragraph:
            lines.extend(textwrap.wrap(" ".join(paragraph), width))
            paragraph.clear()

    for raw in markdown.splitlines():
        line = raw.strip()
        for pattern, replacement in _INLINE:
            line = pattern.sub(replacement, line)
        heading = re.match(r"(#+) (.*)", line)
        comment = line.startswith("<!--")
        if heading or comment or not line or line.startswith("- "):    # a new block
            flush()
        if heading:
            if lines:
                lines.append("")
            level, title = heading.groups()
            title = title.upper() if len(level) <= 3 else title
            lines.append(f"\1{HEADING_STYLE}\1{title}\2")
        elif line and not comment:
            paragraph.append(line)
    flush()
    return lines


class Capture:
    """Prefixes the events of every button thrower under `base.dataRoot` until
    `release` (the windows' and any synthetic input's alike)."""

    def __init__(self, base):
        self.throwers = [(np.node(), np.node().getPrefix())
                         for np in base.dataRoot.findAllMatches("**/+ButtonThrower")]
        for node, prefix in self.throwers:
            node.setPrefix(CAPTURE_PREFIX + prefix)

    def release(self) -> None:
        for node, prefix in self.throwers:
            node.setPrefix(prefix)
        self.throwers = []


class RulesScreen:
    """the rules key on `base` shows the rules of the game mode_of() names ("eight_ball",
    "nine_ball") at that moment; `open` and `close` do it from a button."""

    def __init__(self, base, mode_of):
        heading = TextProperties()
        heading.setTextColor(*GOLD)
        TextPropertiesManager.getGlobalPtr().setProperties(HEADING_STYLE, heading)
        self.base = base
        self.mode_of = mode_of
        self.panel = None
        self._capture = None
        self.keys = DirectObject()          # the rules key while closed
        keys.accept(self.keys, "rules", self.open)
        self.open_keys = DirectObject()     # the captured events while open

    @property
    def shown(self) -> bool:
        return self.panel is not None

    @property
    def text(self) -> str:
        """The lines on screen now, joined by newlines ("" when closed)."""
        return self.panel.text if self.panel is not None else ""

    def open(self) -> None:
        """Show the rules of the game of the moment, from their start."""
        if self.panel is not None:
            return
        mode = self.mode_of()
        lines = plain_lines(document.part(document.rules_text(languages()), mode))
        self.panel = TextPanel(self.base, _("Rules: {game}").format(game=_(MODE_TITLES[mode])))
        self.panel.frame.reparentTo(self.base.aspect2d, RULES_SORT)
        self.panel.frame.setBin(POPUP_BIN, RULES_SORT)
        OnscreenText(parent=self.panel.frame, pos=(0, -0.74), scale=0.035, fg=DIM,
                     text=_("Wheel, arrows, Page Up / Page Down: scroll   Esc or {key}: close")
                     .format(key=keys.label("rules")))
        self.panel.show(lines)
        self._capture = Capture(self.base)
        steps = {"wheel_up": -WHEEL_LINES, "wheel_down": WHEEL_LINES,
                 "arrow_up": -1, "arrow_down": 1,
                 "page_up": -(VISIBLE_LINES - 2), "page_down": VISIBLE_LINES - 2}
        for key, rows in steps.items():
            for suffix in ("", "-repeat"):
                self.open_keys.accept(CAPTURE_PREFIX + key + suffix, self.panel.scroll, [rows])
        for key in ("escape",) + keys.keys("rules"):
            self.open_keys.accept(CAPTURE_PREFIX + key, self.close)
        # Over the panel the wheel reaches the panel's frame, not the button throwers.
        for button in ("wheel_up", "wheel_down"):
            self.panel.frame.bind(PGButton.getPressPrefix() + button + "-",
                                  lambda _event, rows=steps[button]: self.panel.scroll(rows))

    def close(self) -> None:
        """Hide the rules; the screen below has its keys back."""
        if self.panel is None:
            return
        self.open_keys.ignoreAll()
        self._capture.release()
        self._capture = None
        self.panel.destroy()
        self.panel = None

    def destroy(self) -> None:
        self.close()
        self.keys.ignoreAll()
