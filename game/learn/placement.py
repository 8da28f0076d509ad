"""Where the environment puts the cue ball in hand: the allowed spot nearest the one the
agent asks for (metres, table frame), so every action is playable."""
from __future__ import annotations

import math

import numpy as np

from game.ai.geometry import pockets_of
from game.ai.placement import SPOT_MARGIN, allowed
from game.rules import CUE, BallInHand, RulesError, clamp_to_zone

# Past the zone's nearest point, allowed spots are sought on rings this far apart (m),
# RING_POINTS points a ring, nearest ring first.
RING_STEP = 0.005
RING_POINTS = 24
# A candidate overlapping a ball, or a pocket mouth's clearance, by more than this (m) is
# refused without asking the rules: far beyond the rounding by which numpy's and math's
# distances may differ.
OVERLAP_SURE = 1e-9


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
    table = state.table
    others = [(b, p) for b, p in state.layout.items() if b != CUE]
    balls = np.array([p for _, p in others]).reshape(-1, 2)
    reach = radius + np.array([state.ball_set.radius(b) for b, _ in others])
    # game.ai.geometry.inside_playing_area's rectangle and mouth clearance, for all the
    # spots of a ring at once.
    low, high = radius + SPOT_MARGIN, (table.length - radius - SPOT_MARGIN,
                                       table.width - radius - SPOT_MARGIN)
    mouths = pockets_of(table).mouth
    mouth_reach = table.side_mouth / 2.0 + radius + SPOT_MARGIN
    for ring in range(1, math.ceil(table.length / RING_STEP)):
        spots = [(centre[0] + ring * RING_STEP * c, centre[1] + ring * RING_STEP * s)
                 for c, s in _RING]
        # A spot surely refused (overlapping a ball, outside the playing area, in a
        # pocket mouth) is passed over; the rules and allowed() judge the others.
        xy = np.array(spots)
        gaps = np.hypot(*(xy[:, None, :] - balls[None, :, :]).transpose(2, 0, 1))
        near_mouth = np.hypot(*(xy[:, None, :] - mouths[None, :, :]).transpose(2, 0, 1))
        refused = (np.any(gaps - reach < -OVERLAP_SURE, axis=1)
                   | (xy[:, 0] < low) | (xy[:, 0] > high[0])
                   | (xy[:, 1] < low) | (xy[:, 1] > high[1])
                   | np.any(near_mouth - mouth_reach < -OVERLAP_SURE, axis=1)).tolist()
        for spot, surely_not in zip(spots, refused):
            if not surely_not and allowed(state, spot):
                return spot
    raise RulesError("no spot on the table is free for the cue ball")


# (cos, sin) of the RING_POINTS directions of a ring, in the order they are tried.
_RING = tuple((math.cos(angle), math.sin(angle))
              for angle in (2.0 * math.pi * k / RING_POINTS for k in range(RING_POINTS)))
