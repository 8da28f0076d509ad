"""Computer against computer without a display: `python -m game.ai_demo` (also reached as
`python -m game --demo`).

    python -m game.ai_demo --mode nine_ball --games 20 --seed 1 --level pro [--replays DIR]

Plays one match of `--games` games between two computer players on a GameSession, shows
a progress bar, and prints the summary: games won by each side, balls potted per visit,
fouls by kind, break-and-run rate and time per decision, then each side's own figures
(wins, balls per visit, fouls per game, break-and-runs of his breaks, decision time on
the clock and in processor time). `--replays DIR` records the
match with game.replay's Recorder. The same arguments play the same match (the opponents'
seeds derive from --seed; decision times are measured for the report only).
"""
from __future__ import annotations

import argparse
import statistics
import sys

from tqdm import tqdm

from game.ai import LEVELS, Opponent
from game.ai.selfplay import play_match
from game.arguments import command_parser, folder_problem, whole_number
from game.i18n import _
from game.session import MODES, GameSession
from game.session.describe import FOUL_TEXT


def parse_args(argv=None) -> argparse.Namespace:
    parser = command_parser(
        prog="python -m game.ai_demo",
        description=_("Breakshot: computer-vs-computer matches without a display, with a "
                      "summary of the play."))
    parser.add_argument("--demo", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--mode", choices=MODES, default="nine_ball",
                        help=_("game mode (default: nine_ball)"))
    parser.add_argument("--games", type=whole_number(1), default=20,
                        help=_("games in the match (default: 20)"))
    parser.add_argument("--seed", type=whole_number(), default=1,
                        help=_("seed of the racks, the break order and both players "
                               "(default: 1)"))
    parser.add_argument("--level", choices=sorted(LEVELS), default="pro",
                        help=_("strength of both players (default: pro)"))
    parser.add_argument("--level-b", choices=sorted(LEVELS), default=None,
                        help=_("strength of the second player (default: --level)"))
    parser.add_argument("--replays", metavar="DIR", default=None,
                        help=_("record the match as a replay file in this folder"))
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    levels = (args.level, args.level_b or args.level)
    names = tuple(f"Computer {side} ({level})" for side, level in zip("AB", levels))
    session = GameSession(args.mode, names=names, seed=args.seed)
    recorder = None
    if args.replays is not None:
        from game.profiles.seats import computer
        from game.replay import Recorder
        try:
            # The sides are the computer levels, so the statistics count the match for them.
            recorder = Recorder(session, directory=args.replays,
                                seats=[computer(level).to_plain() for level in levels])
        except OSError as exc:
            print(_("python -m game.ai_demo: error: --replays: no replay can be saved in "
                    "{folder}: {reason}").format(folder=args.replays,
                                                 reason=folder_problem(args.replays, exc)),
                  file=sys.stderr)
            return 1
    opponents = [Opponent(level, seed=[args.seed, side], params=session.params)
                 for side, level in enumerate(levels)]
    print(f"{args.mode}: {args.games} games, {names[0]} vs {names[1]}, seed {args.seed}")
    with tqdm(total=args.games, unit="game", file=sys.stderr) as bar:
        def on_game(stats):
            bar.set_postfix(score=f"{stats.wins[0]}-{stats.wins[1]}",
                            break_and_runs=stats.break_and_runs, refresh=False)
            bar.update(1)

        stats = play_match(session, opponents, args.games, on_game)
    print(summary(stats, names))
    if recorder is not None:
        recorder.detach()
        if recorder.error is not None:
            print(_("python -m game.ai_demo: error: the replay could not be saved: {error}")
                  .format(error=recorder.error), file=sys.stderr)
            return 1
        print(f"Replay: {recorder.path}")
    return 0


def summary(stats, names) -> str:
    """The match summary as printed lines."""
    times = stats.decision_seconds
    lines = [
        "Games won: " + ", ".join(f"{name} {wins}" for name, wins in zip(names, stats.wins)),
        f"Balls potted per visit: {stats.potted_per_visit:.2f} "
        f"({stats.balls_potted} balls in {stats.visits} visits, {stats.shots} shots)",
        "Fouls: " + (", ".join(f"{FOUL_TEXT[foul]} {count}" for foul, count in
                                sorted(stats.fouls.items(), key=lambda fc: -fc[1]))
                     or "none"),
        f"Break-and-run rate: {100.0 * stats.break_and_run_rate:.0f}% "
        f"({stats.break_and_runs} of {stats.games} games won by the breaker "
        f"without the opponent shooting)",
    ]
    for name, side, wins in zip(names, stats.sides, stats.wins):
        side_times = side.decision_seconds
        lines.append(
            f"  {name}: won {wins} of {stats.games} ({100.0 * wins / max(stats.games, 1):.0f}%), "
            f"{side.potted_per_visit:.2f} balls per visit, "
            f"{side.fouls / max(stats.games, 1):.2f} fouls per game, break-and-run "
            f"{100.0 * side.break_and_run_rate:.0f}% of {side.breaks} breaks"
            + (f", decision median {statistics.median(side_times):.2f} s, max "
               f"{max(side_times):.2f} s (processor time: median "
               f"{statistics.median(side.decision_cpu_seconds):.2f} s, max "
               f"{max(side.decision_cpu_seconds):.2f} s)" if side_times else ""))
    if times:
        lines.append(
            f"Time per decision: mean {statistics.fmean(times):.2f} s, median "
            f"{statistics.median(times):.2f} s, max {max(times):.2f} s over {len(times)} "
            f"decisions; {stats.simulations / len(times):.0f} solver runs per decision, "
            f"{stats.simulations / sum(times):.0f} per second")
    lines.append("Game endings: " + ", ".join(
        f"{reason.value.replace('_', ' ')} {count}"
        for reason, count in sorted(stats.end_reasons.items(), key=lambda rc: -rc[1])))
    if stats.engine_faults or stats.forced_concessions:
        lines.append(f"Solver refusals replayed: {stats.engine_faults}; "
                     f"games conceded after repeated refusals: {stats.forced_concessions}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
