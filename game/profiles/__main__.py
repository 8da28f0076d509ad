"""`python -m game.profiles`: the statistics database from the command line.

    python -m game.profiles rebuild [--replays DIR] [--database FILE]
        rebuild the database from every replay in the folder
    python -m game.profiles show NAME [--mode nine_ball] [--csv OUT.csv] [--database FILE]
        a profile's (or "computer:pro"'s, "guest"'s) record, optionally as CSV

Exit status: 0 done, 1 an error (a database that is in use, cannot be read or written, or a
file that cannot be written: one sentence, nothing changed), 2 bad arguments.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.arguments import command_parser
from game.i18n import _, ngettext
from game.replay import replay_directory
from game.session.game import MODES

from .export import stats_rows, write_csv
from .opening import database_path, open_statistics
from .rebuild import rebuild
from .stats import seat_stats
from .store import (StoreRefused, StoreUnavailable, in_use_elsewhere, regular_size,
                    writable_folder)

EXIT_ERROR = 1


def parse_args(argv=None) -> argparse.Namespace:
    parser = command_parser(prog="python -m game.profiles",
                            description=_("Breakshot's statistics database."))
    parser.add_argument("--database", default=None, metavar="FILE",
                        help=_("the database (default: statistics.sqlite in the user's data "
                               "folder)"))
    commands = parser.add_subparsers(dest="command", required=True)
    again = commands.add_parser("rebuild", help=_("rebuild the database from the replays"))
    again.add_argument("--replays", default=None, metavar="DIR",
                       help=_("the replays folder (default: the user's)"))
    show = commands.add_parser("show", help=_("print a profile's statistics"))
    show.add_argument("seat", metavar="NAME",
                      help=_("a profile's name, computer:LEVEL or guest"))
    show.add_argument("--mode", choices=MODES, default="nine_ball",
                      help=_("game mode (default: nine_ball)"))
    show.add_argument("--csv", metavar="OUT.csv", help=_("write them as CSV"))
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    path = args.database or database_path()
    try:
        return _run(args, path)
    except (StoreUnavailable, StoreRefused) as exc:
        print(exc, file=sys.stderr)
        return EXIT_ERROR
    except OSError as exc:
        print(_("{path} could not be written: {error}").format(
            path=exc.filename or path, error=exc.strerror or exc), file=sys.stderr)
        return EXIT_ERROR


def _run(args, path) -> int:
    if args.command == "rebuild":
        folder = args.replays or replay_directory()
        regular_size(path)              # a folder or a FIFO there is not replaced
        in_use_elsewhere(path)          # nor a database another process has open
        writable_folder(Path(path).parent)
        report = rebuild(path, folder)
        for name, why in report.skipped:
            print(_("skipped {name}: {why}").format(name=name, why=why), file=sys.stderr)
        print(ngettext("{path}: {count} match from {folder}",
                       "{path}: {count} matches from {folder}", report.matches).format(
            path=path, count=report.matches, folder=folder))
        return 0
    conn, notice = open_statistics(path)
    if notice:
        print(notice, file=sys.stderr)
    seat = args.seat if args.seat == "guest" or ":" in args.seat else f"profile:{args.seat}"
    stats = seat_stats(conn, seat, args.mode)
    if args.csv:
        try:
            write_csv(stats, args.csv)
        except OSError as exc:
            print(_("{path} could not be written: {error}").format(path=args.csv,
                                                                  error=exc.strerror or exc),
                  file=sys.stderr)
            return EXIT_ERROR
    else:
        for section, key, value in stats_rows(stats):
            if section != "match":
                print(f"{section:18} {key:40} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
