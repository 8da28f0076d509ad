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
from game.i18n import N_, _, ngettext
from game.rules.racks import nine_ball_rack
from game.session import MODES

# The solver's events and the pockets, in the report's words.
EVENT_WORDS = {
    EventKind.BALL_BALL: N_("ball-ball"), EventKind.CUSHION: N_("cushion"),
    EventKind.JAW_TIP: N_("jaw tip"), EventKind.POCKET: N_("pocket"),
    EventKind.TRANSITION: N_("transition"), EventKind.SLATE: N_("slate"),
    EventKind.OFF_TABLE: N_("off the table"), EventKind.PASS_OVER: N_("pass over"),
    EventKind.RAIL_TOP: N_("rail top"),
}
POCKET_WORDS = {
    Pocket.HEAD_RIGHT: N_("head right"), Pocket.SIDE_RIGHT: N_("side right"),
    Pocket.FOOT_RIGHT: N_("foot right"), Pocket.FOOT_LEFT: N_("foot left"),
    Pocket.SIDE_LEFT: N_("side left"), Pocket.HEAD_LEFT: N_("head left"),
}


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
    kinds = Counter(EventKind(k) for k in result.events["kind"])
    print(_("9-ball break at {speed} m/s (rack seed {seed}): {events} over {seconds:.3f} s")
          .format(speed=args.speed, seed=args.seed, seconds=result.duration,
                  events=ngettext("{n} event", "{n} events", result.events.size).format(
                      n=result.events.size)))
    for kind, count in sorted(kinds.items()):
        print(f"  {_(EVENT_WORDS[kind]):<16} {count}")
    for event in result.events[result.events["kind"] == EventKind.POCKET]:
        print("  " + _("ball {ball} pocketed in {pocket} at t = {time:.3f} s").format(
            ball=ids[event["ball"]], pocket=_(POCKET_WORDS[Pocket(event["feature"])]), time=event["time"]))
    final = result.final
    on_table = [ids[i] for i, s in enumerate(final.states) if s != MotionState.POCKETED]
    print("  " + _("balls left on the table: {balls}").format(balls=on_table))
    timings = []
    for _run in range(max(1, args.repeat)):
        start = time.perf_counter()
        simulate(table, balls)
        timings.append(time.perf_counter() - start)
    median = float(np.median(timings))
    print(ngettext("simulate(): median {ms:.3f} ms over {runs} run ({rate:,.0f} events/s)",
                   "simulate(): median {ms:.3f} ms over {runs} runs ({rate:,.0f} events/s)",
                   len(timings)).format(ms=median * 1e3, runs=len(timings),
                                        rate=result.events.size / median))
    return 0


def break_report(mode: str, level: str, breaks: int, seed: int) -> int:
    """Play and summarise `breaks` breaks of `level` in `mode`."""
    print(ngettext("{mode}: {breaks} break by the {level} level, seed {seed}",
                   "{mode}: {breaks} breaks by the {level} level, seed {seed}", breaks).format(
        mode=mode, breaks=breaks, level=level, seed=seed))
    with tqdm(total=breaks, unit="break", file=sys.stderr) as bar:
        stats = break_series(mode, level, breaks, seed, on_break=lambda s: bar.update(1))
    print(break_summary(stats))
    return 0


def break_summary(stats) -> str:
    """The report of a BreakStats as printed lines."""
    def share(count: int) -> str:
        return f"{count} ({100.0 * stats.share(count):.1f}%)"
    potted = ", ".join(f"{n}: {share(stats.potted[n])}" for n in sorted(stats.potted))
    game_ball = (_("The 9 on the break: {count}") if stats.mode == "nine_ball"
                 else _("The black on the break: {count}"))
    return "\n".join([
        _("Balls potted on the break: {list}").format(list=potted),
        _("At least one ball potted: {count}").format(count=share(stats.made_a_ball)),
        game_ball.format(count=share(stats.game_ball)),
        _("Cue ball scratched: {count}").format(count=share(stats.scratches)),
        _("Breaks ruled a foul: {count}").format(count=share(stats.fouls)),
    ])


if __name__ == "__main__":
    raise SystemExit(main())
