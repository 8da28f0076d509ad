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

from .geometry import path_blocked, pocket_windows, wrap

# Cuts beyond this (rad) are not attempted: the contact is too thin to control.
MAX_CUT = math.radians(78.0)
_erf = np.frompyfunc(math.erf, 1, 1)


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
    ball included (its entry is skipped as an obstacle of its own path)."""
    rows = [ids.index(b) for b in targets if b in ids]
    if not rows:
        return []
    obj = positions[rows]
    obj_radius = radii[rows]
    shots = []
    for k, row in enumerate(rows):
        aim, half, dist = pocket_windows(table, obj[k:k + 1], float(obj_radius[k]))
        aim, half, dist = aim[0], half[0], dist[0]
        open_pockets = np.nonzero(half > 0.0)[0]
        if len(open_pockets) == 0:
            continue
        contact = cue_radius + obj_radius[k]
        unit = np.stack([np.cos(aim[open_pockets]), np.sin(aim[open_pockets])], axis=1)
        ghosts = obj[k][None, :] - contact * unit
        travel = np.arctan2(ghosts[:, 1] - cue[1], ghosts[:, 0] - cue[0])
        cuts = wrap(aim[open_pockets] - travel)
        cue_dist = np.linalg.norm(ghosts - cue[None, :], axis=1)
        # Obstacles: every ball but the cue ball and this object ball.
        keep = np.ones(len(ids), dtype=bool)
        keep[[0, row]] = False
        mouths = obj[k][None, :] + (dist[open_pockets] - contact)[:, None] * unit
        blocked = (path_blocked(np.repeat(cue[None, :], len(open_pockets), 0), ghosts,
                                cue_radius, positions[keep], radii[keep])
                   | path_blocked(np.repeat(obj[k][None, :], len(open_pockets), 0), mouths,
                                  float(obj_radius[k]), positions[keep], radii[keep]))
        cos_cut = np.cos(np.minimum(np.abs(cuts), MAX_CUT))
        spread = sigma * (1.0 + cue_dist / (contact * cos_cut))
        quality = _erf(half[open_pockets] / (spread * math.sqrt(2.0))).astype(float)
        quality = np.where(blocked | (np.abs(cuts) > MAX_CUT), 0.0, quality)
        for j, pocket in enumerate(open_pockets):
            if quality[j] > 0.0:
                shots.append(PotShot(ball=ids[row], pocket=int(pocket),
                                     direction=float(aim[pocket]), half=float(half[pocket]),
                                     ghost=ghosts[j], cut=float(cuts[j]),
                                     cue_distance=float(cue_dist[j]),
                                     ball_distance=float(dist[pocket]),
                                     quality=float(quality[j])))
    shots.sort(key=lambda s: -s.quality)
    return shots
