"""Stroke candidates from the table geometry, one family per function: direct pots
(ghost ball, throw and squirt corrected, several speeds and spins), banks (object ball off
one rail), kicks (cue ball off one rail), jumps over a blocking ball (9-ball only),
safeties (the ball on, hit at several fractions and speeds) and push outs.

Each Candidate names the stroke, the declaration and, for pots, the object ball's wanted
departure so the search can correct the aim with the solver (aim.refine).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from physics_ext import Stroke

from .aim import MAX_POT_SPEED, pot_speed, pot_stroke
from .cueing import elevation_needed
from .geometry import path_blocked, pocket_windows, pockets_of, rail_lines, wrap
from .shots import MAX_CUT, direct_shots

# Pots rated below this chance (geometric estimate) are not tried.
MIN_POT_CHANCE = 0.03
# Direct pots kept per position, best first.
MAX_POTS = 4
# Banks are looked for while no direct pot is rated above this chance.
BANK_WHEN_BEST_BELOW = 0.35
# Safety: where the cue ball's line passes the object ball's centre, as fractions of the
# radii sum (0 full ball, +-0.9 thin), and cue speeds (m/s).
SAFETY_FRACTIONS = (-0.85, -0.5, 0.0, 0.5, 0.85)
SAFETY_SPEEDS = (0.9, 1.6, 2.6, 3.8)
MAX_SAFETY_BALLS = 3
# Kicks: cue speeds (m/s) and aim offsets (rad) around the mirror-image line; the rail's
# restitution and friction bend the rebound away from a mirror's.
KICK_SPEEDS = (1.8, 3.0, 4.5)
KICK_OFFSETS = (-0.02, -0.007, 0.007, 0.02)
# Banks: effective restitutions tried for the rebound angle (tan out = tan in / e).
BANK_RESTITUTIONS = (0.6, 0.75, 0.9)
BANK_SPEED_FACTOR = 1.5
# Jumps: elevation (rad), cue speed (m/s), contact height (fraction of R, above centre so
# that the stroke is a legal jump and not a scoop).
JUMP_ELEVATIONS = (math.radians(38.0), math.radians(50.0))
JUMP_SPEEDS = (4.0, 5.5)
JUMP_HEIGHT = 0.25
# Push outs: directions (rad) and cue speeds (m/s).
PUSH_DIRECTIONS = tuple(k * math.pi / 6.0 for k in range(12))
PUSH_SPEEDS = (1.0, 2.0)


@dataclass(frozen=True)
class Candidate:
    """One stroke to judge. kind: 'pot', 'bank', 'kick', 'jump', 'safety', 'push_out'
    or 'break'; ball: the object ball aimed at (id) or None; direction: for pots, the
    object ball's wanted departure (rad), which aim.refine corrects the stroke towards;
    prior: the geometric chance of the pot (0 for the others)."""
    kind: str
    stroke: Stroke
    push_out: bool = False
    ball: int | None = None
    direction: float | None = None
    prior: float = 0.0


def _stroke(scene, azimuth: float, speed: float, side: float = 0.0,
            height: float = 0.0) -> Stroke:
    """A stroke along `azimuth`, the cue raised just enough to clear what is behind."""
    elevation = elevation_needed(scene.table, scene.positions, scene.radii, azimuth, height)
    return Stroke(azimuth=azimuth % (2.0 * math.pi), elevation=elevation, side=side,
                  height=height, speed=speed)


def pots(scene, level, targets, sigma: float, max_pots: int = MAX_POTS,
         sides=None) -> list:
    """Direct pots of the balls `targets` (ids): the `max_pots` best rated, at every
    speed, height and side of the level (`sides` overrides the level's)."""
    shots = [s for s in direct_shots(scene.table, scene.cue, float(scene.radii[0]),
                                     scene.positions, scene.radii, scene.ids, targets, sigma)
             if s.quality >= MIN_POT_CHANCE][:max_pots]
    out = []
    cue_mass, params = scene.balls[0].mass, scene.params
    for shot in shots:
        row = scene.index(shot.ball)
        ball, contact = scene.positions[row], float(scene.radii[0] + scene.radii[row])
        travel = math.atan2(shot.ghost[1] - scene.cue[1], shot.ghost[0] - scene.cue[0])
        for height in level.heights:
            elevation = elevation_needed(scene.table, scene.positions, scene.radii, travel,
                                         height)
            for side in level.sides if sides is None else sides:
                base = pot_speed(shot.cue_distance, shot.ball_distance, shot.cut, side, height,
                                 cue_mass, scene.balls[row].mass, params)
                for factor in level.speeds:
                    stroke = pot_stroke(scene.cue, ball, contact, shot.direction, side,
                                        height, elevation, min(base * factor, MAX_POT_SPEED),
                                        cue_mass, params)
                    out.append(Candidate("pot", stroke, ball=shot.ball,
                                         direction=shot.direction, prior=shot.quality))
    return out


def safeties(scene, targets) -> list:
    """Soft and firm contacts on the nearest balls on that the cue ball can reach."""
    cue, r_cue = scene.cue, float(scene.radii[0])
    reachable = []
    for ball in targets:
        row = scene.index(ball)
        if not _cue_path_blocked(scene, scene.positions[row], row):
            reachable.append((float(np.linalg.norm(scene.positions[row] - cue)), ball, row))
    out = []
    for dist, ball, row in sorted(reachable)[:MAX_SAFETY_BALLS]:
        contact = r_cue + float(scene.radii[row])
        centre = math.atan2(scene.positions[row][1] - cue[1], scene.positions[row][0] - cue[0])
        for fraction in SAFETY_FRACTIONS:
            azimuth = centre + math.asin(min(fraction * contact / dist, 1.0))
            for speed in SAFETY_SPEEDS:
                out.append(Candidate("safety", _stroke(scene, azimuth, speed), ball=ball))
    return out


def kicks(scene, targets) -> list:
    """The cue ball off one rail into a ball on: aimed at the ball's mirror image."""
    out = []
    cue, r_cue = scene.cue, float(scene.radii[0])
    for ball in targets:
        row = scene.index(ball)
        target = scene.positions[row]
        for line in rail_lines(scene.table, r_cue):
            image = line.mirror(target)
            bounce = line.crossing(cue, image)
            if bounce is None or not _inside_rail(scene.table, bounce, line):
                continue
            legs = path_blocked(np.array([cue, bounce]), np.array([bounce, target]), r_cue,
                                *_obstacles(scene, (0, row)))
            if legs.any():
                continue
            centre = math.atan2(image[1] - cue[1], image[0] - cue[0])
            for offset in KICK_OFFSETS:
                for speed in KICK_SPEEDS:
                    out.append(Candidate("kick", _stroke(scene, centre + offset, speed),
                                         ball=ball))
    return out


def banks(scene, targets) -> list:
    """The object ball off one rail into a pocket, hit along the ghost-ball line."""
    out = []
    table, cue, r_cue = scene.table, scene.cue, float(scene.radii[0])
    pockets = pockets_of(table)
    cue_mass, params = scene.balls[0].mass, scene.params
    for ball in targets:
        row = scene.index(ball)
        obj, r_obj = scene.positions[row], float(scene.radii[row])
        contact = r_cue + r_obj
        for line in rail_lines(table, r_obj):
            for pocket in range(6):
                mouth = pockets.mouth[pocket] - pockets.axis[pocket] * r_obj
                far = (mouth[line.axis] - line.at) * line.inward
                near = (obj[line.axis] - line.at) * line.inward
                if far <= 0.05 or near <= 0.0:
                    continue        # the pocket is on this rail, or the ball is past it
                along = 1 - line.axis
                span = mouth[along] - obj[along]
                for restitution in BANK_RESTITUTIONS:
                    shift = span * near / (near + far / restitution)
                    bounce = np.array(obj, dtype=float)
                    bounce[line.axis] = line.at
                    bounce[along] = obj[along] + shift
                    if not _inside_rail(table, bounce, line):
                        continue
                    direction = math.atan2(bounce[1] - obj[1], bounce[0] - obj[0])
                    ghost = obj - contact * np.array([math.cos(direction), math.sin(direction)])
                    travel = math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])
                    if abs(wrap(direction - travel)) > MAX_CUT * 0.8:
                        continue
                    legs = (path_blocked(np.array([obj, bounce]), np.array([bounce, mouth]),
                                         r_obj, *_obstacles(scene, (0, row))).any()
                            or _cue_path_blocked(scene, ghost, row))
                    if legs:
                        continue
                    distance = float(np.linalg.norm(bounce - obj) + np.linalg.norm(mouth - bounce))
                    speed = BANK_SPEED_FACTOR * pot_speed(
                        float(np.linalg.norm(ghost - cue)), distance,
                        float(wrap(direction - travel)), 0.0, 0.0, cue_mass,
                        scene.balls[row].mass, params)
                    elevation = elevation_needed(table, scene.positions, scene.radii, travel, 0)
                    stroke = pot_stroke(cue, obj, contact, direction, 0.0, 0.0, elevation,
                                        min(speed, MAX_POT_SPEED), cue_mass, params)
                    out.append(Candidate("bank", stroke, ball=ball, direction=direction))
    return out


