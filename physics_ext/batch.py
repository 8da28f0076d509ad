"""Many independent shots in one call: the compiled solver (the same one `simulate` runs)
on every shot of a batch, without the GIL, spread over OpenMP threads, returning compact
NumPy results per shot and the full logs only when asked.

Units SI (m, s, rad), table frame of physics_ext.table. A batch has one table, one Params
and N shots of the same n balls; ball rows are as `simulate` builds them:
R, m, x, y, z, vx, vy, vz, wx, wy, wz (`BALL_COLUMNS`). Every shot's results equal
`simulate()`'s (or `shoot()`'s) bit for bit, whatever the number of threads.
"""
from __future__ import annotations

import dataclasses
import enum
import math
import os
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from . import _query, _shot, _solver
from . import constants as C
from .api import (MAX_SPEED_MPS, OVERLAP_TOL_M, ShotResult, _ball_rows, failure_message,
                  problem_message, result_of_log, with_stroke)
from .cue import CueFault
from .stroke import (CueSpec, Stroke, cue_ball_touches, frozen_system, strike, strike_layout,
                     strike_motions)
from .table import TableSpec
from .types import Ball, Params, SimulationError, frozen_instance

BALL_COLUMNS = ("radius", "mass", "x", "y", "z", "vx", "vy", "vz", "wx", "wy", "wz")
STROKE_COLUMNS = ("azimuth", "elevation", "side", "height", "speed", "follow_through")
# BatchResult.stroke_faults: bit k set when the stroke made the k-th CueFault
FAULT_BITS = {fault: 1 << k for k, fault in enumerate(CueFault)}


class ShotError(enum.IntEnum):
    """Why a shot of a batch has no result (`BatchResult.error`); OK when it has one."""
    OK = 0
    EVENT_CAP = 1        # more than Params.max_events events (simulate raises SimulationError)
    STALLED = 2          # events repeat at one instant (SimulationError)
    NO_MEMORY = 3        # MemoryError
    INVALID = 4          # refused input, with invalid="skip" (simulate raises ValueError)


