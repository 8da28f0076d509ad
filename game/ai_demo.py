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
from game.i18n import N_, _, ngettext
from game.rules import EndReason
from game.session import MODES, GameSession
from game.session.describe import FOUL_TEXT

# How each game ended, in the summary's count of endings.
ENDING_WORDS = {
    EndReason.BLACK_POTTED: N_("black potted"),
    EndReason.BLACK_POTTED_EARLY: N_("black potted early"),
    EndReason.BLACK_POTTED_ON_FOUL: N_("black potted on a foul"),
    EndReason.NINE_POTTED: N_("9 potted"),
    EndReason.NINE_AND_CUE_BALL: N_("9 and cue ball"),
    EndReason.NINE_OFF_TABLE: N_("9 off the table"),
    EndReason.THREE_FOULS: N_("three fouls"),
    EndReason.SLOW_PLAY: N_("slow play"),
    EndReason.CONCEDED: N_("conceded"),
}


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
    names = tuple(_("Computer {side} ({level})").format(side=side, level=level)
                  for side, level in zip("AB", levels))
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
    print(ngettext("{mode}: {games} game, {a} vs {b}, seed {seed}",
                   "{mode}: {games} games, {a} vs {b}, seed {seed}", args.games).format(
        mode=args.mode, games=args.games, a=names[0], b=names[1], seed=args.seed))
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
        print(_("Replay: {path}").format(path=recorder.path))
    return 0


def summary(stats, names) -> str:
    """The match summary as printed lines."""
    times = stats.decision_seconds
    games = max(stats.games, 1)
    lines = [
        _("Games won: {list}").format(list=", ".join(
            f"{name} {wins}" for name, wins in zip(names, stats.wins))),
        _("Balls potted per visit: {rate:.2f} ({balls} in {visits}, {shots})").format(
            rate=stats.potted_per_visit,
            balls=ngettext("{n} ball", "{n} balls", stats.balls_potted).format(
                n=stats.balls_potted),
            visits=ngettext("{n} visit", "{n} visits", stats.visits).format(n=stats.visits),
            shots=ngettext("{n} shot", "{n} shots", stats.shots).format(n=stats.shots)),
        _("Fouls: {list}").format(list=", ".join(
            f"{_(FOUL_TEXT[foul])} {count}"
            for foul, count in sorted(stats.fouls.items(), key=lambda fc: -fc[1])) or _("none")),
        ngettext("Break-and-run rate: {rate:.0f}% ({runs} of {games} game won by the breaker "
                 "without the opponent shooting)",
                 "Break-and-run rate: {rate:.0f}% ({runs} of {games} games won by the breaker "
                 "without the opponent shooting)", stats.games).format(
            rate=100.0 * stats.break_and_run_rate, runs=stats.break_and_runs, games=stats.games),
    ]
    for name, side, wins in zip(names, stats.sides, stats.wins):
        side_times = side.decision_seconds
        lines.append(
            "  " + _("{name}: won {wins} of {games} ({share:.0f}%), {balls:.2f} balls per visit, "
                     "{fouls:.2f} fouls per game, break-and-run {rate:.0f}% of {breaks}").format(
                name=name, wins=wins, games=stats.games, share=100.0 * wins / games,
                balls=side.potted_per_visit, fouls=side.fouls / games,
                rate=100.0 * side.break_and_run_rate,
                breaks=ngettext("{n} break", "{n} breaks", side.breaks).format(n=side.breaks))
            + (_(", decision median {median:.2f} s, max {most:.2f} s (processor time: median "
                 "{cpu_median:.2f} s, max {cpu_most:.2f} s)").format(
                median=statistics.median(side_times), most=max(side_times),
                cpu_median=statistics.median(side.decision_cpu_seconds),
                cpu_most=max(side.decision_cpu_seconds)) if side_times else ""))
    if times:
        lines.append(
            _("Time per decision: mean {mean:.2f} s, median {median:.2f} s, max {most:.2f} s "
              "over {decisions}; solver runs per decision: {runs:.0f}, per second: "
              "{rate:.0f}").format(
                mean=statistics.fmean(times), median=statistics.median(times), most=max(times),
                decisions=ngettext("{n} decision", "{n} decisions", len(times)).format(
                    n=len(times)),
                runs=stats.simulations / len(times), rate=stats.simulations / sum(times)))
    lines.append(_("Game endings: {list}").format(list=", ".join(
        f"{_(ENDING_WORDS[reason])} {count}"
        for reason, count in sorted(stats.end_reasons.items(), key=lambda rc: -rc[1]))))
    if stats.engine_faults or stats.forced_concessions:
        lines.append(_("Solver refusals replayed: {faults}; games conceded after repeated "
                       "refusals: {forced}").format(faults=stats.engine_faults,
                                                    forced=stats.forced_concessions))
    return "\n".join(lines)



if __name__ == "__main__":
    sys.exit(main())
