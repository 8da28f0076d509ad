"""evaluate_chunk: the one function every backend runs, for a chunk of either kind.

It is pure: a chunk's table depends only on the chunk (its parameters and seeds), so a
chunk may be computed anywhere, again after a worker died, and gives the same bytes.

A shot-map chunk plays all its strokes in one physics_ext.shoot_batch call (`_shoot_all`):
the same solver as shoot(), bit for bit, without the per-call Python cost of the solver.
The cue's follow-through, which finds the stroke faults, runs only for the strokes that
potted the target, on their full results.
"""
from __future__ import annotations

import numpy as np
import pyarrow as pa

import physics_ext
from physics_ext import MotionState
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
    the target (pots), lost the cue ball (scratches: pocketed or off the table), potted
    it without losing the cue ball with a fouled stroke (fouled_pots: a stroke fault of
    the cue, physics_ext.CueFault, or a miscue), with a fair one (clean_pots), were
    refused by the solver (refused), the events solved, and p_pot = clean_pots /
    samples."""
    run = chunk.run
    values, strokes = chunk.strokes()
    potted, lost, fouled, events, refused = _shoot_all(chunk, strokes)
    shape = (chunk.stop - chunk.start, run.samples)
    potted, lost, fouled = potted.reshape(shape), lost.reshape(shape), fouled.reshape(shape)
    clean = (potted & ~lost & ~fouled).sum(axis=1)
    columns = {"cell": pa.array(np.arange(chunk.start, chunk.stop), pa.int64())}
    for k, axis in enumerate(AXES):
        columns[axis] = pa.array(values[:, k])
        if axis == "aim":
            columns["azimuth"] = pa.array(np.mod(run.line_azimuth + values[:, k], 2 * np.pi))
    columns.update(
        samples=pa.array(np.full(shape[0], run.samples), pa.int32()),
        pots=pa.array(potted.sum(axis=1), pa.int32()),
        scratches=pa.array(lost.sum(axis=1), pa.int32()),
        fouled_pots=pa.array(fouled.sum(axis=1), pa.int32()),
        clean_pots=pa.array(clean, pa.int32()),
        refused=pa.array(refused.reshape(shape).sum(axis=1), pa.int32()),
        events=pa.array(events.reshape(shape).sum(axis=1), pa.int64()),
        p_pot=pa.array(clean / run.samples))
    return pa.table(columns)


def _shoot_all(chunk: ShotChunk, strokes) -> tuple:
    """(potted, lost, fouled, events, refused) per stroke: the target pocketed, the cue
    ball pocketed or off the table, a stroke that did the first without the second was
    fouled (a miscue, or a stroke fault of the cue: push, double hit, ferrule, struck
    another ball), the events the solver recorded, the solver refused it. One batch call
    on one thread: the backends spread chunks over processes or workers. The stroke
    faults come from the cue's follow-through on the shot's full result (physics_ext.cue),
    found only for those strokes: the others are no pot whatever the cue did (the batch's
    own faults=True would run it for every stroke)."""
    run = chunk.run
    balls, ids = run.position.physics_balls()
    target, cue = ids.index(run.target), ids.index(CUE)
    result = physics_ext.shoot_batch(run.position.table, balls, strokes, run.params,
                                     cue_index=cue, threads=1, invalid="skip", logs=True,
                                     faults=False)
    ok = result.error == physics_ext.ShotError.OK
    potted = ok & (result.states[:, target] == MotionState.POCKETED)
    lost = ok & np.isin(result.states[:, cue], LOST)
    fouled = potted & ~lost & result.miscue
    for k in np.flatnonzero(potted & ~lost & ~result.miscue).tolist():
        fouled[k] = bool(result.shot_result(k).stroke_faults)
    events = np.where(ok, result.event_count, 0).astype(np.int64)
    return potted, lost, fouled, events, ~ok
