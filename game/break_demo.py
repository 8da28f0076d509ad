"""Command-line break demos: one 9-ball break through the physics, or a level's breaks
over many racks.

    python -m game.break_demo [--speed 8.0] [--seed 1] [--repeat 200]
    python -m game.break_demo --breaks 500 --mode nine_ball --level pro [--seed 1]

Without --breaks: the cue ball starts on the head string's centre and is struck straight
at the 1 ball (a centre-ball hit: it slides, then rolls); the rack is the seed's diamond
(R9-07); prints the event summary and the solver's timing. With --breaks N: N breaks of
the computer level on N racks of the mode (game.ai.break_stats), with a progress bar,
then the distribution of balls potted, the 9 (or the black) on the break, the cue ball
scratched and the fouls. The same arguments give the same breaks.
"""
from __future__ import annotations

import time
from collections import Counter

import sys

import numpy as np
from tqdm import tqdm

from physics_ext import Ball, EventKind, MotionState, Pocket, TableSpec, simulate
from game.ai import LEVELS
from game.ai.break_stats import break_series
from game.arguments import command_parser, whole_number
from game.i18n import _
from game.rules.racks import nine_ball_rack
from game.session import MODES


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
    parser = command_parser(
        prog="python -m game.break_demo",
        description=_("Command-line break demos: one 9-ball break through the physics, or a "
                      "level's breaks over many racks."))
    parser.add_argument("--speed", type=float, default=8.0, help=_("cue ball speed, m/s"))
    parser.add_argument("--seed", type=int, default=1, help=_("rack seed"))
    parser.add_argument("--repeat", type=int, default=200, help=_("runs for the timing"))
    parser.add_argument("--breaks", type=whole_number(1), default=None,
                        help=_("play this many breaks of --level instead and report them"))
    parser.add_argument("--mode", choices=MODES, default="nine_ball",
                        help=_("game mode of --breaks (default: nine_ball)"))
    parser.add_argument("--level", choices=sorted(LEVELS), default="pro",
                        help=_("computer level that breaks (default: pro)"))
    args = parser.parse_args(argv)
    if args.breaks is not None:
        return break_report(args.mode, args.level, args.breaks, args.seed)
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
    for _run in range(max(1, args.repeat)):
        start = time.perf_counter()
        simulate(table, balls)
        timings.append(time.perf_counter() - start)
    median = float(np.median(timings))
    print(f"simulate(): median {median * 1e3:.3f} ms over {len(timings)} runs "
          f"({result.events.size / median:,.0f} events/s)")
    return 0


def break_report(mode: str, level: str, breaks: int, seed: int) -> int:
    """Play and summarise `breaks` breaks of `level` in `mode`."""
    print(f"{mode}: {breaks} breaks by the {level} level, seed {seed}")
    with tqdm(total=breaks, unit="break", file=sys.stderr) as bar:
        stats = break_series(mode, level, breaks, seed, on_break=lambda s: bar.update(1))
    print(break_summary(stats))
    return 0


def break_summary(stats) -> str:
    """The report of a BreakStats as printed lines."""
    game_ball = "the 9" if stats.mode == "nine_ball" else "the black"
    pct = lambda count: f"{100.0 * stats.share(count):.1f}%"  # noqa: E731
    lines = ["Balls potted on the break: " + ", ".join(
        f"{n}: {stats.potted[n]} ({pct(stats.potted[n])})" for n in sorted(stats.potted))]
    lines.append(f"At least one ball potted: {stats.made_a_ball} ({pct(stats.made_a_ball)})")
    lines.append(f"{game_ball.capitalize()} on the break: {stats.game_ball} "
                 f"({pct(stats.game_ball)})")
    lines.append(f"Cue ball scratched: {stats.scratches} ({pct(stats.scratches)})")
    lines.append(f"Breaks ruled a foul: {stats.fouls} ({pct(stats.fouls)})")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
