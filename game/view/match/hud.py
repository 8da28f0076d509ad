"""The heads-up display over the table: the title, both players' panels (whose turn, group
and balls left, visits owed, fouls and the three-foul warning, and the balls still on the
table as icons), what is asked now, the last ruling in words with the balls it potted
(from its shot's end to the next stroke; a choice it left reads as answered once it is),
a passing message (a few
seconds, or to the next stroke), the controls of the moment, the computer's
"thinking" while it decides, and the aiming instruments (spin selector, cue elevation,
the aim angle, the power meter).

Words come from `hud_text` and `game.session.describe`; this module only makes the widgets,
where `layout` puts them: in a strip along the top and one along the bottom, clear of
the table in the top view.
"""
from __future__ import annotations

from direct.gui.DirectGui import DirectFrame
from direct.gui.OnscreenText import OnscreenText
from panda3d.core import TextNode

from game.i18n import _, number
from game.view.ui import layout as at
from game.view.ui.palette import DIM, GOLD, NOTICE, SHADOW, STRIP, TEXT, WARNING
from game.view.world.marking import colour_blind

from . import hud_text
from .ball_row import BallRow
from .gauges import PowerBar, SpinSelector

MESSAGE_S = 4.0           # how long a passing message stays
DOT_S = 0.4               # the thinking line grows a dot this often: the window is alive


def _text(parent, pos, scale, align=TextNode.ALeft, fg=TEXT, wordwrap=None) -> OnscreenText:
    return OnscreenText(parent=parent, pos=pos, scale=scale, fg=fg, shadow=SHADOW, align=align,
                        wordwrap=wordwrap, mayChange=True)


class _PlayerBox:
    """A player's panel in a top corner; `side` -1 for the left corner, +1 the right."""

    def __init__(self, corner, side: int):
        x = at.EDGE if side < 0 else -at.EDGE
        align = TextNode.ALeft if side < 0 else TextNode.ARight
        left, right = (0.0, at.PLAYER_BOX_W) if side < 0 else (-at.PLAYER_BOX_W, 0.0)
        self.frame = DirectFrame(parent=corner, frameColor=STRIP,
                                 frameSize=(left, right, -at.PLAYER_BOX_H, 0.0))
        self.name = _text(corner, (x, at.PLAYER_NAME_Z), at.PLAYER_NAME_SCALE, align)
        self.detail = _text(corner, (x, at.PLAYER_DETAIL_Z), at.PLAYER_DETAIL_SCALE, align,
                            wordwrap=at.wrap(at.PLAYER_TEXT_W, at.PLAYER_DETAIL_SCALE))
        self.balls = BallRow(corner, (x - side * at.PLAYER_BALL_R, at.PLAYER_BALLS_Z),
                             at.PLAYER_BALL_R, at.PLAYER_TEXT_W, -side)

    def set(self, panel: hud_text.PlayerPanel, mode: str | None = None,
            rings: bool = False) -> None:
        """Show `panel`; its balls drawn as `mode`'s (None: no balls), the marked group
        with its rings if `rings` (colour-blind play)."""
        marker = ">> " if panel.at_table else ""
        self.name.setText(marker + panel.name)
        self.name["fg"] = GOLD if panel.at_table else DIM
        self.detail.setText(panel.detail)
        self.detail["fg"] = WARNING if panel.warning else TEXT
        self.balls.set(mode, panel.balls, panel.marked, rings)

    def destroy(self) -> None:
        self.name.destroy()
        self.detail.destroy()
        self.balls.destroy()
        self.frame.destroy()


