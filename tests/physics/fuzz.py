"""Hostile valid shots for the solver, run in batches (physics_ext.batch), with the checks
every shot must pass (issue 27, point 6).

Layouts put balls where the solver's corner cases live: touching a cushion nose or a jaw
face, touching a rounded jaw tip, in a pocket's mouth, touching other balls (chains and
clusters), in the air (over the cloth, level with a cushion's rubber, over a rail top), on
both tables with the pool and the blackball sizes. Half the shots are cue strokes
(`shoot_batch`: any direction, elevation up to 89 degrees, any offset including miscues,
0.05-15 m/s); the other half give balls random velocities and spins (`simulate_batch`:
speeds from 0.1 mm/s to 12 m/s, spins up to 150 rad/s, rolling, stun or anything). Shots
the validator refuses are counted and left out: a shot it accepts must be solved.

Checks of every accepted shot (`check_batch`): no ShotError (the solver stalled or hit the
event cap); every ball ends STATIONARY on the cloth, POCKETED, or OFF_TABLE (set only by an
OFF_TABLE event); the stationary balls are where the validator would accept them, with no
overlap and nothing in a cushion or jaw beyond CONTACT_TOL_M (1 nm); and, for shots run with
their logs (`energy_rise`), the total energy (kinetic + m g (z - R)) never rises at an
event beyond the snapping and rounding allowances.

    python -m tests.physics.fuzz --shots 1000000 [--seed 0] [--batch 20000] [--energy 0.05]

prints the counts per kind of failure and the first failing shots' seeds; every shot is
rebuilt from (seed, shot index) alone (`shot_batch`).
"""
from __future__ import annotations

import argparse
import math
import time

import numpy as np

from physics_ext import MotionState, Params, TableSpec, _flight, _query
from physics_ext import constants as C
from physics_ext.api import MAX_SPEED_MPS, OVERLAP_TOL_M, contact_distance
from physics_ext.batch import ShotError, shoot_batch, simulate_batch

TABLES = (TableSpec.nine_foot(), TableSpec.english_seven_foot())
SIZES = ((C.POOL_BALL_RADIUS, C.POOL_BALL_MASS),
         (C.BLACKBALL_OBJECT_RADIUS, C.BLACKBALL_OBJECT_MASS),
         (C.BLACKBALL_CUE_RADIUS, C.BLACKBALL_CUE_MASS))
# Final positions are checked with this tolerance (m): the solver's "touching".
CONTACT_TOL_M = 1e-9
# Energy may move by snapping speeds below this to zero (physics_ext/README.md, Energy).
SNAP_MPS = 1e-9
ROUNDING = 1e-13
PLACE_TRIES = 20
PLACEMENTS = ("open", "cushion", "tip", "touch", "mouth")


def _place(rng, table, geo, radius, placed) -> tuple:
    """(x, y, z) of a new ball of `radius`: one of PLACEMENTS, maybe in the air."""
    rho = contact_distance(table, radius)
    kind = PLACEMENTS[rng.integers(len(PLACEMENTS))]
    if kind == "touch" and placed:
        x, y, z, r = placed[rng.integers(len(placed))]
        a = rng.uniform(0, 2 * math.pi)
        d = math.sqrt((r + radius) ** 2 - (r - radius) ** 2)
        x, y = x + d * math.cos(a), y + d * math.sin(a)
    elif kind == "cushion":
        k = rng.integers(len(geo.segments))
        (x1, y1), (x2, y2) = geo.segments[k]
        lam = rng.uniform(-0.02, 1.02)
        n = geo.segment_normals[k]
        x, y = x1 + lam * (x2 - x1) + rho * n[0], y1 + lam * (y2 - y1) + rho * n[1]
    elif kind == "tip":
        tx, ty, tr = geo.tips[rng.integers(len(geo.tips))]
        a = rng.uniform(0, 2 * math.pi)
        x, y = tx + (tr + rho) * math.cos(a), ty + (tr + rho) * math.sin(a)
    elif kind == "mouth":
        px, py, pr = geo.pockets[rng.integers(len(geo.pockets))]
        cx, cy = table.length / 2, table.width / 2
        s = rng.uniform(1.0, 2.5) * pr
        d = math.hypot(cx - px, cy - py)
        x = px + s * (cx - px) / d + rng.normal(0, 0.02)
        y = py + s * (cy - py) / d + rng.normal(0, 0.02)
    else:
        x, y = rng.uniform(rho, table.length - rho), rng.uniform(rho, table.width - rho)
    z = radius
    if rng.uniform() < 0.12:
        z = radius + (rng.uniform(0, 0.02) if rng.uniform() < 0.5 else rng.uniform(0, 0.2))
    return x, y, z