@dataclass(frozen=True)
class BatchResult:
    """The results of N shots of n balls. Rows of a failed shot (error != OK) hold NaN,
    -1 or 0.

    positions: (N, n, 3) every ball at rest after the shot, m (ShotResult.final).
    states: (N, n) int32 MotionState at the end (STATIONARY, POCKETED or OFF_TABLE).
    pocket: (N, n) int32 the Pocket a ball dropped into, -1 if none.
    pocket_time: (N, n) time of that POCKET event, s (NaN if none).
    first_contact: (N,) int32 the first ball the cue ball hit (a BALL_BALL event), -1 if
        none (cue ball: `cue_index`); for shoot_batch, a ball a frozen cue ball pushed.
    cushion_contacts: (N, n) int32 CUSHION and JAW_TIP events of each ball.
    event_count: (N,) int32 events the solver recorded, and for shoot_batch the contacts
        of a frozen cue ball's joint stroke, logged at t = 0 (the PASS_OVER events that
        ShotResult adds from the flights are not counted).
    duration: (N,) time of the last event, s.
    error: (N,) int32 ShotError.
    miscue: (N,) bool, for shoot_batch: the stroke was a miscue (else all False).
    stroke_faults: (N,) uint8, the stroke faults the cue made (ShotResult.stroke_faults)
        as bits (FAULT_BITS: push, double hit, ferrule, struck other ball; `faults(k)`
        names them); 0 for a failed shot and for simulate_batch; None for shoot_batch
        with faults=False.
    logs: with logs=True, per shot (events, pieces) as the solver gave them, None for a
        failed shot; `shot_result(k)` builds the full ShotResult from them.
    """
    positions: np.ndarray
    states: np.ndarray
    pocket: np.ndarray
    pocket_time: np.ndarray
    first_contact: np.ndarray
    cushion_contacts: np.ndarray
    event_count: np.ndarray
    duration: np.ndarray
    error: np.ndarray
    miscue: np.ndarray
    logs: Optional[tuple]
    table: TableSpec
    params: Params
    rows: np.ndarray
    cue_index: int
    strokes: Optional[np.ndarray] = None
    cue: Optional[CueSpec] = None
    _failures: tuple = ()
    joint_strikes: Optional[dict] = None     # {shot: StrikeResult} of the joint strokes
    stroke_faults: Optional[np.ndarray] = None
    _shots: Optional[dict] = None            # {shot: ShotResult} built for the faults

    def __len__(self) -> int:
        return self.error.shape[0]

    @property
    def ok(self) -> np.ndarray:
        """(N,) bool: the shot has results."""
        return self.error == ShotError.OK

    def faults(self, k: int) -> frozenset:
        """The CueFaults of shot k's stroke (ShotResult.stroke_faults); empty for a failed
        shot. Needs the faults (shoot_batch's faults=True, the default)."""
        if self.stroke_faults is None:
            raise ValueError("the batch has no stroke faults: run shoot_batch with "
                             "faults=True")
        if not 0 <= k < len(self):
            raise ValueError(f"shot {k} is not in the batch (0..{len(self) - 1})")
        return frozenset(f for f, bit in FAULT_BITS.items() if self.stroke_faults[k] & bit)

    def failure(self, k: int) -> Optional[str]:
        """The sentence saying why shot k has no result (what simulate would raise), or
        None."""
        return self._failures[k] if self._failures else None

    def shot_result(self, k: int) -> ShotResult:
        """Shot k's full ShotResult, equal to simulate()'s (shoot()'s for shoot_batch, with
        the stroke and the cue's faults). Needs logs=True; raises the error simulate would
        raise for a failed shot."""
        if self.logs is None:
            raise ValueError("shot_result needs the logs: run the batch with logs=True")
        if not 0 <= k < len(self):
            raise ValueError(f"shot {k} is not in the batch (0..{len(self) - 1})")
        error = int(self.error[k])
        if error == ShotError.NO_MEMORY:
            raise MemoryError(self.failure(k))
        if error == ShotError.INVALID:
            raise ValueError(self.failure(k))
        if error != ShotError.OK:
            raise SimulationError(self.failure(k))
        if self._shots and k in self._shots:
            return self._shots[k]
        rows = self.rows[k]
        balls = _shot.balls_of_rows(rows, Ball)
        events, pieces = self.logs[k]
        # a copy of the log (the result makes its own read-only), bytes copied in one block:
        # a structured array's copy() goes field by field, 3 us more per shot (issue 30)
        events = events.view(np.uint8).copy().view(events.dtype)
        result = result_of_log(self.table, self.params, balls, rows, self.table.geometry(),
                               events, pieces)
        if self.strokes is None:
            return result
        # the stroke as Stroke(...) gives it, its row checked by shoot_batch already
        stroke = frozen_instance(Stroke, dict(zip(STROKE_COLUMNS, self.strokes[k].tolist())))
        cue_ball = balls[self.cue_index]
        struck = (self.joint_strikes or {}).get(k) or strike(
            stroke, cue_ball.radius, cue_ball.mass, self.cue)
        return with_stroke(result, self.cue_index, stroke, struck, self.cue)


# The process whose OpenMP threads ran a batch. A process forked from it has no such
# threads, but libgomp believes it has and would wait for them for ever: there the batch
# runs on the calling thread alone (a process pool's workers are one thread each anyway).
_openmp_pid = None


def _usable_threads(threads: int) -> int:
    global _openmp_pid
    if threads > 1:
        if _openmp_pid is not None and _openmp_pid != os.getpid():
            return 1
        _openmp_pid = os.getpid()
    return threads


