"""Execution noise: the stroke a player means, perturbed the way his level misses.

A draw is a row of five standard normals (azimuth, elevation, side, height, speed), so a
search can reuse one matrix of draws for every candidate (common random numbers: two
candidates are compared under the same mishits) and the executed stroke is one more row.
"""
from __future__ import annotations

import math

import numpy as np

from physics_ext import Stroke
from physics_ext.constants import MAX_CUE_SPEED

from .levels import Level

DRAW_SIZE = 5
# Keep perturbed strokes valid for physics_ext.Stroke: offsets strictly inside the ball,
# elevation in [0, pi/2], a positive speed.
MAX_OFFSET = 0.95
MIN_SPEED = 0.05      # m/s
MAX_ELEVATION = math.pi / 2 - 1e-6


def draws(rng: np.random.Generator, count: int) -> np.ndarray:
    """(count, DRAW_SIZE) standard normal draws."""
    return rng.standard_normal((count, DRAW_SIZE))


def perturb(stroke: Stroke, level: Level, z) -> Stroke:
    """`stroke` as executed with the draw `z` (five standard normals) at `level`."""
    side = stroke.side + level.sigma_offset * z[2]
    height = stroke.height + level.sigma_offset * z[3]
    reach = math.hypot(side, height)
    if reach > MAX_OFFSET:
        side, height = side * MAX_OFFSET / reach, height * MAX_OFFSET / reach
    return Stroke(
        azimuth=(stroke.azimuth + level.sigma_azimuth * z[0]) % (2.0 * math.pi),
        elevation=min(max(stroke.elevation + level.sigma_elevation * z[1], 0.0),
                      MAX_ELEVATION),
        side=side, height=height,
        speed=min(max(stroke.speed * (1.0 + level.sigma_speed * z[4]), MIN_SPEED),
                  MAX_CUE_SPEED))
