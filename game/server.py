"""`python -m game.server` (breakshot-server): the match server for play across machines.

    python -m game.server [--host 127.0.0.1] [--port 8765] [--data DIR]
                          [--reconnect-timeout S] [--rate N] [--matches-per-address N]
                          [--connections-per-address N] [--seed N] [--verbose]

It listens on localhost unless --host says otherwise (docs/network.md: exposing it, TLS
from a reverse proxy); --port 0 picks a free port. Matches are recorded as replays in
DIR (default: <user data dir>/server) and restored from there at start. The first line
on standard output says where it listens.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
from pathlib import Path

import platformdirs

from game.arguments import command_parser, whole_number
from game.i18n import _
from game.net.server import SEED_BITS, Limits, serve_forever

SEED_LIMIT = 2 ** SEED_BITS     # seeds as the server draws them when none is given


def parse_args(argv=None) -> argparse.Namespace:
    defaults = Limits()
    parser = command_parser(
        prog="python -m game.server",
        description=_("Breakshot's match server: hosts matches between players on other "
                      "machines, referees them and records them as replays."))
    parser.add_argument("--host", default="127.0.0.1",
                        help=_("address to listen on (default 127.0.0.1: this machine only)"))
    parser.add_argument("--port", type=whole_number(0), default=8765,
                        help=_("port (default 8765; 0: any free port)"))
    parser.add_argument("--data", type=Path,
                        default=Path(platformdirs.user_data_dir("breakshot")) / "server",
                        help=_("folder of the match recordings"))
    parser.add_argument("--reconnect-timeout", type=float, default=defaults.reconnect_timeout,
                        help=_("seconds a disconnected player's seat is kept before the "
                               "opponent may claim the match (default %(default)s)"))
    parser.add_argument("--rate", type=float, default=defaults.rate,
                        help=_("messages per second a connection may send (default "
                               "%(default)s)"))
    parser.add_argument("--matches-per-address", type=whole_number(1),
                        default=defaults.matches_per_address,
                        help=_("unfinished matches one address may host at a time (default "
                               "%(default)s)"))
    parser.add_argument("--connections-per-address", type=whole_number(1),
                        default=defaults.connections_per_address,
                        help=_("connections one address may hold open at a time (default "
                               "%(default)s)"))
    parser.add_argument("--seed", type=whole_number(0), default=None,
                        help=_("seed of every match's racks and coin toss, to play the same "
                               "matches again (default: random for each match)"))
    parser.add_argument("--verbose", action="store_true", help=_("log every match event"))
    args = parser.parse_args(argv)
    if not (args.reconnect_timeout >= 0 and args.rate > 0):
        parser.error(_("--reconnect-timeout must be at least 0 and --rate more than 0"))
    if args.seed is not None and args.seed >= SEED_LIMIT:
        parser.error(_("--seed must be less than {limit}").format(limit=SEED_LIMIT))
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    limits = Limits(rate=args.rate, burst=2 * args.rate,
                    reconnect_timeout=args.reconnect_timeout,
                    matches_per_address=args.matches_per_address,
                    connections_per_address=args.connections_per_address)
    try:
        asyncio.run(serve_forever(args.data, args.host, args.port, limits, seed=args.seed))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
