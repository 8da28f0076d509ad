"""Re-simulating recorded shots and comparing digests.

Each shot is re-simulated on its own from its recorded inputs (table, physics
parameters, cue, the balls at rest before the stroke, the stroke), so one divergent shot
does not hide whether the others still match. A divergent shot is only marked: the
replay still plays back what was recorded.
"""
from __future__ import annotations

from dataclasses import dataclass

import physics_ext
from physics_ext import Ball, ShotResult, SimulationError

from .model import Replay, ReplayShot
from .shotdata import ShotData


@dataclass(frozen=True)
class ShotCheck:
    """The outcome of re-simulating one shot. matches: the digests are equal. digest:
    the new digest (None when the solver failed, then `error` says why)."""
    index: int
    matches: bool
    recorded: str
    digest: str | None
    error: str | None = None


def resimulate(replay: Replay, shot: ReplayShot) -> ShotResult:
    """The shot simulated again by today's solver from its recorded inputs."""
    rows = shot.data.rows
    balls = [Ball(float(r[0]), float(r[1]), tuple(r[2:5].tolist())) for r in rows]
    return physics_ext.shoot(replay.match.table, balls, shot.data.cue_index, shot.stroke,
                             replay.match.params, replay.match.cue)


def verify_shot(replay: Replay, shot: ReplayShot) -> ShotCheck:
    try:
        digest = ShotData.of(resimulate(replay, shot)).digest()
    except (SimulationError, ValueError) as exc:
        return ShotCheck(shot.index, False, shot.digest, None, f"the solver refused it: {exc}")
    return ShotCheck(shot.index, digest == shot.digest, shot.digest, digest)


def verify(replay: Replay, progress=None) -> tuple:
    """ShotCheck for every shot, in order. progress: an optional callable taking each
    check as it is made (a progress bar)."""
    checks = []
    for shot in replay.shots:
        checks.append(verify_shot(replay, shot))
        if progress is not None:
            progress(checks[-1])
    return tuple(checks)
