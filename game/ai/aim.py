"""Aiming a pot: the ghost-ball line corrected for throw and squirt, the gentlest speed
that drops the ball, and the solver-in-the-loop correction of what the closed forms miss.

Frame: table frame, angles in rad from +x towards +y. The cue ball leaves at the cue's
azimuth plus the squirt angle (physics_ext.stroke: right side, side > 0, deflects it to
the left, counter-clockwise); friction at the contact throws the object ball off the line
of centres towards the cue ball's travel, so the line must be aimed wider by the throw.
"""
from __future__ import annotations

import math

import numpy as np

from physics_ext import CueSpec, EventKind, Params, Stroke
from physics_ext.constants import CUE_TIP_RESTITUTION, MAX_CUE_SPEED
from physics_ext.stroke import squirt_angle

from .geometry import wrap

CUE = CueSpec()
# Distance (m) a potted ball should still be able to roll past the hole: it must not die
# in the jaws.
POT_SPEED_MARGIN = 0.3
# Fastest cue speed (m/s) used for ordinary pots; harder strokes scatter the table.
MAX_POT_SPEED = 8.0
SLOWEST_STROKE = 0.4   # m/s
# Follow and draw take part of the throw away (the contact slip gains a vertical part);
# this is only the first guess the solver loop starts from.
THROW_SPIN_RELIEF = 1.5
# A departure this close (rad) to the wanted line needs no further correction.
REFINED_ENOUGH = 2e-4


def squirt(side: float, ball_mass: float) -> float:
    """Squirt (rad) of a stroke with contact side offset `side` (fraction of R): the cue
    ball leaves this far counter-clockwise of the cue's azimuth."""
    return squirt_angle(side, ball_mass / CUE.end_mass)


def throw(cut: float, height: float, params: Params) -> float:
    """Closed-form throw (rad, >= 0) of a stun cut of `cut` rad (PHYSICS.md 4.2:
    tan(throw) = min(u_b, 2 tan(cut) / (7 (1 + e_b)))), eased for follow or draw."""
    stun = math.atan(min(params.u_b, 2.0 * math.tan(min(abs(cut), 1.5))
                         / (7.0 * (1.0 + params.e_b))))
    return stun / (1.0 + THROW_SPIN_RELIEF * abs(height))


def line_of_centres(cue: np.ndarray, ball: np.ndarray, contact: float, travel: float):
    """Direction (rad) of the line of centres when the cue ball, moving straight along
    `travel` from `cue`, first touches the ball at `ball` (radii summing to `contact`);
    None if it passes by."""
    d = np.array([math.cos(travel), math.sin(travel)])
    rel = ball - cue
    along = float(rel @ d)
    miss2 = float(rel @ rel) - along * along
    if along <= 0.0 or miss2 >= contact * contact:
        return None
    hit = cue + (along - math.sqrt(contact * contact - miss2)) * d
    return math.atan2(ball[1] - hit[1], ball[0] - hit[0])


def travel_for(cue: np.ndarray, ball: np.ndarray, contact: float, line: float) -> float:
    """The cue ball's travel (rad) that makes the line of centres point along `line`."""
    ghost = ball - contact * np.array([math.cos(line), math.sin(line)])
    return math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])


def pot_speed(cue_distance: float, ball_distance: float, cut: float, side: float,
              height: float, cue_mass: float, ball_mass: float, params: Params) -> float:
    """The gentlest cue speed (m/s) that rolls the object ball `ball_distance` (m) plus a
    margin after a cut of `cut` rad, the cue ball having rolled `cue_distance` first."""
    decel = params.u_r * params.g
    # The object ball leaves sliding and rolls on at 5/7 of its speed.
    ball_speed = 1.4 * math.sqrt(2.0 * decel * (ball_distance + POT_SPEED_MARGIN))
    share = (1.0 + params.e_b) * cue_mass / (cue_mass + ball_mass)
    arrive = ball_speed / (share * max(math.cos(cut), 0.2))
    # The cue ball reaches natural roll at 5/7 of its starting speed, or less with draw.
    start = math.sqrt(arrive * arrive + 2.0 * decel * cue_distance) * 1.4
    return start * (1.0 + cue_mass / CUE.mass + 2.5 * (side * side + height * height)) / (
        1.0 + CUE_TIP_RESTITUTION)


def pot_stroke(cue: np.ndarray, ball: np.ndarray, contact: float, direction: float,
               side: float, height: float, elevation: float, speed: float,
               cue_mass: float, params: Params) -> Stroke:
    """The closed-form stroke sending the ball along `direction`: ghost-ball line widened
    by the throw, the cue turned against the squirt."""
    line = direction
    for _ in range(2):       # the cut depends on the line: two fixed-point passes suffice
        travel = travel_for(cue, ball, contact, line)
        cut = wrap(direction - travel)
        line = direction + math.copysign(throw(cut, height, params), cut)
    travel = travel_for(cue, ball, contact, line)
    return Stroke(azimuth=travel - squirt(side, cue_mass), elevation=elevation, side=side,
                  height=height, speed=min(max(speed, SLOWEST_STROKE), MAX_CUE_SPEED))


def departure(result, ball_index: int):
    """The direction (rad) in which ball `ball_index` left its first contact with the
    cue ball (index 0), if the cue ball's first contact was that ball; else None."""
    events = result.events
    hits = events[(events["kind"] == EventKind.BALL_BALL)
                  & ((events["ball"] == 0) | (events["other"] == 0))]
    if len(hits) == 0 or ball_index not in (int(hits[0]["ball"]), int(hits[0]["other"])):
        return None
    velocity = result.state_at(float(hits[0]["time"]) + 1e-9).velocities[ball_index]
    return math.atan2(velocity[1], velocity[0])


def refine(scene, stroke: Stroke, ball_index: int, direction: float, steps: int):
    """Correct `stroke` with the real solver until the object ball leaves along
    `direction`: each step measures the departure, takes the closed-form model's error
    as a bias and re-aims. Returns (stroke, result of that stroke or None, solver runs)."""
    cue, ball = scene.cue, scene.positions[ball_index]
    contact = float(scene.radii[0] + scene.radii[ball_index])
    cue_mass = scene.balls[0].mass
    result, runs = scene.shoot(stroke), 1
    for _ in range(steps):
        if result is None:
            break
        gone = departure(result, ball_index)
        if gone is None:
            break
        error = float(wrap(direction - gone))
        if abs(error) < REFINED_ENOUGH:
            break
        travel = stroke.azimuth + squirt(stroke.side, cue_mass)
        modelled = line_of_centres(cue, ball, contact, travel)
        if modelled is None:
            break
        bias = float(wrap(gone - modelled))
        travel = travel_for(cue, ball, contact, direction - bias)
        stroke = Stroke(azimuth=travel - squirt(stroke.side, cue_mass),
                        elevation=stroke.elevation, side=stroke.side, height=stroke.height,
                        speed=stroke.speed)
        result, runs = scene.shoot(stroke), runs + 1
    return stroke, result, runs
