"""Break candidates: the cue ball at spots across its zone (behind the head string, or in
the D), a full hit on the rack's apex ball at three powers, with a little draw, centre
ball or a little follow. Which one pots best depends on the rack (the tight rack's
simultaneous contacts), so the search plays them all (Level.break_search)."""
from __future__ import annotations

import math

from physics_ext import Stroke

from .candidates import Candidate
from .placement import allowed

# Spots: just behind the line, across the table as fractions of the zone's half-width
# (0 is the centre line).
BREAK_LINE_BACKOFF = 0.02      # m behind the head string / the baulk line
BREAK_ACROSS = (0.0, -0.3, 0.3, -0.6, 0.6, -0.85, 0.85)
BREAK_SPEEDS = (7.5, 9.0, 10.5)   # cue speeds (m/s): about 10-14 m/s of ball speed
BREAK_HEIGHTS = (-0.2, 0.0, 0.25)   # contact height (fraction of R): draw, centre, follow


def break_spots(state) -> list:
    """Spots the rules and the solver accept for the break cue ball."""
    table = state.table
    x = table.head_line_x - BREAK_LINE_BACKOFF
    half = table.d_radius if table.d_radius > 0.0 else table.width / 2.0 - 0.1
    out = []
    for across in BREAK_ACROSS:
        spot = (x, table.width / 2.0 + across * half)
        if allowed(state, spot):
            out.append(spot)
    return out


def break_strokes(scene) -> list:
    """Power strokes from the scene's cue ball at the apex of the rack (the object ball
    nearest the cue ball)."""
    cue = scene.cue
    apex = min(range(1, len(scene.ids)),
               key=lambda k: math.dist(scene.positions[k], cue))
    target = scene.positions[apex]
    azimuth = math.atan2(target[1] - cue[1], target[0] - cue[0]) % (2.0 * math.pi)
    return [Candidate("break", Stroke(azimuth=azimuth, elevation=0.0, side=0.0, height=h,
                                      speed=v), ball=scene.ids[apex])
            for v in BREAK_SPEEDS for h in BREAK_HEIGHTS]
