"""Command-line physics demo: simulate a 9-ball break and print its event summary and timing.

    python -m game.break_demo [--speed 8.0] [--seed 1] [--repeat 200]

The cue ball starts on the head string's centre and is struck straight at the 1 ball
(a centre-ball hit: it slides, then rolls); the rack is the seed's diamond (R9-07).
"""
from __future__ import annotations

import argparse
import time
from collections import Counter

import numpy as np

from physics_ext import Ball, EventKind, MotionState, Pocket, TableSpec, simulate
from game.rules.racks import nine_ball_rack


def break_balls(table: TableSpec, speed: float, seed: int) -> tuple[list[Ball], list[int]]:
    """The cue ball (index 0) aimed at the 1 ball at `speed` m/s, then the rack 1..9."""
    rack = nine_ball_rack(table, seed)
    cue = np.array([table.head_line_x, table.width / 2])
    aim = np.asarray(rack[1]) - cue
    velocity = speed * aim / np.linalg.norm(aim)
    balls = [Ball.pool(*cue, velocity=(velocity[0], velocity[1], 0.0))]
    ids = [0] + sorted(rack)
    balls += [Ball.pool(*rack[number]) for number in ids[1:]]
    return balls, ids


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed", type=float, default=8.0, help="cue ball speed, m/s")
    parser.add_argument("--seed", type=int, default=1, help="rack seed")
    parser.add_argument("--repeat", type=int, default=200, help="runs for the timing")
    args = parser.parse_args(argv)
    table = TableSpec.nine_foot()
    balls, ids = break_balls(table, args.speed, args.seed)
    result = simulate(table, balls)
    kinds = Counter(EventKind(k).name for k in result.events["kind"])
    print(f"9-ball break at {args.speed} m/s (rack seed {args.seed}): "
          f"{result.events.size} events over {result.duration:.3f} s")
    for name, count in sorted(kinds.items()):
        print(f"  {name:<11} {count}")
    for event in result.events[result.events["kind"] == EventKind.POCKET]:
        print(f"  ball {ids[event['ball']]} pocketed in {Pocket(event['feature']).name} "
              f"at t = {event['time']:.3f} s")
    final = result.final
    on_table = [ids[i] for i, s in enumerate(final.states) if s != MotionState.POCKETED]
    print(f"  balls left on the table: {on_table}")
    timings = []
    for _ in range(max(1, args.repeat)):
        start = time.perf_counter()
        simulate(table, balls)
        timings.append(time.perf_counter() - start)
    median = float(np.median(timings))
    print(f"simulate(): median {median * 1e3:.3f} ms over {len(timings)} runs "
          f"({result.events.size / median:,.0f} events/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
