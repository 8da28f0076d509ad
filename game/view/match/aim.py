"""Aiming geometry (no Panda3D): what the aiming aids draw, the cue elevation that clears
cushions and balls, where the pointer meets the table, and a free spot for the cue ball
in hand.

Table frame of `physics_ext.table`, metres, radians; an azimuth is measured from +x
towards +y, the way the cue ball is sent. Balls are given as {ball_id: ((x, y), radius)}.

The aids are the solver's own shot: `Predictor` plays the stroke through
`physics_ext.shoot` exactly as the session will (same balls, table, parameters and cue)
and reads the cue ball's path, first ball contact and flights from its event log, so the
aim line, the ghost ball and the jump warning cannot disagree with the shot. After the
contact the same shot goes on: the object ball's way to the first cushion, ball or pocket
it meets, and the cue ball's, with its spin, to the next thing it meets or where it stops
(`Leg`), each read from the event log and sampled from the solver's trajectory.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from game.rules import CUE, BallInHand, clamp_to_zone, placement_allowed
from game.rules.facts import first_contact as first_ball_contact
from game.rules.layout import Layout
from game.session.game import physics_balls
import physics_ext
from physics_ext import EventKind, SimulationError, Stroke, contact_distance

# A cue raised this far is as steep as the game lets a player hold it (rad); beyond it no
# elevation clears, so this is used instead.
MAX_ELEVATION_RAD = math.radians(85.0)
# Gap (m) the raised cue keeps from what it passes over: enough that rounding never makes
# it touch, small enough not to steepen the stroke noticeably.
CLEARANCE_MARGIN_M = 0.001
# Elevation grid (rad) on which the lowest clearing elevation is bracketed, then refined.
ELEVATION_GRID_RAD = math.radians(0.5)
# Gap (m) left between the ghost of a cue ball in hand and a ball it was pushed off:
# placement allows touching, and this keeps rounding from making it an overlap.
PLACEMENT_GAP_M = 1e-6
# Grid (m) searched for a free cue-ball spot where pushing off balls does not settle.
SEARCH_STEP_M = 0.004
# Speeds (m/s) and direction lengths below this mean "no motion" to the aids.
STILL_M_S = 1e-6
# A flight whose bottom rises this far (m) above the cloth is a jump a player sees; the
# hop of a slightly raised cue stays below it.
JUMP_LIFT_M = 0.005
# Samples of the cue ball's path on the cloth and in each flight (the arcs need more),
# and of each ball's leg after the first contact (the curve of a ball with spin).
PATH_SAMPLES = 64
FLIGHT_SAMPLES = 24
LEG_SAMPLES = 48
# What ends a ball's leg after the first contact: it meets a cushion (or a jaw), a ball or
# a pocket, or leaves the table; named by Leg.end.
LEG_ENDS = {EventKind.CUSHION: "cushion", EventKind.JAW_TIP: "cushion",
            EventKind.BALL_BALL: "ball", EventKind.POCKET: "pocket",
            EventKind.OFF_TABLE: "off"}
# Strokes whose predictions are kept (the aim swings back and forth over a few).
CACHE_SIZE = 64


def _unit(azimuth: float) -> np.ndarray:
    return np.array([math.cos(azimuth), math.sin(azimuth)])


def first_contact(start, azimuth: float, radius: float, others: dict, table) -> tuple:
    """(distance, ball_id or None): how far (m) the centre of a ball of `radius` at
    `start` travels along `azimuth` before it touches one of `others` or a cushion nose
    (pocket openings are not considered). A straight line on the cloth: a planner's
    sketch, not the aids' prediction (that is `Predictor`'s)."""
    p, d = np.asarray(start, dtype=np.float64), _unit(azimuth)
    best, hit = _cushion_distance(p, d, contact_distance(table, radius), table)[0], None
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


def _cushion_distance(p: np.ndarray, d: np.ndarray, inset: float, table) -> tuple:
    """(distance, sine): how far along d from p the rectangle `inset` inside the nose
    lines is met, and the sine of the angle between d and the side met (1: square on)."""
    lo = np.array([inset, inset])
    hi = np.array([table.length - inset, table.width - inset])
    steps = [(((hi[k] if d[k] > 0 else lo[k]) - p[k]) / d[k], abs(float(d[k])))
             for k in range(2) if abs(d[k]) > STILL_M_S]
    distance, sine = min(steps)
    return max(distance, 0.0), sine


@dataclass(frozen=True)
class Flight:
    """One flight of the cue ball: it leaves the cloth at `start` (x, y, z of its centre,
    m), rises its bottom `lift` m above the cloth, passes over the balls `cleared` (ids,
    in order) and comes down at `landing` (x, y), or leaves the table (landing None)."""
    start: tuple
    lift: float
    cleared: tuple
    landing: tuple | None

    @property
    def seen(self) -> bool:
        """A jump a player should be told of, not the hop of a slightly raised cue."""
        return self.lift >= JUMP_LIFT_M or bool(self.cleared) or self.landing is None


@dataclass(frozen=True)
class Leg:
    """One ball's way after the cue ball's first contact, as the solver plays it.

    points: (x, y, z) of its centre (m) from the contact to where the leg ends, through
        every bend of its spin on the way.
    end: what ends it: "cushion" (a cushion or a pocket's jaw), "ball", "pocket" (it
        drops), "off" (it leaves the table) or "rest" (it stops on the cloth).
    """
    points: tuple
    end: str

    @property
    def drops(self) -> bool:
        """The ball drops into a pocket at the leg's end."""
        return self.end == "pocket"


