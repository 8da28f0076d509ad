"""Flights of a finished shot: when each ball was in the air, and which balls it passed over.

A flight is a maximal span during which a ball is AIRBORNE; a bounce on the slate ends one
flight and starts the next. A ball "passes over" another when, during a flight, their
outlines overlap seen from above (horizontal centre distance below the sum of radii) while
they do not touch (no BALL_BALL event between them in that flight): the fact both rule sets
need (R8-17, R9-21). Distances come from the exact trajectory pieces of the solver: the
squared horizontal distance of two pieces is a quartic in time, minimised exactly.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import _query
from .types import EVENT_DTYPE, EventKind, MotionState


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
        t1 = np.full(t0.size, np.inf)
        order = np.argsort(ball, kind="stable")
        same = ball[order][1:] == ball[order][:-1]
        t1[order[:-1][same]] = t0[order[1:][same]]
        rva = np.stack([rvw[:, 0:3], rvw[:, 3:6], accel], axis=1)
        return cls(ball, state, t0, t1, rva)

    def of_ball(self, b: int) -> np.ndarray:
        return np.flatnonzero(self.ball == b)

    def at(self, q: int, t: float) -> tuple:
        """Position and velocity of piece q at time t (within its span)."""
        r, v, a = self.rva[q]
        tau = t - self.t0[q]
        return r + v * tau + 0.5 * a * tau * tau, v + a * tau


def classify(stroke, flight: Flight, events: np.ndarray) -> str:
    """'legal_jump' or 'scoop' for a flight of the cue ball after `stroke` (a StrikeResult).

    Scoop: the stroke was classified a scoop (tip reached the cloth, or the contact lay below
    the equator of an elevated cue), or a miscue struck below the equator, or the cue ball
    rose at the strike without first rebounding from the slate (an upward strike impulse).
    Legal jump: everything else: the ball was driven into the slate from above centre and
    bounced up, or it hopped later off a collision after a legal stroke."""
    from .stroke import StrikeClass
    if stroke.classification == StrikeClass.SCOOP:
        return "scoop"
    if stroke.classification == StrikeClass.MISCUE and stroke.contact_angle < 0:
        return "scoop"
    if flight.start == 0.0 and not _landed_at(events, flight.ball, 0.0):
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
    out = []
    for b in np.unique(pieces.ball[pieces.state == MotionState.AIRBORNE]):
        mine = pieces.of_ball(int(b))
        spans = []
        for q in mine:
            if pieces.state[q] != MotionState.AIRBORNE:
                continue
            start, end = float(pieces.t0[q]), float(pieces.t1[q])
            # a mid-air collision continues the same flight; a slate bounce starts a new one
            if spans and spans[-1][1] == start and not _landed_at(events, int(b), start):
                spans[-1][1] = end
                spans[-1][2].append(q)
            else:
                spans.append([start, end, [q]])
        for start, end, qs in spans:
            over = _passed_over(pieces, events, radii, int(b), qs)
            out.append(Flight(ball=int(b), start=start, end=end,
                              passed_over=tuple(o for _, o in over),
                              passed_over_times=tuple(t for t, _ in over)))
    out.sort(key=lambda f: (f.start, f.ball))
    return out


def _landed_at(events: np.ndarray, ball: int, t: float) -> bool:
    sel = (events["ball"] == ball) & (events["time"] == t)
    return bool(np.any(events["kind"][sel] == EventKind.SLATE))


def _passed_over(pieces: Pieces, events: np.ndarray, radii: np.ndarray, b: int,
                 flight_pieces: list) -> list:
    """(time, ball) for each ball whose outline ball b's overlaps from above in the flight
    made of `flight_pieces`, without touching it."""
    start = float(pieces.t0[flight_pieces[0]])
    end = float(pieces.t1[flight_pieces[-1]])
    touched = events[(events["kind"] == EventKind.BALL_BALL) & (events["time"] >= start) &
                     (events["time"] <= end)]
    hit = set(touched["other"][touched["ball"] == b]) | set(touched["ball"][touched["other"] == b])
    found = {}
    for o in np.unique(pieces.ball):
        o = int(o)
        if o == b or o in hit:
            continue
        reach = radii[b] + radii[o]
        for q in flight_pieces:
            t = _first_overlap(pieces, q, pieces.of_ball(o), reach)
            if t is not None:
                found[o] = min(found.get(o, t), t)
                break
    return sorted((t, o) for o, t in found.items())


def _first_overlap(pieces: Pieces, q: int, others: np.ndarray, reach: float):
    """First time in piece q's span when another ball (its pieces `others`) is less than
    `reach` away horizontally and in play; None if never."""
    for p in others:
        lo = max(pieces.t0[q], pieces.t0[p])
        hi = min(pieces.t1[q], pieces.t1[p])
        if not lo < hi or pieces.state[p] in (MotionState.POCKETED, MotionState.OFF_TABLE):
            continue
        rq, vq = pieces.at(q, lo)
        rp, vp = pieces.at(p, lo)
        d0, d1 = (rp - rq)[:2], (vp - vq)[:2]
        d2 = 0.5 * (pieces.rva[p, 2] - pieces.rva[q, 2])[:2]
        # |d0 + d1 u + d2 u^2|^2 - reach^2, u = t - lo
        poly = np.array([d2 @ d2, 2 * d1 @ d2, d1 @ d1 + 2 * d0 @ d2, 2 * d0 @ d1,
                         d0 @ d0 - reach * reach])
        if poly[-1] < 0:
            return float(lo)
        span = hi - lo
        roots = np.roots(np.trim_zeros(poly, "f")) if np.any(poly[:-1]) else np.array([])
        real = np.sort(roots[np.abs(roots.imag) <= 1e-9 * (1 + np.abs(roots.real))].real)
        for u in real:
            if 0 <= u <= span and np.polyval(np.polyder(poly), u) < 0:
                return float(lo + u)
    return None
