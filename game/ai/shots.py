"""Direct pots from a cue-ball position: every (object ball, pocket) with both paths clear,
and how likely each is to drop for a player whose aim errs by `sigma` (rad).

The estimate (used to rank positions and candidates, never to rule): an aim error delta
of the cue ball's line moves the contact point by d_cue * delta across the line, which
turns the object ball by about delta * (1 + d_cue / (r_sum cos cut)) (ghost-ball
geometry); the ball drops when that error stays inside the pocket window's half-width.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from physics_ext.types import frozen_instance

from .geometry import norms, path_blocked, pocket_windows, wrap

# Cuts beyond this (rad) are not attempted: the contact is too thin to control.
MAX_CUT = math.radians(78.0)


@dataclass(frozen=True)
class PotShot:
    """A direct pot: `ball` (id) into `pocket` (physics_ext.Pocket index).

    direction: the object ball's path (rad); half: the pocket window's half-width (rad);
    ghost: (2,) the cue ball's centre at impact (m); cut: signed cut angle (rad);
    cue_distance, ball_distance: cue ball to ghost, object ball to the hole (m);
    quality: estimated chance the ball drops (0..1)."""
    ball: int
    pocket: int
    direction: float
    half: float
    ghost: np.ndarray
    cut: float
    cue_distance: float
    ball_distance: float
    quality: float


def direct_shots(table, cue: np.ndarray, cue_radius: float, positions: np.ndarray,
                 radii: np.ndarray, ids: tuple, targets, sigma: float) -> list:
    """Every clear direct pot of a ball of `targets` (ids), as PotShots sorted best first.
    `positions` (n, 2), `radii` (n,) and `ids` describe every ball on the table, the cue
    ball first (row 0)."""
    rows = np.array([ids.index(b) for b in targets if b in ids], dtype=int)
    if len(rows) == 0:
        return []
    obj, obj_radius = positions[rows], radii[rows]
    aim, half, dist = pocket_windows(table, obj, obj_radius)
    k, pocket = (half > 0.0).nonzero()              # every open (ball, pocket) pair
    m = len(k)
    if m == 0:
        return []
    line = aim[k, pocket]
    start, contact = obj[k], cue_radius + obj_radius[k]
    unit = np.empty((m, 2))
    unit[:, 0], unit[:, 1] = np.cos(line), np.sin(line)
    ghosts = start - contact[:, None] * unit
    travel = np.arctan2(ghosts[:, 1] - cue[1], ghosts[:, 0] - cue[0])
    cuts = wrap(line - travel)
    cue_dist = norms(ghosts - cue[None, :])
    mouths = start + (dist[k, pocket] - contact)[:, None] * unit
    # Neither path meets the cue ball (row 0: it is the one moving, or it has moved on)
    # nor the object ball itself. Both paths of every pair in one call: the cue ball's
    # to the ghost ball (rows 0..m-1), the object ball's to the mouth (rows m..2m-1).
    pair_rows = rows[k]
    ignore = np.arange(len(ids)) == np.concatenate((pair_rows, pair_rows))[:, None]
    ignore[:, 0] = True
    paths = path_blocked(np.concatenate((np.broadcast_to(cue, (m, 2)), start)),
                         np.concatenate((ghosts, mouths)),
                         np.concatenate((np.full(m, float(cue_radius)), obj_radius[k])),
                         positions, radii, ignore)
    cut_size = np.abs(cuts)
    cos_cut = np.cos(np.minimum(cut_size, MAX_CUT))
    spread = sigma * (1.0 + cue_dist / (contact * cos_cut))
    # erf of the open pots only (a blocked or too thin one rates 0 whatever its erf)
    open_ = (~(paths[:m] | paths[m:] | (cut_size > MAX_CUT))).nonzero()[0]
    open_half = half[k[open_], pocket[open_]]
    erf = [math.erf(v) for v in (open_half / (spread[open_] * math.sqrt(2.0))).tolist()]
    # the open pots' numbers as Python numbers, in open_'s order
    balls = [ids[row] for row in pair_rows[open_].tolist()]
    shots = [_pot_shot(ball, *numbers, ghosts[j], q)
             for ball, numbers, j, q in zip(
                 balls, zip(pocket[open_].tolist(), line[open_].tolist(), open_half.tolist(),
                            cuts[open_].tolist(), cue_dist[open_].tolist(),
                            dist[k[open_], pocket[open_]].tolist()),
                 open_.tolist(), erf)
             if q > 0.0]
    shots.sort(key=lambda s: -s.quality)
    return shots


def _pot_shot(ball, pocket, direction, half, cut, cue_distance, ball_distance, ghost,
              quality) -> PotShot:
    """PotShot(...) of these fields (their types already right), without the frozen
    dataclass __init__ (direct_shots makes one for every open pot of every spot rated)."""
    return frozen_instance(PotShot, {
        "ball": ball, "pocket": pocket, "direction": direction, "half": half,
        "ghost": ghost, "cut": cut, "cue_distance": cue_distance,
        "ball_distance": ball_distance, "quality": quality})
