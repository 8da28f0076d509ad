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
distance of two pieces is a quartic in time, whose first root is found exactly. The search
is compiled (physics_ext._flight, once per shot with a ball in the air: issue 30).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import _flight


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
        """The Pieces of the solver's record `pieces` (ball, state, t0, rvw: ShotResult.pieces)
        of balls with `radii_masses` ((n, 2) m, kg), `params_array`
        (Params.solver_array()) on a table whose cushion noses are `cushion_height` (m) high."""
        ball, state, t0, rvw = pieces
        t1, rva = _flight.pieces(ball, state, t0, rvw, radii_masses, params_array,
                                 cushion_height)
        return cls(ball, state, t0, t1, rva)


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
    if flight.start == 0.0 and not _flight.slate_at_strike(events, flight.ball):
        return "scoop"
    return "legal_jump"


def pass_over_events(all_flights: list) -> np.ndarray:
    """PASS_OVER rows of the event log (EVENT_DTYPE) for the given flights, flight by
    flight, each in the order of its passed_over."""
    return _flight.pass_over_events(all_flights)


def flights(pieces: Pieces, events: np.ndarray, radii: np.ndarray) -> list:
    """Every flight of every ball (Flight), in order of start time (then ball), with the
    balls passed over; `events` the shot's log, `radii` (n,) m."""
    return _flight.flights(pieces.ball, pieces.state, pieces.t0, pieces.t1, pieces.rva,
                           events, radii, TOUCH_DEPTH_M, MAX_FLIGHT_S, Flight)
