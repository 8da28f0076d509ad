"""The start menu's "Recent matches" page: the replays the game recorded, newest first,
each a button that opens it in the replay viewer (`replay_viewer.ReplayViewer`).

The list is `game.replay.recent_matches` (a match without a shot is not in it); a match
played online says "online" (each player's game keeps its own copy), one left mid-game
"unfinished"; a file that cannot be read is listed with the reason and
cannot be opened.
"""
from __future__ import annotations

from datetime import datetime

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from game.drills import shipped_drills, texts
from game import controls as key_bindings
from game.i18n import _, date_time, ngettext
from game.replay import recent_matches
from game.storage import printable
from game.tables.modes import MODE_TITLES
from game.view.ui.palette import BUTTON, DIM, GOLD, PANEL, TEXT
from game.settings import shown_name

ROWS = 10                  # matches listed (the newest)
ROW_STEP = 0.1


def match_line(summary) -> str:
    """One match in words: when, mode, players, games and shots, "(online)" for a match
    played through a match server and "unfinished" for a match left mid-game (or why the
    file is unreadable); a drill attempt's drill, player and score."""
    when = date_time(datetime.fromtimestamp(summary.modified))
    if summary.error is not None:
        return f"{when}   {printable(summary.path.name)}: {summary.error}"[:90]
    shots = ngettext("{count} shot", "{count} shots", summary.shots).format(count=summary.shots)
    if summary.drill is not None:
        return f"{when}   {texts.attempt_line(summary.drill, shipped_drills())}   {shots}"
    (a, b), (wa, wb) = (shown_name(n) for n in summary.players), summary.games_won
    line = (f"{when}   {_(MODE_TITLES.get(summary.mode, summary.mode))}   {a} {wa} : {wb} {b}"
            f"   {shots}")
    if summary.online is not None:
        line += "   " + _("(online)")
    return line if summary.finished else line + "   " + _("(unfinished)")


class RecentMatches:
    """The page on `base`. directory: the replay folder (default: the user's).
    on_open(path) for a chosen match, on_back() for Back or Escape."""

    def __init__(self, base, on_open, on_back, directory=None):
        self.summaries = recent_matches(directory, limit=ROWS)
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL,
                                 frameSize=(-1.25, 1.25, -0.93, 0.93), state=DGG.NORMAL)
        OnscreenText(parent=self.frame, text=_("Recent matches"), pos=(0, 0.76), scale=0.09,
                     fg=GOLD)
        OnscreenText(parent=self.frame, pos=(0, 0.66), scale=0.04, fg=DIM,
                     text=_("Click a match to watch it again (also: python -m game.replay "
                            "FILE)")
                     if self.summaries else _("No recorded matches yet: play one first."))
        self.buttons = []
        for k, summary in enumerate(self.summaries):
            readable = summary.error is None
            self.buttons.append(DirectButton(
                parent=self.frame, text=match_line(summary), text_scale=0.045,
                text_align=TextNode.ALeft, text_fg=TEXT if readable else DIM,
                frameColor=BUTTON if readable else PANEL,
                frameSize=(-0.02, 2.2, -0.03, 0.065), relief=DGG.FLAT,
                pos=(-1.1, 0, 0.52 - k * ROW_STEP),
                state=DGG.NORMAL if readable else DGG.DISABLED,
                command=on_open, extraArgs=[summary.path]))
        self.back_button = DirectButton(parent=self.frame, text=_("Back  [Esc]"),
                                        text_scale=0.055, text_fg=TEXT, frameColor=BUTTON,
                                        frameSize=(-0.27, 0.27, -0.045, 0.085),
                                        relief=DGG.FLAT, pos=(0, 0, -0.8), command=on_back)
        self.keys = DirectObject()
        key_bindings.accept(self.keys, "menu_back", on_back)

    def destroy(self) -> None:
        self.keys.ignoreAll()
        self.frame.destroy()
