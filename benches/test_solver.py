"""Benchmarks of the physics core (issue 2), on the canonical scenes of tests/physics.

Run for real with `python -m pytest benches/test_solver.py --benchmark-enable
--benchmark-only`; under the default `--benchmark-disable` each runs once as a plain test.
Timings are reported, never asserted. Issue 2's targets on the 2-core machine: median 9-ball
break <= 0.4 ms; >= 150,000 events/s on random shots; cost per event growing no faster than
linearly with the number of balls.
"""
import numpy as np
import pytest

from physics_ext import simulate
from tests.physics.scenes import (NINE_FOOT, crowd_shot, eight_ball_break, nine_ball_break,
                                  random_shot)

RANDOM_SHOTS = 1000
RANDOM_SEED = 20240601         # fixed: every run times the same 1,000 shots
CROWD_SIZES = (16, 32, 64, 128)


def report(benchmark, events):
    """Events per shot (or per batch), and, when timed, the rate and cost per event from
    the median run (pytest-benchmark leaves `stats` empty under --benchmark-disable)."""
    assert events > 0
    benchmark.extra_info["events"] = events
    if benchmark.stats:
        median = benchmark.stats.stats.median
        benchmark.extra_info["events_per_s"] = round(events / median)
        benchmark.extra_info["us_per_event"] = round(1e6 * median / events, 4)


def test_nine_ball_break(benchmark):
    """Cue ball on the head string, 8 m/s straight into the 1-ball of a tight diamond."""
    table, balls = nine_ball_break()
    result = benchmark(simulate, table, balls)
    report(benchmark, len(result.events))


def test_eight_ball_break(benchmark):
    """Red/yellow 8-ball on the English table: cue ball in the D, 8 m/s into the apex."""
    table, balls = eight_ball_break()
    result = benchmark(simulate, table, balls)
    report(benchmark, len(result.events))


def test_random_shots(benchmark):
    """1,000 random shots on a 10-ball table (cue ball at 0.3-12 m/s, any spin)."""
    rng = np.random.default_rng(RANDOM_SEED)
    shots = [random_shot(rng, 10) for _ in range(RANDOM_SHOTS)]

    def run_all():
        return sum(len(simulate(NINE_FOOT, balls).events) for balls in shots)

    report(benchmark, benchmark(run_all))


@pytest.mark.parametrize("n_balls", CROWD_SIZES)
def test_scaling_with_ball_count(benchmark, n_balls):
    """n balls all rolling at random on a table scaled to keep 16 balls' density: events
    grow with n, so the cost per event shows how one event's work grows with n."""
    table, balls = crowd_shot(np.random.default_rng(n_balls), n_balls)
    result = benchmark(simulate, table, balls)
    report(benchmark, len(result.events))
    benchmark.extra_info["n_balls"] = n_balls
