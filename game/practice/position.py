"""A practice position: which balls lie where on which table, and where a ball may go.

No rules here: any ball of the chosen game's ball set may lie anywhere on the playing
surface, touching others but never overlapping them. "On the playing surface" is the
physics core's own test (clear of the cushion noses and jaws, not over a pocket hole), so
every position a player makes can be shot. Positions are table-frame metres.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import physics_ext
from physics_ext import Ball, TableSpec
from game.i18n import _
from game.rules import (CUE, EIGHT_BALL_SET, NINE_BALL_SET, Layout, eight_ball_rack,
                        nine_ball_rack)
from game.rules.facts import resting_positions
from game.rules.layout import clearance
from game.session.describe import ball_name
from game.session.game import physics_balls

GAMES = ("nine_ball", "eight_ball")
BALL_SETS = {"nine_ball": NINE_BALL_SET, "eight_ball": EIGHT_BALL_SET}
RACKS = {"nine_ball": nine_ball_rack, "eight_ball": eight_ball_rack}


class PlacementError(ValueError):
    """A ball cannot go where it was asked to; the message says why."""


@dataclass(frozen=True)
class Position:
    """table: the physics TableSpec; game: "nine_ball" or "eight_ball", whose balls are
    used; layout: ball id -> (x, y) of the balls on the table (a ball not in it is in
    hand or was potted)."""
    table: TableSpec
    game: str
    layout: Layout

    def __post_init__(self):
        if self.game not in BALL_SETS:
            raise ValueError(f"unknown game {self.game!r}; choose one of {', '.join(GAMES)}")
        object.__setattr__(self, "layout", Layout(self.layout))

    @property
    def ball_set(self):
        return BALL_SETS[self.game]

    def placement_problem(self, ball: int, xy, rings: bool = False) -> str | None:
        """Why `ball` may not be put at `xy` (the ball's own old spot does not count), in
        the player's words ("the 5 would overlap a red"; `rings`, colour-blind play's
        names: "a plain red"), or None if it may."""
        if ball not in self.ball_set.all_balls:
            return _("there is no ball {number} in {game}").format(
                number=ball, game=self.game.replace("_", "-"))
        x, y = (float(v) for v in xy)
        name = ball_name(self.game, ball, rings)
        if not (math.isfinite(x) and math.isfinite(y)):
            return _("that is not a point on the table")
        radius = self.ball_set.radius(ball)
        try:
            physics_ext.simulate(self.table, [Ball(radius, self.ball_set.mass(ball), (x, y))])
        except ValueError:
            # Off the playing surface, over a pocket hole or in a jaw: the solver's own
            # test, its message in metres meant for programmers.
            return _("{ball} must stay on the cloth, clear of the cushions and pockets"
                     ).format(ball=name)
        others = {b: p for b, p in self.layout.items() if b != ball}
        gaps = {b: clearance((x, y), radius, {b: p}, self.ball_set) for b, p in others.items()}
        if gaps and min(gaps.values()) < 0.0:
            return _("{ball} would overlap {other}").format(
                ball=name, other=ball_name(self.game, min(gaps, key=gaps.get), rings))
        return None

    def with_ball(self, ball: int, xy) -> "Position":
        """This position with `ball` put at `xy`; PlacementError if it may not go there."""
        problem = self.placement_problem(ball, xy)
        if problem:
            raise PlacementError(problem)
        return Position(self.table, self.game, self.layout.with_ball(ball, xy))

    def without(self, ball: int) -> "Position":
        """This position with `ball` taken off the table (into the hand)."""
        return Position(self.table, self.game, self.layout.without((ball,)))

    def physics_balls(self) -> tuple:
        """(balls, ids): the balls at rest for the solver, the cue ball first."""
        return physics_balls(self.layout, self.ball_set)

    def after(self, result, ids) -> "Position":
        """Where the balls came to rest after a shot of `result` (ball i is ids[i]);
        pocketed balls and balls off the table leave the layout."""
        rest = resting_positions(result.final)
        return Position(self.table, self.game, Layout((ids[i], xy) for i, xy in rest.items()))


def racked(table: TableSpec, game: str, seed: int) -> Position:
    """`game`'s rack on `table` (the rules' racks, shuffled by `seed`), with the cue ball
    on the middle of the head string (baulk line)."""
    if game not in RACKS:
        raise ValueError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    layout = dict(RACKS[game](table, seed))
    layout[CUE] = table.d_centre
    return Position(table, game, Layout(layout))
