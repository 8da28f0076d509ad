"""The boundary of the physics core: validate, pack into contiguous arrays, call the
compiled solver once per shot, wrap its output in an immutable ShotResult."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from . import _solver
from .table import TableGeometry, TableSpec, Rail
from .types import (EVENT_DTYPE, Ball, BallStates, Params, Samples, SimulationError)

# Balls may overlap each other or a cushion by this much (m) and still count as touching:
# racks built from floating-point arithmetic touch to within ~1e-16 m.
OVERLAP_TOL_M = 1e-9
# A ball this close (m) to a rail nose at the start is "frozen" to it (rules: R9-27).
FROZEN_TOL_M = 1e-6


def contact_distance(table: TableSpec, radius: float) -> float:
    """Horizontal distance (m) from a ball's centre to a cushion nose line when it touches
    the cushion: R cos(theta_a), the nose meeting the ball at height `cushion_height`."""
    sin_a = table.cushion_height / radius - 1.0
    return radius * math.sqrt(1.0 - sin_a * sin_a)


def _check_ball(k: int, ball: Ball, table: TableSpec, geo: TableGeometry) -> np.ndarray:
    """One ball as a row R, m, x, y, z, vx, vy, vz, wx, wy, wz; ValueError if impossible."""
    R, m = ball.radius, ball.mass
    for name, value in (("radius", R), ("mass", m)):
        if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
            raise ValueError(f"ball {k}: {name} must be a positive finite number, got {value!r}")
    pos = np.asarray(ball.position, dtype=np.float64).reshape(-1)
    if pos.size == 2:
        pos = np.append(pos, R)
    vel = np.asarray(ball.velocity, dtype=np.float64).reshape(-1)
    ang = np.asarray(ball.angular_velocity, dtype=np.float64).reshape(-1)
    for name, arr in (("position", pos), ("velocity", vel), ("angular_velocity", ang)):
        if arr.size != 3:
            raise ValueError(f"ball {k}: {name} must have 3 components (position may have 2), "
                             f"got {arr.size}")
        if not np.all(np.isfinite(arr)):
            raise ValueError(f"ball {k}: {name} contains NaN or infinity: {arr.tolist()}")
    if not R < table.cushion_height < 2 * R:
        raise ValueError(f"ball {k}: radius {R} m does not fit the cushions: the nose height "
                         f"{table.cushion_height} m must lie between R and 2R")
    x, y, z = pos
    rho = contact_distance(table, R)
    if z < R - OVERLAP_TOL_M:
        raise ValueError(f"ball {k}: centre height z = {z} m is below its radius {R} m "
                         f"(inside the slate)")
    if not (rho - OVERLAP_TOL_M <= x <= table.length - rho + OVERLAP_TOL_M and
            rho - OVERLAP_TOL_M <= y <= table.width - rho + OVERLAP_TOL_M):
        raise ValueError(f"ball {k}: position ({x:.6g}, {y:.6g}) m is off the playing surface "
                         f"(centre must stay {rho:.6g} m inside the cushion noses of the "
                         f"{table.length} x {table.width} m table)")
    for px, py, pr in geo.pockets:
        if math.hypot(x - px, y - py) < pr:
            raise ValueError(f"ball {k}: position ({x:.6g}, {y:.6g}) m is over a pocket hole")
    for tx, ty, tr in geo.tips:
        if math.hypot(x - tx, y - ty) < tr + rho - OVERLAP_TOL_M:
            raise ValueError(f"ball {k}: position ({x:.6g}, {y:.6g}) m overlaps a pocket jaw")
    speed = float(np.linalg.norm(vel))
    if speed > 50.0:
        raise ValueError(f"ball {k}: speed {speed:.4g} m/s is beyond any cue stroke (max 50)")
    if float(np.linalg.norm(ang)) * R > 100.0:
        raise ValueError(f"ball {k}: angular velocity {ang.tolist()} rad/s is beyond physical "
                         f"range (surface speed over 100 m/s)")
    return np.concatenate(([R, m], pos, vel, ang))


def _check_overlaps(rows: np.ndarray) -> None:
    n = rows.shape[0]
    for i in range(n):
        d = np.linalg.norm(rows[i + 1:, 2:5] - rows[i, 2:5], axis=1)
        limit = rows[i + 1:, 0] + rows[i, 0] - OVERLAP_TOL_M
        bad = np.nonzero(d < limit)[0]
        if bad.size:
            j = i + 1 + int(bad[0])
            raise ValueError(f"balls {i} and {j} overlap: centres {d[bad[0]]:.6g} m apart, "
                             f"radii sum {rows[i, 0] + rows[j, 0]:.6g} m")


def _params_array(params: Params) -> np.ndarray:
    return np.array([params.u_s, params.u_r, params.u_sp, params.e_b, params.u_b, params.e_c,
                     params.u_c, params.e_t, params.g], dtype=np.float64)


def simulate(table: TableSpec, balls: Sequence[Ball], params: Params = Params()) -> "ShotResult":
    """Simulate a shot from the given ball states until every ball rests.

    Ball indices in the result are positions in `balls`. Raises ValueError for impossible
    input (naming the ball and the problem) and SimulationError if the solver cannot
    progress or exceeds `params.max_events`."""
    if not isinstance(table, TableSpec):
        raise ValueError(f"table must be a TableSpec, got {type(table).__name__}")
    if not isinstance(params, Params):
        raise ValueError(f"params must be a Params, got {type(params).__name__}")
    if len(balls) == 0:
        raise ValueError("no balls to simulate")
    geo = table.geometry()
    rows = np.ascontiguousarray([_check_ball(k, b, table, geo) for k, b in enumerate(balls)],
                                dtype=np.float64)
    _check_overlaps(rows)
    events, pieces, status, a, b, t = _solver.run(
        rows, _params_array(params), geo.segments, geo.segment_normals, geo.segment_rails,
        geo.tips, geo.tip_rails, geo.pockets, table.cushion_height, params.max_events)
    if status == 1:
        raise SimulationError(f"shot exceeded {params.max_events} events (last event at "
                              f"t = {t:.6g} s, balls {a} and {b})")
    if status == 2:
        raise SimulationError(f"solver cannot progress: events repeat at t = {t:.9g} s "
                              f"between balls {a} and {b}")
    if status != 0:
        raise MemoryError("physics_ext: out of memory while recording the shot")
    log = np.empty(events["time"].size, dtype=EVENT_DTYPE)
    for name in events:
        log[name] = events[name]
    log.flags.writeable = False
    return ShotResult(table=table, params=params, balls=tuple(balls), ball_rows=rows,
                      events=log, _pieces=pieces,
                      initial_rail_contacts=_frozen_rails(rows, table, geo))


def _frozen_rails(rows: np.ndarray, table: TableSpec, geo: TableGeometry) -> np.ndarray:
    """(n, 6) bool: ball i touches rail r's straight nose at the start of the shot."""
    out = np.zeros((rows.shape[0], len(Rail)), dtype=bool)
    for i, row in enumerate(rows):
        rho = contact_distance(table, row[0])
        for k in range(len(Rail)):
            p, q = geo.segments[k]
            n = geo.segment_normals[k]
            gap = float(np.dot(row[2:4] - p, n)) - rho
            along = float(np.dot(row[2:4] - p, q - p)) / float(np.dot(q - p, q - p))
            if abs(gap) <= FROZEN_TOL_M and 0.0 <= along <= 1.0:
                out[i, geo.segment_rails[k]] = True
    out.flags.writeable = False
    return out


