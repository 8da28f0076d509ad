"""Ball ids, colours and groups of the two games, and the ball sizes per game.

Ball ids are ints and 0 is always the cue ball (R8-01, R9-02):
* 9-ball: 1..9 are the numbered object balls.
* red/yellow 8-ball: 1..7 red, 8 the black, 9..15 yellow.
"""
from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from physics_ext import constants as C

CUE = 0
BLACK = 8
NINE = 9

RED_BALLS = frozenset(range(1, 8))
YELLOW_BALLS = frozenset(range(9, 16))
EIGHT_BALL_OBJECT_BALLS = tuple(range(1, 16))
NINE_BALL_OBJECT_BALLS = tuple(range(1, 10))


class Colour(enum.Enum):
    """The colour of an 8-ball ball (R8-01)."""
    WHITE = "white"
    RED = "red"
    YELLOW = "yellow"
    BLACK = "black"


class Group(enum.Enum):
    """A player's group in red/yellow 8-ball (R8-10)."""
    RED = "red"
    YELLOW = "yellow"

    @property
    def other(self) -> "Group":
        return Group.YELLOW if self is Group.RED else Group.RED

    @property
    def balls(self) -> frozenset:
        return RED_BALLS if self is Group.RED else YELLOW_BALLS


def colour_of(ball: int) -> Colour:
    """The colour of an 8-ball ball id."""
    if ball == CUE:
        return Colour.WHITE
    if ball == BLACK:
        return Colour.BLACK
    if ball in RED_BALLS:
        return Colour.RED
    if ball in YELLOW_BALLS:
        return Colour.YELLOW
    raise ValueError(f"no 8-ball ball has id {ball!r}")


def group_of_ball(ball: int) -> Group | None:
    """The group an 8-ball ball belongs to; None for the cue ball and the black."""
    colour = colour_of(ball)
    if colour is Colour.RED:
        return Group.RED
    if colour is Colour.YELLOW:
        return Group.YELLOW
    return None


@dataclass(frozen=True)
class BallSet:
    """The balls of one game: which object balls, and the size and mass of each ball."""
    object_balls: tuple
    cue_radius: float
    cue_mass: float
    object_radius: float
    object_mass: float

    @property
    def all_balls(self) -> tuple:
        return (CUE,) + self.object_balls

    # radius and mass are asked for every ball of every shot: one dictionary lookup each.
    def radius(self, ball: int) -> float:
        try:
            return self._radii[ball]
        except (KeyError, TypeError):
            self._refuse(ball)

    def mass(self, ball: int) -> float:
        try:
            return self._masses[ball]
        except (KeyError, TypeError):
            self._refuse(ball)

    @functools.cached_property
    def _radii(self) -> dict:
        """Ball id -> radius (m) of every ball of the game."""
        return {b: self.cue_radius if b == CUE else self.object_radius for b in self.all_balls}

    @functools.cached_property
    def _masses(self) -> dict:
        """Ball id -> mass (kg) of every ball of the game."""
        return {b: self.cue_mass if b == CUE else self.object_mass for b in self.all_balls}

    @staticmethod
    def _refuse(ball) -> None:
        raise ValueError(f"ball id {ball!r} is not in this game")


# R8-01: 50 mm object balls (WEPF 2 in) and a somewhat smaller cue ball.
EIGHT_BALL_SET = BallSet(EIGHT_BALL_OBJECT_BALLS,
                         C.BLACKBALL_CUE_RADIUS, C.BLACKBALL_CUE_MASS,
                         C.BLACKBALL_OBJECT_RADIUS, C.BLACKBALL_OBJECT_MASS)
# R9-02: nine object balls and the cue ball, all WPA pool balls.
NINE_BALL_SET = BallSet(NINE_BALL_OBJECT_BALLS,
                        C.POOL_BALL_RADIUS, C.POOL_BALL_MASS,
                        C.POOL_BALL_RADIUS, C.POOL_BALL_MASS)
