"""The start menu's "Drills" page: every drill with its goal and the player's best and
trend on it (from his recorded attempts), each a button that starts it. The shipped
drills come first, then the player's own files from `game.drills.user_drill_directory()`;
a file of his that is refused is listed, dimmed, with the reason, and cannot be started.
"""
from __future__ import annotations

from direct.gui.DirectGui import DGG, DirectButton, DirectFrame
from direct.gui.OnscreenText import OnscreenText
from direct.showbase.DirectObject import DirectObject
from panda3d.core import TextNode

from game.drills import Drill, drills_in, shipped_drills, texts, user_drill_directory
from game.drills.history import drill_record, recorded_attempts
from game import controls as key_bindings
from game.i18n import _
from game.view.ui.palette import BUTTON, DIM, GOLD, PANEL, TEXT
from game.view.world.marking import colour_blind
from game.settings import shown_name

ROW_STEP = 0.19
ROWS = 7                    # drills listed (the shipped five and two of the player's)


class DrillList:
    """The page on `base` for `player` (a name). on_start(drill) for a chosen drill,
    on_back() for Back or Escape. replay_dir: where attempts are recorded (default: the
    user's replay folder); drill_dir: the player's own drills (default: the user's)."""

    def __init__(self, base, player: str, on_start, on_back, replay_dir=None, drill_dir=None):
        folder = user_drill_directory() if drill_dir is None else drill_dir
        entries = [(None, d) for d in shipped_drills()] + list(drills_in(folder))
        self.entries = entries[:ROWS]
        attempts = recorded_attempts(replay_dir)
        self.frame = DirectFrame(parent=base.aspect2d, frameColor=PANEL,
                                 frameSize=(-1.25, 1.25, -0.93, 0.93), state=DGG.NORMAL)
        OnscreenText(parent=self.frame, text=_("Drills"), pos=(0, 0.78), scale=0.09, fg=GOLD)
        OnscreenText(parent=self.frame, pos=(0, 0.69), scale=0.042, fg=DIM,
                     text=_("Playing as {player} (the first seat's name or profile in the "
                            "menu): click a drill to start it").format(player=shown_name(player)))
        self.buttons, self.lines = [], []
        for k, (path, drill) in enumerate(self.entries):
            z = 0.52 - k * ROW_STEP
            playable = isinstance(drill, Drill)
            if playable:
                record = drill_record(attempts, drill.id, player)
                label = f"{texts.title(drill)}   -   {texts.record_line(record)}"
                detail = texts.goal(drill, colour_blind(base))
            else:
                label, detail = path.name, str(drill)
            self.buttons.append(DirectButton(
                parent=self.frame, text=label, text_scale=0.05, text_align=TextNode.ALeft,
                text_fg=TEXT if playable else DIM, frameColor=BUTTON if playable else PANEL,
                frameSize=(-0.02, 2.2, -0.03, 0.07), relief=DGG.FLAT, pos=(-1.1, 0, z),
                state=DGG.NORMAL if playable else DGG.DISABLED,
                command=on_start, extraArgs=[drill]))
            self.lines.append(OnscreenText(parent=self.frame, text=detail, pos=(-1.08, z - 0.075),
                                           scale=0.035, fg=DIM, align=TextNode.ALeft,
                                           wordwrap=60))
        self.back_button = DirectButton(parent=self.frame, text=_("Back  [Esc]"),
                                        text_scale=0.055, text_fg=TEXT, frameColor=BUTTON,
                                        frameSize=(-0.27, 0.27, -0.045, 0.085),
                                        relief=DGG.FLAT, pos=(0, 0, -0.84), command=on_back)
        self.keys = DirectObject()
        key_bindings.accept(self.keys, "menu_back", on_back)

    def destroy(self) -> None:
        self.keys.ignoreAll()
        self.frame.destroy()