def default_threads() -> int:
    """Every core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:          # not on Linux
        return os.cpu_count() or 1


def ball_rows(layouts: Sequence[Sequence[Ball]]) -> np.ndarray:
    """(N, n, 11) ball rows (`BALL_COLUMNS`) of N lists of n Balls, as simulate reads them."""
    rows = [_ball_rows(balls) for balls in layouts]
    sizes = {r.shape[0] for r in rows}
    if len(sizes) > 1:
        raise ValueError(f"every shot of a batch must have the same number of balls, got "
                         f"{sorted(sizes)}")
    return np.stack(rows) if rows else np.empty((0, 0, 11))


def simulate_batch(table: TableSpec, balls, params: Params = Params(), *,
                   cue_index: int = 0, threads: Optional[int] = None, logs: bool = False,
                   invalid: str = "raise") -> BatchResult:
    """Simulate N independent shots until every ball rests, as simulate() does each.

    balls: (N, n, 11) ball rows (`BALL_COLUMNS`, SI, table frame), or a sequence of N
        lists of n Balls. cue_index: the ball whose first contact is reported.
    threads: threads to run on (default: every core); the results do not depend on it.
    logs: keep every shot's event log and pieces (BatchResult.shot_result).
    invalid: "raise" refuses the batch with a ValueError naming the first bad shot, ball
        and field; "skip" marks such shots ShotError.INVALID and runs the others.
    A shot the solver cannot finish never spoils the batch: it gets its ShotError."""
    return _run(table, _shot_rows(balls), params, cue_index, threads, logs, invalid)


def shoot_batch(table: TableSpec, balls, strokes, params: Params = Params(),
                cue: CueSpec = CueSpec(), *, cue_index: int = 0,
                threads: Optional[int] = None, logs: bool = False,
                invalid: str = "raise", faults: bool = True) -> BatchResult:
    """Strike ball `cue_index` (at rest) of each shot with its stroke and simulate the
    shots, as shoot() does each (the balls start bit for bit as shoot() sends them, a
    frozen cue ball's joint stroke included).

    balls: (n, 11) ball rows shared by every stroke, or (N, n, 11) one layout per stroke
        (or Ball lists, as for simulate_batch). strokes: (N, 5) or (N, 6) rows
        (`STROKE_COLUMNS`: azimuth, elevation rad; side, height fractions of R; speed m/s;
        follow_through m, default CUE_FOLLOW_THROUGH), or a sequence of Strokes.
    faults: find the stroke faults of every shot (BatchResult.stroke_faults, `faults(k)`)
        with the cue's follow-through, as shoot() does (physics_ext.cue, in Python after
        the batch, on each finished shot's full result: it costs more than the solver on
        most shots); False leaves stroke_faults None. The miscue flags are always there.
    With logs=True, `shot_result(k)` gives the full ShotResult (the one the faults were
    found on). Other arguments as for simulate_batch."""
    if not isinstance(cue, CueSpec):
        raise ValueError(f"cue must be a CueSpec, got {type(cue).__name__}")
    stroke_rows = _stroke_rows(strokes)
    rows = _shot_rows(balls, len(stroke_rows))
    if rows.shape[0] != len(stroke_rows):
        raise ValueError(f"{rows.shape[0]} layouts for {len(stroke_rows)} strokes: give one "
                         f"layout, or one per stroke")
    _check_cue_index(cue_index, rows.shape[1])
    bad = _stroke_problems(stroke_rows)
    resting = np.all(rows[:, cue_index, 5:11] == 0.0, axis=1)
    moving = ~resting & np.isfinite(rows[:, cue_index, 5:11]).all(axis=1)
    if invalid == "raise":
        if bad:
            raise ValueError(next(iter(bad.values())))
        if moving.any():
            k = int(np.argmax(moving))
            raise ValueError(f"shot {k}: ball {cue_index}: the cue ball must be at rest "
                             f"before the stroke")
    for k in np.nonzero(moving)[0]:
        bad.setdefault(int(k), f"shot {k}: ball {cue_index}: the cue ball must be at rest "
                               f"before the stroke")
    struck = np.array([k for k in range(len(stroke_rows)) if k not in bad], dtype=np.intp)
    if not isinstance(table, TableSpec):
        raise ValueError(f"table must be a TableSpec, got {type(table).__name__}")
    if not isinstance(params, Params):
        raise ValueError(f"params must be a Params, got {type(params).__name__}")
    joint = struck[cue_ball_touches(rows[struck], cue_index, table)]
    joint = np.array([k for k in joint.tolist()
                      if frozen_system(rows[k], cue_index, table) is not None], dtype=np.intp)
    plain = np.setdiff1d(struck, joint)
    velocity, omega, _, miscue = strike_motions(
        stroke_rows[plain, :5], rows[plain, cue_index, 0], rows[plain, cue_index, 1], cue)
    rows[plain, cue_index, 5:8] = velocity
    rows[plain, cue_index, 8:11] = omega
    flags = np.zeros(len(stroke_rows), dtype=bool)
    flags[plain] = miscue
    strikes = {}
    for k in joint.tolist():       # the cue ball touches balls or cushions: joint strokes
        strikes[k], rows[k] = strike_layout(Stroke(*stroke_rows[k].tolist()), rows[k],
                                            cue_index, table, params, cue)
        flags[k] = strikes[k].miscue
    result = _run(table, rows, params, cue_index, threads, logs or faults, invalid, bad)
    for k, struck in strikes.items():
        if result.error[k] == ShotError.OK:
            _count_strike_events(result, k, struck, cue_index)
    result = dataclasses.replace(result, miscue=flags, strokes=stroke_rows, cue=cue,
                                 joint_strikes=strikes, stroke_faults=None)
    if not faults:
        return result
    shots = {k: result.shot_result(k) for k in np.flatnonzero(result.ok).tolist()}
    bits = np.zeros(len(stroke_rows), dtype=np.uint8)
    for k, shot in shots.items():
        bits[k] = sum(FAULT_BITS[f] for f in shot.stroke_faults)
    if logs:
        return dataclasses.replace(result, stroke_faults=bits, _shots=shots)
    return dataclasses.replace(result, stroke_faults=bits, logs=None)


def _count_strike_events(result: BatchResult, k: int, struck, cue_index: int) -> None:
    """Shot k's summary with the joint stroke's contacts counted, as shoot() logs them at
    t = 0 before the solver's events (api.with_stroke): the first ball the cue ball
    pushed is its first contact, and every contact is an event (cushions per ball)."""
    hits = [other for kind, ball, other, _ in struck.contacts
            if kind == "ball" and ball == cue_index]
    if hits:
        result.first_contact[k] = hits[0]
    result.event_count[k] += len(struck.contacts)
    for kind, ball, _, _ in struck.contacts:
        if kind != "ball":
            result.cushion_contacts[k, ball] += 1


# ---------------------------------------------------------------------------------------

def _shot_rows(balls, shots: Optional[int] = None) -> np.ndarray:
    """Contiguous float64 (N, n, 11) rows of a batch's balls (a private copy); one layout
    ((n, 11) rows or a list of Balls) is repeated `shots` times when `shots` is given."""
    if isinstance(balls, np.ndarray):
        rows = np.array(balls, dtype=np.float64)
    elif len(balls) and isinstance(balls[0], Ball):
        rows = _ball_rows(balls)
    elif len(balls) and len(balls[0]) and isinstance(balls[0][0], Ball):
        rows = ball_rows(balls)
    else:
        rows = np.array(balls, dtype=np.float64)
    if rows.ndim == 2 and shots is not None:
        rows = np.repeat(rows[None], shots, axis=0)
    if rows.ndim != 3 or rows.shape[2] != len(BALL_COLUMNS) or rows.shape[1] == 0:
        raise ValueError(f"balls must be an array of shape (shots, balls, 11) with columns "
                         f"{', '.join(BALL_COLUMNS)}, got shape {rows.shape}")
    return np.ascontiguousarray(rows)


def _stroke_rows(strokes) -> np.ndarray:
    """(N, 6) float64 stroke rows (`STROKE_COLUMNS`)."""
    if len(strokes) and isinstance(strokes[0], Stroke):
        return np.array([[s.azimuth, s.elevation, s.side, s.height, s.speed,
                          s.follow_through] for s in strokes], dtype=np.float64)
    rows = np.array(strokes, dtype=np.float64)
    if rows.ndim == 2 and rows.shape[1] == 5:
        rows = np.concatenate([rows, np.full((rows.shape[0], 1), C.CUE_FOLLOW_THROUGH)], 1)
    if rows.ndim != 2 or rows.shape[1] != len(STROKE_COLUMNS):
        raise ValueError(f"strokes must be an array of shape (shots, 5) or (shots, 6) with "
                         f"columns {', '.join(STROKE_COLUMNS)}, got shape {rows.shape}")
    return np.ascontiguousarray(rows)


# (column, lowest, highest, lowest excluded, unit) of a valid stroke: Stroke's own limits
_STROKE_LIMITS = ((0, -math.inf, math.inf, False, " rad"), (1, 0.0, math.pi / 2, False, " rad"),
                  (2, -1.0, 1.0, False, ""), (3, -1.0, 1.0, False, ""),
                  (4, 0.0, C.MAX_CUE_SPEED, True, " m/s"), (5, 0.0, 0.5, False, " m"))


def _stroke_problems(rows: np.ndarray) -> dict:
    """{shot: sentence} for every stroke row Stroke would refuse (its first problem)."""
    bad = {}
    for column, lo, hi, lo_open, unit in _STROKE_LIMITS:
        x = rows[:, column]
        with np.errstate(invalid="ignore"):
            ok = np.isfinite(x) & ((x > lo) if lo_open else (x >= lo)) & (x <= hi)
        for k in np.nonzero(~ok)[0]:
            where = "" if math.isinf(hi) else f" in {'(' if lo_open else '['}{lo:g}, {hi:g}]{unit}"
            bad.setdefault(int(k), f"shot {k}: stroke {STROKE_COLUMNS[column]} must be a "
                                   f"finite number{where}, got {x[k]!r}")
    with np.errstate(invalid="ignore"):
        outside = rows[:, 2] ** 2 + rows[:, 3] ** 2 >= 1.0
    for k in np.nonzero(outside)[0]:
        bad.setdefault(int(k), f"shot {k}: stroke offset (side, height) = ({rows[k, 2]!r}, "
                               f"{rows[k, 3]!r}) lies outside the ball: side^2 + height^2 "
                               f"must be < 1")
    return dict(sorted(bad.items()))


def _check_cue_index(cue_index: int, n: int) -> None:
    if not (isinstance(cue_index, (int, np.integer)) and 0 <= cue_index < n):
        raise ValueError(f"cue_index {cue_index!r} is not a ball index (0..{n - 1})")


def _run(table, rows, params, cue_index, threads, logs, invalid, bad=None) -> BatchResult:
    """Validate the rows and run the batch; `bad`: shots already refused {shot: sentence}."""
    if not isinstance(table, TableSpec):
        raise ValueError(f"table must be a TableSpec, got {type(table).__name__}")
    if not isinstance(params, Params):
        raise ValueError(f"params must be a Params, got {type(params).__name__}")
    if invalid not in ("raise", "skip"):
        raise ValueError(f"invalid must be 'raise' or 'skip', got {invalid!r}")
    threads = default_threads() if threads is None else threads
    if not (isinstance(threads, (int, np.integer)) and threads >= 1):
        raise ValueError(f"threads must be a positive int, got {threads!r}")
    N, n = rows.shape[0], rows.shape[1]
    _check_cue_index(cue_index, n)
    geo = table.geometry()
    failures = dict(bad or {})
    todo = np.ones(N, dtype=np.int8)
    todo[list(failures)] = 0
    problems = np.zeros((N, 3), dtype=np.int32)      # _query.PROBLEM_NONE
    position = np.full((N, n, 3), np.nan)
    state = np.full((N, n), -1, dtype=np.int32)
    pocket = np.full((N, n), -1, dtype=np.int32)
    pocket_time = np.full((N, n), np.nan)
    cushions = np.zeros((N, n), dtype=np.int32)
    summary = np.zeros((N, 5), dtype=np.int32)
    summary[:, 0] = -1
    duration = np.full(N, np.nan)
    # every shot is checked as simulate() checks it, in the threads, and solved if sound
    shot_logs = _solver.run_batch(
        rows, todo, params.solver_array(), geo.segments, geo.segment_normals,
        geo.segment_rails, geo.tips, geo.tip_rails, geo.pockets, table.length, table.width,
        table.cushion_height, geo.rail_top_width, table.rail_top_height, params.max_events,
        int(cue_index), _usable_threads(int(threads)), bool(logs), geo.outline,
        OVERLAP_TOL_M, MAX_SPEED_MPS, problems, position, state, pocket, pocket_time,
        cushions, summary, duration)
    for k in np.nonzero(problems[:, 0] != _query.PROBLEM_NONE)[0]:
        message = problem_message(rows[k], table, *problems[k])
        failures.setdefault(int(k), f"shot {k}: {message}")
    if failures and invalid == "raise":
        raise ValueError(failures[min(failures)])
    summary[list(failures), 2] = ShotError.INVALID
    error = summary[:, 2].copy()
    for k in np.nonzero((error != ShotError.OK) & (error != ShotError.INVALID))[0]:
        if error[k] == ShotError.NO_MEMORY:
            failures[int(k)] = f"shot {k}: physics_ext: out of memory while recording the shot"
        else:
            a, b = summary[k, 3:5]
            failures[int(k)] = f"shot {k}: " + failure_message(int(error[k]), params, a, b,
                                                               float(duration[k]))
        position[k], state[k], duration[k] = np.nan, -1, np.nan
    return BatchResult(
        positions=position, states=state, pocket=pocket, pocket_time=pocket_time,
        first_contact=summary[:, 0].copy(), cushion_contacts=cushions,
        event_count=summary[:, 1].copy(), duration=duration, error=error,
        miscue=np.zeros(N, dtype=bool), stroke_faults=np.zeros(N, dtype=np.uint8),
        logs=tuple(shot_logs) if logs else None,
        table=table, params=params, rows=rows, cue_index=int(cue_index),
        _failures=tuple(failures.get(k) for k in range(N)) if failures else ())
