"""One shot's solver data: a physics ShotResult to plain data, and back.

Stored: the balls' initial rows (after the strike), the strike, the full event log, the
trajectory pieces (each ball's state at the start of every piece of closed-form motion),
the final positions and states, the flights and the initial rail contacts. From these a
ShotResult is rebuilt whose `sample()` plays the shot back exactly without running the
solver, so a replay shows what was played even after the solver changes; only the
closed-form motion laws of each state (physics_ext README, "Motion states") are
evaluated again, with the recorded parameters.

This module is the only one that reads and rebuilds `ShotResult.pieces`, the solver's
trajectory record (ball, state, t0, rvw), documented in physics_ext.api.ShotResult.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from physics_ext import (EVENT_DTYPE, Ball, EventKind, Flight, MotionState, Params, Rail,
                         ShotResult, TableSpec)
from physics_ext.cue import follow_through
from physics_ext.stroke import StrikeClass, StrikeResult
from game.storage.plain import to_plain

from . import fields as F
from .digest import little_endian, shot_digest

MAX_BALLS = 1_000
MAX_EVENTS = 1_000_000        # far beyond Params.max_events, so any solver's log fits
MAX_PIECES = 2_000_000
N_RAILS = len(Rail)
_DTYPE_CODES = {"<f8": "f", "<i4": "i"}
_STATES = (min(MotionState), max(MotionState))
_KINDS = (min(EventKind), max(EventKind))
# Columns every event log must have for the viewer, the rules and the plot to read it.
REQUIRED_EVENT_COLUMNS = ("time", "kind", "ball", "other", "feature", "rail", "state",
                          "speed", "flags")


@dataclass(frozen=True)
class ShotData:
    """The stored solver data of one shot (arrays as the solver returned them).

    rows: (n, 11) radius, mass, position, velocity, angular velocity at t = 0 (SI).
    events: the event log, with the columns it was recorded with.
    pieces: (ball, state, t0, rvw) trajectory pieces. final_positions (n, 3) m,
    final_states (n,). flights: physics Flights. rail_contacts: (n, 6) bool.
    strike: the StrikeResult, or None. cue_index: the struck ball, or None.
    """
    rows: np.ndarray
    events: np.ndarray
    pieces: tuple
    final_positions: np.ndarray
    final_states: np.ndarray
    flights: tuple
    rail_contacts: np.ndarray
    strike: StrikeResult | None
    cue_index: int | None

    @classmethod
    def of(cls, result: ShotResult) -> "ShotData":
        final = result.final
        return cls(result.ball_rows, result.events, tuple(result.pieces), final.positions,
                   final.states, tuple(result.flights), result.initial_rail_contacts,
                   result.stroke, result.cue_index)

    def digest(self) -> str:
        return shot_digest(self.rows, self.events, self.pieces, self.final_positions,
                           self.final_states)

    def result(self, table: TableSpec, params: Params, stroke=None, cue=None) -> ShotResult:
        """The ShotResult this data was recorded from, for sampling and the rules; with the
        shot's Stroke and the match's CueSpec, the cue's follow-through and its stroke
        faults too (physics_ext.cue: computed from the recorded trajectories alone)."""
        events = np.zeros(self.events.size, dtype=EVENT_DTYPE)
        for name in EVENT_DTYPE.names:
            events[name] = self.events[name]
        events.flags.writeable = False
        balls = tuple(Ball(r[0], r[1], tuple(r[2:5]), tuple(r[5:8]), tuple(r[8:11]))
                      for r in self.rows.tolist())
        result = ShotResult(table=table, params=params, balls=balls, ball_rows=self.rows,
                            events=events, pieces=self.pieces,
                            initial_rail_contacts=self.rail_contacts, flights=self.flights,
                            stroke=self.strike, cue_index=self.cue_index)
        if stroke is None or cue is None or self.strike is None:
            return result
        return dataclasses.replace(result, cue=follow_through(result, self.cue_index, stroke,
                                                              self.strike, cue))

    def to_plain(self) -> dict:
        ball, state, t0, rvw = self.pieces
        rows = self.rows
        return {
            "balls": {"radius": rows[:, 0].tolist(), "mass": rows[:, 1].tolist(),
                      "position": rows[:, 2:5].tolist(), "velocity": rows[:, 5:8].tolist(),
                      "angular_velocity": rows[:, 8:11].tolist()},
            "cue_index": self.cue_index,
            "strike": None if self.strike is None else _strike_plain(self.strike),
            "event_dtype": [[name, little_endian(self.events.dtype.fields[name][0]).str]
                            for name in self.events.dtype.names],
            "events": {name: self.events[name].tolist() for name in self.events.dtype.names},
            "pieces": {"ball": ball.tolist(), "state": state.tolist(), "t0": t0.tolist(),
                       "rvw": rvw.tolist()},
            "final": {"position": self.final_positions.tolist(),
                      "state": self.final_states.tolist()},
            "flights": [to_plain(f) for f in self.flights],
            "initial_rail_contacts": self.rail_contacts.tolist(),
        }

    @classmethod
    def from_plain(cls, data, where: str) -> "ShotData":
        """Read and check the data of one shot; CorruptReplayError names the bad field.
        The checks keep the compiled sampler safe: every index in range, every ball with
        at least one piece, every number finite."""
        data = F.obj(data, where)
        rows = _rows(F.obj(F.get(data, "balls", where), where + ".balls"), where + ".balls")
        n = rows.shape[0]
        cue_index = F.get(data, "cue_index", where)
        if cue_index is not None:
            cue_index = F.integer(cue_index, where + ".cue_index", 0, n - 1)
        strike = F.get(data, "strike", where)
        strike = None if strike is None else _strike(strike, where + ".strike")
        events = _events(data, n, where)
        pieces = _pieces(F.obj(F.get(data, "pieces", where), where + ".pieces"), n,
                         where + ".pieces")
        final = F.obj(F.get(data, "final", where), where + ".final")
        positions = F.array(F.get(final, "position", where + ".final"), "f", (n, 3),
                            where + ".final.position")
        states = F.array(F.get(final, "state", where + ".final"), "i", (n,),
                         where + ".final.state", *_STATES)
        flights = tuple(_flight(f, n, f"{where}.flights[{k}]") for k, f in enumerate(
            F.items(F.get(data, "flights", where), where + ".flights", MAX_PIECES)))
        contacts = F.array(F.get(data, "initial_rail_contacts", where), "b", (n, N_RAILS),
                           where + ".initial_rail_contacts")
        return cls(rows, events, pieces, positions, states, flights, contacts, strike,
                   cue_index)


def _rows(balls: dict, where: str) -> np.ndarray:
    radius = F.array(F.get(balls, "radius", where), "f", (None,), where + ".radius")
    n = radius.size
    if not 1 <= n <= MAX_BALLS:
        F.fail(where, f"expected 1 to {MAX_BALLS} balls, got {n}")
    columns = [radius[:, None],
               F.array(F.get(balls, "mass", where), "f", (n,), where + ".mass")[:, None]]
    for name in ("position", "velocity", "angular_velocity"):
        columns.append(F.array(F.get(balls, name, where), "f", (n, 3), f"{where}.{name}"))
    if np.any(columns[0] <= 0) or np.any(columns[1] <= 0):
        F.fail(where, "radius and mass must be positive")
    rows = np.ascontiguousarray(np.hstack(columns))
    rows.flags.writeable = False
    return rows


def _events(data: dict, n: int, where: str) -> np.ndarray:
    spec = F.items(F.get(data, "event_dtype", where), where + ".event_dtype", 64)
    dtype = []
    for k, column in enumerate(spec):
        at = f"{where}.event_dtype[{k}]"
        if not (isinstance(column, list) and len(column) == 2):
            F.fail(at, "expected [name, type]")
        name = F.text(column[0], at, 64)
        F.choice(column[1], _DTYPE_CODES, at)
        dtype.append((name, column[1]))
    names = [name for name, _ in dtype]
    if len(set(names)) != len(names):
        F.fail(where + ".event_dtype", "a column is named twice")
    missing = [name for name in REQUIRED_EVENT_COLUMNS if name not in names]
    if missing:
        F.fail(where + ".event_dtype", f"the columns {missing} are missing")
    columns = F.obj(F.get(data, "events", where), where + ".events")
    ranges = {"kind": _KINDS, "ball": (0, n - 1), "other": (-1, n - 1), "state": _STATES,
              "rail": (-1, N_RAILS - 1)}
    arrays = {}
    size = None
    for name, code in dtype:
        at = f"{where}.events.{name}"
        arrays[name] = F.array(F.get(columns, name, where + ".events"), _DTYPE_CODES[code],
                               (size,), at, *ranges.get(name, (None, None)))
        size = arrays[name].size
        if size > MAX_EVENTS:
            F.fail(at, f"more than {MAX_EVENTS} events")
    time = arrays["time"]
    if size and (time[0] < 0 or np.any(np.diff(time) < 0)):
        F.fail(where + ".events.time", "event times must start at 0 or later and never "
               "decrease")
    events = np.zeros(size, dtype=np.dtype(dtype))
    for name in names:
        events[name] = arrays[name]
    events.flags.writeable = False
    return events


def _pieces(data: dict, n: int, where: str) -> tuple:
    ball = F.array(F.get(data, "ball", where), "i", (None,), where + ".ball", 0, n - 1)
    size = ball.size
    if size > MAX_PIECES:
        F.fail(where, f"more than {MAX_PIECES} pieces")
    state = F.array(F.get(data, "state", where), "i", (size,), where + ".state", *_STATES)
    t0 = F.array(F.get(data, "t0", where), "f", (size,), where + ".t0", 0.0)
    rvw = F.array(F.get(data, "rvw", where), "f", (size, 9), where + ".rvw")
    if np.unique(ball).size != n:
        F.fail(where + ".ball", "every ball needs at least one trajectory piece")
    order = np.argsort(ball, kind="stable")
    same_ball = ball[order][1:] == ball[order][:-1]
    if np.any(same_ball & (np.diff(t0[order]) < 0)):
        F.fail(where + ".t0", "a ball's pieces must be in time order")
    for array in (ball, state, t0, rvw):
        array.flags.writeable = False
    return ball, state, t0, rvw


def _flight(data, n: int, where: str) -> Flight:
    data = F.obj(data, where)
    passed = F.array(F.get(data, "passed_over", where), "i", (None,), where + ".passed_over",
                     0, n - 1)
    times = F.array(F.get(data, "passed_over_times", where), "f", (passed.size,),
                    where + ".passed_over_times")
    return Flight(F.integer(F.get(data, "ball", where), where + ".ball", 0, n - 1),
                  F.number(F.get(data, "start", where), where + ".start"),
                  F.number(F.get(data, "end", where), where + ".end"),
                  tuple(passed.tolist()), tuple(times.tolist()))


def _strike(data, where: str) -> StrikeResult:
    data = F.obj(data, where)

    def vec(name):
        return F.array(F.get(data, name, where), "f", (3,), f"{where}.{name}")

    def num(name):
        return F.number(F.get(data, name, where), f"{where}.{name}")

    def flag(name):
        return F.boolean(F.get(data, name, where), f"{where}.{name}")
    classification = F.choice(F.get(data, "classification", where),
                              {c.value for c in StrikeClass}, where + ".classification")
    # a joint stroke's fields (issue 27; replays recorded before it have none)
    joint = {}
    if "joint" in data and flag("joint"):
        speed = data.get("cue_speed_after")
        joint = dict(joint=True, cue_speed_after=None if speed is None else num("cue_speed_after"),
                     pushed=tuple(F.integer(k, where + ".pushed", 0, MAX_BALLS)
                                  for k in F.items(data.get("pushed", []), where + ".pushed",
                                                   MAX_BALLS)),
                     contacts=tuple(_strike_contact(c, where + ".contacts")
                                    for c in F.items(data.get("contacts", []),
                                                     where + ".contacts", MAX_EVENTS)))
    return StrikeResult(velocity=vec("velocity"), angular_velocity=vec("angular_velocity"),
                        cue_direction=vec("cue_direction"), squirt_angle=num("squirt_angle"),
                        contact_point=vec("contact_point"), contact_angle=num("contact_angle"),
                        contact_height=num("contact_height"), tip_cloth=flag("tip_cloth"),
                        miscue=flag("miscue"), classification=StrikeClass(classification),
                        **joint)


# StrikeResult's fields of a joint stroke (a cue ball frozen to balls or cushions, issue
# 27): written only for such a stroke, so other shots' files keep their 1.6 structure.
_JOINT_FIELDS = ("joint", "pushed", "cue_speed_after", "contacts")


def _strike_plain(strike: StrikeResult) -> dict:
    plain = to_plain(strike)
    return plain if strike.joint else {k: v for k, v in plain.items() if k not in _JOINT_FIELDS}


def _strike_contact(data, where: str) -> tuple:
    """One StrikeResult.contacts entry: [kind, ball, other, closing speed]."""
    kind, ball, other, speed = (F.items(data, where, 4) + [None] * 4)[:4]
    return (F.choice(kind, {"ball", "cushion", "jaw_tip"}, where),
            F.integer(ball, where, 0, MAX_BALLS), F.integer(other, where, 0, MAX_PIECES),
            F.number(speed, where))
