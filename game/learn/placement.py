"""Where the environment puts the cue ball in hand: the allowed spot nearest the one the
agent asks for (metres, table frame), so every action is playable."""
from __future__ import annotations

import math

import numpy as np

from game.ai.geometry import norms, surely_outside_playing_area
from game.ai.placement import SPOT_MARGIN, allowed
from game.rules import CUE, BallInHand, RulesError, clamp_to_zone, surely_outside_zone

# Past the zone's nearest point, allowed spots are sought on rings this far apart (m),
# RING_POINTS points a ring, nearest ring first.
RING_STEP = 0.005
RING_POINTS = 24
# Rings whose spots are screened together (most searches end within the first two; a
# ball in the way takes about a dozen).
RINGS_AT_ONCE = 2
# A candidate overlapping a ball, or outside the zone or the playing area, by more than
# this (m) is refused without asking the rules: far beyond the rounding by which numpy's
# and math's distances may differ (so the screen never refuses a spot the rules allow).
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
    cos, sin = _RING_COS[None, :], _RING_SIN[None, :]
    rings = math.ceil(table.length / RING_STEP)
    for first in range(1, rings, RINGS_AT_ONCE):
        # the spots of rings first.. (at most RINGS_AT_ONCE, to rings - 1), ring by ring
        # and each in _RING's order: the same sums as centre + ring * RING_STEP * (c, s)
        steps = (np.arange(first, min(first + RINGS_AT_ONCE, rings)) * RING_STEP)[:, None]
        xy = np.empty((steps.size * RING_POINTS, 2))
        xy[:, 0] = (centre[0] + steps * cos).ravel()
        xy[:, 1] = (centre[1] + steps * sin).ravel()
        # A spot surely refused (overlapping a ball, outside the zone or the playing
        # area, in a pocket mouth) is passed over; the rules and allowed() judge the
        # others. (norms: a last bit from math.hypot's distances, far inside OVERLAP_SURE)
        gaps = norms(xy[:, None, :] - balls[None, :, :])
        refused = ((gaps - reach < -OVERLAP_SURE).any(axis=1)
                   | surely_outside_zone(table, zone, xy, OVERLAP_SURE)
                   | surely_outside_playing_area(table, xy, radius, SPOT_MARGIN,
                                                 OVERLAP_SURE))
        for spot in xy[~refused].tolist():
            spot = tuple(spot)
            if allowed(state, spot):
                return spot
    raise RulesError("no spot on the table is free for the cue ball")


# cos and sin of the RING_POINTS directions of a ring, in the order they are tried.
_RING_ANGLES = [2.0 * math.pi * k / RING_POINTS for k in range(RING_POINTS)]
_RING_COS = np.array([math.cos(angle) for angle in _RING_ANGLES])
_RING_SIN = np.array([math.sin(angle) for angle in _RING_ANGLES])
