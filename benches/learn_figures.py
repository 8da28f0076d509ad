"""The learning environments' figures (issue 30, point 3): environment steps per second of
processor time (per core), single environments against each opponent and the vector
environment against the cheap ones; beside each vector figure, "replay": the vector
environment's own games (seeds, actions, autoresets) played by single environments one
after the other, the same strokes through the single path.

    python -m benches.learn_figures [--repeats 3] [--vector-envs 64] [--json]
    python -m benches.learn_figures --only single   # or: vector

The agent is random (each action sampled from the action space, seeded, all drawn
before the clock starts: the figures time the environment, not the sampling); games are
seeded SEED, SEED + 1, ... so that the coin toss gives either side the break (a random
agent's break rarely hits the 1: the void break re-racks, and it breaks again). A step is
one agent stroke and the opponent's strokes until the agent is at the table again; resets
are counted in the time. Each
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
# (environment id, opponent, games, agent steps per game) of the single-environment
# figures: the computer levels take seconds a step (8-ball far more), so they play less.
SINGLE = (("Breakshot/NineBall-v0", "amateur", 6, 5), ("Breakshot/EightBall-v0", "amateur", 2, 3),
          ("Breakshot/NineBall-v0", "beginner", 6, 10), ("Breakshot/NineBall-v0", "greedy", 32, 20),
          ("Breakshot/NineBall-v0", "random", 32, 20), ("Breakshot/EightBall-v0", "greedy", 32, 20))
# (environment id, opponent, steps of the vector environment) of the vector figures.
VECTOR = (("Breakshot/NineBall-v0", "greedy", 20), ("Breakshot/NineBall-v0", "random", 20),
          ("Breakshot/EightBall-v0", "greedy", 20))


def single_rates(env_id: str, opponent: str, games: int, steps: int) -> tuple:
    """(steps per processor second, steps per wall second, opponent strokes per step) of
    `games` games, seeded SEED, SEED + 1, ..., each played for `steps` random steps or
    until it ends (the coin toss of each seed decides who breaks)."""
    env = gym.make(env_id, opponent=opponent)
    env.action_space.seed(SEED)
    # the agent's actions drawn beforehand, as for vector_rates: the figure is the
    # environment's, not the sampling's
    actions = [[env.action_space.sample() for _ in range(steps)] for _ in range(games)]
    played = opponent_shots = 0
    cpu, wall = 0.0, 0.0
    for k in range(games):
        c, w = time.process_time(), time.perf_counter()
        _, info = env.reset(seed=SEED + k)
        opponent_shots += info["opponent_shots"]
        for action in actions[k]:
            _, _, terminated, truncated, info = env.step(action)
            played += 1
            opponent_shots += info["opponent_shots"]
            if terminated or truncated:
                break
        cpu += time.process_time() - c
        wall += time.perf_counter() - w
    return played / cpu, played / wall, opponent_shots / played


def vector_rates(env_id: str, opponent: str, num_envs: int, steps: int,
                 threads: int) -> tuple:
    """(environment steps per processor second, per wall second, opponent strokes per
    step) of `steps` random steps of a vector environment of `num_envs` tables (seeded
    SEED, SEED + 1, ...) on `threads` solver threads, its resets included."""
    envs = gym.make_vec(env_id, num_envs=num_envs, opponent=opponent, threads=threads)
    envs.action_space.seed(SEED)
    actions = [envs.action_space.sample() for _ in range(steps)]
    cpu, wall = time.process_time(), time.perf_counter()
    _, info = envs.reset(seed=SEED)
    opponent_shots = int(info["opponent_shots"].sum())
    for action in actions:
        _, _, _, _, info = envs.step(action)
        opponent_shots += int(info["opponent_shots"].sum())
    n = num_envs * steps
    return (n / (time.process_time() - cpu), n / (time.perf_counter() - wall),
            opponent_shots / n)


def replay_rates(env_id: str, opponent: str, num_envs: int, steps: int) -> tuple:
    """As vector_rates, but the vector environment's games played by `num_envs` single
    environments one after the other: table k's seed (SEED + k), its actions and its
    NEXT_STEP autoresets (a reset instead of the step after its episode ends), so the
    same strokes as the vector environment's; a reset-only step counts as a step there
    and here."""
    envs = gym.make_vec(env_id, num_envs=num_envs, opponent=opponent, threads=1)
    envs.action_space.seed(SEED)
    batched = [envs.action_space.sample() for _ in range(steps)]
    tables = [[{key: value[k] for key, value in action.items()} for action in batched]
              for k in range(num_envs)]
    singles = [gym.make(env_id, opponent=opponent) for _ in range(num_envs)]
    cpu, wall = time.process_time(), time.perf_counter()
    opponent_shots = 0
    for k, (env, actions) in enumerate(zip(singles, tables)):
        _, info = env.reset(seed=SEED + k)
        opponent_shots += info["opponent_shots"]
        done = False
        for action in actions:
            if done:
                _, info = env.reset()
                done = False
            else:
                _, _, terminated, truncated, info = env.step(action)
                done = terminated or truncated
            opponent_shots += info["opponent_shots"]
    n = num_envs * steps
    return (n / (time.process_time() - cpu), n / (time.perf_counter() - wall),
            opponent_shots / n)


def median_rates(measure, repeats: int) -> dict:
    runs = [measure() for _ in range(repeats)]
    return {"steps_per_cpu_s": statistics.median(r[0] for r in runs),
            "steps_per_wall_s": statistics.median(r[1] for r in runs),
            "opponent_shots_per_step": runs[0][2]}


def figures(repeats: int, num_envs: int, only=None, opponents=None) -> list:
    """Every figure as a dict: kind, env, opponent, (num_envs, threads), the rates."""
    out = []
    if only in (None, "single"):
        for env_id, opponent, games, steps in SINGLE:
            if opponents and opponent not in opponents:
                continue
            rates = median_rates(lambda: single_rates(env_id, opponent, games, steps), repeats)
            out.append({"kind": "single", "env": env_id, "opponent": opponent} | rates)
    if only in (None, "vector"):
        for env_id, opponent, steps in VECTOR:
            if opponents and opponent not in opponents:
                continue
            for threads in sorted({1, default_threads()}):
                rates = median_rates(lambda: vector_rates(env_id, opponent, num_envs, steps,
                                                          threads), repeats)
                out.append({"kind": "vector", "env": env_id, "opponent": opponent,
                            "num_envs": num_envs, "threads": threads} | rates)
            rates = median_rates(lambda: replay_rates(env_id, opponent, num_envs, steps),
                                 repeats)
            out.append({"kind": "replay", "env": env_id, "opponent": opponent,
                        "num_envs": num_envs, "threads": 1} | rates)
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
          f"{'steps/s per core':>17s} {'steps/s wall':>13s} {'opponent strokes/step':>22s}")
    for row in rows:
        print(f"{row['kind']:7s} {row['env']:24s} {row['opponent']:9s} "
              f"{row.get('num_envs', 1):6d} {row.get('threads', 1):7d} "
              f"{row['steps_per_cpu_s']:17.1f} {row['steps_per_wall_s']:13.1f} "
              f"{row['opponent_shots_per_step']:22.2f}")


if __name__ == "__main__":
    main()
