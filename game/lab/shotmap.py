"""A shot map: every stroke of a grid over aim, cue speed, side, height and elevation,
played from one position K times under a level's execution noise.

The aim axis is an offset (rad) from the line joining the cue ball's and the target
ball's centres, so a map of one position reads the same whatever the table's frame. A
cell's K strokes are the cell's stroke perturbed by K draws of game.ai.noise from a
generator seeded with (seed, cell): a cell's result depends on nothing else, neither the
chunk it falls in nor the order chunks finish in.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from physics_ext import MotionState, Params, Stroke
from game.ai.levels import level_named
from game.ai.noise import draws, perturb
from game.practice import Position
from game.rules import CUE, Layout

AXES = ("aim", "speed", "side", "height", "elevation")
NO_NOISE = "none"


def position_before(replay, shot) -> Position:
    """The balls on the table as `shot` (a ReplayShot of `replay`) started: its result at
    t = 0, balls already out of play left out."""
    start = shot.result.state_at(0.0)
    return Position(replay.match.table, replay.match.mode, Layout(
        (ball, (float(x), float(y))) for ball, (x, y, _z), state
        in zip(shot.ball_ids, start.positions, start.states)
        if state not in (MotionState.POCKETED, MotionState.OFF_TABLE)))


@dataclass(frozen=True)
class Grid:
    """The values of each axis: aim (rad, offset from the line to the target ball),
    speed (m/s of cue), side and height (fractions of the ball radius), elevation (rad).
    Cells are numbered in C order over AXES (elevation fastest)."""
    aim: tuple
    speed: tuple
    side: tuple = (0.0,)
    height: tuple = (0.0,)
    elevation: tuple = (0.0,)

    @property
    def shape(self) -> tuple:
        return tuple(len(getattr(self, axis)) for axis in AXES)

    @property
    def rows(self) -> int:
        """Rows of the chunk's table: one per cell."""
        return self.stop - self.start

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def cells(self, start: int, stop: int) -> np.ndarray:
        """(stop - start, 5) axis values of cells start..stop-1, columns in AXES order."""
        index = np.unravel_index(np.arange(start, stop), self.shape)
        return np.column_stack([np.asarray(getattr(self, axis), float)[i]
                                for axis, i in zip(AXES, index)])


@dataclass(frozen=True)
class ShotMap:
    """A shot-map run: `position` (the cue ball and the others), `target` (the ball to
    pot), `params` (the physics), `grid`, `noise` (a level name, or "none" for the exact
    strokes), `samples` (K noisy strokes per cell), `seed` and `chunk_cells` (cells per
    chunk)."""
    position: Position
    target: int
    grid: Grid
    noise: str
    samples: int
    seed: int
    chunk_cells: int
    params: Params = Params()

    kind = "shotmap"

    def __post_init__(self):
        if CUE not in self.position.layout:
            raise ValueError("the position has no cue ball")
        if self.target == CUE or self.target not in self.position.layout:
            raise ValueError(f"ball {self.target} is not an object ball of the position")
        if self.noise != NO_NOISE:
            level_named(self.noise)

    @property
    def line_azimuth(self) -> float:
        """Azimuth (rad) of the line from the cue ball's centre to the target's."""
        (cx, cy), (tx, ty) = self.position.layout[CUE], self.position.layout[self.target]
        return math.atan2(ty - cy, tx - cx)

    @property
    def shots(self) -> int:
        return self.grid.size * self.samples

    def chunks(self) -> list:
        step = self.chunk_cells
        return [ShotChunk(self, k, start, min(start + step, self.grid.size))
                for k, start in enumerate(range(0, self.grid.size, step))]


@dataclass(frozen=True)
class ShotChunk:
    """Cells start..stop-1 of `run`, the chunk numbered `index`."""
    run: ShotMap
    index: int
    start: int
    stop: int

    @property
    def rows(self) -> int:
        """Rows of the chunk's table: one per cell."""
        return self.stop - self.start

    @property
    def size(self) -> int:
        """Shots in the chunk."""
        return self.rows * self.run.samples

    def strokes(self) -> tuple:
        """(cell values (cells, 5), strokes): each cell's `samples` strokes as executed,
        cell after cell."""
        run = self.run
        values = run.grid.cells(self.start, self.stop)
        level = None if run.noise == NO_NOISE else level_named(run.noise)
        strokes = []
        for cell, (aim, speed, side, height, elevation) in zip(range(self.start, self.stop),
                                                                values):
            meant = Stroke(azimuth=(run.line_azimuth + aim) % (2.0 * math.pi),
                           elevation=elevation, side=side, height=height, speed=speed)
            if level is None:
                strokes.extend([meant] * run.samples)
            else:
                noise = draws(np.random.default_rng([run.seed, cell]), run.samples)
                strokes.extend(perturb(meant, level, z) for z in noise)
        return values, strokes