@dataclass(frozen=True)
class Prediction:
    """What the aids show for one stroke: the solver's shot up to the cue ball's first
    ball contact.

    path: (x, y, z) of the cue ball's centre (m) from the strike to its first ball
        contact, or to where it stops, drops or leaves the table when it meets no ball;
        through every cushion and flight on the way.
    contact: (x, y, z) of the cue ball's centre at that contact (the ghost ball), or None.
    target: the ball id it meets first, or None.
    object_leg: the target ball's Leg from the contact to the first cushion, ball or
        pocket it meets (or where it stops), or None (no ball met).
    cue_leg: the cue ball's Leg from the contact to the next thing it meets or where it
        stops, or None (no ball met).
    flights: the cue ball's flights before that contact (Flight), in order.
    leaves_table: the cue ball flies off the table at some time in the shot.
    """
    path: tuple
    contact: tuple | None
    target: int | None
    object_leg: Leg | None
    cue_leg: Leg | None
    flights: tuple = ()
    leaves_table: bool = False

    @property
    def jumps(self) -> bool:
        """The cue ball leaves the cloth in a way the player should be warned of."""
        return self.leaves_table or any(f.seen for f in self.flights)


def _leg_ends(result, ball: int, start: float) -> tuple:
    """(end time s, Leg.end, the ball's event times before it) of ball index `ball`'s
    leg from time `start`: its first event after `start` of LEG_ENDS' kinds, else its
    last event (the stop that ends its motion)."""
    events = result.events
    mine = events[((events["ball"] == ball) | (events["other"] == ball))
                  & (events["time"] > start)]
    ends = np.flatnonzero(np.isin(mine["kind"], list(LEG_ENDS)))
    if ends.size:
        first = mine[ends[0]]
        end, kind = float(first["time"]), LEG_ENDS[EventKind(int(first["kind"]))]
    else:
        end, kind = (float(mine["time"][-1]) if mine.size else start), "rest"
    return end, kind, mine["time"][mine["time"] < end]


def read_leg(result, ball: int, start: float) -> Leg:
    """The Leg of ball index `ball` of a ShotResult from time `start` (s) on."""
    end, kind, bends = _leg_ends(result, ball, start)
    times = np.unique(np.concatenate([np.linspace(start, end, LEG_SAMPLES), bends]))
    points = result.sample(times).positions[:, ball]
    return Leg(tuple(map(tuple, points.tolist())), kind)


def read_prediction(result, ids) -> Prediction:
    """The Prediction of a ShotResult of `physics_ext.shoot` (cue ball index 0); ids:
    physics index -> ball id."""
    events = result.events
    radius = float(result.ball_rows[0, 0])
    contact = first_ball_contact(events, 0)
    end = contact[1] if contact is not None else result.duration
    mine = events[(events["ball"] == 0) & (events["time"] <= end)]
    off = events[(events["kind"] == EventKind.OFF_TABLE) & (events["ball"] == 0)]["time"]
    spans = [f for f, _ in result.cue_flights() if f.end > f.start and f.start < end]
    lands = [not np.any((off >= f.start) & (off <= f.end)) for f in spans]
    times = np.unique(np.concatenate(
        [np.linspace(0.0, end, PATH_SAMPLES), mine["time"]]
        + [np.linspace(f.start, min(f.end, end), FLIGHT_SAMPLES) for f in spans]))
    # One sampling for everything: the path, each flight's ends, the contact.
    ends = [f.end if landed else f.start for f, landed in zip(spans, lands)]
    marks = [f.start for f in spans] + ends + [end]
    samples = result.sample(np.concatenate([times, marks]))
    path = samples.positions[:times.size, 0]
    at = times.size
    flights = []
    for k, (f, landed) in enumerate(zip(spans, lands)):
        inside = (times >= f.start) & (times <= f.end)
        flights.append(Flight(
            start=tuple(samples.positions[at + k, 0].tolist()),
            lift=float(path[inside, 2].max()) - radius,
            cleared=tuple(ids[b] for b in f.passed_over),
            landing=tuple(samples.positions[at + len(spans) + k, 0, :2].tolist())
            if landed else None))
    points = tuple(map(tuple, path.tolist()))
    if contact is None:
        return Prediction(points, None, None, None, None, tuple(flights), bool(off.size))
    other = contact[0]
    return Prediction(points, tuple(samples.positions[-1, 0].tolist()), ids[other],
                      read_leg(result, other, end), read_leg(result, 0, end),
                      tuple(flights), bool(off.size))


