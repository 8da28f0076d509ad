"""The learning environments' figures (issue 30, point 3): environment steps per second of
processor time (per core), single environments against each opponent and the vector
environment against the cheap ones.

    python -m benches.learn_figures [--repeats 3] [--vector-envs 64] [--json]
    python -m benches.learn_figures --only single   # or: vector

The agent is random (each action sampled from the action space, seeded), every
environment is reset with SEED; an episode that ends is reset and play goes on. A step is
one agent stroke and the opponent's strokes until the agent is at the table again. Each
figure is the median of `repeats` runs, in processor time (time.process_time: every
thread of the process, so a figure is per core whatever the solver's threads); the wall
clock rate is given beside it. The machine may be shared: the figures then vary from
run to run, the medians least.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time

import gymnasium as gym

import game.learn  # noqa: F401  (registers the ids)
from physics_ext.batch import default_threads

SEED = 20261204
# (environment id, opponent, agent steps) of the single-environment figures: the
# computer levels take seconds a step (8-ball far more), so they run fewer steps.
SINGLE = (("Breakshot/NineBall-v0", "amateur", 30), ("Breakshot/EightBall-v0", "amateur", 8),
          ("Breakshot/NineBall-v0", "beginner", 60), ("Breakshot/NineBall-v0", "greedy", 600),
          ("Breakshot/NineBall-v0", "random", 600), ("Breakshot/EightBall-v0", "greedy", 400))
# (environment id, opponent, steps of the vector environment) of the vector figures.
VECTOR = (("Breakshot/NineBall-v0", "greedy", 30), ("Breakshot/NineBall-v0", "random", 30),
          ("Breakshot/EightBall-v0", "greedy", 20))


def single_rates(env_id: str, opponent: str, steps: int) -> tuple:
    """(steps per processor second, steps per wall second) of `steps` random steps."""
    env = gym.make(env_id, opponent=opponent)
    env.reset(seed=SEED)
    env.action_space.seed(SEED)
    actions = [env.action_space.sample() for _ in range(steps)]
    cpu, wall = time.process_time(), time.perf_counter()
    for action in actions:
        _, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            env.reset()
    return steps / (time.process_time() - cpu), steps / (time.perf_counter() - wall)


def vector_rates(env_id: str, opponent: str, num_envs: int, steps: int,
                 threads: int) -> tuple:
    """(environment steps per processor second, per wall second) of `steps` random steps
    of a vector environment of `num_envs` tables on `threads` solver threads."""
    envs = gym.make_vec(env_id, num_envs=num_envs, opponent=opponent, threads=threads)
    envs.reset(seed=SEED)
    envs.action_space.seed(SEED)
    actions = [envs.action_space.sample() for _ in range(steps)]
    cpu, wall = time.process_time(), time.perf_counter()
    for action in actions:
        envs.step(action)
    n = num_envs * steps
    return n / (time.process_time() - cpu), n / (time.perf_counter() - wall)


def median_rates(measure, repeats: int) -> dict:
    runs = [measure() for _ in range(repeats)]
    return {"steps_per_cpu_s": statistics.median(r[0] for r in runs),
            "steps_per_wall_s": statistics.median(r[1] for r in runs)}


def figures(repeats: int, num_envs: int, only=None, opponents=None) -> list:
    """Every figure as a dict: kind, env, opponent, (num_envs, threads), the rates."""
    out = []
    if only in (None, "single"):
        for env_id, opponent, steps in SINGLE:
            if opponents and opponent not in opponents:
                continue
            rates = median_rates(lambda: single_rates(env_id, opponent, steps), repeats)
            out.append({"kind": "single", "env": env_id, "opponent": opponent,
                        "steps": steps} | rates)
    if only in (None, "vector"):
        for env_id, opponent, steps in VECTOR:
            if opponents and opponent not in opponents:
                continue
            for threads in sorted({1, default_threads()}):
                rates = median_rates(lambda: vector_rates(env_id, opponent, num_envs, steps,
                                                          threads), repeats)
                out.append({"kind": "vector", "env": env_id, "opponent": opponent,
                            "num_envs": num_envs, "threads": threads, "steps": steps} | rates)
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--vector-envs", type=int, default=64)
    parser.add_argument("--only", choices=("single", "vector"))
    parser.add_argument("--opponents", nargs="*", help="only these opponents")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = figures(args.repeats, args.vector_envs, args.only, args.opponents)
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'kind':7s} {'environment':24s} {'opponent':9s} {'tables':>6s} {'threads':>7s} "
          f"{'steps/s per core':>17s} {'steps/s wall':>13s}")
    for row in rows:
        print(f"{row['kind']:7s} {row['env']:24s} {row['opponent']:9s} "
              f"{row.get('num_envs', 1):6d} {row.get('threads', 1):7d} "
              f"{row['steps_per_cpu_s']:17.1f} {row['steps_per_wall_s']:13.1f}")


if __name__ == "__main__":
    main()
