"""Where to put the cue ball in hand: spots behind the ghost ball of each open pot, at
several distances and angles (an angle lets the cue ball travel on for position), all
inside the zone the rules allow and clear of the pocket mouths; in a D, a grid."""
from __future__ import annotations

import math

import numpy as np

from game.rules import CUE, BallInHand, placement_allowed

from .geometry import inside_playing_area, path_blocked, pocket_windows
from .legal import balls_on
from .scene import Scene
from .shots import direct_shots

# Distances (m) from the ghost ball, and angles (rad) off the pot line, of the spots.
SPOT_DISTANCES = (0.18, 0.32, 0.55)
SPOT_ANGLES = tuple(math.radians(a) for a in (0.0, -15.0, 15.0, -32.0, 32.0))
# A spot at least this far (m) inside the cushions and from the mouths: the solver
# refuses a ball overlapping a jaw.
SPOT_MARGIN = 0.004
# Chosen spots are at least this far apart (m), so the shortlist is not one spot twice.
SPOT_SEPARATION = 0.05
D_GRID = 7       # points per side of the grid laid over a D or the head area
TABLE_GRID = 4   # points across (twice as many along) the grid over the whole table
# Rating of a spot with no pot but a straight path to a ball on, at zero distance: below
# any real pot chance, above a spot with nothing to hit.
REACH_RATING = 0.01


def allowed(state, spot) -> bool:
    """The rules allow the cue ball at `spot` and the solver can start from it."""
    radius = state.ball_set.radius(CUE)
    return (placement_allowed(state.table, state.ball_in_hand, spot, state.layout,
                              state.ball_set)
            and inside_playing_area(state.table, spot, radius, SPOT_MARGIN))


def spots(state, params, count: int, sigma: float) -> list:
    """Up to `count` spots for the cue ball in hand, best rated first (each an (x, y)
    the rules and the solver accept). With BallInHand.D_OPTIONAL the ball's present spot
    comes first when it is still on the table."""
    zone = state.ball_in_hand
    if zone in (BallInHand.D, BallInHand.D_OPTIONAL, BallInHand.BEHIND_HEAD_STRING):
        pool = _kitchen_grid(state)
    else:
        # The grid keeps a choice when no ball on has an open pocket (safeties then).
        pool = _behind_ghosts(state) + _table_grid(state)
    pool = [p for p in pool if allowed(state, p)]
    rated = sorted(((_rating(state, params, p, sigma), p) for p in pool),
                   key=lambda rp: -rp[0])
    chosen = []
    for _, spot in rated:
        if all(math.dist(spot, c) >= SPOT_SEPARATION for c in chosen):
            chosen.append(spot)
        if len(chosen) == count:
            break
    if zone is BallInHand.D_OPTIONAL and CUE in state.layout:
        chosen = [state.layout[CUE]] + chosen[:count - 1]
    return chosen


def _rating(state, params, spot, sigma: float) -> float:
    """The best pot's chance from `spot`; without one, a little for each ball on the cue
    ball can reach straight (safeties need a contact), the nearer the better."""
    scene = Scene.of(state, params, cue=spot)
    targets = balls_on(state)
    shots = direct_shots(state.table, scene.cue, float(scene.radii[0]), scene.positions,
                         scene.radii, scene.ids, targets, sigma)
    if shots:
        return shots[0].quality
    rows = [scene.index(b) for b in targets]
    keep = np.ones(len(scene.ids), dtype=bool)
    reach = 0.0
    for row in rows:
        keep[:] = True
        keep[[0, row]] = False
        if not path_blocked(scene.cue[None, :], scene.positions[row][None, :],
                            float(scene.radii[0]), scene.positions[keep],
                            scene.radii[keep])[0]:
            distance = float(np.linalg.norm(scene.positions[row] - scene.cue))
            reach = max(reach, REACH_RATING / (1.0 + distance))
    return reach


def _behind_ghosts(state) -> list:
    out = []
    radius = state.ball_set.radius(CUE)
    for ball in balls_on(state):
        obj = np.array(state.layout[ball])
        r_obj = state.ball_set.radius(ball)
        aim, half, _ = pocket_windows(state.table, obj[None, :], r_obj)
        for pocket in np.nonzero(half[0] > 0.0)[0]:
            line = aim[0, pocket]
            ghost = obj - (radius + r_obj) * np.array([math.cos(line), math.sin(line)])
            for angle in SPOT_ANGLES:
                for distance in SPOT_DISTANCES:
                    back = line + angle
                    out.append((float(ghost[0] - distance * math.cos(back)),
                                float(ghost[1] - distance * math.sin(back))))
    return out


def _table_grid(state) -> list:
    table = state.table
    xs = np.linspace(0.15, table.length - 0.15, 2 * TABLE_GRID)
    ys = np.linspace(0.15, table.width - 0.15, TABLE_GRID)
    return [(float(x), float(y)) for x in xs for y in ys]


def _kitchen_grid(state) -> list:
    table = state.table
    if state.ball_in_hand is BallInHand.BEHIND_HEAD_STRING:
        xs = np.linspace(0.1, table.head_line_x - 0.01, D_GRID)
        ys = np.linspace(0.1, table.width - 0.1, D_GRID)
    else:
        cx, cy = table.d_centre
        xs = np.linspace(cx - table.d_radius, cx - 0.005, D_GRID)
        ys = np.linspace(cy - table.d_radius, cy + table.d_radius, D_GRID)
    return [(float(x), float(y)) for x in xs for y in ys]
