"""The boundary of the physics core: validate, pack into contiguous arrays, call the
compiled solver once per shot, wrap its output in an immutable ShotResult."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from . import _query, _shot, _solver
from .table import Pocket, Rail, TableGeometry, TableSpec
from .flight import Pieces, classify, flights, pass_over_events
from .constants import CUE_FROZEN_GAP
from .cue import CueMotion, follow_through
from .stroke import CueSpec, StrikeResult, Stroke, strike_layout
from .types import (EVENT_DTYPE, Ball, BallStates, EventFlag, EventKind, MotionState, Params,
                    Samples, SimulationError, frozen_instance)

# Balls may overlap each other or a cushion by this much (m) and still count as touching:
# racks built from floating-point arithmetic touch to within ~1e-16 m, and positions saved
# by solvers before issue 16 may hold balls pressed up to its 1 micrometre creep depth (the
# solver now keeps every pair outside contact to 1 nm).
OVERLAP_TOL_M = 2e-6
# A ball this close (m) to a rail nose at the start is "frozen" to it (rules: R9-27): the
# strike's gap, so that the ball the rules call frozen is the one the joint stroke moves.
FROZEN_TOL_M = CUE_FROZEN_GAP
_AIRBORNE = int(MotionState.AIRBORNE)
N_RAILS = len(Rail)
# Fastest ball the solver accepts (m/s): a power break is 11-13 m/s (Alciatore).
MAX_SPEED_MPS = 50.0


def contact_distance(table: TableSpec, radius: float) -> float:
    """Horizontal distance (m) from a ball's centre to a cushion nose line when it touches
    the cushion: R cos(theta_a), the nose meeting the ball at height `cushion_height`."""
    sin_a = table.cushion_height / radius - 1.0
    return radius * np.sqrt(1.0 - sin_a * sin_a)


def _ball_rows(balls: Sequence[Ball]) -> np.ndarray:
    """The balls as rows R, m, x, y, z, vx, vy, vz, wx, wy, wz (z = R for a ball given on the
    cloth as (x, y)); ValueError naming the ball whose fields are not numbers of the right
    shape."""
    try:
        return _shot.ball_rows(balls, Ball)
    except (TypeError, ValueError, AttributeError):
        return _ball_rows_checked(balls)


def _ball_rows_checked(balls: Sequence[Ball]) -> np.ndarray:
    """_ball_rows one ball at a time, to name the first malformed one."""
    rows = np.empty((len(balls), 11))
    for k, ball in enumerate(balls):
        if not isinstance(ball, Ball):
            raise ValueError(f"ball {k}: expected a physics_ext.Ball, got {type(ball).__name__}")
        try:
            pos = np.asarray(ball.position, dtype=np.float64).reshape(-1)
            vel = np.asarray(ball.velocity, dtype=np.float64).reshape(-1)
            ang = np.asarray(ball.angular_velocity, dtype=np.float64).reshape(-1)
            rows[k, 0] = ball.radius
            rows[k, 1] = ball.mass
        except (TypeError, ValueError) as exc:
            raise ValueError(f"ball {k}: fields must be numbers: {exc}") from None
        if pos.size == 2:
            pos = np.append(pos, ball.radius)
        for name, arr in (("position", pos), ("velocity", vel), ("angular_velocity", ang)):
            if arr.size != 3:
                raise ValueError(f"ball {k}: {name} must have 3 components (position may "
                                 f"have 2), got {arr.size}")
        rows[k, 2:5] = pos
        rows[k, 5:8] = vel
        rows[k, 8:11] = ang
    return rows


_COLUMNS = ("radius", "mass", "position", "position", "position", "velocity", "velocity",
            "velocity", "angular_velocity", "angular_velocity", "angular_velocity")
_GROUPS = {"radius": [0], "mass": [1], "position": [2, 3, 4], "velocity": [5, 6, 7],
           "angular_velocity": [8, 9, 10]}


def problem_message(rows: np.ndarray, table: TableSpec, problem: int, k: int,
                    detail: int) -> str:
    """The sentence naming ball k's problem (a _query.first_problem answer) in `rows`."""
    R, (x, y, z) = rows[k, 0], rows[k, 2:5]
    if problem == _query.PROBLEM_NOT_FINITE:
        name = _COLUMNS[detail]
        message = f"{name} contains NaN or infinity: {rows[k, _GROUPS[name]].tolist()}"
    elif problem == _query.PROBLEM_NOT_POSITIVE:
        message = f"{_COLUMNS[detail]} must be positive, got {rows[k, detail]}"
    elif problem == _query.PROBLEM_CUSHION_FIT:
        message = (f"radius {R} m does not fit the cushions: the nose height "
                   f"{table.cushion_height} m must lie between R and 2R")
    elif problem == _query.PROBLEM_IN_SLATE:
        message = f"centre height z = {z} m is below its radius {R} m (inside the slate)"
    elif problem == _query.PROBLEM_OFF_SURFACE:
        message = (f"position ({x:.6g}, {y:.6g}) m is off the playing surface (the centre "
                   f"must stay {contact_distance(table, R):.6g} m in front of the cushion "
                   f"noses and jaws of the {table.length} x {table.width} m table)")
    elif problem == _query.PROBLEM_IN_RAIL:
        message = (f"centre height z = {z} m over the top of rail {Rail(detail).name} is "
                   f"below {table.rail_top_height + R:.6g} m (inside the rail)")
    elif problem == _query.PROBLEM_OVER_POCKET:
        message = f"position ({x:.6g}, {y:.6g}) m is over a pocket hole ({Pocket(detail).name})"
    elif problem == _query.PROBLEM_IN_RUBBER:
        message = (f"centre ({x:.6g}, {y:.6g}, {z:.6g}) m in the air is inside a cushion's "
                   f"rubber (it must be at least its radius {R} m from every cushion nose, "
                   f"rubber face and cap edge, and clear of the jaw tips)")
    elif problem == _query.PROBLEM_IN_JAW:
        message = f"position ({x:.6g}, {y:.6g}) m overlaps a pocket jaw"
    elif problem == _query.PROBLEM_TOO_FAST:
        message = (f"speed {np.linalg.norm(rows[k, 5:8]):.4g} m/s is beyond any cue stroke "
                   f"(max {MAX_SPEED_MPS})")
    elif problem == _query.PROBLEM_TOO_MUCH_SPIN:
        message = (f"angular velocity {rows[k, 8:11].tolist()} rad/s is beyond physical range "
                   f"(surface speed over {2 * MAX_SPEED_MPS} m/s)")
    else:
        d = float(np.linalg.norm(rows[detail, 2:5] - rows[k, 2:5]))
        return (f"balls {k} and {detail} overlap: centres {d:.6g} m apart, "
                f"radii sum {R + rows[detail, 0]:.6g} m")
    return f"ball {k}: {message}"