class Hud:
    """All HUD widgets on `base`'s 2D layers; `miscue_limit` (fraction of R) for the
    spin selector's ring."""

    def __init__(self, base, miscue_limit: float):
        self.base = base
        self.players = (_PlayerBox(base.a2dTopLeft, -1), _PlayerBox(base.a2dTopRight, 1))
        centre = at.wrap(at.CENTRE_W, 1.0)
        self.title = _text(base.a2dTopCenter, (0, at.TITLE_Z), at.TITLE_SCALE, TextNode.ACenter,
                           DIM, centre / at.TITLE_SCALE)
        self.turn = _text(base.a2dTopCenter, (0, at.TURN_Z), at.TURN_SCALE, TextNode.ACenter,
                          GOLD, centre / at.TURN_SCALE)
        self.thinking = _text(base.a2dTopCenter, (0, at.THINKING_Z), at.THINKING_SCALE,
                              TextNode.ACenter, NOTICE, centre / at.THINKING_SCALE)
        bottom_left = base.a2dBottomLeft
        self.ruling = _text(bottom_left, (at.TEXT_X, at.RULING_Z), at.RULING_SCALE,
                            TextNode.ALeft, TEXT, at.wrap(at.TEXT_W, at.RULING_SCALE))
        self.message = _text(bottom_left, (at.TEXT_X, at.MESSAGE_Z), at.MESSAGE_SCALE,
                             TextNode.ALeft, NOTICE, at.wrap(at.TEXT_W, at.MESSAGE_SCALE))
        self.controls = _text(bottom_left, (at.TEXT_X, at.CONTROLS_Z), at.CONTROLS_SCALE,
                              TextNode.ALeft, DIM, at.wrap(at.TEXT_W, at.CONTROLS_SCALE))
        rows = at.LABEL_ROWS
        self.spin = SpinSelector(base.a2dBottomRight, at.SPIN_POS, at.SPIN_RADIUS, miscue_limit,
                                 (at.LABEL_X, rows["tip"]), at.LABEL_SCALE)
        self.elevation = _text(base.a2dBottomRight, (at.LABEL_X, rows["elevation"]),
                               at.LABEL_SCALE, TextNode.ARight)
        self.power = PowerBar(base.a2dBottomRight, at.POWER_POS, at.POWER_HEIGHT,
                              (at.LABEL_X, rows["power"]), (at.LABEL_X, rows["speed"]),
                              at.LABEL_SCALE)
        self.aim_angle = _text(base.a2dBottomRight, (at.LABEL_X, rows["aim"]),
                               at.LABEL_SCALE, TextNode.ARight)
        self._message_left = 0.0
        self._warning = None
        self._told = None           # the ShotRecord whose ruling the ruling line says
        self.hide_aiming()

    def update(self, session, race=None) -> None:
        """Title (with the frame score of `race`, a game.race.Race, if any), panels and
        the question of the moment, from the session's state."""
        self.title.setText(hud_text.title(session, race))
        rings = colour_blind(self.base)
        for box, panel in zip(self.players, hud_text.panels(session, rings)):
            box.set(panel, session.mode, rings)
        self.turn.setText(hud_text.turn(session, rings))
        if self._told is not None:
            self.ruling.setText(hud_text.ruling_line(session, self._told, rings))

    def tell(self, record) -> None:
        """Say the ruling of `record` (the session's ShotRecord just played out) from the
        next `update` to the next stroke; each update says it afresh, so a choice it
        left reads as answered once it is."""
        self._told = record

    def set_ruling(self, sentence: str) -> None:
        """A ruling's words of the caller's own (a drill's verdict; "" for none), shown
        to the next stroke."""
        self._told = None
        self.ruling.setText(sentence)

    def say(self, words: str) -> None:
        """A passing message (a refused placement, a declared push out, ...): it goes
        after MESSAGE_S or at the next stroke, whichever comes first."""
        self.message.setText(words)
        self.message["fg"] = NOTICE
        self._message_left = MESSAGE_S
        self._warning = None

    def warn(self, words: str | None) -> None:
        """A warning on the message line that stays until withdrawn (None), as long as
        what it warns of holds (a stroke that makes the cue ball jump)."""
        if words == self._warning:
            return
        if words is not None:
            self.message.setText(words)
            self.message["fg"] = WARNING
            self._message_left = 0.0
        elif self.message.getText() == self._warning:
            self.message.setText("")
        self._warning = words

    def clear_notes(self) -> None:
        """A new stroke: the last ruling and any passing message go (the shot log keeps
        the rulings)."""
        self.set_ruling("")
        self.message.setText("")
        self._message_left = 0.0

    def show_notes(self, shown: bool, controls: bool = False) -> None:
        """Show the ruling and message lines, or hide them while a question is asked
        that they would contradict; `controls`: the controls line too (a question docked
        over the bottom strip says the keys of the moment itself)."""
        for line in (self.ruling, self.message) + ((self.controls,) if controls else ()):
            if shown:
                line.show()
            else:
                line.hide()

    def show_thinking(self, name: str | None, seconds: float = 0.0) -> None:
        """"<name> is thinking..." with a dot more every DOT_S of `seconds` so far, or
        nothing (name None)."""
        dots = "." * (1 + int(seconds / DOT_S) % 3)
        self.thinking.setText("" if name is None else
                              _("{name} is thinking{dots}").format(name=name, dots=dots))

    def show_status(self, words: str) -> None:
        """A standing line where the thinking line goes (a networked match's state:
        waiting, the opponent's turn, disconnected); "" for none."""
        self.thinking.setText(words)

    def set_controls(self, words: str) -> None:
        self.controls.setText(words)

    def tick(self, dt: float) -> None:
        """Per frame: let the passing message time out."""
        if self._message_left > 0.0:
            self._message_left -= dt
            if self._message_left <= 0.0:
                self.message.setText("")

    def show_aiming(self, side: float, height: float, elevation_deg: float,
                    raised: bool, power: float, aim_deg: float, preview: bool = False) -> None:
        """The instruments: tip offset, cue elevation (raised: by the game, to clear a
        rail or ball), the aim angle (degrees from the table's +x, to 0.1) and the power
        meter: the power 0..1 the aids use, marked as the preview (`preview`) before the
        stroke is drawn."""
        self.spin.show()
        self.aim_angle.setText(_("aim {angle} deg").format(angle=number(aim_deg % 360.0, 1)))
        self.aim_angle.show()
        self.spin.set(side, height)
        self.elevation.setText(_("cue elevation {angle} deg").format(angle=number(elevation_deg, 0))
                               + ("\n" + _("(raised to clear)") if raised else ""))
        self.elevation.show()
        self.power.show()
        self.power.set(power, preview)

    def hide_aiming(self) -> None:
        self.warn(None)
        self.spin.hide()
        self.elevation.hide()
        self.aim_angle.hide()
        self.power.hide()

    def destroy(self) -> None:
        for box in self.players:
            box.destroy()
        for widget in (self.title, self.turn, self.thinking, self.ruling, self.message, self.controls,
                       self.elevation, self.aim_angle, self.spin, self.power):
            widget.destroy()
