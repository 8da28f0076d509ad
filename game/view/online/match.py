"""A networked match on screen: the MatchClient polled each frame, what it brings played
on an OnlineScreen, and what the network is doing said in words.

- The local seat's commands go out one at a time (`send`); the server's "applied" brings
  each back, played as a local shot is (the mirror session has applied it already).
- The opponent's aim arrives live and is drawn as their cue and aim line; the local
  aim goes out through an AimThrottle (10 a second at most).
- Canned chat phrases on F5-F10, shown on the other window's HUD.
- The states in words on the HUD's status line: waiting for the opponent, their turn,
  disconnected (with the seconds the server keeps their seat; then the claim key claims the match),
  reconnecting. A reconnect or a digest mismatch rebuilds the client's mirror; the
  screen is then built again on it, quietly, exactly where the match stands.
- A seated player's game keeps its own copy of the match (record.OnlineRecord: a replay
  and the statistics, marked online), following the mirror when it is rebuilt.

The client is polled only while no shot is being played back, and up to one shot at a
time, so the mirror never runs ahead of what the screen shows; its network thread
meanwhile queues what arrives.
"""
from __future__ import annotations

from collections import deque

from direct.showbase.DirectObject import DirectObject
from panda3d.core import ClockObject

from game import controls as key_bindings
from game.audio import AudioSettings
from game.i18n import _
from game.net.client import CHAT_WORDS
from game.net.online import Absence, AimThrottle, refusal_words, status_words
from game.net.protocol import CHAT_PHRASES
from game.net.saved_seat import SavedSeat, forget_seat, save_seat
from game.race import Race
from game.rules import Player
from game.session import NextGame

from .screen import OnlineScreen, chat_action, stroke_gap

HOLD_POLL = ("Playing", "InstantReplay")     # states that play back what was polled


