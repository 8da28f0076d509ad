"""The opponents an environment can set against the agent: the computer levels of game.ai
(a search through the solver, 0.1 s to 1 s a decision) and two cheap players that decide
without the solver (about 0.03 ms the random one, 0.4 ms the greedy one), for training
at speed.

Every opponent gives `commands(state)`: the commands (game.session) of its next decision
in the rules `state`, to apply in order. The cheap players still play through the same
session, solver and rules as everyone: they only decide cheaply.

* "random": every stroke level (elevation 0) through the cue ball's centre, azimuth
  uniform on the circle and cue speed uniform in RANDOM_SPEEDS (m/s); the cue ball in
  hand at a uniform spot of its zone (the allowed spot nearest to it); a random play or
  pass and a random group.
* "greedy": a fixed policy of ghost-ball geometry, no randomness. Break: from the middle
  of the zone, full on the rack's apex ball at GREEDY_BREAK_SPEED. Otherwise the direct
  pot of a ball on that game.ai.shots rates best (for a player of GREEDY_SIGMA aim error),
  struck level and centre at a speed that grows with the distances (greedy_speed); with
  no direct pot, straight at the nearest ball on at GREEDY_SAFETY_SPEED. In hand, the cue
  ball goes GREEDY_BACKOFF behind the ghost ball of the widest open pot of the nearest
  ball on. It always plays after a push out and takes the group with fewer balls left.
"""
from __future__ import annotations

import math

import numpy as np

from physics_ext import Params, Stroke
from game.ai import LEVELS, Opponent
from game.ai.geometry import pocket_windows
from game.ai.legal import balls_on
from game.ai.shots import direct_shots
from game.rules import CUE, BallInHand, Group, group_of_ball
from game.rules.nine_ball import OptionChoice
from game.session import ChooseGroup, ChooseOption, PlaceCueBall, Shoot

from .placement import nearest_allowed_spot

CHEAP = ("random", "greedy")
# Cue speeds of the random player's strokes (m/s).
RANDOM_SPEEDS = (0.5, 6.0)
# The greedy player's aim error for rating pots (rad): a beginner's (game.ai.levels).
GREEDY_SIGMA = LEVELS["beginner"].sigma_azimuth
GREEDY_BREAK_SPEED = 9.0       # m/s: about 12 m/s of cue ball, a firm break
GREEDY_SAFETY_SPEED = 2.5      # m/s: enough to send a ball to a cushion
GREEDY_BACKOFF = 0.25          # m from the ghost ball to the cue ball placed in hand
# greedy_speed: the slowest pot speed (m/s), the speed added per metre the balls travel
# (cue ball to the ghost ball, object ball to the hole), and the fastest pot.
POT_SPEED_BASE, POT_SPEED_PER_M, POT_SPEED_MAX = 1.2, 1.1, 6.0


def opponent_names() -> tuple:
    """Every name `make_opponent` knows: the cheap players, then the computer levels."""
    return CHEAP + tuple(LEVELS)


