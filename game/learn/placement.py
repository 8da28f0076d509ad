"""Where the environment puts the cue ball in hand: the allowed spot nearest the one the
agent asks for (metres, table frame), so every action is playable."""
from __future__ import annotations

import math

from game.ai.placement import allowed
from game.rules import CUE, BallInHand, RulesError, clamp_to_zone

# Past the zone's nearest point, allowed spots are sought on rings this far apart (m),
# RING_POINTS points a ring, nearest ring first.
RING_STEP = 0.005
RING_POINTS = 24


def nearest_allowed_spot(state, wanted) -> tuple:
    """The spot for the cue ball in hand of rules `state` nearest `wanted` (x, y m): the
    zone's point nearest to it if the rules allow it there, else the first allowed
    point on rings around that point (within RING_STEP of the nearest allowed one)."""
    radius = state.ball_set.radius(CUE)
    zone = state.ball_in_hand if state.ball_in_hand is not BallInHand.NONE \
        else BallInHand.ANYWHERE
    centre = clamp_to_zone(state.table, zone, (float(wanted[0]), float(wanted[1])), radius)
    if allowed(state, centre):
        return centre
    for ring in range(1, math.ceil(state.table.length / RING_STEP)):
        for k in range(RING_POINTS):
            angle = 2.0 * math.pi * k / RING_POINTS
            spot = (centre[0] + ring * RING_STEP * math.cos(angle),
                    centre[1] + ring * RING_STEP * math.sin(angle))
            if allowed(state, spot):
                return spot
    raise RulesError("no spot on the table is free for the cue ball")
