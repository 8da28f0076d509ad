"""The path of every ball through a shot, sampled for drawing (no Panda3D): the 3D
viewer's traces and the trajectory plot.

Samples are a regular grid of SAMPLE_HZ plus every event's instant, so each bounce is a
sharp corner of the drawn path rather than a rounded chord. A path ends where its ball
leaves play (pocketed or off the table); balls that never move have no path.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from physics_ext import MotionState

SAMPLE_HZ = 240.0      # a 10 m/s ball moves 4 cm between samples; events add the corners
_GONE = (int(MotionState.POCKETED), int(MotionState.OFF_TABLE))


@dataclass(frozen=True)
class BallPath:
    """Ball `ball_id` (physics index `index`) at `times` (T,) s: centres (T, 3) m."""
    ball_id: int
    index: int
    times: np.ndarray
    positions: np.ndarray


def sample_times(result, hz: float = SAMPLE_HZ) -> np.ndarray:
    """The grid and every event time, sorted and unique, from 0 to the shot's end (s)."""
    end = result.duration
    grid = np.linspace(0.0, end, max(int(np.ceil(end * hz)), 1) + 1)
    return np.unique(np.concatenate([grid, result.events["time"]]))


def ball_paths(result, ball_ids, hz: float = SAMPLE_HZ) -> tuple:
    """A BallPath for every ball that moved, in physics order."""
    times = sample_times(result, hz)
    s = result.sample(times)
    paths = []
    for i, ball_id in enumerate(ball_ids):
        positions = s.positions[:, i]
        gone = np.isin(s.states[:, i], _GONE)
        # Keep the first sample in the pocket (where the ball crossed the hole's edge).
        last = int(np.argmax(gone)) + 1 if gone.any() else times.size
        if np.ptp(positions[:last], axis=0).max() == 0.0:
            continue
        paths.append(BallPath(int(ball_id), i, times[:last], positions[:last]))
    return tuple(paths)
