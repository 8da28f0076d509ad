"""The batch solver's figures (issues 17 and 30): the fixed cost per resting 10-ball shot,
events per second on random 10-ball shots, and the cost per shot against events per shot,
batch next to single simulate() calls. The README's figures are what this prints.

    python -m benches.batch_figures [--shots 2000] [--repeats 7] [--json]

Costs are CPU time (time.process_time: every thread of the process, so a batch on two
threads is charged both), which a busy machine inflates far less than the wall clock;
the events per second on `threads` threads are wall clock, as a user waits for them. Each
figure is the median of `repeats` runs. Events are counted from the shots' event logs
(BatchResult.event_count: the solver's events of each shot). The load average is printed
beside the figures: on a shared machine the wall-clock ones fall with it.
"""
from __future__ import annotations

import argparse
import json
import math
import os
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


def medians(run, repeats: int) -> tuple:
    """(CPU seconds, wall seconds): the medians of `repeats` calls of run()."""
    cpu, wall = [], []
    for _ in range(repeats):
        c0, w0 = time.process_time(), time.perf_counter()
        run()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return statistics.median(cpu), statistics.median(wall)


def fixed_cost(shots: int, repeats: int, threads: int) -> tuple:
    """(CPU, wall) microseconds per shot of a batch of `shots` resting 10-ball layouts."""
    rows = resting_rows(shots)
    cpu, wall = medians(lambda: simulate_batch(NINE_FOOT, rows, threads=threads), repeats)
    return 1e6 * cpu / shots, 1e6 * wall / shots


def event_count(rows: np.ndarray) -> int:
    """The events of a batch's shots, counted from their event logs."""
    batch = simulate_batch(NINE_FOOT, rows, logs=True)
    return sum(events.size for events, _ in batch.logs)


def events_per_second(rows: np.ndarray, events: int, repeats: int, threads: int) -> tuple:
    """(events per CPU second, events per wall second) of the batch `rows`."""
    cpu, wall = medians(lambda: simulate_batch(NINE_FOOT, rows, threads=threads), repeats)
    return events / cpu, events / wall


def stroke_fault_cost(shots: int, repeats: int) -> dict:
    """CPU microseconds per shot of shoot_batch on one thread, without and with the
    stroke faults (the cue's follow-through, per shot after the threads), on `shots` level strokes of
    a straight pot (the lab's shot map of tests/lab), and the fouled strokes found."""
    from physics_ext import Ball, Stroke, shoot_batch
    balls = [Ball.pool(1.8, 0.74), Ball.pool(2.2, 0.34)]
    rng = np.random.default_rng(SEED)
    strokes = [Stroke(azimuth=-math.pi / 4 + rng.normal(0.0, 0.01), elevation=0.09,
                      side=rng.uniform(-0.5, 0.5), height=rng.uniform(-0.6, 0.6),
                      speed=rng.uniform(0.5, 6.0)) for _ in range(shots)]
    out = {}
    for faults in (False, True):
        cpu, _ = medians(lambda: shoot_batch(NINE_FOOT, balls, strokes, threads=1,
                                             faults=faults), repeats)
        out[f"shoot_batch_cpu_us_per_shot_faults_{faults}"] = 1e6 * cpu / shots
    batch = shoot_batch(NINE_FOOT, balls, strokes, threads=1)
    out["shoot_batch_fouled_strokes"] = int(((batch.stroke_faults != 0) | batch.miscue).sum())
    return out


def cost_curve(shots: int, repeats: int, threads: int) -> list:
    """Per bin of events per shot: (bin, shots, mean events, CPU us per shot batched on one
    thread, wall us per shot batched on `threads`, CPU us per shot of single simulate()
    calls)."""
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
        one, _ = medians(lambda: simulate_batch(NINE_FOOT, chosen, threads=1), repeats)
        _, many = medians(lambda: simulate_batch(NINE_FOOT, chosen, threads=threads),
                          repeats)
        single, _ = medians(lambda: [simulate(NINE_FOOT, balls) for balls in layouts],
                            repeats)
        high = EVENT_BINS[b + 1] - 1 if b + 1 < len(EVENT_BINS) else math.inf
        lines.append({"events": f"{low}-{high}" if high > low else f"{low}",
                      "shots": len(chosen), "mean_events": float(counts[which == b].mean()),
                      "batch_1_cpu_us": 1e6 * one / len(chosen),
                      f"batch_{threads}_wall_us": 1e6 * many / len(chosen),
                      "simulate_cpu_us": 1e6 * single / len(chosen)})
    return lines


def _ball(row):
    from physics_ext import Ball
    r = row.tolist()
    return Ball(r[0], r[1], (r[2], r[3], r[4]), (r[5], r[6], r[7]), (r[8], r[9], r[10]))


def figures(shots: int, repeats: int, curve: bool = True) -> dict:
    """Every figure, as main() prints them."""
    threads = default_threads()
    out = {"threads": threads, "shots": shots, "repeats": repeats,
           "load_average_before": os.getloadavg()[0]}
    for t in sorted({1, threads}):
        cpu, wall = fixed_cost(shots, repeats, t)
        out[f"fixed_cpu_us_per_shot_{t}"] = cpu
        out[f"fixed_wall_us_per_shot_{t}"] = wall
    rows = random_rows(shots)
    events = event_count(rows)
    out["random_10_ball_events"] = events
    per_cpu, wall_1 = events_per_second(rows, events, repeats, 1)
    out["events_per_cpu_s"] = per_cpu
    out["events_per_s_wall_1"] = wall_1
    out[f"events_per_s_{threads}_cores_from_cpu"] = threads * per_cpu
    if threads > 1:
        out[f"events_per_s_wall_{threads}"] = events_per_second(rows, events, repeats,
                                                               threads)[1]
    out.update(stroke_fault_cost(max(1, shots // 10), repeats))
    out["load_average_after"] = os.getloadavg()[0]
    if curve:
        out["curve"] = cost_curve(shots, repeats, threads)
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--no-curve", action="store_true", help="skip the cost curve")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = figures(args.shots, args.repeats, curve=not args.no_curve)
    if args.json:
        print(json.dumps(result))
        return
    print(f"threads: {result['threads']}; medians of {args.repeats} runs of {args.shots} "
          f"shots; CPU time counts every thread")
    for key, value in result.items():
        if key not in ("curve", "threads", "shots", "repeats"):
            print(f"{key:36} {value:14,.2f}" if isinstance(value, float)
                  else f"{key:36} {value:14,}")
    if "curve" in result:
        head = list(result["curve"][0])
        print(" ".join(f"{h:>15}" for h in head))
        for line in result["curve"]:
            print(" ".join(f"{v:15.1f}" if isinstance(v, float) else f"{v!s:>15}"
                           for v in line.values()))


if __name__ == "__main__":
    main()
