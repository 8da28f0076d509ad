"""How steeply the cue must be raised to reach the cue ball over what lies behind it: the
rail when the cue ball is near a cushion, a ball just behind it. Table frame, metres and
radians; the cue comes from the side opposite its azimuth."""
from __future__ import annotations

import math

import numpy as np

from physics_ext.constants import CUE_SHAFT_RADIUS, CUE_TIP_RADIUS
from physics_ext.stroke import min_elevation_to_clear

# The cue's reach behind the cue ball (m): the length of a cue.
CUE_REACH = 1.47
# The cue thickens towards the butt: radius (m) assumed along its whole length.
CUE_RADIUS = CUE_SHAFT_RADIUS + 0.004
# Raised a little more than the bare minimum (rad), so execution noise stays clear.
ELEVATION_MARGIN = math.radians(1.0)
# The steepest cue (rad): over a ball frozen behind the cue ball a near-vertical massé is
# all that is left, and Stroke refuses pi/2 and beyond.
STEEPEST = math.radians(85.0)


def elevation_needed(table, positions: np.ndarray, radii: np.ndarray, azimuth: float,
                     height: float) -> float:
    """The smallest cue elevation (rad) clearing the rail and the balls behind the cue
    ball (row 0 of `positions` (n, 2) and `radii` (n,)) for a stroke along `azimuth` with
    contact height `height` (fraction of R). 0 when nothing is in the way."""
    cue, radius = positions[0], float(radii[0])
    back = -np.array([math.cos(azimuth), math.sin(azimuth)])
    obstacles = []       # (distance behind, height above the cloth, clearance)
    reach = _distance_to_rail(table, cue, back)
    if reach < CUE_REACH:
        obstacles.append((max(reach, 1e-4), table.rail_top_height, CUE_RADIUS))
    rel = positions[1:] - cue[None, :]
    along = rel @ back
    across = np.abs(rel @ np.array([-back[1], back[0]]))
    for k in np.nonzero((along > 0.0) & (along < CUE_REACH)
                        & (across < radii[1:] + CUE_RADIUS))[0]:
        vertical = math.sqrt((radii[k + 1] + CUE_RADIUS) ** 2 - across[k] ** 2)
        obstacles.append((float(along[k]), float(radii[k + 1]), vertical))
    if not obstacles:
        return 0.0
    elevation = 0.0
    for _ in range(2):     # the axis height depends on the elevation: one more pass
        axis = radius + height * (radius + CUE_TIP_RADIUS) / math.cos(elevation)
        needed = []
        for distance, top, clearance in obstacles:
            try:
                needed.append(min_elevation_to_clear(distance, top, clearance, axis))
            except ValueError:
                needed.append(STEEPEST)
        elevation = min(max(needed), STEEPEST)
    return min(elevation + ELEVATION_MARGIN, STEEPEST) if elevation > 0.0 else 0.0


def _distance_to_rail(table, point: np.ndarray, direction: np.ndarray) -> float:
    """Distance (m) from `point` along `direction` to the rectangle of the cushion noses."""
    reach = math.inf
    for k, size in ((0, table.length), (1, table.width)):
        if direction[k] > 1e-12:
            reach = min(reach, (size - point[k]) / direction[k])
        elif direction[k] < -1e-12:
            reach = min(reach, -point[k] / direction[k])
    return reach
