"""The match screen of a networked match: the ordinary GameScreen and PlayFlow, with the
local seat's commands sent to the server instead of applied, and a Remote state for
everything the local player waits for (the opponent's turn, the server's answer).

The session on screen is the MatchClient's mirror; it changes only when the client is
polled (`match.OnlineMatch`), which then tells this screen what to play.
"""
from __future__ import annotations

from game.controls import bind, label
from game.i18n import _
from game.net.client import CHAT_WORDS
from game.net.protocol import CHAT_PHRASES
from game.rules import Player
from game.view.match.aiming import AIM_GAP_M
from game.view.match.flow import PlayFlow
from game.view.match.hud_text import deciding_player
from game.view.match.play import GameScreen
from game.view.match.power import DRAW_BACK_M, power_for


def chat_action(phrase: str) -> str:
    """The action (game.controls.ACTIONS) that says `phrase` of CHAT_PHRASES."""
    return "chat_" + phrase


def chat_keys_line() -> str:
    """The chat keys in force with their phrases in the player's language:
    "F5 Hello!  F6 ..."."""
    return "  ".join(f"{label(chat_action(phrase))} {_(CHAT_WORDS[phrase])}"
                     for phrase in CHAT_PHRASES)


def stroke_gap(stroke) -> float:
    """How far (m) the cue is drawn back before `stroke`, as a person's power would."""
    return AIM_GAP_M + DRAW_BACK_M * power_for(stroke.speed)


class OnlineFlow(PlayFlow):
    """PlayFlow for one seat of a networked match (`screen.link`, an OnlineMatch): the
    local player's turns as ever; the rest in Remote, the opponent's aim drawn as it
    comes; a game over says the match's end, or waits for the next frame."""

    def __init__(self, screen):
        self.link = screen.link
        self.next_frame_racked = False      # the server racked the next frame already
        self.next_frame_wanted = False      # the player asked for it before it came
        self.opponent_aiming = False        # the opponent's aim is on screen
        super().__init__(screen)

    def next_state(self) -> str:
        s = self.session
        if s.state.game_over or self.link.ended is not None:
            return "GameOver"
        if (self.link.pending is not None or self.link.seat is None or self.link.resyncing
                or deciding_player(s) != Player(self.link.seat)):
            return "Remote"
        return super().next_state()

    # ---- Remote --------------------------------------------------------------------
    def enterRemote(self) -> None:
        screen = self.screen
        self.opponent_aiming = False
        screen.scene.hide_cue()
        screen.aids.hide()
        self.hud.hide_aiming()
        if not screen.top_view:
            screen.rig.set_goal(screen.overview_pose())
        if self.link.seat is None:          # a spectator just goes
            bindings = {}
            bind(bindings, "leave", self.screen.on_leave)
            self._listen(bindings, self._remote_controls())
            return
        bindings = {}
        bind(bindings, "leave", self._leave, ("Remote",))
        self._listen(bindings, self._remote_controls() + "\n" + chat_keys_line())

    @staticmethod
    def _remote_controls() -> str:
        """The keys of the Remote state, in force: the view and leaving."""
        return "   ".join([_("{key}: view").format(key=label("view", 1)),
                           _("{leave}: menu").format(leave=label("leave"))])

    def exitRemote(self) -> None:
        self.screen.scene.hide_cue()
        self.screen.aids.hide()
        self.defaultExit()

    def show_opponent_aim(self, stroke) -> None:
        """The opponent aims `stroke`: their cue and the aim line, seen from behind it."""
        screen = self.screen
        if self.state != "Remote" or screen.cue_ball() is None:
            return
        self.opponent_aiming = True
        screen.show_aim(stroke, AIM_GAP_M)
        screen.aim_camera(stroke.azimuth, stroke.elevation)

    def _leave(self, back: str) -> None:
        self._confirm(_("Leave the match?"),
                      _("Your opponent may claim the match if you do not come back. The "
                        "server keeps its recording."), self.screen.on_leave, back)

    # ---- GameOver ------------------------------------------------------------------
    def enterGameOver(self) -> None:
        s, race, ended = self.session, self.screen.race, self.link.ended
        self._clear_for_game_over()
        (a, b), (wa, wb) = s.shown_names, s.games_won
        menu = (_("Menu"), "game_over_menu", self.screen.on_leave)
        if not s.state.game_over:           # ended without a finished frame: abandoned
            self._ask(_("The match has ended"), _("Nobody won: the match was abandoned."),
                      [menu])
            return
        winner, how = self._how_it_ended()
        if ended is not None and ended.get("reason") == "forfeit":
            # Claimed after the opponent's seat timed out: not a concession he made.
            loser = s.shown_names[1 - int(s.state.winner)]
            how = _("{winner} claimed the match: {loser} did not come back").format(
                winner=winner, loser=loser)
        if race is None:
            self._ask(_("{winner} wins!").format(winner=winner),
                      _("{how}.   Games: {a} {wa} : {wb} {b}").format(how=how, a=a, wa=wa,
                                                                     wb=wb, b=b), [menu])
        elif race.over or ended is not None:
            self._ask(_("{winner} wins the match {wa} : {wb}!").format(
                          winner=winner, wa=wa, wb=wb), how + ".", [menu])
        else:
            self._ask_next_frame(winner, how, menu)

    def _rematch(self) -> None:
        """The next frame, once the server has racked it (it racks as a frame ends)."""
        if self.next_frame_racked:
            self.next_frame_racked = False
            self.screen.show_layout(rest=True)
            self.screen.update_hud()
            self._after_command()
        else:
            self.next_frame_wanted = True

    def frame_racked(self) -> None:
        """The server racked the next frame: go to it now if the player asked."""
        self.next_frame_racked = True
        if self.state != "GameOver" or self.next_frame_wanted:
            self.next_frame_wanted = False
            self._rematch()


class OnlineScreen(GameScreen):
    """A GameScreen whose commands go to the server through `link` (an OnlineMatch):
    `apply` sends and waits (the answer comes back through the link), and the local
    player's aim is offered to the link to send to the opponent."""

    flow_class = OnlineFlow

    def __init__(self, base, session, link, aids, on_leave, **options):
        self.link = link
        super().__init__(base, session, aids, on_leave, **options)

    def apply(self, command) -> tuple:
        """Send `command` for the local seat (one at a time); never applied here: the
        server's "applied" brings it back. So always (False, None)."""
        if self.link.seat is not None and self.link.pending is None:
            self.link.send(command)
            self.flow.demand(self.flow.next_state())
        return False, None

    def show_aim(self, stroke, gap: float):
        prediction = super().show_aim(stroke, gap)
        if self.flow.state in ("Aiming", "Powering"):
            self.link.offer_aim(stroke)
        return prediction
