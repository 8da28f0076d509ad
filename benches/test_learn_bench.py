"""Benchmarks of the learning environments (issue 30, point 3). Run for real with
`python -m pytest benches/test_learn_bench.py --benchmark-enable --benchmark-only`; under
the default `--benchmark-disable` each runs once as a plain test. Timings are reported,
never asserted; `python -m benches.learn_figures` prints the table in processor time per
core (its workloads, smaller here). The issue's target: at least 2,000 environment steps
per second per core on 9-ball against the cheap opponent."""
import pytest

from benches.learn_figures import single_rates, vector_rates
from physics_ext.batch import default_threads

TABLES = 64
STEPS = 5


@pytest.mark.parametrize("env_id, opponent, games, steps", [
    ("Breakshot/NineBall-v0", "amateur", 2, 2),     # the default opponent (before)
    ("Breakshot/EightBall-v0", "amateur", 2, 1),
    ("Breakshot/NineBall-v0", "greedy", 4, 10),
    ("Breakshot/NineBall-v0", "random", 4, 10),
    ("Breakshot/EightBall-v0", "greedy", 4, 10),
])
def test_single_environment_steps(benchmark, env_id, opponent, games, steps):
    """`games` seeded games (either side breaking) of at most `steps` random steps."""
    runs = []
    benchmark.pedantic(lambda: runs.append(single_rates(env_id, opponent, games, steps)),
                       rounds=3, iterations=1)
    per_cpu, per_wall, opponent_shots = sorted(runs)[len(runs) // 2]
    benchmark.extra_info.update(steps_per_cpu_s=round(per_cpu, 2),
                                steps_per_wall_s=round(per_wall, 2),
                                opponent_shots_per_step=round(opponent_shots, 2))
    assert per_cpu > 0 and opponent_shots > 0      # the opponent played


@pytest.mark.parametrize("opponent", ["greedy", "random"])
@pytest.mark.parametrize("threads", sorted({1, default_threads()}))
def test_vector_environment_steps(benchmark, opponent, threads):
    """STEPS random steps of TABLES 9-ball tables, their reset included."""
    runs = []
    benchmark.pedantic(lambda: runs.append(vector_rates("Breakshot/NineBall-v0", opponent,
                                                        TABLES, STEPS, threads)),
                       rounds=3, iterations=1)
    per_cpu, per_wall, opponent_shots = sorted(runs)[len(runs) // 2]
    benchmark.extra_info.update(env_steps_per_cpu_s=round(per_cpu),
                                env_steps_per_wall_s=round(per_wall),
                                opponent_shots_per_step=round(opponent_shots, 2))
    assert per_cpu > 0 and opponent_shots > 0
