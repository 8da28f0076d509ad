"""The practice table: a position the player arranges and shoots, with undo.

No rules: any ball goes anywhere it fits (dragging calls `place` as the pointer moves;
`placement_problem` says why a spot is refused), the cue ball may be taken in hand at any
time (`lift`), and a shot is just physics. Every shot, re-rack and load first pushes the
position it replaces onto `history`; `undo` pops it back, bit for bit (positions are
immutable and keep the solver's doubles as they were). Moving balls by hand is not
pushed: undo restores the table as it stood before the last shot, re-rack or load.
"""
from __future__ import annotations

from dataclasses import dataclass

import physics_ext
from physics_ext import Params, ShotResult, Stroke, TableSpec
from game.i18n import _
from game.rules import CUE
from game.rules.racks import rack_seed

from .position import PlacementError, Position, racked
from .store import load_position, save_position

DEFAULT_TABLES = {"nine_ball": TableSpec.nine_foot, "eight_ball": TableSpec.english_seven_foot}


@dataclass(frozen=True)
class PracticeShot:
    """One practice shot: the solver's result, the ball id of each of its rows (the cue
    ball first; what game.view.world.playback.ShotPlayback takes), the stroke and the
    positions before and after."""
    result: ShotResult
    ball_ids: tuple
    stroke: Stroke
    before: Position
    after: Position


class PracticeTable:
    """game: whose balls ("nine_ball" or "eight_ball") are racked first; table: the
    TableSpec (default: the game's own table); seed: makes every rack; params: the
    physics parameters."""

    def __init__(self, game: str = "nine_ball", table: TableSpec | None = None,
                 seed: int = 0, params: Params = Params()):
        if game not in DEFAULT_TABLES:
            raise ValueError(f"unknown game {game!r}; choose one of {', '.join(DEFAULT_TABLES)}")
        self.seed = seed
        self.params = params
        self.racks = 0
        self.position = racked(table or DEFAULT_TABLES[game](), game, rack_seed(seed, 0))
        self.history: list = []

    # ---- arranging -------------------------------------------------------------------
    def placement_problem(self, ball: int, xy, rings: bool = False) -> str | None:
        """Why `ball` may not go to `xy` (`rings`: in colour-blind play's ball names), or
        None if it may."""
        return self.position.placement_problem(ball, xy, rings)

    def place(self, ball: int, xy) -> None:
        """Put `ball` (on the table, in hand or potted) at `xy`; PlacementError, and
        nothing changes, if it would overlap a ball or leave the playing surface."""
        self.position = self.position.with_ball(ball, xy)

    def lift(self, ball: int = CUE) -> None:
        """Take `ball` off the table into the hand (by default the cue ball: ball in hand)."""
        self.position = self.position.without(ball)

    # ---- shooting --------------------------------------------------------------------
    def shoot(self, stroke: Stroke) -> PracticeShot:
        """Strike the cue ball with `stroke`; the balls rest where the physics leaves them.
        PlacementError if the cue ball is in hand."""
        if CUE not in self.position.layout:
            raise PlacementError(_("the cue ball is in hand: place it on the table first"))
        before = self.position
        balls, ids = before.physics_balls()
        result = physics_ext.shoot(before.table, balls, 0, stroke, self.params)
        self._replace(before.after(result, ids))
        return PracticeShot(result, ids, stroke, before, self.position)

    def undo(self) -> bool:
        """Put the table back as it was before the last shot, re-rack or load; False if
        there is nothing to undo."""
        if not self.history:
            return False
        self.position = self.history.pop()
        return True

    # ---- whole tables ----------------------------------------------------------------
    def rerack(self, game: str) -> None:
        """A fresh rack of `game` ("nine_ball" or "eight_ball") on this table, the cue
        ball on the middle of the head string; a new shuffle each time."""
        self.racks += 1
        self._replace(racked(self.position.table, game, rack_seed(self.seed, self.racks)))

    def save(self, path) -> None:
        """Save the position to `path` (JSON, written atomically)."""
        save_position(self.position, path)

    def load(self, path) -> None:
        """Set up the position saved in `path`; PositionFileError (nothing changes) if the
        file is not a good position."""
        self._replace(load_position(path))

    def _replace(self, position: Position) -> None:
        self.history.append(self.position)
        self.position = position