def simulate(table: TableSpec, balls: Sequence[Ball], params: Params = Params()) -> "ShotResult":
    """Simulate a shot from the given ball states until every ball rests.

    Ball indices in the result are positions in `balls`. Raises ValueError for impossible
    input (naming the ball and the problem) and SimulationError if the solver cannot
    progress or exceeds `params.max_events`."""
    _check_types(table, params)
    if len(balls) == 0:
        raise ValueError("no balls to simulate")
    return _simulate_rows(table, params, tuple(balls), _ball_rows(balls))


def _check_types(table: TableSpec, params: Params) -> None:
    if not isinstance(table, TableSpec):
        raise ValueError(f"table must be a TableSpec, got {type(table).__name__}")
    if not isinstance(params, Params):
        raise ValueError(f"params must be a Params, got {type(params).__name__}")


def _simulate_rows(table: TableSpec, params: Params, balls: tuple,
                   rows: np.ndarray) -> "ShotResult":
    """simulate() of `balls`, given as `rows` (_ball_rows): one compiled call checks,
    solves and finds the starting rail contacts."""
    geo = table.geometry()
    answer = _single_shot(table, geo, params).check(rows)
    if answer[0] != _query.PROBLEM_NONE:
        raise ValueError(problem_message(rows, table, *answer))
    _, events, pieces, status, a, b, t, frozen, airborne = answer
    if status == 3:
        raise MemoryError("physics_ext: out of memory while recording the shot")
    if status != 0:
        raise SimulationError(failure_message(status, params, a, b, t))
    if airborne:
        return result_of_log(table, params, balls, rows, geo, events, pieces, frozen)
    return ShotResult._of(table, params, balls, rows, events, pieces, frozen)


