"""The batch solver's figures (issue 17): fixed cost per shot, events per second on random
10-ball shots, and the cost per shot against events per shot, batch next to single
simulate() calls.

    python -m benches.batch_figures [--shots 2000] [--repeats 5] [--json]

Every figure is the median of `repeats` runs (wall clock, perf_counter). The machine may be
shared: the figures then vary from run to run, the medians least.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import time

import numpy as np

from physics_ext import ball_rows, simulate, simulate_batch
from physics_ext.batch import default_threads
from tests.physics.scenes import NINE_FOOT, random_shot

SEED = 20240601
# Bins of events per shot for the cost curve (lower bounds; the last is open).
EVENT_BINS = (0, 1, 5, 10, 20, 40, 80, 160)


def resting_rows(shots: int, n_balls: int = 10) -> np.ndarray:
    """`shots` layouts of `n_balls` resting balls: no event, so the batch's cost is all
    fixed cost (validation, set-up, summary)."""
    rng = np.random.default_rng(SEED)
    rows = ball_rows([random_shot(rng, n_balls) for _ in range(shots)])
    rows[:, :, 5:11] = 0.0
    return rows


def random_rows(shots: int, n_balls: int = 10) -> np.ndarray:
    """`shots` random shots (tests.physics.scenes.random_shot: a cue ball at 0.3-12 m/s
    with any spin among `n_balls` - 1 resting balls), the same every run."""
    rng = np.random.default_rng(SEED)
    return ball_rows([random_shot(rng, n_balls) for _ in range(shots)])


def median_seconds(run, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def fixed_cost(shots: int, repeats: int, threads: int) -> float:
    """Microseconds per shot of a batch of resting 10-ball layouts."""
    rows = resting_rows(shots)
    return 1e6 * median_seconds(lambda: simulate_batch(NINE_FOOT, rows, threads=threads),
                                repeats) / shots


def events_per_second(shots: int, repeats: int, threads: int) -> tuple:
    """(events per second, events) of a batch of random 10-ball shots."""
    rows = random_rows(shots)
    events = int(simulate_batch(NINE_FOOT, rows).event_count.sum())
    seconds = median_seconds(lambda: simulate_batch(NINE_FOOT, rows, threads=threads),
                             repeats)
    return events / seconds, events


def cost_curve(shots: int, repeats: int, threads: int) -> list:
    """Per bin of events per shot: (bin, shots, mean events, us per shot batched on one
    thread, on `threads`, and by single simulate() calls)."""
    rows = random_rows(shots)
    counts = simulate_batch(NINE_FOOT, rows).event_count
    still = resting_rows(shots)
    rows = np.concatenate([rows, still])
    counts = np.concatenate([counts, np.zeros(shots, dtype=counts.dtype)])
    which = np.digitize(counts, EVENT_BINS) - 1
    lines = []
    for b, low in enumerate(EVENT_BINS):
        chosen = rows[which == b]
        if len(chosen) == 0:
            continue
        layouts = [[_ball(r) for r in shot] for shot in chosen]
        one = median_seconds(lambda: simulate_batch(NINE_FOOT, chosen, threads=1), repeats)
        many = median_seconds(lambda: simulate_batch(NINE_FOOT, chosen, threads=threads),
                              repeats)
        single = median_seconds(lambda: [simulate(NINE_FOOT, balls) for balls in layouts],
                                repeats)
        high = EVENT_BINS[b + 1] - 1 if b + 1 < len(EVENT_BINS) else math.inf
        lines.append({"events": f"{low}-{high}" if high > low else f"{low}",
                      "shots": len(chosen), "mean_events": float(counts[which == b].mean()),
                      "batch_1_us": 1e6 * one / len(chosen),
                      f"batch_{threads}_us": 1e6 * many / len(chosen),
                      "simulate_us": 1e6 * single / len(chosen)})
    return lines


def _ball(row):
    from physics_ext import Ball
    r = row.tolist()
    return Ball(r[0], r[1], (r[2], r[3], r[4]), (r[5], r[6], r[7]), (r[8], r[9], r[10]))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    threads = default_threads()
    figures = {"threads": threads,
               "fixed_us_per_shot_1": fixed_cost(args.shots, args.repeats, 1),
               f"fixed_us_per_shot_{threads}": fixed_cost(args.shots, args.repeats, threads)}
    for t in sorted({1, threads}):
        rate, events = events_per_second(args.shots, args.repeats, t)
        figures[f"random_10_ball_events_per_s_{t}"] = rate
        figures["random_10_ball_events"] = events
    figures["curve"] = cost_curve(args.shots, args.repeats, threads)
    if args.json:
        print(json.dumps(figures))
        return
    print(f"threads: {threads}; medians of {args.repeats} runs of {args.shots} shots")
    for key, value in figures.items():
        if key != "curve":
            print(f"{key:32} {value:12.1f}" if isinstance(value, float) else f"{key:32} {value}")
    head = list(figures["curve"][0])
    print(" ".join(f"{h:>13}" for h in head))
    for line in figures["curve"]:
        print(" ".join(f"{v:13.1f}" if isinstance(v, float) else f"{v!s:>13}"
                       for v in line.values()))


if __name__ == "__main__":
    main()