def jumps(scene, targets) -> list:
    """Jump strokes at balls on that a ball blocks: at the centre (a legal hit) and along
    the ghost-ball line of each open pocket."""
    out = []
    cue, r_cue = scene.cue, float(scene.radii[0])
    for ball in targets:
        row = scene.index(ball)
        obj, r_obj = scene.positions[row], float(scene.radii[row])
        if not _cue_path_blocked(scene, obj, row):
            continue
        aims = [math.atan2(obj[1] - cue[1], obj[0] - cue[0])]
        aim, half, _ = pocket_windows(scene.table, obj[None, :], r_obj)
        for pocket in np.nonzero(half[0] > 0.0)[0]:
            ghost = obj - (r_cue + r_obj) * np.array([math.cos(aim[0, pocket]),
                                                      math.sin(aim[0, pocket])])
            travel = math.atan2(ghost[1] - cue[1], ghost[0] - cue[0])
            if abs(wrap(aim[0, pocket] - travel)) < MAX_CUT * 0.7:
                aims.append(travel)
        for azimuth in aims:
            for elevation in JUMP_ELEVATIONS:
                for speed in JUMP_SPEEDS:
                    out.append(Candidate("jump", Stroke(azimuth=azimuth % (2.0 * math.pi),
                                                        elevation=elevation, side=0.0,
                                                        height=JUMP_HEIGHT, speed=speed),
                                         ball=ball))
    return out


def push_outs(scene) -> list:
    """Declared push outs (R9-12): soft rolls in every direction."""
    return [Candidate("push_out", _stroke(scene, azimuth, speed), push_out=True)
            for azimuth in PUSH_DIRECTIONS for speed in PUSH_SPEEDS]


def _obstacles(scene, skip) -> tuple:
    keep = np.ones(len(scene.ids), dtype=bool)
    keep[list(skip)] = False
    return scene.positions[keep], scene.radii[keep]


def _cue_path_blocked(scene, end: np.ndarray, row: int) -> bool:
    """A ball other than ball `row` lies across the cue ball's straight path to `end`."""
    return bool(path_blocked(scene.cue[None, :], np.asarray(end)[None, :],
                             float(scene.radii[0]), *_obstacles(scene, (0, row)))[0])


def _inside_rail(table, point: np.ndarray, line) -> bool:
    """`point` on `line` meets a straight rail nose, not a pocket mouth."""
    p = pockets_of(table)
    gap = np.linalg.norm(p.mouth - point[None, :], axis=1)
    return bool(np.all(gap > table.side_mouth))