@dataclass(frozen=True)
class ShotResult:
    """A finished shot: the event log and the exact trajectory of every ball.

    events: structured array of EVENT_DTYPE, in time order (see physics_ext.types).
    initial_rail_contacts: (n, 6) bool, ball frozen to rail at the start.
    duration: time (s) of the last event; every ball rests from then on.
    """
    table: TableSpec
    params: Params
    balls: tuple
    ball_rows: np.ndarray
    events: np.ndarray
    _pieces: tuple
    initial_rail_contacts: np.ndarray

    @property
    def duration(self) -> float:
        return float(self.events["time"][-1]) if self.events.size else 0.0

    @property
    def n_balls(self) -> int:
        return self.ball_rows.shape[0]

    def sample(self, times) -> Samples:
        """Exact ball states at each of `times` (s, any order, clamped to t >= 0)."""
        t = np.ascontiguousarray(np.maximum(np.asarray(times, dtype=np.float64).reshape(-1), 0.0))
        if not np.all(np.isfinite(t)):
            raise ValueError("sample times must be finite")
        ball, state, t0, rvw = self._pieces
        order = np.ascontiguousarray(np.argsort(ball, kind="stable"), dtype=np.int32)
        start = np.searchsorted(ball[order], np.arange(self.n_balls + 1)).astype(np.int32)
        n, nt = self.n_balls, t.size
        pos = np.empty((nt, n, 3))
        vel = np.empty((nt, n, 3))
        ang = np.empty((nt, n, 3))
        states = np.empty((nt, n), dtype=np.int32)
        _solver.sample(ball, state, t0, rvw, order, start,
                       np.ascontiguousarray(self.ball_rows[:, :2]), _params_array(self.params),
                       self.table.cushion_height, t, pos, vel, ang, states)
        return Samples(times=t, positions=pos, velocities=vel, angular_velocities=ang,
                       states=states)

    def state_at(self, t: float) -> BallStates:
        """Exact state of every ball at time t (s)."""
        s = self.sample([t])
        return BallStates(s.positions[0], s.velocities[0], s.angular_velocities[0], s.states[0])

    @property
    def final(self) -> BallStates:
        """Every ball at rest after the shot."""
        return self.state_at(self.duration)