class Predictor:
    """The aids' predictions for `session` (a GameSession, or anything with its `state`,
    `ball_set` and `params`) on `table` (TableSpec) struck with `cue` (CueSpec): each
    stroke from the layout of the moment played through the solver as the session's own
    Shoot plays it, the last CACHE_SIZE kept (a few ms a stroke: benches/test_aim_bench.py)."""

    def __init__(self, session, table, cue):
        self.session, self.table, self.cue = session, table, cue
        self._cache = OrderedDict()

    def __call__(self, stroke: Stroke) -> Prediction | None:
        """The prediction of `stroke` from the session's layout, or None when the solver
        refuses or cannot finish it (the session would not play it either)."""
        s = self.session
        key = (tuple(sorted(s.state.layout.items())), stroke)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        balls, ids = physics_balls(s.state.layout, s.ball_set)
        try:
            result = physics_ext.shoot(self.table, balls, 0, stroke, s.params, self.cue)
            prediction = read_prediction(result, ids)
        except (ValueError, SimulationError):
            prediction = None
        self._cache[key] = prediction
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return prediction


@dataclass(frozen=True)
class RailShape:
    """What a raised cue must pass over behind the cue ball: the cushion nose at
    `nose_height`, the rail's flat top at `top_height` from `top_setback` behind the nose
    (m)."""
    nose_height: float
    top_height: float
    top_setback: float


@dataclass(frozen=True)
class CueShape:
    """The cue as the clearance sees it: radius(s) (m) at s m behind the tip, the tip's
    dome radius and the cue's length (m)."""
    radius: object
    tip_radius: float
    length: float


def clearing_elevation(start, stroke: Stroke, radius: float, others: dict, table,
                       rail: RailShape, cue: CueShape) -> float:
    """The smallest cue elevation (rad) at which the cue, held behind the cue ball (radius
    m) at `start` for `stroke` (its azimuth and tip offset; its own elevation is not
    used), passes CLEARANCE_MARGIN_M over the rail and over every ball of `others` under
    it. MAX_ELEVATION_RAD if nothing lower clears.

    The cue axis runs through the tip's dome centre, (R + r_tip)(side e_r + height e_u)
    off the ball's centre line: seen from above it is shifted side (R + r_tip) to the
    player's right, and in the vertical plane along it, with q the point s m behind the
    ball's centre at height h, the axis passes
        n(th) = s sin th + (R - h) cos th + height (R + r_tip)
    above q, measured square to the axis. A ball (centre q, lateral offset l from the
    axis) is passed over when n >= sqrt((r + c)^2 - l^2), c the cue's radius there plus
    the margin; a cushion edge, met by the cue at angle beta to the rail, when its
    distance to the axis line, n sin beta / sqrt(sin^2 th + cos^2 th sin^2 beta), is at
    least c."""
    back = -_unit(stroke.azimuth)
    right = np.array([-back[1], back[0]])          # e_r: the player's right, facing along
    offset = cue.tip_radius + radius
    p = np.asarray(start, dtype=np.float64) + stroke.side * offset * right
    k = stroke.height * offset
    reach = cue.length + radius
    theta = np.append(np.arange(0.0, MAX_ELEVATION_RAD, ELEVATION_GRID_RAD), MAX_ELEVATION_RAD)
    tests = []                                     # margin(th) >= 0 when cleared, each

    def lift(s, h, th):
        return s * np.sin(th) + (radius - h) * np.cos(th) + k

    nose, sine = _cushion_distance(p, back, 0.0, table)
    for s, h in ((nose, rail.nose_height), (nose + rail.top_setback / max(sine, 1e-3),
                                            rail.top_height)):
        if s < reach:
            c = cue.radius(s - radius) + CLEARANCE_MARGIN_M
            tests.append(lambda th, s=s, h=h, c=c: lift(s, h, th) * sine / np.sqrt(
                np.sin(th) ** 2 + (np.cos(th) * sine) ** 2) - c)
    for centre, r in others.values():
        rel = np.asarray(centre, dtype=np.float64) - p
        s, lateral = float(rel @ back), float(rel @ right)
        clear = r + cue.radius(s - radius) + CLEARANCE_MARGIN_M
        if 0.0 < s < reach and abs(lateral) < clear:
            need = math.sqrt(clear * clear - lateral * lateral)
            # Over it (n >= need): passing beside its lower half would need a cue low
            # enough to touch the cloth next to a ball this near the line.
            tests.append(lambda th, s=s, h=r, need=need: lift(s, h, th) - need)
    if not tests:
        return 0.0

    def margin(th):
        return np.min([t(th) for t in tests], axis=0)

    ok = np.flatnonzero(margin(theta) >= 0.0)
    if ok.size == 0:
        return MAX_ELEVATION_RAD
    if ok[0] == 0:
        return 0.0
    lo, hi = float(theta[ok[0] - 1]), float(theta[ok[0]])
    for _ in range(40):                            # to well under a micro-radian
        mid = 0.5 * (lo + hi)
        lo, hi = (lo, mid) if margin(mid) >= 0.0 else (mid, hi)
    return hi


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
