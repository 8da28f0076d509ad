"""Aiming geometry (pure math, no Panda3D): what the aiming aids draw, the cue elevation
that clears cushions and balls, where the pointer meets the table, and a free spot for
the cue ball in hand.

Table frame of `physics_ext.table`, metres, radians; an azimuth is measured from +x
towards +y, the way the cue ball is sent. Balls are given as {ball_id: ((x, y), radius)}.

The predictions are the aids' ideal model, not the solver: the cue ball runs straight
along the aim (no squirt or swerve), slides then rolls along that line with the cloth's
friction, and meets the object ball in a frictionless impact (no throw). That is what a
player reads from a ghost ball and a tangent line; the shot itself is the solver's.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from game.rules import CUE, BallInHand, clamp_to_zone, placement_allowed
from game.rules.layout import Layout
from physics_ext import Params, Stroke, contact_distance, strike
from physics_ext.stroke import min_elevation_to_clear

# A cue raised this far is as steep as the game lets a player hold it (rad); beyond it no
# elevation clears, so this is used instead.
MAX_ELEVATION_RAD = math.radians(85.0)
# Gap (m) left between the ghost of a cue ball in hand and a ball it was pushed off:
# placement allows touching, and this keeps rounding from making it an overlap.
PLACEMENT_GAP_M = 1e-6
# Grid (m) searched for a free cue-ball spot where pushing off balls does not settle.
SEARCH_STEP_M = 0.004
# Speeds (m/s) and direction lengths below this mean "no motion" to the aids.
STILL_M_S = 1e-6


@dataclass(frozen=True)
class Prediction:
    """What the aids show for one aim.

    contact: (x, y) of the cue ball's centre where it first meets a ball (the ghost ball)
        or a cushion. target: the ball id it meets, or None for a cushion.
    object_direction: unit (x, y) the target ball leaves along, or None.
    cue_direction: unit (x, y) the cue ball ends up rolling along after the contact
        (the tangent line bent by follow or draw), or None (no ball met, or the cue ball
        stops before it, or stops dead).
    """
    contact: tuple
    target: int | None
    object_direction: tuple | None
    cue_direction: tuple | None


def _unit(azimuth: float) -> np.ndarray:
    return np.array([math.cos(azimuth), math.sin(azimuth)])


def first_contact(start, azimuth: float, radius: float, others: dict, table) -> tuple:
    """(distance, ball_id or None): how far (m) the centre of a ball of `radius` at
    `start` travels along `azimuth` before it touches one of `others` or a cushion nose
    (pocket openings are not considered)."""
    p, d = np.asarray(start, dtype=np.float64), _unit(azimuth)
    best, hit = _cushion_distance(p, d, contact_distance(table, radius), table), None
    for ball_id, (centre, r) in others.items():
        rel = np.asarray(centre, dtype=np.float64) - p
        along = float(rel @ d)
        reach = radius + r
        disc = along * along - (float(rel @ rel) - reach * reach)
        if along <= 0.0 or disc < 0.0:
            continue
        s = along - math.sqrt(disc)
        if 0.0 <= s < best:
            best, hit = s, ball_id
    return best, hit


def _cushion_distance(p: np.ndarray, d: np.ndarray, inset: float, table) -> float:
    """Distance along d from p to the rectangle `inset` inside the nose lines."""
    lo = np.array([inset, inset])
    hi = np.array([table.length - inset, table.width - inset])
    steps = [((hi[k] if d[k] > 0 else lo[k]) - p[k]) / d[k] for k in range(2)
             if abs(d[k]) > STILL_M_S]
    return max(min(steps), 0.0)


def arrival(v0: float, w0: float, distance: float, params: Params) -> tuple | None:
    """Forward speed and forward spin (v, w) in m/s of a ball after `distance` m along a
    straight line, from speed v0 and spin w0 (w = R times the spin about the axis across
    the line: w = v when rolling, w < 0 for draw). It slides at u_s g until w = v, then
    rolls at u_r g. None if it stops first."""
    slip = v0 - w0
    if abs(slip) > STILL_M_S:
        a = params.u_s * params.g * math.copysign(1.0, slip)
        t_slide = 2.0 * abs(slip) / (7.0 * params.u_s * params.g)
        d_slide = v0 * t_slide - 0.5 * a * t_slide * t_slide
        if distance <= d_slide:
            disc = v0 * v0 - 2.0 * a * distance
            if disc < 0.0:
                return None
            t = (v0 - math.sqrt(disc)) / a
            return v0 - a * t, w0 + 2.5 * a * t
        distance -= d_slide
        v0 = v0 - a * t_slide
    v2 = v0 * v0 - 2.0 * params.u_r * params.g * distance
    if v0 <= 0.0 or v2 <= 0.0:
        return None
    return math.sqrt(v2), math.sqrt(v2)


def predict(start, stroke: Stroke, radius: float, mass: float, others: dict, masses: dict,
            table, params: Params = Params()) -> Prediction:
    """The aids for `stroke` on the cue ball (radius m, mass kg) at `start` (x, y).
    masses: {ball_id: kg} of `others`."""
    d = _unit(stroke.azimuth)
    distance, target = first_contact(start, stroke.azimuth, radius, others, table)
    contact = tuple(np.asarray(start, dtype=np.float64) + distance * d)
    if target is None:
        return Prediction(contact, None, None, None)
    n = np.asarray(others[target][0], dtype=np.float64) - contact
    n /= np.linalg.norm(n)
    hit = strike(stroke, radius, mass)
    v0 = float(hit.velocity[:2] @ d)
    w_vec = radius * np.array([hit.angular_velocity[1], -hit.angular_velocity[0]])
    moving = arrival(v0, float(w_vec @ d), distance, params)
    if moving is None:
        return Prediction(contact, target, tuple(n), None)
    v, w = moving
    m2 = masses[target]
    along = v * float(d @ n)
    kept = along * (mass - params.e_b * m2) / (mass + m2)       # normal speed after impact
    after = v * d - along * n + kept * n
    # Friction on the cloth then turns the slide into roll: (5 v + 2 w) / 7 per axis.
    final = (5.0 * after + 2.0 * w * d) / 7.0
    size = float(np.linalg.norm(final))
    cue_direction = tuple(final / size) if size > STILL_M_S else None
    return Prediction(contact, target, tuple(n), cue_direction)


@dataclass(frozen=True)
class RailShape:
    """What a raised cue must pass over behind the cue ball: the cushion nose at
    `nose_height`, the rail's flat top at `top_height` from `top_setback` behind the nose
    (m)."""
    nose_height: float
    top_height: float
    top_setback: float


def clearing_elevation(start, azimuth: float, radius: float, height_offset: float,
                       others: dict, table, rail: RailShape, cue_radius, tip_radius: float) -> float:
    """The smallest cue elevation (rad) at which the cue, held behind the cue ball at
    `start` for a stroke along `azimuth` with contact height offset `height_offset`
    (fraction of the radius), passes over the rail and every ball of `others` behind
    the cue ball. cue_radius(s): the cue's radius (m) at s m from its tip.
    MAX_ELEVATION_RAD if nothing lower clears."""
    p, back = np.asarray(start, dtype=np.float64), -_unit(azimuth)
    obstacles = []      # (distance behind the centre, height, clearance), m
    nose = _cushion_distance(p, back, 0.0, table)
    obstacles.append((nose, rail.nose_height, cue_radius(nose - radius)))
    top = nose + rail.top_setback
    obstacles.append((top, rail.top_height, cue_radius(top - radius)))
    for centre, r in others.values():
        rel = np.asarray(centre, dtype=np.float64) - p
        along = float(rel @ back)
        if along <= 0.0:
            continue
        lateral = abs(float(rel[0] * back[1] - rel[1] * back[0]))
        reach = r + cue_radius(along - radius)
        if lateral < reach:
            obstacles.append((along, r, math.sqrt(reach * reach - lateral * lateral)))
    elevation = 0.0
    # The axis height depends on the elevation itself: a few fixed-point rounds settle it
    # (each round only raises the elevation).
    for _ in range(4):
        axis = radius + height_offset * (radius + tip_radius) / math.cos(elevation)
        try:
            need = max(min_elevation_to_clear(s, h, c, axis) for s, h, c in obstacles)
        except ValueError:
            return MAX_ELEVATION_RAD
        if need <= elevation + 1e-9:
            break
        elevation = min(need, MAX_ELEVATION_RAD)
    return min(max(elevation, 0.0), MAX_ELEVATION_RAD)


def table_point(origin, direction, z: float) -> tuple | None:
    """(x, y) where the ray from `origin` along `direction` (3-vectors, m) meets the
    horizontal plane at height z (m); None if it points away from it."""
    oz, dz = float(origin[2]), float(direction[2])
    if abs(dz) < STILL_M_S:
        return None
    s = (z - oz) / dz
    if s <= 0.0:
        return None
    return (float(origin[0] + s * direction[0]), float(origin[1] + s * direction[1]))


def free_spot(table, zone, desired, layout: Layout, balls) -> tuple | None:
    """An allowed cue-ball spot of `zone` near `desired` (x, y): clamped into the zone and
    pushed off overlapped balls, so it slides along them smoothly; where that does not
    settle (a ball pressed against the zone's edge), the nearest allowed point of a
    SEARCH_STEP_M grid. None if the zone has no room at all."""
    radius = balls.radius(CUE)
    spot = clamp_to_zone(table, zone, desired, radius)
    for _ in range(8):
        if placement_allowed(table, zone, spot, layout, balls):
            return spot
        p = np.asarray(spot, dtype=np.float64)
        for ball_id, centre in layout.items():
            if ball_id == CUE:
                continue
            rel = p - np.asarray(centre)
            reach = radius + balls.radius(ball_id) + PLACEMENT_GAP_M
            dist = float(np.hypot(*rel))
            if dist < reach:
                p = np.asarray(centre) + (rel / dist if dist > 0 else np.array([1.0, 0.0])) * reach
        spot = clamp_to_zone(table, zone, tuple(p), radius)
    return _grid_spot(table, zone, desired, layout, balls)


def _grid_spot(table, zone, desired, layout: Layout, balls) -> tuple | None:
    """The allowed point nearest `desired` on a SEARCH_STEP_M grid over the zone."""
    r = balls.radius(CUE)
    x = np.arange(r, table.length - r, SEARCH_STEP_M)
    y = np.arange(r, table.width - r, SEARCH_STEP_M)
    gx, gy = (a.ravel() for a in np.meshgrid(x, y))
    keep = np.ones(gx.shape, dtype=bool)
    if zone is BallInHand.BEHIND_HEAD_STRING:
        keep &= gx < table.head_line_x
    elif zone in (BallInHand.D, BallInHand.D_OPTIONAL):
        cx, cy = table.d_centre
        keep &= (gx <= cx) & (np.hypot(gx - cx, gy - cy) <= table.d_radius)
    for ball_id, (bx, by) in layout.items():
        if ball_id != CUE:
            keep &= np.hypot(gx - bx, gy - by) >= r + balls.radius(ball_id)
    order = np.argsort(np.hypot(gx - desired[0], gy - desired[1]))
    for k in order[keep[order]][:8]:      # the rules' own test has the last word
        spot = (float(gx[k]), float(gy[k]))
        if placement_allowed(table, zone, spot, layout, balls):
            return spot
    return None
