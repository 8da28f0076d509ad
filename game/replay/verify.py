"""Re-simulating recorded shots and comparing digests.

Each shot is re-simulated on its own from its recorded inputs (table, physics
parameters, cue, the balls at rest before the stroke, the stroke), so one divergent shot
does not hide whether the others still match. A divergent shot is only marked: the
replay still plays back what was recorded.

PASS_OVER events are not the solver's: they are worked out from its trajectory pieces
after the shot (physics_ext.flight), and since issue 27 a ball the flying ball touched and
went on over is passed over too. A shot recorded before then whose re-simulation differs
from it only in PASS_OVER events (the pieces, every other event and the final state equal)
still matches. The same holds for the TOUCHING flag, also a reading of the pieces: since
issue 27 a ball that leaves a cushion by less than a referee can see and comes back is
still touching it (physics_ext VISIBLE_GAP_M), so an older shot may gain TOUCHING bits on
events whose times, balls and speeds are all unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass

import dataclasses

import physics_ext
from physics_ext import Ball, EventFlag, EventKind, ShotResult, SimulationError

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
        data = ShotData.of(resimulate(replay, shot))
    except (SimulationError, ValueError) as exc:
        return ShotCheck(shot.index, False, shot.digest, None, f"the solver refused it: {exc}")
    digest = data.digest()
    matches = digest == shot.digest or (
        _without_readings(data) == _without_readings(shot.data))
    return ShotCheck(shot.index, matches, shot.digest, digest)


def _without_readings(data: ShotData) -> str:
    """The digest of `data` with its PASS_OVER events left out and its TOUCHING flags
    cleared (the module docstring)."""
    events = data.events[data.events["kind"] != EventKind.PASS_OVER].copy()
    events["flags"] &= ~int(EventFlag.TOUCHING)
    return dataclasses.replace(data, events=events).digest()


def verify(replay: Replay, progress=None) -> tuple:
    """ShotCheck for every shot, in order. progress: an optional callable taking each
    check as it is made (a progress bar)."""
    checks = []
    for shot in replay.shots:
        checks.append(verify_shot(replay, shot))
        if progress is not None:
            progress(checks[-1])
    return tuple(checks)
