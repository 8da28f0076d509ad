"""Measurements on a finished shot, shared by the physics tests: the exact states just
before and just after each event, energy, momentum, overlaps and cushion penetration.

States around an event come from the solver's own trajectory pieces, not from sampling at
t - eps: the solver records the piece of every ball an event changed, in event order, so
the pieces recorded before event k, evaluated at its time, are the exact state just before
it, even when several events share one instant (a cue ball into a frozen rack).
"""
from __future__ import annotations

import dataclasses
import hashlib

import numpy as np

from physics_ext import BallStates, EventFlag, EventKind, MotionState
from physics_ext.api import contact_distance

OUT_OF_PLAY = (MotionState.POCKETED, MotionState.OFF_TABLE)


def _piece_starts(result) -> tuple:
    """(n_init, starts): the first n_init events are the slate bounces of balls driven into
    the cloth at t = 0, logged while the initial pieces are recorded; starts[k] is how
    many pieces exist just before event k (meaningful for k >= n_init).

    The solver records one piece per ball at the start, then the pieces of the balls each
    event changed (`_piece_count`). This is checked against the log, so a change in the
    recording order fails here instead of giving wrong states."""
    events = result.events
    ball, _, t0, _ = result.pieces
    initial = (events["kind"] == EventKind.SLATE) & (events["time"] == 0.0)
    n_init = len(events) if initial.all() else int(np.argmin(initial))
    sizes = _piece_count(events[n_init:])
    starts = np.concatenate((np.zeros(n_init, dtype=int),
                             result.n_balls + np.cumsum(sizes) - sizes))
    assert result.n_balls + sizes.sum() == len(ball), "piece log out of step"
    steps = np.arange(n_init, len(events))[sizes > 0]
    assert np.array_equal(ball[starts[steps]], events["ball"][steps]), "piece log out of step"
    assert np.array_equal(t0[starts[steps]], events["time"][steps]), "piece log out of step"
    pairs = steps[events["kind"][steps] == EventKind.BALL_BALL]
    assert np.array_equal(ball[starts[pairs] + 1], events["other"][pairs]), "piece log out of step"
    return n_init, starts


def _piece_count(events: np.ndarray) -> np.ndarray:
    """Pieces the solver records for these events: none for a joint stroke's contacts
    (flag STRIKE, logged from the StrikeResult) and a PASS_OVER (found after the shot, from
    the flights: nothing changes), both balls of a BALL_BALL, one else."""
    kinds = events["kind"]
    return np.select([(events["flags"] & EventFlag.STRIKE) != 0, kinds == EventKind.BALL_BALL,
                      kinds == EventKind.PASS_OVER], [0, 2, 0], 1)


def _state_from_pieces(result, count: int, t: float) -> BallStates:
    """Every ball at time t, from the first `count` recorded pieces only."""
    pieces = tuple(a[:count] for a in result.pieces)
    return dataclasses.replace(result, pieces=pieces).state_at(t)


def initial_state(result) -> BallStates:
    """The balls exactly as the caller gave them (before any slate bounce at t = 0)."""
    rows = result.ball_rows
    return BallStates(rows[:, 2:5].copy(), rows[:, 5:8].copy(), rows[:, 8:11].copy(),
                      np.full(result.n_balls, -1, dtype=np.int32))


def steps(result):
    """Yield (events, before, after) for each step of the solver: first the start (the
    events at t = 0 logged while the balls are set up, maybe none; `before` is the input),
    then every other event alone. `before` and `after` are BallStates of all balls."""
    n_init, starts = _piece_starts(result)
    n = result.n_balls
    yield result.events[:n_init], initial_state(result), _state_from_pieces(result, n, 0.0)
    sizes = _piece_count(result.events)
    for k in range(n_init, len(result.events)):
        size = sizes[k]
        t = float(result.events[k]["time"])
        yield (result.events[k:k + 1], _state_from_pieces(result, starts[k], t),
               _state_from_pieces(result, starts[k] + size, t))


def around(result, k: int) -> tuple:
    """(before, after): every ball's state just before and just after event k."""
    n_init, starts = _piece_starts(result)
    if k < n_init:
        return initial_state(result), _state_from_pieces(result, result.n_balls, 0.0)
    size = int(_piece_count(result.events[k:k + 1])[0])
    t = float(result.events[k]["time"])
    return (_state_from_pieces(result, starts[k], t),
            _state_from_pieces(result, starts[k] + size, t))


def energies(result, states: BallStates) -> np.ndarray:
    """Energy of each ball (J): translational + rotational (I = 2/5 m R^2) + m g (z - R)."""
    R, m = result.ball_rows[:, 0], result.ball_rows[:, 1]
    v2 = np.sum(states.velocities ** 2, axis=-1)
    w2 = np.sum(states.angular_velocities ** 2, axis=-1)
    lift = states.positions[..., 2] - R
    return 0.5 * m * v2 + 0.2 * m * R * R * w2 + m * result.params.g * lift


def momentum(result, states: BallStates, balls=slice(None)) -> np.ndarray:
    """Total linear momentum (kg m/s, 3-vector) of the chosen balls."""
    m = result.ball_rows[balls, 1]
    return np.sum(m[:, None] * states.velocities[balls], axis=0)


