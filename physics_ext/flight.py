"""Flights of a finished shot: when each ball was in the air, and which balls it passed over.

A flight is a maximal span during which a ball is AIRBORNE; a bounce on the slate (or on a
rail top) ends one flight and starts the next. A ball "passes over" another when, during a
flight, their outlines overlap seen from above (horizontal centre distance below the sum of
radii): the flying ball is then above part of the other. The fact both rule sets need
(R8-17, R9-21); the rules decide what it means.

A ball the flying ball touches in the flight is passed over too (issue 27: a cue ball
that met a red 28 mm above the cloth and flew on over it, centres 4.7 mm apart, had passed
over it), but not merely by touching it: meeting a ball from a little above overlaps their
outlines at the contact by dz^2 / 4R (a cue ball hopping 0.6 mm off the slate into a ball
3 mm away: 3 micrometres) and it rebounds, having hit the ball rather than gone over it. So
a touched ball is passed over at the first time their outlines overlap while the flying
ball is above it, its centre at or above the ball's top (coming down onto it, or going
over it at any height above it), or while the horizontal centre distance is below its
value at every contact with it in the flight by more than TOUCH_DEPTH_M (met in the air
and flown on further over it, or flown over it and touched on the far side).

Distances come from the exact trajectory pieces of the solver: the squared horizontal
distance of two pieces is a quartic in time, whose first root is found exactly.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import _query
from .types import EVENT_DTYPE, EventKind, MotionState


_AIRBORNE, _SLATE, _BALL_BALL = (int(MotionState.AIRBORNE), int(EventKind.SLATE),
                                 int(EventKind.BALL_BALL))
_RAIL_TOP = int(EventKind.RAIL_TOP)
_GONE = (int(MotionState.POCKETED), int(MotionState.OFF_TABLE))
_PAIR = np.array([0, 1], dtype=np.int32)        # a flying piece and another's, for _query
_FIRST = np.array([0], dtype=np.int64)
# How much deeper (m) than at a contact a touched ball's outline must be overlapped to be
# passed over: a margin for rounding in the contact's position (the solver keeps balls
# apart to 1 nm), far below anything a referee could see.
TOUCH_DEPTH_M = 1e-6
# Longest span (s) over which a flying ball is compared with another ball's piece: a piece
# of a ball at rest lasts for ever, the flight itself at most a few seconds.
MAX_FLIGHT_S = 60.0


@dataclass(frozen=True)
class Flight:
    """Ball `ball` in the air from `start` to `end` (s); `passed_over`: indices of the balls
    it passed over, in the order it reached them, with `passed_over_times` (s)."""
    ball: int
    start: float
    end: float
    passed_over: tuple
    passed_over_times: tuple


@dataclass(frozen=True)
class Pieces:
    """The solver's trajectory pieces with their time spans and accelerations.

    ball, state (S,); t0, t1 (S,) start and end of each piece (t1 = inf for the last piece
    of a ball); rva (S, 3, 3): position, velocity and acceleration at t0."""
    ball: np.ndarray
    state: np.ndarray
    t0: np.ndarray
    t1: np.ndarray
    rva: np.ndarray

    @classmethod
    def of(cls, pieces, radii_masses: np.ndarray, params_array: np.ndarray,
           cushion_height: float) -> "Pieces":
        ball, state, t0, rvw = pieces
        accel = _query.piece_motion(state, t0, rvw, np.ascontiguousarray(radii_masses[ball]),
                                     params_array, cushion_height)
        # a piece ends where the next piece of its ball begins (plain lists: tens of pieces)
        balls, starts = ball.tolist(), t0.tolist()
        ends, later = [math.inf] * len(balls), {}
        for k in range(len(balls) - 1, -1, -1):
            ends[k] = later.get(balls[k], math.inf)
            later[balls[k]] = starts[k]
        rva = np.empty((len(balls), 3, 3))
        rva[:, 0], rva[:, 1], rva[:, 2] = rvw[:, 0:3], rvw[:, 3:6], accel
        return cls(ball, state, t0, np.array(ends), rva)




def classify(stroke, flight: Flight, events: np.ndarray) -> str:
    """'legal_jump', 'scoop' or 'miscue' for a flight of the cue ball after `stroke` (a
    StrikeResult).

    Scoop: the stroke was classified a scoop (tip reached the cloth, or the contact lay below
    the equator of an elevated cue), or the cue ball rose at the strike without first
    rebounding from the slate (an upward strike impulse).
    Miscue: the stroke was a miscue (the tip skidded off, tip clear of the cloth), above or
    below centre: the jump is an accident, not a stroke that dug under the ball (seed 9-ball
    rule 5.2.h; rule book R9-X11), and the rules judge it on its own.
    Legal jump: everything else: the ball was driven into the slate from above centre and
    bounced up, or it hopped later off a collision after a legal stroke."""
    from .stroke import StrikeClass
    if stroke.classification == StrikeClass.SCOOP:
        return "scoop"
    if stroke.classification == StrikeClass.MISCUE:
        return "miscue"
    if flight.start == 0.0:
        at_strike = (events["ball"] == flight.ball) & (events["time"] == 0.0)
        if not np.any(events["kind"][at_strike] == _SLATE):
            return "scoop"
    return "legal_jump"


def pass_over_events(all_flights: list) -> np.ndarray:
    """PASS_OVER rows of the event log for the given flights."""
    rows = [(t, o) for f in all_flights for t, o in zip(f.passed_over_times, f.passed_over)]
    balls = [f.ball for f in all_flights for _ in f.passed_over]
    out = np.zeros(len(rows), dtype=EVENT_DTYPE)
    out["time"] = [t for t, _ in rows]
    out["kind"] = EventKind.PASS_OVER
    out["ball"] = balls
    out["other"] = [o for _, o in rows]
    out["feature"] = -1
    out["rail"] = -1
    out["state"] = MotionState.AIRBORNE
    return out


def flights(pieces: Pieces, events: np.ndarray, radii: np.ndarray) -> list:
    """Every flight of every ball, in order of start time, with the balls passed over."""
    kind, ball, other, time = (events[name].tolist() for name in ("kind", "ball", "other",
                                                                   "time"))
    landings = {(b, t) for k, b, t in zip(kind, ball, time) if k == _SLATE or k == _RAIL_TOP}
    # (time, ball, other) of every ball-ball contact, for _passed_over
    contacts = [(t, b, o) for k, b, o, t in zip(kind, ball, other, time) if k == _BALL_BALL]
    radii = np.ascontiguousarray(radii, dtype=np.float64)
    spans = {}                      # ball -> [[start, end, [pieces]], ...]
    piece_ball, t0, t1 = pieces.ball.tolist(), pieces.t0.tolist(), pieces.t1.tolist()
    for q in np.flatnonzero(pieces.state == _AIRBORNE).tolist():
        b, start, end = piece_ball[q], t0[q], t1[q]
        mine = spans.setdefault(b, [])
        # a mid-air collision continues the same flight; a slate bounce starts a new one
        if mine and mine[-1][1] == start and (b, start) not in landings:
            mine[-1][1] = end
            mine[-1][2].append(q)
        else:
            mine.append([start, end, [q]])
    out = []
    for b, mine in spans.items():
        for start, end, qs in mine:
            over = _passed_over(pieces, contacts, radii, b, qs)
            out.append(Flight(ball=b, start=start, end=end,
                              passed_over=tuple(o for _, o in over),
                              passed_over_times=tuple(t for t, _ in over)))
    out.sort(key=lambda f: (f.start, f.ball))
    return out


def _passed_over(pieces: Pieces, contacts: list, radii: np.ndarray, b: int,
                 flight_pieces: list) -> list:
    """(time, ball) for each ball whose outline ball b's overlaps from above in the flight
    made of `flight_pieces`, at the first time it does; a ball touched in the flight only
    where the overlap is deeper than at every contact with it (module docstring).
    `contacts`: (time, ball, other) of the shot's ball-ball events, in log order; `radii`
    contiguous float64."""
    start = float(pieces.t0[flight_pieces[0]])
    end = float(pieces.t1[flight_pieces[-1]])
    touched = [(t, o if a == b else a) for t, a, o in contacts
               if start <= t <= end and (a == b or o == b)]
    flight = np.asarray(flight_pieces, dtype=np.int64)
    first = _query.first_overlaps(pieces.ball, pieces.state, pieces.t0, pieces.t1, pieces.rva,
                                  flight, b, radii, MAX_FLIGHT_S)
    if touched:
        # the horizontal centre distance each touched ball must come below: its smallest
        # value at a contact, less TOUCH_DEPTH_M (first_overlaps compares with r_b + r_o)
        depth = np.full(radii.size, np.inf)
        for t, o in touched:
            rel = _position(pieces, b, t) - _position(pieces, o, t)
            depth[o] = min(depth[o], float(np.hypot(rel[0], rel[1])) - TOUCH_DEPTH_M - radii[b])
        hit = np.isfinite(depth)
        deeper = _query.first_overlaps(pieces.ball, pieces.state, pieces.t0, pieces.t1,
                                       pieces.rva, flight, b,
                                       np.where(hit, np.maximum(depth, -radii[b]), radii),
                                       MAX_FLIGHT_S)
        for o in np.flatnonzero(hit).tolist():
            first[o] = min(deeper[o], _first_above(pieces, flight_pieces, b, o, radii))
    return sorted((t, o) for o, t in enumerate(first.tolist()) if math.isfinite(t))


def _first_above(pieces: Pieces, flight_pieces: list, b: int, o: int,
                 radii: np.ndarray) -> float:
    """First time (s) in the flight of ball b made of `flight_pieces` at which its outline
    overlaps ball o's seen from above while its centre is at or above o's top; inf if
    never. Per pair of pieces the height difference is a quadratic in time (closed form):
    in each stretch where it is at least r_o, the first overlap is the quartic's first root
    (_query.first_overlaps, on the two pieces restarted at the stretch's start)."""
    best = np.inf
    pair_radii = np.array([radii[b], radii[o]])
    for q in flight_pieces:
        for p in np.flatnonzero(pieces.ball == o).tolist():
            lo = max(float(pieces.t0[q]), float(pieces.t0[p]))
            hi = min(float(pieces.t1[q]), float(pieces.t1[p]), lo + MAX_FLIGHT_S)
            if not lo < hi or lo >= best or int(pieces.state[p]) in _GONE:
                continue
            # z_b - z_o - r_o = c2 tau^2 + c1 tau + c0, tau = t - lo
            zb, zo = _rebased(pieces, q, lo)[:, 2], _rebased(pieces, p, lo)[:, 2]
            c2, c1, c0 = 0.5 * (zb[2] - zo[2]), zb[1] - zo[1], zb[0] - zo[0] - radii[o]
            for u0, u1 in _at_least_zero(c2, c1, c0, hi - lo):
                s = lo + u0
                rva = np.ascontiguousarray(np.stack((_rebased(pieces, q, s),
                                                     _rebased(pieces, p, s))))
                t = _query.first_overlaps(
                    _PAIR, np.array([_AIRBORNE, pieces.state[p]], dtype=np.int32),
                    np.array([s, s]), np.array([lo + u1, lo + u1]), rva, _FIRST, 0,
                    pair_radii, MAX_FLIGHT_S)[1]
                if t < best:
                    best = float(t)
                    break
    return best


def _rebased(pieces: Pieces, q: int, t: float) -> np.ndarray:
    """(3, 3) position, velocity and acceleration of piece q at time t (s)."""
    r, v, a = pieces.rva[q]
    dt = t - float(pieces.t0[q])
    return np.stack((r + v * dt + 0.5 * a * dt * dt, v + a * dt, a))


def _at_least_zero(c2: float, c1: float, c0: float, span: float) -> list:
    """The stretches [u0, u1] of [0, span] where c2 u^2 + c1 u + c0 >= 0, in order."""
    if c2 == 0.0:
        if c1 == 0.0:
            return [(0.0, span)] if c0 >= 0.0 else []
        root = -c0 / c1
        stretch = (max(0.0, root), span) if c1 > 0.0 else (0.0, min(span, root))
        return [stretch] if stretch[0] <= stretch[1] else []
    disc = c1 * c1 - 4.0 * c2 * c0
    if disc < 0.0:
        return [(0.0, span)] if c2 > 0.0 else []
    w = -0.5 * (c1 + math.copysign(math.sqrt(disc), c1))
    r1, r2 = sorted((w / c2, c0 / w if w != 0.0 else w / c2))
    stretches = [(0.0, min(span, r1)), (max(0.0, r2), span)] if c2 > 0.0 else \
        [(max(0.0, r1), min(span, r2))]
    return [(u0, u1) for u0, u1 in stretches if u0 <= u1]


def _position(pieces: Pieces, ball: int, t: float) -> np.ndarray:
    """(3,) centre (m) of `ball` at time t (s), from its piece covering t."""
    q = int(np.flatnonzero((pieces.ball == ball) & (pieces.t0 <= t) & (t < pieces.t1))[0])
    return _rebased(pieces, q, t)[0]
