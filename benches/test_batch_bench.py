"""Benchmarks of the batch solver (issue 17). Run for real with
`python -m pytest benches/test_batch_bench.py --benchmark-enable --benchmark-only`; under
the default `--benchmark-disable` each runs once as a plain test. Timings are reported,
never asserted; `python -m benches.batch_figures` prints the whole table. Issue 17's
targets on the 2-core machine: at most 5 us of fixed cost per shot; at least 1,000,000
events/s on random 10-ball shots."""
import pytest

from benches.batch_figures import random_rows, resting_rows
from benches.test_solver import report
from physics_ext import simulate_batch
from physics_ext.batch import default_threads
from tests.physics.scenes import NINE_FOOT

SHOTS = 1000


@pytest.mark.parametrize("threads", [1, default_threads()])
def test_fixed_cost_per_shot(benchmark, threads):
    """1,000 layouts of 10 resting balls: no event, all validation, set-up and summary."""
    rows = resting_rows(SHOTS)
    result = benchmark(simulate_batch, NINE_FOOT, rows, threads=threads)
    assert result.ok.all() and not result.event_count.any()
    if benchmark.stats:
        benchmark.extra_info["us_per_shot"] = round(1e6 * benchmark.stats.stats.median / SHOTS, 3)


@pytest.mark.parametrize("threads", [1, default_threads()])
def test_random_ten_ball_shots(benchmark, threads):
    """The 1,000 random 10-ball shots of benches/test_solver.py, as one batch."""
    rows = random_rows(SHOTS)
    result = benchmark(simulate_batch, NINE_FOOT, rows, threads=threads)
    assert result.ok.all()
    report(benchmark, int(result.event_count.sum()))
    if benchmark.stats:
        benchmark.extra_info["us_per_shot"] = round(1e6 * benchmark.stats.stats.median / SHOTS, 3)