# The compiled single-shot entries (_solver.SingleShot) of the last tables and Params used,
# by id(params): (params, geometry, entry), the objects kept so that their ids stay theirs.
_SINGLE_SHOTS: dict = {}
_MAX_SINGLE_SHOTS = 32


def _single_shot(table: TableSpec, geo: TableGeometry, params: Params):
    """The _solver.SingleShot of `table` (whose geometry is `geo`) and `params`, made once."""
    entry = _SINGLE_SHOTS.get(id(params))
    if entry is not None and entry[0] is params and entry[1] is geo:
        return entry[2]
    if len(_SINGLE_SHOTS) >= _MAX_SINGLE_SHOTS:
        _SINGLE_SHOTS.clear()
    shot = _solver.SingleShot(
        params.solver_array(), geo.segments, geo.segment_normals, geo.segment_rails,
        geo.outline, geo.tips, geo.tip_rails, geo.pockets, table.length, table.width,
        table.cushion_height, geo.rail_top_width, table.rail_top_height, params.max_events,
        OVERLAP_TOL_M, MAX_SPEED_MPS, N_RAILS, FROZEN_TOL_M)
    _SINGLE_SHOTS[id(params)] = (params, geo, shot)
    return shot


def failure_message(status: int, params: Params, a: int, b: int, t: float) -> str:
    """The sentence for a solver status 1 (event cap) or 2 (stalled) at time t between
    balls a and b."""
    if status == 1:
        return (f"shot exceeded {params.max_events} events (last event at t = {t:.6g} s, "
                f"balls {a} and {b})")
    return f"solver cannot progress: events repeat at t = {t:.9g} s between balls {a} and {b}"


def result_of_log(table: TableSpec, params: Params, balls: tuple, rows: np.ndarray,
                  geo: TableGeometry, events: np.ndarray, pieces: tuple,
                  frozen: Optional[np.ndarray] = None) -> "ShotResult":
    """The ShotResult of a finished solver run (its events and pieces): the flights and
    their PASS_OVER events added, the starting rail contacts `frozen` found if not given."""
    in_flight = ()
    if _shot.any_equal(pieces[1], _AIRBORNE):
        motion = Pieces.of(pieces, rows[:, :2], params.solver_array(), table.cushion_height)
        in_flight = tuple(flights(motion, events, rows[:, 0]))
        if any(f.passed_over for f in in_flight):
            events = np.concatenate([events, pass_over_events(list(in_flight))])
            events = events[np.argsort(events["time"], kind="stable")]
    events.flags.writeable = False
    if frozen is None:
        frozen = _frozen_rails(rows, table, geo)
    return ShotResult._of(table, params, balls, rows, events, pieces, frozen, in_flight)