class OnlineMatch:
    """The match `client` (a MatchClient, the match started) on `base`, for the player
    with `settings` (aids, sound, controls). on_leave(): back to the menu (the client
    is closed first). seat_path: where the player's seat is kept while the match is
    unfinished, so that it can be taken again after the game closed (None: not kept).
    record: the player's own copy of the match (an OnlineRecord), or None: nothing is
    recorded here (a spectator)."""

    def __init__(self, base, client, settings, on_leave, use_shaders=None, sound_root=None,
                 seat_path=None, record=None):
        self.base = base
        self.client = client
        self.settings = settings
        self.on_leave = on_leave
        self.use_shaders = use_shaders
        self.sound_root = sound_root
        self.seat_path = seat_path
        self.record = record
        self._keep_seat()
        self.pending = None             # the seq of the command sent and not yet answered
        self.throttle = AimThrottle()
        self.absence = None             # the opponent's Absence, while away
        self._events = deque()          # polled, not yet handled
        self.down_since = None          # when the connection dropped (real time, s)
        self.clock = ClockObject.getGlobalClock()
        self.screen = None
        self._build_screen()
        if record is not None and record.notice is not None:
            self.screen.hud.say(record.notice)
        self.keys = DirectObject()
        for phrase in CHAT_PHRASES:
            key_bindings.accept(self.keys, chat_action(phrase), self.chat, [phrase])
        key_bindings.accept(self.keys, "claim_match", self.claim)
        # Before the screen's own task: the frame's events reach the flow first.
        self._task = base.taskMgr.add(self._tick, "breakshot-online", sort=-5)

    # ---- what the screen asks of the link ---------------------------------------------
    @property
    def seat(self):
        return self.client.seat

    @property
    def ended(self):
        return self.client.ended

    @property
    def resyncing(self) -> bool:
        """The mirror waits for the server's correction: nobody aims on a wrong table."""
        return self.client.resyncing

    def send(self, command) -> None:
        self.pending = self.client.send(command)
        self.throttle.reset()

    def offer_aim(self, stroke) -> None:
        aim = self.throttle.offer(stroke, self.clock.getRealTime())
        if aim is not None:
            self.client.aim(aim)

    def chat(self, phrase: str) -> None:
        if self.seat is not None:
            self.client.chat(phrase)

    def claim(self) -> None:
        """Claim the match once the absent opponent's seat has timed out."""
        if self.absence is not None and self.absence.claim_in(self.clock.getRealTime()) == 0:
            self.client.claim()

    # ---- the screen --------------------------------------------------------------------
    def _build_screen(self) -> None:
        """An OnlineScreen on the client's mirror as it stands (again after a rebuild)."""
        if self.screen is not None:
            self.screen.destroy()
        client, chosen = self.client, self.settings
        info = client.info
        race = None
        if info["race_to"] > 1:
            race = Race.resumed(client.session, info["race_to"], info["winner_breaks"],
                                Player(info["first_breaker"]))
        self.screen = OnlineScreen(
            self.base, client.session, self, chosen.aids, self.leave,
            use_shaders=self.use_shaders, race=race, stroke_input=chosen.stroke_input,
            controls=chosen.controls, sound_root=self.sound_root,
            audio=AudioSettings(chosen.effects_volume * chosen.master_volume, chosen.muted))
        self.screen.show_layout()

    def _opponent(self) -> str:
        names = self.client.session.shown_names
        return names[1 - self.seat] if self.seat is not None else names[
            int(self.client.session.shooter)]

    # ---- each frame --------------------------------------------------------------------
    def _tick(self, task):
        now = self.clock.getRealTime()
        if self.screen.flow.state not in HOLD_POLL:
            self._events.extend(self.client.poll(one_shot=True))
            if self.record is not None:
                self.record.follow()
        # One event at a time: a shot's playback holds the rest (the match's end, the
        # next frame) until it has been seen.
        while self._events and self.screen.flow.state not in HOLD_POLL:
            self._handle(self._events.popleft(), now)
        aim = self.throttle.offer(None, now)
        if aim is not None:
            self.client.aim(aim)
        self._show_status(now)
        return task.cont

    def _show_status(self, now: float) -> None:
        client, flow = self.client, self.screen.flow
        opponents_turn = (flow.state == "Remote" and self.pending is None
                          and client.status == "playing")
        words = status_words(connected=client.connected,
                             waiting_for_opponent=client.status == "waiting",
                             absence=self.absence, opponent=self._opponent(), now=now,
                             opponents_turn=opponents_turn,
                             opponent_aiming=flow.opponent_aiming,
                             resyncing=client.resyncing,
                             claim_key=key_bindings.label("claim_match"),
                             leave_key=key_bindings.label("leave"),
                             gave_up=self.down_since is not None
                             and now - self.down_since > client.resume_for + 1.0)
        self.screen.hud.show_status(words)

    def _handle(self, event, now: float) -> None:
        kind, data = event.kind, event.data
        screen = self.screen
        if kind in ("match", "resynced") and self.client.session is not screen.session:
            # A reconnect's snapshot or the server's result of a diverging shot: the mirror
            # was rebuilt; show it as it stands.
            self.pending = None
            self._build_screen()
        elif kind == "applied":
            self._applied(data)
        elif kind == "refused":
            if data["seq"] is not None and data["seq"] == self.pending or \
                    data["reason"] == "not connected":
                self.pending = None
                screen.flow.demand(screen.flow.next_state())
            screen.hud.say(refusal_words(data["reason"]))
        elif kind == "aim" and data["seat"] != self.seat:
            screen.flow.show_opponent_aim(data["stroke"])
        elif kind == "chat":
            names = self.client.session.shown_names
            screen.hud.say(_("{name}: {words}").format(name=names[data["seat"]],
                                                      words=_(CHAT_WORDS[data["phrase"]])))
        elif kind == "connection":
            self.down_since = None if data["up"] else now
        elif kind == "presence" and data["seat"] != self.seat:
            self.absence = None if data["connected"] else Absence(now, data["claim_after"])
        elif kind == "ended":
            self.absence = None             # nothing is left to claim: no "press K"
            self._keep_seat()
            screen.flow.demand("GameOver")      # (again: the dialog says the match is over)

    def _applied(self, data) -> None:
        screen, flow = self.screen, self.screen.flow
        if data["seq"] is not None and data["seat"] == self.seat:
            self.pending = None
        record = data["record"]
        if record is not None:
            screen.hud.clear_notes()
            screen.untold = record
            flow.demand("Playing", record, record.command.stroke,
                        stroke_gap(record.command.stroke))
        elif isinstance(data["command"], NextGame):
            flow.frame_racked()
        else:
            screen.show_layout()
            screen.update_hud()
            flow.fresh = True
            flow.demand(flow.next_state())

    def _keep_seat(self) -> None:
        """Keep the seat on disk while the match is unfinished; forget it once it ended."""
        client = self.client
        if self.seat_path is None or client.seat is None or client.token is None:
            return
        if client.ended is not None:
            forget_seat(self.seat_path, client.code)
            return
        try:
            save_seat(self.seat_path, SavedSeat(client.url, client.code, client.seat,
                                                client.token, client.name))
        except OSError:
            pass        # not kept: only a restart of the game would miss it

    # ---- leaving -------------------------------------------------------------------------
    def leave(self) -> None:
        self.on_leave()

    def destroy(self) -> None:
        if self._task is None:
            return
        self.base.taskMgr.remove(self._task)
        self._task = None
        self.keys.ignoreAll()
        self.screen.destroy()
        if self.record is not None:
            self.record.close()
        self.client.close()
