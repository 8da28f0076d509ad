"""Benchmarks of the physics core (issue 2), on the canonical scenes of tests/physics.

Run for real with `python -m pytest benches/test_solver.py --benchmark-enable
--benchmark-only`; under the default `--benchmark-disable` each runs once as a plain test.
Timings are reported, never asserted. Issue 2's targets on the 2-core machine: median 9-ball
break <= 0.4 ms; >= 150,000 events/s on random shots; cost per event growing no faster than
linearly with the number of balls. Issue 30's, through the single-shot API (shoot(), with
the cue's follow-through and faults): a random 10-ball shot <= 62 us CPU, the 9-ball break
30 % below its time before; a call's fixed cost within a few us of the batch's per shot
(`python -m benches.single_figures` prints them in CPU time).
"""
import numpy as np
import pytest

from benches.single_figures import break_stroke, random_strokes, resting_balls
from physics_ext import ball_rows, shoot, simulate, simulate_batch
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


def test_single_shot_random_strokes(benchmark):
    """1,000 random 10-ball shots through shoot(): the random shots above, struck by a
    cue (single_figures.random_strokes), with the cue's follow-through and faults."""
    shots = random_strokes(RANDOM_SHOTS, seed=RANDOM_SEED)

    def run_all():
        return sum(len(shoot(NINE_FOOT, balls, 0, stroke).events) for balls, stroke in shots)

    report(benchmark, benchmark(run_all))


def test_single_shot_nine_ball_break(benchmark):
    """The 9-ball break through shoot(): the cue ball struck full to leave at 8 m/s."""
    table, balls, stroke = break_stroke()
    result = benchmark(shoot, table, balls, 0, stroke)
    report(benchmark, len(result.events))


def test_single_call_fixed_cost(benchmark):
    """simulate() on 10 resting balls: no event, so all of the call is fixed cost
    (validation, set-up, the result); compare test_batch_fixed_cost_per_shot."""
    balls = resting_balls()
    result = benchmark(simulate, NINE_FOOT, balls)
    assert result.events.size == 0
    benchmark.extra_info["events"] = 0


def test_batch_fixed_cost_per_shot(benchmark):
    """simulate_batch on 1,000 copies of the same resting layout, on one thread: its fixed
    cost per shot is the median over 1,000."""
    rows = ball_rows([resting_balls()] * RANDOM_SHOTS)
    result = benchmark(simulate_batch, NINE_FOOT, rows, threads=1)
    assert not result.event_count.any()
    benchmark.extra_info["shots"] = RANDOM_SHOTS