def shoot(table: TableSpec, balls: Sequence[Ball], cue_index: int, stroke: Stroke,
          params: Params = Params(), cue: CueSpec = CueSpec()) -> "ShotResult":
    """Strike ball `cue_index` (at rest on the cloth) with `stroke` and simulate the shot.

    The result also carries the StrikeResult (contact point and angle, miscue, preliminary
    class), for each flight of the cue ball its 'legal_jump', 'scoop' or 'miscue' class, and
    the cue's follow-through with the faults it produced (`cue`, `stroke_faults`:
    physics_ext.cue). A cue ball touching other balls or cushions gets the joint stroke
    (physics_ext.stroke.strike_layout), which sets the balls it pushes moving too; its
    contacts are logged at t = 0 (EventFlag.STRIKE)."""
    if not 0 <= cue_index < len(balls):
        raise ValueError(f"cue_index {cue_index} is not a ball index (0..{len(balls) - 1})")
    try:
        rows = _shot.ball_rows(balls, Ball)
        moving = not _shot.at_rest(rows, cue_index)
    except (TypeError, ValueError, AttributeError):
        rows, ball = None, balls[cue_index]
        moving = np.any(np.asarray(ball.velocity, dtype=float)) or np.any(
            np.asarray(ball.angular_velocity, dtype=float))
    if moving:
        raise ValueError(f"ball {cue_index}: the cue ball must be at rest before the stroke")
    _check_types(table, params)
    # the point impulse, or the joint stroke when the cue ball touches balls or cushions
    struck, rows = strike_layout(stroke, _ball_rows_checked(balls) if rows is None else rows,
                                 cue_index, table, params, cue)
    struck_balls = list(balls)
    for k in (cue_index, *struck.pushed):
        struck_balls[k] = _shot.struck_ball(balls[k], rows, k, Ball)
    result = _simulate_rows(table, params, tuple(struck_balls), rows)
    return with_stroke(result, cue_index, stroke, struck, cue)


def with_stroke(result: "ShotResult", cue_index: int, stroke: Stroke, struck: StrikeResult,
                cue: CueSpec) -> "ShotResult":
    """`result`, a ShotResult just built for a shot struck with `stroke` (`struck` its
    StrikeResult) and not yet handed to anyone, completed in place and returned: the
    stroke's contacts logged, the stroke and the cue's follow-through with its faults
    attached (no second ShotResult built: issue 30)."""
    if struck.contacts:
        _set(result, "events", _with_strike_events(result, struck))
    _set(result, "stroke", struck)
    _set(result, "cue_index", cue_index)
    _set(result, "cue", follow_through(result, cue_index, stroke, struck, cue))
    return result


_set = object.__setattr__       # a frozen dataclass's field, set while it is being built


_STRIKE_EVENT_KINDS = {"ball": EventKind.BALL_BALL, "cushion": EventKind.CUSHION,
                       "jaw_tip": EventKind.JAW_TIP}


def _with_strike_events(result: "ShotResult", struck: StrikeResult) -> np.ndarray:
    """The shot's log with a joint stroke's contacts (StrikeResult.contacts) as events at
    t = 0, flagged STRIKE, after the slate bounces at t = 0 and before the solver's other
    events: BALL_BALL (ball, other) and CUSHION / JAW_TIP (feature the segment or tip,
    flagged TOUCHING too: the ball touched it before the stroke), `state` the ball's state
    just after, `speed` the contact's largest closing speed in the stroke."""
    geo = result.table.geometry()
    piece_ball, piece_state = result.pieces[0], result.pieces[1]
    added = np.zeros(len(struck.contacts), dtype=EVENT_DTYPE)
    for row, (kind, ball, other, speed) in zip(added, struck.contacts):
        row["kind"] = _STRIKE_EVENT_KINDS[kind]
        row["ball"] = ball
        row["other"], row["feature"], row["rail"] = (
            (other, -1, -1) if kind == "ball" else
            (-1, other, geo.segment_rails[other] if kind == "cushion" else geo.tip_rails[other]))
        row["state"] = piece_state[np.flatnonzero(piece_ball == ball)[0]]
        row["speed"] = speed
        row["flags"] = EventFlag.STRIKE | (0 if kind == "ball" else EventFlag.TOUCHING)
    events = result.events
    slate = (events["kind"] == EventKind.SLATE) & (events["time"] == 0.0)
    k = events.size if slate.all() else int(np.argmin(slate))     # the leading bounces
    events = np.concatenate([events[:k], added, events[k:]])
    events.flags.writeable = False
    return events


