"""Respotting balls on the real table geometry, never touching another ball.

* 8-ball (R8-21, R8-X12, R8-X13): on the black spot if it is free, otherwise at the free
  point nearest the spot on the segment from the black spot to the centre of the D (the
  midpoint of the baulk line); if that whole segment is blocked, on the extension beyond
  the spot towards the foot cushion. Order: the black, then reds, then yellows.
* 9-ball (R9-13, R9-28..R9-30, section 4 preamble): on the foot spot, or on the long
  string behind it towards the foot cushion as close to the spot as possible; if that is
  blocked, in front of the spot (WPA 1.4). Order: ascending numbers.
Each ball is placed before the next, so later balls avoid earlier ones.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from .balls import BLACK, RED_BALLS, YELLOW_BALLS, BallSet
from .layout import Layout

# "Without touching another ball": a respotted ball keeps at least this gap (0.1 mm) to
# every other ball, so that no rounding in the solver can see the two as in contact.
RESPOT_GAP_M = 1e-4


def eight_ball_respot_order(balls: Iterable[int]) -> tuple:
    """R8-X13: the black first, then the reds, then the yellows (WEPF order)."""
    wanted = frozenset(balls)
    return tuple(b for b in (BLACK, *sorted(RED_BALLS), *sorted(YELLOW_BALLS)) if b in wanted)


def respot_eight_ball(table, balls: Iterable[int], layout: Layout,
                      ball_set: BallSet) -> tuple:
    """R8-X13: respot `balls` on the black-spot line. Returns ((ball, (x, y)), ...)."""
    sx, sy = table.foot_spot
    cx, cy = table.d_centre
    towards_d = math.hypot(cx - sx, cy - sy)
    radius = ball_set.object_radius
    lines = (((cx - sx) / towards_d, (cy - sy) / towards_d, towards_d),
             (1.0, 0.0, table.length - radius - sx))
    return _respot(table.foot_spot, eight_ball_respot_order(balls), lines, layout, ball_set)


def respot_nine_ball(table, balls: Iterable[int], layout: Layout,
                     ball_set: BallSet) -> tuple:
    """Respot `balls` on the foot spot or the long string behind it (section 4 preamble).
    Returns ((ball, (x, y)), ...) in ascending order."""
    sx, _ = table.foot_spot
    radius = ball_set.object_radius
    lines = ((1.0, 0.0, table.length - radius - sx), (-1.0, 0.0, sx - radius))
    return _respot(table.foot_spot, sorted(set(balls)), lines, layout, ball_set)


def _respot(spot, order, lines, layout: Layout, ball_set: BallSet) -> tuple:
    placed = []
    for ball in order:
        current = layout.without([ball])
        position = next((p for line in lines
                         if (p := _nearest_free_on_line(spot, line, ball, current, ball_set))),
                        None)
        if position is None:
            raise RuntimeError(f"no free respot position for ball {ball}")
        placed.append((ball, position))
        layout = current.with_ball(ball, position)
    return tuple(placed)


def _nearest_free_on_line(start, line, ball: int, layout: Layout, ball_set: BallSet):
    """The point start + s * direction with the smallest s in [0, length] where the ball
    keeps RESPOT_GAP_M to every ball of `layout`; None if the whole segment is blocked."""
    dx, dy, length = line
    radius = ball_set.radius(ball)
    blocked = []
    for other, (ox, oy) in layout.items():
        need = radius + ball_set.radius(other) + RESPOT_GAP_M
        rx, ry = ox - start[0], oy - start[1]
        along = rx * dx + ry * dy
        across = abs(rx * dy - ry * dx)
        if across < need:
            half = math.sqrt(need * need - across * across)
            blocked.append((along - half, along + half))
    # The nearest free point is the start itself or the far end of a blocked interval.
    for s in sorted([0.0] + [hi for _, hi in blocked]):
        if 0.0 <= s <= length and not any(lo < s < hi for lo, hi in blocked):
            return (start[0] + s * dx, start[1] + s * dy)
    return None
