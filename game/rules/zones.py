"""Cue ball in hand: the zones, and the test and clamp of a cue-ball position in each.

Zones (R8-04, R8-14, R8-21, R8-X15, R8-B09; R9-07, R9-09, R9-11, R9-16, R9-B05):
* D: centre inside the D, boundary included (8-ball after a cue-ball foul, the break).
* D_OPTIONAL: the cue ball stays where it lies but may be taken in hand into the D
  (8-ball variant `ball_in_hand_baulk_after_any_foul`).
* ANYWHERE: anywhere on the playing surface (9-ball after a foul).
* BEHIND_HEAD_STRING: x strictly less than the head string (9-ball break and re-break).
Every zone also requires the ball on the playing surface and not overlapping another
ball; touching ("frozen") is allowed (R9-B05), placement never moves other balls.
"""
from __future__ import annotations

import enum
import math
from collections.abc import Mapping

import numpy as np

from .balls import CUE, BallSet
from .layout import Layout, clearance, on_table

# The head string itself is not "behind" it (R9-07): the clamp keeps this far behind.
BEHIND_STRING_MARGIN_M = 1e-9


class BallInHand(enum.Enum):
    """Where the incoming player may place the cue ball; NONE: play it from where it lies."""
    NONE = "none"
    D = "d"
    D_OPTIONAL = "d_optional"
    ANYWHERE = "anywhere"
    BEHIND_HEAD_STRING = "behind_head_string"

    @property
    def lifts_cue_ball(self) -> bool:
        """True if the cue ball is taken off the table until the player places it."""
        return self in (BallInHand.D, BallInHand.ANYWHERE, BallInHand.BEHIND_HEAD_STRING)


def in_zone(table, zone: BallInHand, position, radius: float) -> bool:
    """The geometric test of a zone: on the table and inside the zone (no ball test)."""
    if zone is BallInHand.NONE:
        raise ValueError("no ball in hand: there is no zone to test")
    if not on_table(table, position, radius):
        return False
    x, y = position
    if zone in (BallInHand.D, BallInHand.D_OPTIONAL):
        return table.in_d(x, y)
    if zone is BallInHand.BEHIND_HEAD_STRING:
        return x < table.head_line_x
    return True


def surely_outside_zone(table, zone: BallInHand, xy, slack: float):
    """(n,) bool array: the spots `xy` ((n, 2) numpy array, m) outside `zone` by more than
    `slack` (m), judged by in_zone's head string and D at once: a search can pass these
    over without asking in_zone, which still judges the rest (the table's edge is not
    tested here). Kept beside in_zone so that a change of a zone changes both."""
    x = xy[:, 0]
    if zone is BallInHand.BEHIND_HEAD_STRING:
        return x > table.head_line_x + slack
    if zone in (BallInHand.D, BallInHand.D_OPTIONAL):
        cx, cy = table.d_centre
        return (x > cx + slack) | (np.hypot(x - cx, xy[:, 1] - cy) > table.d_radius + slack)
    return np.zeros(len(xy), dtype=bool)


def placement_allowed(table, zone: BallInHand, position, layout: Mapping,
                      balls: BallSet) -> bool:
    """True if the cue ball may be placed at `position`: inside the zone, on the table,
    and overlapping no other ball of `layout` (the cue ball's old spot is ignored).

    The answer for a Layout (immutable) last asked about is kept: a player who picks a
    spot he may place the ball on asks, and the rules ask again when he places it."""
    question = (table, zone, tuple(position), layout, balls)
    last = _last_placement[0]
    if (last is not None and type(layout) is Layout and last[0][3] is layout
            and last[0][0] is table and last[0][4] is balls and last[0][1] is zone
            and last[0][2] == question[2]):
        return last[1]
    radius = balls.radius(CUE)
    answer = (in_zone(table, zone, position, radius)
              and clearance(position, radius, layout, balls, ignore=(CUE,)) >= 0.0)
    if type(layout) is Layout:
        _last_placement[0] = (question, answer)
    return answer


# ((table, zone, position, layout, ball set), answer) of the Layout placement_allowed was
# last asked about.
_last_placement = [None]


def clamp_to_zone(table, zone: BallInHand, position, radius: float) -> tuple:
    """The point of the zone nearest to `position` (other balls are not considered)."""
    if zone is BallInHand.NONE:
        raise ValueError("no ball in hand: there is no zone to clamp to")
    x = min(max(position[0], radius), table.length - radius)
    y = min(max(position[1], radius), table.width - radius)
    if zone is BallInHand.BEHIND_HEAD_STRING:
        x = min(x, table.head_line_x - BEHIND_STRING_MARGIN_M)
    elif zone in (BallInHand.D, BallInHand.D_OPTIONAL):
        x, y = _clamp_to_d(table, (x, y))
    return (x, y)


def _clamp_to_d(table, position) -> tuple:
    cx, cy = table.d_centre
    # The D is the half disc behind the baulk line: clamp to the half plane, then to the
    # disc; radial scaling towards the centre keeps x <= cx. Scale slightly inside so
    # rounding cannot put the result a hair outside the D.
    x, y = min(position[0], cx), position[1]
    dist = math.hypot(x - cx, y - cy)
    if dist > table.d_radius:
        scale = table.d_radius / dist * (1.0 - 1e-12)
        x, y = cx + (x - cx) * scale, cy + (y - cy) * scale
    return (x, y)