def _frozen_rails(rows: np.ndarray, table: TableSpec, geo: TableGeometry) -> np.ndarray:
    """(n, 6) bool: ball i touches rail r's straight nose at the start of the shot."""
    out = _query.frozen_rails(rows, geo.segments, geo.segment_normals, geo.segment_rails,
                              N_RAILS, table.cushion_height, FROZEN_TOL_M)
    out.flags.writeable = False
    return out


@dataclass(frozen=True)
class ShotResult:
    """A finished shot: the event log and the exact trajectory of every ball.

    events: structured array of EVENT_DTYPE, in time order (see physics_ext.types).
    pieces: the solver's trajectory record, (ball, state, t0, rvw) arrays: piece k is ball
        ball[k] in MotionState state[k] from time t0[k] (s), starting from position, velocity
        and angular velocity rvw[k] (9 values, SI); its motion law follows from the state.
        sample() evaluates them; a replay stores them to rebuild the result exactly.
    initial_rail_contacts: (n, 6) bool, ball frozen to rail at the start.
    flights: every ball's time in the air (physics_ext.flight.Flight), with the balls it
        passed over (also in the log as PASS_OVER events).
    stroke, cue_index: the StrikeResult and the cue ball, for a shot made with shoot().
    cue: the cue's motion through the strike and follow-through, with its contacts
        (physics_ext.cue.CueMotion), for a shot made with shoot().
    duration: time (s) of the last event; every ball rests from then on.
    """
    table: TableSpec
    params: Params
    balls: tuple
    ball_rows: np.ndarray
    events: np.ndarray
    pieces: tuple
    initial_rail_contacts: np.ndarray
    flights: tuple = ()
    stroke: Optional[StrikeResult] = None
    cue_index: Optional[int] = None
    cue: Optional[CueMotion] = None

    @classmethod
    def _of(cls, table, params, balls, ball_rows, events, pieces, initial_rail_contacts,
            flights=(), stroke=None, cue_index=None, cue=None) -> "ShotResult":
        """ShotResult(...) of these fields, built without the frozen dataclass's __init__
        (one object.__setattr__ per field: a microsecond per shot, issue 30)."""
        return frozen_instance(cls, dict(
            table=table, params=params, balls=balls, ball_rows=ball_rows, events=events,
            pieces=pieces, initial_rail_contacts=initial_rail_contacts, flights=flights,
            stroke=stroke, cue_index=cue_index, cue=cue))

    @property
    def stroke_faults(self) -> frozenset:
        """The stroke faults the cue produced (physics_ext.cue.CueFault: push, double hit,
        ferrule, struck another ball); empty for a shot not made with shoot()."""
        return self.cue.faults if self.cue is not None else frozenset()

    def cue_flights(self) -> tuple:
        """(Flight, 'legal_jump' | 'scoop' | 'miscue') for each flight of the cue ball of a
        shot made with shoot() (physics_ext.flight.classify); empty otherwise."""
        if self.stroke is None:
            return ()
        return tuple((f, classify(self.stroke, f, self.events)) for f in self.flights
                     if f.ball == self.cue_index)

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
        ball, state, t0, rvw = self.pieces
        order = np.ascontiguousarray(np.argsort(ball, kind="stable"), dtype=np.int32)
        start = np.searchsorted(ball[order], np.arange(self.n_balls + 1)).astype(np.int32)
        n, nt = self.n_balls, t.size
        pos = np.empty((nt, n, 3))
        vel = np.empty((nt, n, 3))
        ang = np.empty((nt, n, 3))
        states = np.empty((nt, n), dtype=np.int32)
        _query.sample(ball, state, t0, rvw, order, start,
                       np.ascontiguousarray(self.ball_rows[:, :2]), self.params.solver_array(),
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