def make_opponent(name: str, seed, params: Params = Params()):
    """The opponent called `name` (see opponent_names), seeded with `seed` (an int)."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer()
    if name in LEVELS:
        return LevelPlayer(name, seed, params)
    raise ValueError(f"unknown opponent {name!r}; choose one of {list(opponent_names())}")


class LevelPlayer:
    """A game.ai computer level (its Opponent's decisions)."""

    def __init__(self, level: str, seed: int, params: Params):
        self.opponent = Opponent(level, seed=seed, params=params)

    def commands(self, state) -> tuple:
        return self.opponent.decide(state).commands


class RandomPlayer:
    """Uniformly random level strokes (module docstring), from a numpy Generator seeded
    with `seed`: the same seed and states give the same commands."""

    def __init__(self, seed: int):
        self.rng = np.random.default_rng(seed)

    def commands(self, state) -> tuple:
        rng = self.rng
        if getattr(state, "option_pending", None) is not None:
            return (ChooseOption(OptionChoice.PASS if rng.random() < 0.5 else OptionChoice.PLAY),)
        if getattr(state, "group_choice_pending", False):
            return (ChooseGroup(Group.YELLOW if rng.random() < 0.5 else Group.RED),)
        azimuth, speed, x, y = rng.random(4).tolist()
        out = []
        if state.ball_in_hand is not BallInHand.NONE or CUE not in state.layout:
            table = state.table
            out.append(PlaceCueBall(nearest_allowed_spot(state, (x * table.length,
                                                                 y * table.width))))
        lo, hi = RANDOM_SPEEDS
        out.append(Shoot(Stroke(azimuth=math.pi * (2.0 * azimuth - 1.0), elevation=0.0,
                                side=0.0, height=0.0, speed=lo + (hi - lo) * speed)))
        return tuple(out)


class GreedyPlayer:
    """The fixed ghost-ball policy of the module docstring (deterministic)."""

    def commands(self, state) -> tuple:
        if getattr(state, "option_pending", None) is not None:
            return (ChooseOption(OptionChoice.PLAY),)
        if getattr(state, "group_choice_pending", False):
            left = {g: sum(group_of_ball(b) is g for b in state.object_balls_on_table)
                    for g in (Group.RED, Group.YELLOW)}
            return (ChooseGroup(min(left, key=lambda g: (left[g], g is Group.YELLOW))),)
        out = []
        cue = state.layout.get(CUE)
        if state.ball_in_hand is not BallInHand.NONE or cue is None:
            cue = nearest_allowed_spot(state, _spot(state))
            out.append(PlaceCueBall(cue))
        out.append(Shoot(_stroke(state, cue)))
        return tuple(out)


def _nearest_on(state, cue) -> int:
    """The ball on nearest the cue ball at `cue` (m)."""
    return min(balls_on(state), key=lambda b: math.dist(state.layout[b], cue))


def _spot(state) -> tuple:
    """Where the greedy player wants the cue ball in hand (m)."""
    table = state.table
    if state.is_break:
        return (table.head_line_x - 0.02 * table.length, table.width / 2.0)
    middle = (table.length / 2.0, table.width / 2.0)
    ball = _nearest_on(state, state.layout.get(CUE, middle))
    obj = np.array(state.layout[ball])
    radius = state.ball_set.radius(ball)
    aim, half, _ = pocket_windows(table, obj[None, :], radius)
    pocket = int(half[0].argmax())
    unit = np.array([math.cos(aim[0, pocket]), math.sin(aim[0, pocket])])
    ghost = obj - (radius + state.ball_set.radius(CUE)) * unit
    return tuple((ghost - GREEDY_BACKOFF * unit).tolist())


def _stroke(state, cue: tuple) -> Stroke:
    """The greedy stroke from the cue ball at `cue` (x, y m)."""
    at = np.array(cue, dtype=float)
    if state.is_break:
        target = np.array(state.layout[_nearest_on(state, cue)])   # the apex
        return _level(target - at, GREEDY_BREAK_SPEED)
    ids = (CUE,) + tuple(sorted(b for b in state.layout if b != CUE))
    positions = np.array([cue] + [state.layout[b] for b in ids[1:]], dtype=float)
    radii = np.array([state.ball_set.radius(b) for b in ids])
    shots = direct_shots(state.table, at, float(radii[0]), positions, radii, ids,
                         balls_on(state), GREEDY_SIGMA)
    if shots:
        best = shots[0]
        return _level(best.ghost - at, greedy_speed(best.cue_distance, best.ball_distance))
    target = np.array(state.layout[_nearest_on(state, cue)])
    return _level(target - at, GREEDY_SAFETY_SPEED)


def greedy_speed(cue_distance: float, ball_distance: float) -> float:
    """The greedy player's cue speed (m/s) for a pot whose cue ball travels `cue_distance`
    and object ball `ball_distance` (m)."""
    return min(POT_SPEED_BASE + POT_SPEED_PER_M * (cue_distance + ball_distance),
               POT_SPEED_MAX)


def _level(direction, speed: float) -> Stroke:
    """A level centre-ball stroke along `direction` (2,) at `speed` m/s."""
    return Stroke(azimuth=math.atan2(float(direction[1]), float(direction[0])), elevation=0.0,
                  side=0.0, height=0.0, speed=speed)
