"""`python -m game.lab`: shot maps and tournaments, resumable, locally or on Dask.

    python -m game.lab shotmap OUT (--position FILE | --replay FILE [--shot N]
        | --cue X,Y --ball ID:X,Y ...)
        [--target ID] [--aim DEG] [--speed M/S] [--side R] [--height R] [--elevation DEG]
        [--noise LEVEL|none] [--samples K] [--seed S] [--chunk-shots N]
    python -m game.lab tournament OUT --players P1,P2[,...] [--mode MODE] [--games N]
        [--seed S] [--chunk-games N]
    ... [--workers N | --cluster local:N | --cluster tcp://HOST:8786]

An axis is START:STOP:COUNT or one value. OUT receives manifest.json, parts/*.parquet
(one per chunk, as they finish), summary.txt and a figure (shotmap.png, tournament.png).
The same command into the same OUT continues an interrupted run; other parameters into
it are refused. Exit status: 0 done, 1 an error (one sentence on stderr). docs/lab.md
has the details.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

from tqdm import tqdm

from physics_ext import Params
from physics_ext.constants import MAX_CUE_SPEED

from game.ai import LEVELS
from game.arguments import command_parser, folder_problem, grid_range, point, whole_number
from game.i18n import _, ngettext
from game.lab.backends import BackendError, backend_for, cluster_problem
from game.lab.opponents import Contestant, load_opponent
from game.lab.report import (save_figure, shotmap_figure, shotmap_summary,
                             tournament_figure, tournament_summary)
from game.lab.runs import RunRefused, load_results, open_run, run_chunks
from game.lab.shotmap import NO_NOISE, Grid, ShotMap, position_before
from game.lab.tournament import Tournament
from game.practice import GAMES, PlacementError, Position, load_position
from game.practice.table import DEFAULT_TABLES
from game.rules import CUE, Layout
from game.session import MODES
from game.storage import FileRefused, atomic_write

PROG = "python -m game.lab"


class _Parser(argparse.ArgumentParser):
    """argparse whose refusals are one sentence and exit status 1, as the command's
    other errors (its subcommands' too: they name the command as PROG)."""

    def error(self, message):
        _fail(message)


def _fail(problem) -> None:
    """End the command: `problem` in one line on stderr, in argparse's own words
    ("python -m game.lab: error: ..."), and exit status 1."""
    print(_("%(prog)s: error: %(message)s\n") % {"prog": PROG, "message": problem},
          end="", file=sys.stderr)
    sys.exit(1)


def parse_args(argv=None) -> argparse.Namespace:
    parser = command_parser(PROG, _("Breakshot's research command: shot maps and "
                                    "tournaments, resumable, locally or on a Dask cluster."),
                            parser_class=_Parser)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    shotmap = commands.add_parser("shotmap", help=_("pot probability over a grid of strokes"))
    shotmap.add_argument("out", metavar="OUT", help=_("the output folder"))
    shotmap.add_argument("--position", metavar="FILE",
                         help=_("a saved practice position to shoot from"))
    shotmap.add_argument("--replay", metavar="FILE",
                         help=_("a replay: shoot from where the balls lay before --shot"))
    shotmap.add_argument("--shot", type=whole_number(1), default=1, metavar="N",
                         help=_("the replay's shot, 1-based (default: 1)"))
    shotmap.add_argument("--game", choices=GAMES, default="nine_ball",
                         help=_("the balls and table of a position built from --cue and "
                                "--ball (default: nine_ball)"))
    shotmap.add_argument("--cue", type=point, metavar="X,Y", help=_("the cue ball (m)"))
    shotmap.add_argument("--ball", action="append", default=[], metavar="ID:X,Y",
                         help=_("an object ball (m); repeat for more"))
    shotmap.add_argument("--target", type=whole_number(1), metavar="ID",
                         help=_("the ball to pot (default: the lowest object ball)"))
    shotmap.add_argument("--aim", type=grid_range, metavar="DEG",
                         help=_("aim offsets from the line to the target (deg, + to the "
                                "left; default: every hit of it, 41 values)"))
    shotmap.add_argument("--speed", type=grid_range, default=grid_range("1:5:9"),
                         metavar="M/S", help=_("cue speeds (m/s; default: 1:5:9)"))
    shotmap.add_argument("--side", type=grid_range, default=(0.0,), metavar="R",
                         help=_("side offsets (fractions of R, + right; default: 0)"))
    shotmap.add_argument("--height", type=grid_range, default=(0.0,), metavar="R",
                         help=_("height offsets (fractions of R, + follow; default: 0)"))
    shotmap.add_argument("--elevation", type=grid_range, default=(5.0,), metavar="DEG",
                         help=_("cue elevations (deg; default: 5)"))
    shotmap.add_argument("--noise", choices=sorted(LEVELS) + [NO_NOISE], default="amateur",
                         help=_("whose execution noise (default: amateur; none: exact "
                                "strokes)"))
    shotmap.add_argument("--samples", type=whole_number(1), default=16, metavar="K",
                         help=_("noisy strokes per cell (default: 16; 1 with --noise none)"))
    shotmap.add_argument("--chunk-shots", type=whole_number(1), default=2000, metavar="N",
                         help=_("shots per chunk (default: 2000)"))
    tournament = commands.add_parser("tournament",
                                     help=_("whole games between computer players"))
    tournament.add_argument("out", metavar="OUT", help=_("the output folder"))
    tournament.add_argument("--players", required=True, metavar="P1,P2,...",
                            help=_("levels (beginner, amateur, pro) or opponent files "
                                   "(.json); every pair plays"))
    tournament.add_argument("--mode", choices=MODES, default="nine_ball",
                            help=_("game mode (default: nine_ball)"))
    tournament.add_argument("--games", type=whole_number(1), default=20,
                            help=_("games per pair (default: 20)"))
    tournament.add_argument("--chunk-games", type=whole_number(1), default=4, metavar="N",
                            help=_("games per chunk (default: 4)"))
    for command in (shotmap, tournament):
        command.add_argument("--seed", type=whole_number(0), default=1,
                             help=_("seed of the noise, racks and players (default: 1)"))
        where = command.add_mutually_exclusive_group()
        where.add_argument("--workers", type=whole_number(1), default=os.cpu_count() or 1,
                           metavar="N", help=_("local worker processes (default: one per "
                                               "core; 1 runs in this process)"))
        where.add_argument("--cluster", metavar="local:N|tcp://HOST:PORT",
                           help=_("run on a Dask LocalCluster of N workers, or a scheduler"))
    args = parser.parse_args(argv)
    if args.cluster is not None and cluster_problem(args.cluster):
        parser.error(_("argument --cluster: {problem}").format(
            problem=cluster_problem(args.cluster)))
    return args


def shotmap_run(args) -> ShotMap:
    """The ShotMap the arguments describe; exits with one sentence if they cannot."""
    params = Params()
    if (args.position is not None) + (args.replay is not None) + bool(args.cue or args.ball) > 1:
        _fail(_("give one of --position, --replay, or --cue and --ball"))
    if args.position is not None:
        try:
            position = load_position(args.position)
        except FileRefused as exc:
            _fail(exc)
    elif args.replay is not None:
        position, params = _replay_position(args.replay, args.shot)
    else:
        position = _built_position(args)
    objects = sorted(b for b in position.layout if b != CUE)
    if CUE not in position.layout or not objects:
        _fail(_("the position needs the cue ball and at least one object ball"))
    target = objects[0] if args.target is None else args.target
    if target not in objects:
        _fail(_("--target: ball {ball} is not on the table").format(ball=target))
    aim = args.aim
    if aim is None:
        (cx, cy), (tx, ty) = position.layout[CUE], position.layout[target]
        reach = sum(position.ball_set.radius(b) for b in (CUE, target))
        widest = math.degrees(math.asin(min(1.0, reach / math.hypot(tx - cx, ty - cy))))
        aim = grid_range(f"{-widest!r}:{widest!r}:41")
    problems = [(name, text) for name, values, ok, text in (
        ("--speed", args.speed, lambda v: 0.0 < v <= MAX_CUE_SPEED,
         _("cue speeds must be in (0, {most}] m/s").format(most=MAX_CUE_SPEED)),
        ("--side", args.side, lambda v: -1.0 < v < 1.0, _("offsets must be in (-1, 1)")),
        ("--height", args.height, lambda v: -1.0 < v < 1.0, _("offsets must be in (-1, 1)")),
        ("--elevation", args.elevation, lambda v: 0.0 <= v < 90.0,
         _("elevations must be in [0, 90) degrees")))
        if not all(map(ok, values))]
    if problems:
        _fail(_("argument {name}: {problem}").format(name=problems[0][0],
                                                      problem=problems[0][1]))
    samples = 1 if args.noise == NO_NOISE else args.samples
    grid = Grid(aim=tuple(math.radians(a) for a in aim), speed=args.speed, side=args.side,
                height=args.height, elevation=tuple(math.radians(e) for e in args.elevation))
    return ShotMap(position=position, target=target, grid=grid, noise=args.noise,
                   samples=samples, seed=args.seed,
                   chunk_cells=max(1, args.chunk_shots // samples), params=params)


def _replay_position(path, shot: int) -> tuple:
    """(position, params): where the balls lay before the replay's shot `shot` (1-based)
    and the physics the match was played with."""
    from game.replay import load_replay
    try:
        replay = load_replay(path)
    except FileRefused as exc:
        _fail(exc)
    if shot > len(replay.shots):
        _fail(ngettext("--shot: the replay has {count} shot, not {shot}",
                       "--shot: the replay has {count} shots, not {shot}",
                       len(replay.shots)).format(count=len(replay.shots), shot=shot))
    return position_before(replay, replay.shots[shot - 1]), replay.match.params


def _built_position(args) -> Position:
    """The position of --game, --cue and --ball."""
    if args.cue is None:
        _fail(_("give a --position file, or the cue ball with --cue X,Y"))
    position = Position(DEFAULT_TABLES[args.game](), args.game, Layout({}))
    for ball, text in [(CUE, None)] + [_ball_argument(text) for text in args.ball]:
        if ball in position.layout:
            _fail(_("argument --ball: ball {ball} is given twice").format(ball=ball))
        try:
            position = position.with_ball(ball, args.cue if ball == CUE else text)
        except PlacementError as exc:
            sentence = (_("argument --cue: {problem}") if ball == CUE
                        else _("argument --ball: {problem}"))
            _fail(sentence.format(problem=exc))
    return position


def _ball_argument(text: str) -> tuple:
    """(ball id, (x, y)) of a --ball ID:X,Y."""
    number, _colon, xy = text.partition(":")
    try:
        return int(number), point(xy)
    except (ValueError, argparse.ArgumentTypeError):
        _fail(_("argument --ball: a ball must look like 9:1.9,0.64 (its number, then x,y "
                "in metres), not {text!r}").format(text=text))


def tournament_run(args) -> Tournament:
    """The Tournament the arguments describe; exits with one sentence if they cannot."""
    players = []
    for entry in (e.strip() for e in args.players.split(",") if e.strip()):
        if entry in LEVELS:
            players.append(Contestant(entry, LEVELS[entry]))
            continue
        if not entry.endswith(".json"):
            _fail(_("argument --players: {entry!r} is neither a level ({levels}) nor an "
                    "opponent file (.json)").format(entry=entry, levels=", ".join(LEVELS)))
        try:
            players.append(load_opponent(entry))
        except FileRefused as exc:
            _fail(exc)
    names = [p.name for p in players]
    if len(players) < 2 or len(set(names)) != len(names):
        _fail(_("argument --players: name at least two players, each once (two opponent "
                "files must have different names)"))
    return Tournament(mode=args.mode, players=tuple(players), games=args.games,
                      seed=args.seed, chunk_games=args.chunk_games)


def main(argv=None) -> int:
    args = parse_args(argv)
    run = shotmap_run(args) if args.command == "shotmap" else tournament_run(args)
    out = Path(args.out)
    chunks = run.chunks()
    shots = run.kind == "shotmap"
    unit, total = ("shot", run.shots) if shots else ("game", run.total_games)
    try:
        done = open_run(run, out)           # refuses another run's folder before starting
        with backend_for(args.cluster, args.workers) as backend, \
                tqdm(total=total, initial=sum(chunks[k].size for k in done), unit=unit,
                     file=sys.stderr, smoothing=0.1) as bar:
            report = run_chunks(run, out, backend, on_chunk=lambda chunk: bar.update(
                chunk.size))
    except (RunRefused, BackendError) as exc:
        _fail(exc)
    except OSError as exc:
        _fail(_("{folder} cannot take the results: {reason}").format(
            folder=out, reason=folder_problem(out, exc)))
    except KeyboardInterrupt:
        _fail(_("interrupted; the finished chunks are saved in {folder}: run the same "
                "command again to continue").format(folder=out))
    table = load_results(out, len(chunks))
    summary = (shotmap_summary if shots else tournament_summary)(run, table)
    figure = (shotmap_figure if shots else tournament_figure)(run, table)
    with atomic_write(out / "summary.txt", text=True) as stream:
        stream.write(summary + "\n")
    save_figure(figure, out / f"{run.kind}.png")
    print(summary)
    computed = sum(chunks[k].size for k in report.computed)
    if computed and report.seconds > 0:
        rate = computed / report.seconds
        done_now = (ngettext("{n} shot", "{n} shots", computed) if shots
                    else ngettext("{n} game", "{n} games", computed)).format(n=computed)
        speed = (_("{rate:.1f} shots/s") if shots else _("{rate:.1f} games/s")).format(
            rate=rate)
        print(ngettext("This run: {done} of {chunks} chunk, {computed} in {seconds:.1f} s "
                       "({speed}); {already}",
                       "This run: {done} of {chunks} chunks, {computed} in {seconds:.1f} s "
                       "({speed}); {already}", len(chunks)).format(
            done=len(report.computed), chunks=len(chunks), computed=done_now,
            seconds=report.seconds, speed=speed,
            already=ngettext("{n} chunk was already done", "{n} chunks were already done",
                             report.already_done).format(n=report.already_done)))
    print(_("Results: {parts} (Parquet), {summary}, {figure}").format(
        parts=out / "parts", summary=out / "summary.txt", figure=out / (run.kind + ".png")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
