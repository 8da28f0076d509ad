"""Benchmark of the drills' personal bests: the Drills page and a drill's HUD read every
recorded attempt's manifest from the replay folder (`game.drills.history`). Run with
`python -m pytest benches/test_drill_history_bench.py --benchmark-enable
--benchmark-only`; timings are reported, never asserted."""
import math
import shutil
from pathlib import Path

import pytest

from game.drills import DrillAttempt, shipped_drills
from game.drills.history import drill_record, recorded_attempts
from physics_ext import Stroke

ATTEMPTS = 200
MATCHES = 200           # recorded matches beside them, which are never opened
FIXTURE = (Path(__file__).resolve().parents[1] / "tests" / "replay" / "fixtures"
           / "format_1.4_nine_ball.bsreplay")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """ATTEMPTS recorded attempts at the stop shots (copies of one, each a shot long) and
    MATCHES recorded matches."""
    folder = tmp_path_factory.mktemp("replays")
    drill = next(d for d in shipped_drills() if d.id == "stop_shots")
    attempt = DrillAttempt(drill, "Ann", directory=folder)
    (cx, cy), (bx, by) = attempt.layout[0], attempt.layout[1]
    attempt.shoot(Stroke(math.atan2(by - cy, bx - cx), 0.0, 0.0, 0.0, 2.5))
    attempt.close()
    (first,) = folder.glob("*.bsreplay")
    for k in range(1, ATTEMPTS):
        shutil.copy(first, folder / f"{k:04d}_drill-stop_shots_Ann.bsreplay")
    for k in range(MATCHES):
        shutil.copy(FIXTURE, folder / f"{k:04d}_nine_ball_Ann-vs-Bob.bsreplay")
    return folder


def test_read_every_attempt_and_the_record(benchmark, folder):
    def record():
        return drill_record(recorded_attempts(folder), "stop_shots", "Ann")

    result = benchmark(record)
    benchmark.extra_info["attempts"] = ATTEMPTS
    benchmark.extra_info["matches"] = MATCHES
    assert result.attempts == ATTEMPTS and result.best == 1
