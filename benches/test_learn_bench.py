"""Benchmarks of the learning environments (issue 30, point 3). Run for real with
`python -m pytest benches/test_learn_bench.py --benchmark-enable --benchmark-only`; under
the default `--benchmark-disable` each runs once as a plain test. Timings are reported,
never asserted; `python -m benches.learn_figures` prints the table in processor time per
core. The issue's target: at least 2,000 environment steps per second per core on 9-ball
against the cheap opponent. Every benchmark plays a random agent's actions, seeded."""
import time

import gymnasium as gym
import pytest

import game.learn  # noqa: F401
from benches.learn_figures import SEED
from physics_ext.batch import default_threads

TABLES = 64
STEPS = 5


def random_actions(space, count):
    space.seed(SEED)
    return [space.sample() for _ in range(count)]


def play_single(env, actions):
    """Play `actions` in `env`, resetting after each episode; returns (processor seconds
    spent, strokes the agent and the opponent played)."""
    start, strokes = time.process_time(), 0
    for action in actions:
        _, _, terminated, truncated, info = env.step(action)
        strokes += (info["refused"] is None) + info["opponent_shots"]
        if terminated or truncated:
            env.reset()
    return time.process_time() - start, strokes


@pytest.mark.parametrize("env_id, opponent, steps", [
    ("Breakshot/NineBall-v0", "amateur", 2),        # the default opponent (before)
    ("Breakshot/EightBall-v0", "amateur", 1),
    ("Breakshot/NineBall-v0", "greedy", 40),
    ("Breakshot/NineBall-v0", "random", 40),
])
def test_single_environment_steps(benchmark, env_id, opponent, steps):
    env = gym.make(env_id, opponent=opponent)
    env.reset(seed=SEED)
    actions = random_actions(env.action_space, steps)
    cpu = []
    benchmark.pedantic(lambda: cpu.append(play_single(env, actions)), rounds=3, iterations=1)
    if benchmark.stats:
        benchmark.extra_info["steps_per_s_wall"] = round(steps / benchmark.stats.stats.median, 2)
    benchmark.extra_info["steps_per_cpu_s"] = round(
        steps / sorted(seconds for seconds, _ in cpu)[len(cpu) // 2], 2)
    assert all(strokes >= steps for _, strokes in cpu)


@pytest.mark.parametrize("opponent", ["greedy", "random"])
@pytest.mark.parametrize("threads", sorted({1, default_threads()}))
def test_vector_environment_steps(benchmark, opponent, threads):
    envs = gym.make_vec("Breakshot/NineBall-v0", num_envs=TABLES, opponent=opponent,
                        threads=threads)
    envs.reset(seed=SEED)
    actions = random_actions(envs.action_space, STEPS)
    cpu = []

    def run():
        start, fouls = time.process_time(), 0
        for action in actions:
            _, _, _, _, info = envs.step(action)
            fouls += int(info["foul"].sum())
        cpu.append(time.process_time() - start)
        assert fouls        # the random agents' strokes were played and ruled

    benchmark.pedantic(run, rounds=3, iterations=1)
    steps = TABLES * STEPS
    if benchmark.stats:
        benchmark.extra_info["env_steps_per_s_wall"] = round(steps / benchmark.stats.stats.median)
    benchmark.extra_info["env_steps_per_cpu_s"] = round(steps / sorted(cpu)[len(cpu) // 2])
