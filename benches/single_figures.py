"""The single-shot figures (issue 30): CPU time per call of shoot() and simulate() on random
10-ball shots and on the 9-ball break, and the fixed cost of a call (10 resting balls: no
event) next to the batch's per shot.

    python -m benches.single_figures [--shots 500] [--repeats 7] [--json]

Every figure is the median of `repeats` runs, in CPU time (time.process_time) per call, so
that other processes on a shared machine count less than in wall-clock time (they still
slow the caches). The batch runs on one thread. Each call's result is let go before the
next call, as a caller judging strokes one by one does (and as the FastFiz driver of
benches/peers frees each shot); the "kept alive" figures time the other harness, which
keeps every result of a run in a list: each call then takes fresh memory for its arrays
and the cyclic garbage collector walks the results' Python objects, a few us more per call.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import time

import numpy as np

from physics_ext import Ball, CueSpec, Stroke, ball_rows, shoot, simulate, simulate_batch
from tests.physics.scenes import (NINE_FOOT, R, M, BREAK_SPEED, nine_ball_break, random_layout,
                                  random_shot)

SEED = 20240601
# Contact offsets of the random strokes: inside the miscue limit, as random_shot's.
OFFSET = 0.95 * CueSpec().miscue_limit


def cue_speed(ball_speed: float, offset: float = 0.0, cue: CueSpec = CueSpec()) -> float:
    """The cue speed (m/s) that sends a resting pool ball off at `ball_speed` m/s (before
    squirt) with a contact `offset` (PHYSICS 5: v = (1 + e_tip) V / (1 + m/M + 5/2 d^2))."""
    return ball_speed * (1 + M / cue.mass + 2.5 * offset ** 2) / (1 + cue.tip_restitution)


def random_draws(count: int, n_balls: int = 10, seed: int = SEED) -> list:
    """`count` random shots as drawn: (spots, azimuth, ball_speed, offset, angle), with
    `n_balls` resting pool balls at `spots` (random_layout), ball 0 to be struck level
    along `azimuth` (rad) to leave at `ball_speed` (0.3-12 m/s, before squirt) with the
    contact offset (side, height) = offset (cos, sin) angle (fractions of R, uniform on the
    disc inside the miscue limit): random_shot's shots. benches/peers draws its peers'
    shots here too."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        spots = random_layout(rng, NINE_FOOT, [R] * n_balls)
        azimuth, speed = rng.uniform(-math.pi, math.pi), rng.uniform(0.3, 12.0)
        offset = OFFSET * math.sqrt(rng.uniform())
        angle = rng.uniform(0.0, 2 * math.pi)
        out.append((spots, azimuth, speed, offset, angle))
    return out


def random_strokes(count: int, n_balls: int = 10, seed: int = SEED) -> list:
    """`count` (balls, Stroke) pairs of random_draws, for shoot()."""
    return [([Ball.pool(*p) for p in spots],
             Stroke(azimuth, 0.0, offset * math.cos(angle), offset * math.sin(angle),
                    cue_speed(speed, offset)))
            for spots, azimuth, speed, offset, angle in random_draws(count, n_balls, seed)]


def random_balls(count: int, n_balls: int = 10, seed: int = SEED) -> list:
    """`count` random_shot layouts (the cue ball already moving), for simulate()."""
    rng = np.random.default_rng(seed)
    return [random_shot(rng, n_balls) for _ in range(count)]


def break_stroke() -> tuple:
    """(table, balls, Stroke): the 9-ball break of tests.physics.scenes.nine_ball_break,
    the cue ball at rest and struck full at the speed that sends it off at BREAK_SPEED."""
    table, balls = nine_ball_break()
    return (table, [Ball.pool(*balls[0].position)] + balls[1:],
            Stroke(0.0, 0.0, 0.0, 0.0, cue_speed(BREAK_SPEED)))


def resting_balls(n_balls: int = 10) -> list:
    """A random layout of `n_balls` resting balls: a call with no event, all fixed cost."""
    return [Ball.pool(*b.position) for b in random_balls(1, n_balls)[0]]


def each(function, arguments: list):
    """A run calling function(*a) for every a in `arguments`, each result let go at once."""
    def run():
        for a in arguments:
            function(*a)
    return run


def kept(function, arguments: list):
    """A run calling function(*a) for every a in `arguments`, every result kept in a list
    until the run ends (as a harness collecting results does)."""
    def run():
        results = [function(*a) for a in arguments]
        return len(results)
    return run


def cpu_per_call(run, calls: int, repeats: int) -> float:
    """Median over `repeats` runs of run()'s CPU time, in microseconds per call."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return 1e6 * statistics.median(times) / calls


def figures(shots: int = 500, repeats: int = 7) -> dict:
    """Every figure, in CPU microseconds per call (per shot for the batch)."""
    strokes = random_strokes(shots)
    layouts = random_balls(shots)
    table, balls, stroke = break_stroke()
    _, moving = nine_ball_break()
    rest = resting_balls()
    breaks = max(1, shots // 2)
    rows = ball_rows([rest] * shots)
    random_rows = ball_rows(layouts)
    return {
        "shoot_random_10": cpu_per_call(
            each(shoot, [(NINE_FOOT, b, 0, s) for b, s in strokes]), shots, repeats),
        "simulate_random_10": cpu_per_call(
            each(simulate, [(NINE_FOOT, b) for b in layouts]), shots, repeats),
        "batch_random_10": cpu_per_call(
            lambda: simulate_batch(NINE_FOOT, random_rows, threads=1), shots, repeats),
        "shoot_nine_ball_break": cpu_per_call(
            each(shoot, [(table, balls, 0, stroke)] * breaks), breaks, repeats),
        "shoot_random_10_kept": cpu_per_call(
            kept(shoot, [(NINE_FOOT, b, 0, s) for b, s in strokes]), shots, repeats),
        "shoot_nine_ball_break_kept": cpu_per_call(
            kept(shoot, [(table, balls, 0, stroke)] * breaks), breaks, repeats),
        "simulate_nine_ball_break": cpu_per_call(
            each(simulate, [(table, moving)] * breaks), breaks, repeats),
        "simulate_resting_10": cpu_per_call(
            each(simulate, [(NINE_FOOT, rest)] * shots), shots, repeats),
        "batch_resting_10": cpu_per_call(
            lambda: simulate_batch(NINE_FOOT, rows, threads=1), shots, repeats),
    }


LABELS = {
    "shoot_random_10": "random 10-ball shot, shoot()",
    "simulate_random_10": "random 10-ball shot, simulate()",
    "batch_random_10": "random 10-ball shot, simulate_batch (1 thread), per shot",
    "shoot_nine_ball_break": "9-ball break, shoot()",
    "shoot_random_10_kept": "random 10-ball shot, shoot(), every result kept alive",
    "shoot_nine_ball_break_kept": "9-ball break, shoot(), every result kept alive",
    "simulate_nine_ball_break": "9-ball break, simulate()",
    "simulate_resting_10": "fixed cost: 10 resting balls, simulate()",
    "batch_resting_10": "fixed cost: 10 resting balls, simulate_batch (1 thread), per shot",
}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = figures(args.shots, args.repeats)
    if args.json:
        print(json.dumps({k: round(v, 2) for k, v in result.items()}))
        return
    for key, value in result.items():
        print(f"{LABELS[key]:66s} {value:8.1f} us CPU")
    print(f"{'single call over the batch, resting 10 balls':66s} "
          f"{result['simulate_resting_10'] - result['batch_resting_10']:8.1f} us CPU")


if __name__ == "__main__":
    main()
