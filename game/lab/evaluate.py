"""evaluate_chunk: the one function every backend runs, for a chunk of either kind.

It is pure: a chunk's table depends only on the chunk (its parameters and seeds), so a
chunk may be computed anywhere, again after a worker died, and gives the same bytes.

A shot-map chunk plays its strokes through `_shoot_all`, one physics_ext.shoot() per
stroke today; the batch solver (physics_ext.shoot_batch) is to replace that loop with one
call returning the same four arrays.
"""
from __future__ import annotations

import numpy as np
import pyarrow as pa

import physics_ext
from physics_ext import MotionState, SimulationError
from game.rules import CUE

from .shotmap import AXES, ShotChunk
from .tournament import GameChunk, play_games

LOST = (MotionState.POCKETED, MotionState.OFF_TABLE)


def evaluate_chunk(chunk) -> pa.Table:
    """The rows of `chunk`: a ShotChunk's cells (shot_rows) or a GameChunk's games
    (tournament.play_games)."""
    if isinstance(chunk, GameChunk):
        return play_games(chunk)
    if isinstance(chunk, ShotChunk):
        return shot_rows(chunk)
    raise TypeError(f"not a chunk: {type(chunk).__name__}")


def shot_rows(chunk: ShotChunk) -> pa.Table:
    """One row per cell: its index, axis values (aim offset and azimuth in rad, speed in
    m/s, side and height in R, elevation in rad), the samples played, how many potted
    the target (pots), lost the cue ball (scratches: pocketed or off the table), did the
    first without the second (clean_pots), were refused by the solver (refused), the
    events solved, and p_pot = clean_pots / samples."""
    run = chunk.run
    values, strokes = chunk.strokes()
    potted, lost, events, refused = _shoot_all(chunk, strokes)
    shape = (chunk.stop - chunk.start, run.samples)
    potted, lost = potted.reshape(shape), lost.reshape(shape)
    clean = (potted & ~lost).sum(axis=1)
    columns = {"cell": pa.array(np.arange(chunk.start, chunk.stop), pa.int64())}
    for k, axis in enumerate(AXES):
        columns[axis] = pa.array(values[:, k])
        if axis == "aim":
            columns["azimuth"] = pa.array(np.mod(run.line_azimuth + values[:, k], 2 * np.pi))
    columns.update(
        samples=pa.array(np.full(shape[0], run.samples), pa.int32()),
        pots=pa.array(potted.sum(axis=1), pa.int32()),
        scratches=pa.array(lost.sum(axis=1), pa.int32()),
        clean_pots=pa.array(clean, pa.int32()),
        refused=pa.array(refused.reshape(shape).sum(axis=1), pa.int32()),
        events=pa.array(events.reshape(shape).sum(axis=1), pa.int64()),
        p_pot=pa.array(clean / run.samples))
    return pa.table(columns)


def _shoot_all(chunk: ShotChunk, strokes) -> tuple:
    """(potted, lost, events, refused) per stroke: the target pocketed, the cue ball
    pocketed or off the table, the events of the shot, the solver refused it."""
    run = chunk.run
    balls, ids = run.position.physics_balls()
    target = ids.index(run.target)
    n = len(strokes)
    potted, lost, refused = np.zeros(n, bool), np.zeros(n, bool), np.zeros(n, bool)
    events = np.zeros(n, np.int64)
    for k, stroke in enumerate(strokes):
        try:
            result = physics_ext.shoot(run.position.table, balls, ids.index(CUE), stroke,
                                       run.params)
        except (ValueError, SimulationError):
            refused[k] = True
            continue
        states = result.final.states
        potted[k] = states[target] == MotionState.POCKETED
        lost[k] = states[ids.index(CUE)] in LOST
        events[k] = len(result.events)
    return potted, lost, events, refused