def overlap_depth(result, positions: np.ndarray, states: np.ndarray) -> float:
    """Deepest interpenetration (m) of two balls in play; <= 0 when none touch. `positions`
    (..., n, 3) and `states` (..., n) may carry leading time axes."""
    R = result.ball_rows[:, 0]
    gap = np.linalg.norm(positions[..., :, None, :] - positions[..., None, :, :], axis=-1)
    depth = (R[:, None] + R[None, :]) - gap
    in_play = ~np.isin(states, OUT_OF_PLAY)
    both = in_play[..., :, None] & in_play[..., None, :]
    n = R.size
    both &= ~np.eye(n, dtype=bool)
    return float(np.max(np.where(both, depth, -np.inf))) if n > 1 else -np.inf


def cushion_depth(result, positions: np.ndarray, states: np.ndarray) -> float:
    """Deepest penetration (m) of a ball on the cloth into a cushion face (rail nose or jaw
    face) or a jaw tip, in the solver's own contact geometry (a face is met at R cos
    theta_a from its line); <= 0 when none. Shapes as in `overlap_depth`. (A ball in the
    air meets the nose edge in 3-D and may fly over it: not checked here.)

    A face counts only over its own length and within one radius behind its line: a
    ball deeper than that would have been caught shallower at an earlier sample."""
    geo = result.table.geometry()
    R = result.ball_rows[:, 0]
    rho = contact_distance(result.table, R)
    xy = positions[..., :2]
    depths = []
    for (p, q), normal in zip(geo.segments, geo.segment_normals):
        rel = xy - p
        along = rel @ (q - p) / np.dot(q - p, q - p)
        depth = rho - rel @ normal
        depths.append(np.where((along >= 0) & (along <= 1) & (depth < R), depth, -np.inf))
    for x, y, r in geo.tips:
        depths.append(r + rho - np.hypot(xy[..., 0] - x, xy[..., 1] - y))
    on_cloth = on_the_cloth(result, positions, states)
    return float(np.max(np.where(on_cloth, np.max(depths, axis=0), -np.inf)))


def on_the_cloth(result, positions: np.ndarray, states: np.ndarray) -> np.ndarray:
    """Which balls are on the cloth: in play, not in flight, centre below 1.5 R (a ball on
    a rail top has its centre at the nose height plus R, above 2 R)."""
    R = result.ball_rows[:, 0]
    return (~np.isin(states, OUT_OF_PLAY + (MotionState.AIRBORNE,)) &
            (positions[..., 2] < 1.5 * R))


def rail_top_escape(result, positions: np.ndarray, states: np.ndarray) -> float:
    """How far (m) the worst ball resting or moving on a rail top is off every rail top
    (the rectangles of TableGeometry.rail_tops) or off its surface height; 0 when every
    such ball is on one, -inf when there is none."""
    geo = result.table.geometry()
    R = result.ball_rows[:, 0]
    on_rail = (~np.isin(states, OUT_OF_PLAY + (MotionState.AIRBORNE,)) &
               (positions[..., 2] >= 1.5 * R))
    if not np.any(on_rail):
        return -np.inf
    xy = positions[..., :2]
    off = np.full(on_rail.shape, np.inf)
    for corners in geo.rail_tops:
        lo, hi = corners.min(axis=0), corners.max(axis=0)
        outside = np.max([lo[0] - xy[..., 0], xy[..., 0] - hi[0],
                          lo[1] - xy[..., 1], xy[..., 1] - hi[1]], axis=0)
        off = np.minimum(off, np.maximum(outside, 0.0))
    off = np.maximum(off, np.abs(positions[..., 2] - (geo.rail_top_height + R)))
    return float(np.max(np.where(on_rail, off, -np.inf)))


def escape_distance(result, positions: np.ndarray, states: np.ndarray) -> float:
    """How far (m) the worst ball on the cloth is outside the table: outside both the
    rectangle its centre may cover between the cushion noses and every pocket's mouth and
    throat (bounded by a disc around the hole reaching a contact distance past the jaw
    points); 0 when every ball is on the table. Shapes as in `overlap_depth`. Penetration
    into the cushions themselves is `cushion_depth`'s business."""
    table = result.table
    geo = table.geometry()
    rho = contact_distance(table, result.ball_rows[:, 0])
    x, y = positions[..., 0], positions[..., 1]
    outside_rect = np.max([rho - x, x - (table.length - rho), rho - y, y - (table.width - rho)],
                          axis=0)
    outside_throat = np.full(outside_rect.shape, np.inf)
    for k, (hx, hy, _) in enumerate(geo.pockets):
        reach = max(np.hypot(*(geo.jaw_points[2 * k + j] - (hx, hy))) for j in (0, 1))
        outside_throat = np.minimum(outside_throat, np.hypot(x - hx, y - hy) - reach - rho)
    on_cloth = on_the_cloth(result, positions, states)
    worst = np.minimum(np.maximum(outside_rect, 0.0), np.maximum(outside_throat, 0.0))
    return float(np.max(np.where(on_cloth, worst, -np.inf)))


def digest(result) -> str:
    """SHA-256 of everything a shot produced: the event log and every trajectory piece,
    byte for byte (what a replay must reproduce)."""
    h = hashlib.sha256(np.ascontiguousarray(result.events).tobytes())
    for array in result.pieces:
        h.update(np.ascontiguousarray(array).tobytes())
    return h.hexdigest()