def _layout(rng, table, n) -> np.ndarray:
    """(n, 11) rows at rest: radius, mass, position of n balls (_place), each placed
    again (up to PLACE_TRIES times) until the validator accepts it."""
    geo = table.geometry()
    rows = np.zeros((n, 11))
    placed = []
    pool = table is TABLES[0]
    for i in range(n):
        radius, mass = SIZES[0] if pool else SIZES[1 + (i == 0)]
        for _ in range(PLACE_TRIES):
            x, y, z = _place(rng, table, geo, radius, placed)
            rows[i, :5] = radius, mass, x, y, z
            if _query.first_problem(rows[:i + 1], geo.segments, geo.segment_normals,
                                    geo.outline, geo.tips, geo.pockets,
                                    table.cushion_height, OVERLAP_TOL_M, MAX_SPEED_MPS,
                                    geo.rail_top_width, table.rail_top_height)[0] == 0:
                break
        placed.append((x, y, z, radius))
    return rows


def _motion(rng, row) -> None:
    """Give a ball row a random velocity and spin (simulate mode)."""
    R = row[0]
    speed = 10 ** rng.uniform(-4, math.log10(12.0))
    a = rng.uniform(0, 2 * math.pi)
    v = np.array([speed * math.cos(a), speed * math.sin(a), 0.0])
    if row[4] > R:
        v[2] = rng.uniform(-3.0, 3.0)
    kind = rng.integers(4)
    if kind == 0:          # rolling
        w = np.array([-v[1] / R, v[0] / R, rng.normal(0, 20)])
    elif kind == 1:        # stun
        w = np.array([0.0, 0.0, rng.normal(0, 20)])
    else:
        w = rng.uniform(-150, 150, 3) * (10 ** rng.uniform(-3, 0))
    row[5:8] = v
    row[8:11] = w


