"""What a learning agent sees and does: the observation and action spaces of the
Breakshot environments, the observation of a rules state, and the stroke of an action.

Units: metres in the table frame of `physics_ext.table` (x along the table from the head
cushion, y across), radians, m/s, tip offsets as fractions of the ball radius. Ball k of
the observation is the ball with id k (0 the cue ball; 9-ball 1..9, 8-ball 1..7 red, 8
the black, 9..15 yellow). The agent is always one player; the observation speaks of
"the agent" (0) and "the opponent" (1), not of players A and B.
"""
from __future__ import annotations

import math

import numpy as np
from gymnasium import spaces

from physics_ext import Stroke
from physics_ext.constants import MAX_CUE_SPEED
from game.rules import CUE, BallInHand, Group, Player

# Slowest cue speed an action may ask for (m/s): a slower stroke barely moves the ball.
MIN_SPEED = 0.1
# A tip offset (side, height) farther from the centre than this fraction of the radius
# is pulled back radially to it: the solver needs side^2 + height^2 < 1, and anything
# past the miscue limit (about 0.51) is a miscue either way.
MAX_OFFSET = 0.9
# The order of the ball-in-hand zones in the observation's "ball_in_hand" entry.
ZONES = tuple(BallInHand)
# A 9-ball player loses on his third foul in a row: counts run 0..3.
MAX_FOULS_IN_A_ROW = 3
# "pending": what the agent must declare before his stroke.
NOTHING_PENDING, OPTION_PENDING, GROUP_PENDING = 0, 1, 2
# "balls" of a ball not on the table.
_ABSENT = (0.0, 0.0)


def observation_space(table, ball_count: int) -> spaces.Dict:
    """The observation of a table of `table` (a TableSpec) with `ball_count` balls."""
    # A ball hanging in a pocket mouth lies past the cushion line: the bounds are the
    # rails' outer edges, which no ball on the table can pass.
    edge = table.cushion_width + table.rail_width
    low = np.full((ball_count, 2), -edge)
    high = np.tile(np.array([table.length + edge, table.width + edge]), (ball_count, 1))
    return spaces.Dict({
        "balls": spaces.Box(low=low, high=high, dtype=np.float64),
        "on_table": spaces.MultiBinary(ball_count),
        "to_play": spaces.Discrete(2),
        "ball_in_hand": spaces.Discrete(len(ZONES)),
        "is_break": spaces.Discrete(2),
        "pending": spaces.Discrete(3),
        "push_out_available": spaces.Discrete(2),
        "fouls_in_a_row": spaces.MultiDiscrete([MAX_FOULS_IN_A_ROW + 1] * 2),
        "warned": spaces.MultiBinary(2),
        "group": spaces.Discrete(3),
        "visits_remaining": spaces.Discrete(3),
        "free_ball": spaces.Discrete(2),
    })


def action_space(table) -> spaces.Dict:
    """The action on a table of `table`: the stroke (azimuth rad, elevation rad, side and
    height fractions of R, speed m/s), the cue ball's spot when in hand (x, y m), the
    push-out declaration and the choice (9-ball: 0 play, 1 pass; 8-ball: 0 red,
    1 yellow)."""
    return spaces.Dict({
        "stroke": spaces.Box(low=np.array([-math.pi, 0.0, -1.0, -1.0, MIN_SPEED]),
                             high=np.array([math.pi, math.pi / 2, 1.0, 1.0, MAX_CUE_SPEED]),
                             dtype=np.float64),
        "cue_ball": spaces.Box(low=np.zeros(2), high=np.array([table.length, table.width]),
                               dtype=np.float64),
        "push_out": spaces.Discrete(2),
        "choice": spaces.Discrete(2),
    })


def stroke_of(values) -> Stroke:
    """The Stroke of an action's "stroke" entry (clipped to the space's bounds, the tip
    offset pulled inside MAX_OFFSET)."""
    # an action's own float64 row read at once (the same floats)
    fast = type(values) is np.ndarray and values.dtype == np.float64 and values.ndim == 1
    azimuth, elevation, side, height, speed = (values.tolist() if fast
                                               else (float(v) for v in values))
    elevation = min(max(elevation, 0.0), math.pi / 2)
    speed = min(max(speed, MIN_SPEED), MAX_CUE_SPEED)
    reach = math.hypot(side, height)
    if reach > MAX_OFFSET:
        side, height = side * MAX_OFFSET / reach, height * MAX_OFFSET / reach
    return Stroke(azimuth=azimuth, elevation=elevation, side=side, height=height, speed=speed)


def batched_observations(space: spaces.Dict, n: int) -> dict:
    """Zeroed arrays for `n` observations of `space` (an observation_space), stacked on
    a leading axis as gymnasium's vector environments batch a Dict space."""
    return {key: np.zeros((n,) + (sub.shape or ()), dtype=sub.dtype)
            for key, sub in space.spaces.items()}


def observe(state, agent: Player, ball_count: int) -> dict:
    """The observation of rules `state` for the `agent`."""
    space = observation_space(state.table, ball_count)
    out = batched_observations(space, 1)
    observe_into(out, 0, state, agent)
    return {key: value[0] for key, value in out.items()}


def observe_into(out: dict, k: int, state, agent: Player) -> None:
    """Write the observation of rules `state` for the `agent` into row k of the batched
    arrays `out` (batched_observations)."""
    # the rows built as lists, then written at once (cheaper than a write a ball)
    count = len(out["on_table"][k])
    xys, present = [_ABSENT] * count, [0] * count
    for ball, xy in state.layout.items():
        xys[ball] = xy
        present[ball] = 1
    out["balls"][k] = xys
    out["on_table"][k] = present
    option = getattr(state, "option_pending", None)
    out["pending"][k] = (OPTION_PENDING if option == agent
                         else GROUP_PENDING if getattr(state, "group_choice_pending", False)
                         and state.shooter == agent else NOTHING_PENDING)
    to_act = state.shooter if option is None else option
    other = agent.other
    fouls = getattr(state, "consecutive_fouls", (0, 0))
    warned = getattr(state, "warned", (False, False))
    out["to_play"][k] = int(to_act != agent)
    out["ball_in_hand"][k] = ZONES.index(state.ball_in_hand)
    out["is_break"][k] = int(state.is_break)
    out["push_out_available"][k] = int(getattr(state, "push_out_available", False))
    out["fouls_in_a_row"][k] = (min(fouls[agent], MAX_FOULS_IN_A_ROW),
                                min(fouls[other], MAX_FOULS_IN_A_ROW))
    out["warned"][k] = (int(warned[agent]), int(warned[other]))
    out["group"][k] = _group_code(state, agent)
    out["visits_remaining"][k] = int(getattr(state, "visits_remaining", 0))
    out["free_ball"][k] = int(getattr(state, "free_ball", False))


def _group_code(state, agent: Player) -> int:
    """0 while no group is the agent's (9-ball, open 8-ball table), 1 red, 2 yellow."""
    group = state.group_of(agent) if hasattr(state, "group_of") else None
    return 0 if group is None else 1 + (group is Group.YELLOW)


def cue_ball_in_hand(state) -> bool:
    """The shooter places the cue ball before his stroke (the environment always takes
    it in hand when the rules allow, D_OPTIONAL included)."""
    return state.ball_in_hand is not BallInHand.NONE or CUE not in state.layout
