"""One attempt at a drill on the real table: the 9-ball or 8-ball GameSession runs the
solver, reads the shot's facts and rules on it (the ghost plays by those rulings), the
engine scores it, and the replay Recorder keeps the attempt as a replay marked with the
drill's id, the player and the score (format 1.5).

The session's rules state is the drill's position: before the first shot and, for runs
and ladders, before each next one (the balls where they stopped, or the next rung set
up), with the player always at the table and the cue ball where it lies. A ghost drill
keeps the 9-ball rules' own state and racks again after each rack, the player breaking
every time from `drill.break_from`.
"""
from __future__ import annotations

import dataclasses
from datetime import datetime, timezone
from pathlib import Path

from physics_ext import Params, Stroke
from game.replay import DrillMark, Recorder, replay_directory
from game.replay.library import new_drill_replay_path
from game.replay.manifest import encode_drill_mark
from game.rules import BallInHand, Layout, RulesError
from game.session import Concede, GameSession, NextGame, PlaceCueBall, Shoot

from . import engine
from .engine import PLAYER
from .model import Drill

# The other seat's name in the recorded file (the same in every language, like a
# player's own name: a replay records names as they were).
GHOST_NAME = "Ghost"


class DrillAttempt:
    """`player` (a name) tries `drill`. seed: makes the ghost's racks. record: keep the
    attempt as a replay in `directory` (default: the user's replay folder), named by
    new_drill_replay_path; `started` is its start time (now by default). OSError if the
    folder cannot be made; recorder.error holds a later failed save (the attempt goes
    on)."""

    def __init__(self, drill: Drill, player: str, seed: int = 0, params: Params = Params(),
                 record: bool = True, directory=None, started: datetime | None = None):
        self.drill = drill
        self.player = player
        self.progress = engine.start(drill)
        self.session = GameSession(drill.mode, (player, GHOST_NAME), seed=seed, params=params,
                                   breaker=PLAYER)
        if drill.kind != "ghost":
            self._set_up(drill.opening)
        self.session.listeners.append(self._scored)
        self.recorder = None
        if record:
            started = started or datetime.now(timezone.utc)
            folder = Path(replay_directory() if directory is None else directory)
            folder.mkdir(parents=True, exist_ok=True)
            self.recorder = Recorder(
                self.session, path=new_drill_replay_path(folder, drill.id, player, started),
                started=started, annotate=self.mark)
        if drill.kind == "ghost":
            self.session.apply(PlaceCueBall(drill.break_from))
        self.last = None            # the last shot's ShotRecord

    @property
    def layout(self) -> Layout:
        """The balls on the table now (ball id -> (x, y) m)."""
        return self.session.state.layout

    @property
    def over(self) -> bool:
        return self.progress.over

    def mark(self) -> dict:
        """The replay's drill mark as it stands (the Recorder's annotate)."""
        return {"drill": encode_drill_mark(DrillMark(
            self.drill.id, self.player, self.progress.score, self.progress.shots,
            self.progress.over))}

    def shoot(self, stroke: Stroke):
        """Play `stroke`; returns the ShotRecord (record.result for the playback). The
        progress is then scored and the table set for the next shot. RulesError if the
        attempt is over; ValueError or SimulationError (nothing changes) if the solver
        refuses the stroke."""
        if self.progress.over:
            raise RulesError("the attempt is over")
        record = self.session.apply(Shoot(stroke))
        self.last = record
        if self.progress.over:
            return record
        if self.drill.kind == "ghost":
            if engine.rack_ended(self.progress):
                self._next_rack()
        else:
            self._set_up(engine.next_layout(self.drill, self.progress, record.facts))
        return record

    def _scored(self, session, command, record) -> None:
        """The session listener (before the Recorder's, so the saved mark is current):
        score each shot."""
        if record is not None:
            self.progress = engine.score_shot(self.drill, self.progress, record.facts,
                                              record.ruling)

    def _set_up(self, layout: Layout) -> None:
        """The player at the table with the balls of `layout`, the cue ball where it lies."""
        self.session.state = dataclasses.replace(
            self.session.state, layout=Layout(layout), shooter=PLAYER,
            ball_in_hand=BallInHand.NONE, is_break=False, winner=None, end_reason=None)

    def _next_rack(self) -> None:
        """A ghost rack is decided: the loser of a rack the rules left open concedes it,
        the next rack is racked and the player breaks it again."""
        if not self.session.state.game_over:
            self.session.apply(Concede(PLAYER))
        self.session.apply(NextGame(winner_breaks=self.progress.verdict
                                    is engine.Verdict.RACK_WON))
        state = self.session.state
        self.session.state = dataclasses.replace(state, breaker=PLAYER, shooter=PLAYER)
        self.session.apply(PlaceCueBall(self.drill.break_from))

    def close(self) -> None:
        """Stop recording (an attempt without a shot leaves no file)."""
        if self.recorder is not None:
            self.recorder.detach()
            self.recorder = None