def shot_batch(seed: int, shots: int) -> tuple:
    """(table, mode, rows, strokes) of a batch of `shots` hostile shots from `seed`: mode
    "shoot" (rows (N, n, 11) at rest, strokes (N, 6)) or "simulate" (strokes None)."""
    rng = np.random.default_rng(seed)
    table = TABLES[seed % 2]
    mode = "shoot" if (seed // 2) % 2 == 0 else "simulate"
    n = int(rng.integers(1, 7))
    rows = np.stack([_layout(rng, table, n) for _ in range(shots)])
    if mode == "simulate":
        for s in range(shots):
            moving = rng.uniform(size=n) < 0.6
            moving[rng.integers(n)] = True
            for i in np.flatnonzero(moving):
                _motion(rng, rows[s, i])
        return table, mode, rows, None
    strokes = np.empty((shots, 6))
    strokes[:, 0] = rng.uniform(-math.pi, math.pi, shots)
    elevation = rng.uniform(0, math.radians(89), shots)
    strokes[:, 1] = np.where(rng.uniform(size=shots) < 0.5, 0.0, elevation)
    r = 0.99 * np.sqrt(rng.uniform(size=shots))
    a = rng.uniform(0, 2 * math.pi, shots)
    strokes[:, 2] = r * np.cos(a)
    strokes[:, 3] = r * np.sin(a)
    strokes[:, 4] = rng.uniform(0.05, C.MAX_CUE_SPEED, shots)
    strokes[:, 5] = C.CUE_FOLLOW_THROUGH
    return table, mode, rows, strokes


def run_batch(table, mode, rows, strokes, logs=False, params=Params()):
    if mode == "shoot":
        return shoot_batch(table, rows, strokes, params, logs=logs, invalid="skip")
    return simulate_batch(table, rows, params, logs=logs, invalid="skip")


def check_batch(batch) -> dict:
    """{kind of failure: shot indices} of a finished batch (see the module docstring)."""
    table = batch.table
    ok = batch.error == ShotError.OK
    fails = {"stalled": np.flatnonzero(batch.error == ShotError.STALLED),
             "event_cap": np.flatnonzero(batch.error == ShotError.EVENT_CAP)}
    states = batch.states
    resting = states == MotionState.STATIONARY
    good_state = resting | (states == MotionState.POCKETED) | (states == MotionState.OFF_TABLE)
    fails["not_at_rest"] = np.flatnonzero(ok & ~good_state.all(axis=1))
    # stationary balls must be where the validator accepts a ball at rest: to 1 nm if
    # they moved, to the validator's own tolerance if they rest where they were given
    rows = batch.rows.copy()
    rows[:, :, 5:] = 0.0
    rows[:, :, 2:5] = batch.positions
    lifted = resting & (np.abs(batch.positions[:, :, 2] - rows[:, :, 0]) > CONTACT_TOL_M)
    fails["rest_off_cloth"] = np.flatnonzero(ok & lifted.any(axis=1))
    moved = np.any(batch.positions != batch.rows[:, :, 2:5], axis=2)
    # ... and the balls of a shot given pressed into each other or a cushion (within the
    # validator's tolerance, which the solver parts at their first contact) no deeper
    # than that
    start = batch.rows.copy()
    start[:, :, 5:] = 0.0
    strict = np.repeat((_problems(table, _parked(start, np.zeros_like(moved), table),
                                  CONTACT_TOL_M) == 0)[:, None], moved.shape[1], axis=1)
    off, overlap = [], []
    for away, tol in ((~(resting & moved & strict), CONTACT_TOL_M),
                      (~resting, OVERLAP_TOL_M)):
        problems = _problems(table, _parked(rows, away, table)[ok], tol)
        bad = np.flatnonzero(ok)[problems != _query.PROBLEM_NONE]
        hit = problems[problems != _query.PROBLEM_NONE] == _query.PROBLEM_OVERLAP
        overlap.append(bad[hit])
        off.append(bad[~hit])
    fails["overlap"] = np.union1d(*overlap)
    fails["off_table"] = np.union1d(*off)
    return fails


def _parked(rows, away, table) -> np.ndarray:
    """rows with the balls `away` (N, n) moved high above the table's centre, apart."""
    rows = rows.copy()
    rows[:, :, 5:] = 0.0
    n = rows.shape[1]
    rows[:, :, 2] = np.where(away, table.length / 2, rows[:, :, 2])
    rows[:, :, 3] = np.where(away, table.width / 2, rows[:, :, 3])
    rows[:, :, 4] = np.where(away, 10.0 + 0.2 * np.arange(n)[None, :], rows[:, :, 4])
    return np.ascontiguousarray(rows)


def _problems(table, rows, tol) -> np.ndarray:
    """(N,) the validator's first problem (PROBLEM_*) of each shot's rows."""
    geo = table.geometry()
    out = np.empty((rows.shape[0], 3), dtype=np.int32)
    _query.first_problems(rows, geo.segments, geo.segment_normals, geo.outline, geo.tips,
                          geo.pockets, table.cushion_height, tol, MAX_SPEED_MPS,
                          geo.rail_top_width, table.rail_top_height, out)
    return out[:, 0]


def energy_rise(table, params, rows, events, pieces) -> float:
    """Largest rise (J) of the total energy at one event of a logged shot, beyond the
    snapping and rounding allowances (<= 0 when energy never rises)."""
    ball, state, t0, rvw = pieces
    n = rows.shape[0]
    if len(ball) <= n:
        return -math.inf
    R, m = rows[ball, 0], rows[ball, 1]
    acc = _flight.pieces(ball, state, t0, rvw, rows[:, :2], params.solver_array(),
                         table.cushion_height)[1][:, 2]
    # each piece's predecessor (the same ball's previous piece)
    order = np.argsort(ball, kind="stable")
    prev = np.full(len(ball), -1)
    same = ball[order][1:] == ball[order][:-1]
    prev[order[1:][same]] = order[:-1][same]
    later = np.flatnonzero(prev >= 0)
    q = prev[later]
    tau = t0[later] - t0[q]
    v = rvw[q, 3:6] + acc[q] * tau[:, None]
    z = rvw[q, 2] + rvw[q, 5] * tau + 0.5 * acc[q, 2] * tau * tau
    w = rvw[q, 6:9].copy()
    sliding = state[q] == MotionState.SLIDING
    Rq = R[later]
    w[sliding, 0] += 2.5 / Rq[sliding] * acc[q[sliding], 1] * tau[sliding]
    w[sliding, 1] -= 2.5 / Rq[sliding] * acc[q[sliding], 0] * tau[sliding]
    rolling = state[q] == MotionState.ROLLING
    w[rolling, 0] = -v[rolling, 1] / Rq[rolling]
    w[rolling, 1] = v[rolling, 0] / Rq[rolling]
    cloth = np.isin(state[q], (MotionState.SLIDING, MotionState.ROLLING, MotionState.SPINNING))
    alpha = 2.5 * params.u_sp * params.g / Rq
    wz = np.sign(w[:, 2]) * np.maximum(np.abs(w[:, 2]) - alpha * tau, 0.0)
    w[cloth, 2] = wz[cloth]
    mq = m[later]

    def energy(v, w, z):
        return (0.5 * mq * np.sum(v * v, axis=1) + 0.2 * mq * Rq * Rq * np.sum(w * w, axis=1)
                + mq * params.g * (z - Rq))

    before = energy(v, w, z)
    after = energy(rvw[later, 3:6], rvw[later, 6:9], rvw[later, 2])
    slack = (SNAP_MPS * mq * (np.linalg.norm(v, axis=1) + Rq * np.linalg.norm(w, axis=1))
             + ROUNDING * np.abs(before))
    # pieces of one event share its time; sum per event (the pair of a BALL_BALL)
    key = np.searchsorted(np.unique(t0[later]), t0[later])
    gain = np.bincount(key, after - before - slack)
    return float(gain.max())


def run(shots: int, seed: int = 0, batch: int = 20000, energy: float = 0.0,
        verbose: bool = True) -> dict:
    """Run `shots` hostile shots in batches of `batch` from seed `seed` on; check the
    logs (energy) of the fraction `energy` of the batches. Returns the totals."""
    totals = {"shots": 0, "refused": 0, "events": 0, "energy_checked": 0, "energy_rise": 0,
              "max_events": 0}
    examples = {}
    start = time.perf_counter()
    k = seed
    rng = np.random.default_rng(seed + 12345)
    while totals["shots"] < shots:
        size = min(batch, shots - totals["shots"])
        table, mode, rows, strokes = shot_batch(k, size)
        logs = rng.uniform() < energy
        result = run_batch(table, mode, rows, strokes, logs=logs)
        totals["shots"] += size
        totals["refused"] += int(np.sum(result.error == ShotError.INVALID))
        totals["events"] += int(result.event_count[result.ok].sum())
        totals["max_events"] = max(totals["max_events"], int(result.event_count.max()))
        for kind, where in check_batch(result).items():
            totals[kind] = totals.get(kind, 0) + len(where)
            if len(where):
                examples.setdefault(kind, []).extend((k, size, int(s)) for s in where[:3])
        if logs:
            for s in np.flatnonzero(result.ok):
                events, pieces = result.logs[s]
                totals["energy_checked"] += 1
                if energy_rise(table, result.params, result.rows[s], events, pieces) > 0.0:
                    totals["energy_rise"] += 1
                    examples.setdefault("energy_rise", []).append((k, size, int(s)))
        k += 1
        if verbose:
            print(f"{totals['shots']} shots, {time.perf_counter() - start:.0f} s: "
                  f"{ {a: b for a, b in totals.items() if b} }", flush=True)
    totals["seconds"] = time.perf_counter() - start
    totals["examples"] = {kind: v[:10] for kind, v in examples.items()}
    return totals


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=20000)
    parser.add_argument("--energy", type=float, default=0.05,
                        help="fraction of the batches whose logs are checked for energy")
    args = parser.parse_args(argv)
    totals = run(args.shots, args.seed, args.batch, args.energy)
    for key, value in totals.items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
