"""A computer player over the network: a MatchClient whose strokes the computer opponent
(game.ai) chooses. The tests and the soak run it as a separate process; it is also a
sparring partner for anyone testing a server by hand.

    python -m game.net.bot --url ws://127.0.0.1:8765 --host eight_ball [--race-to 2]
    python -m game.net.bot --url ws://127.0.0.1:8765 --join CODE

The host prints "code CODE" on a line of its own as soon as the match exists. At the end
a JSON line sums the match up as this player's mirror saw it (see Bot.summary).
"""
from __future__ import annotations

import json
import sys
import time

from game.arguments import command_parser
from game.ai.opponent import Opponent
from game.i18n import _
from game.session import Concede

from .client import MatchClient

MAX_REFUSED_DECISIONS = 5


class Bot:
    """Plays one seat of a match on `client` with an Opponent of `level`.
    cut_at: after this many applied commands, cut the connection once (the client
    resumes). think: seconds to wait before each decision (a human's pace). on_event:
    called with every Event (the soak times strokes with it)."""

    def __init__(self, client: MatchClient, level: str = "beginner", seed: int = 0,
                 cut_at: int | None = None, on_event=None, think: float = 0.0):
        self.client = client
        self.opponent = Opponent(level, seed=seed)
        self.cut_at = cut_at
        self.on_event = on_event
        self.think = think
        self.outstanding: set = set()
        self.refused_in_a_row = 0
        self.refusals: list = []
        self.applied = 0

    def step(self, timeout: float = 0.05) -> bool:
        """Handle what arrived and play if it is this seat's turn; False once the match
        has ended."""
        client = self.client
        for event in client.poll(timeout):
            if self.on_event:
                self.on_event(event)
            if event.kind == "applied":
                self.applied += 1
                if event.data["seat"] == client.seat:
                    self.outstanding.discard(event.data["seq"])
                    self.refused_in_a_row = 0
                if self.cut_at is not None and self.applied >= self.cut_at:
                    self.cut_at = None
                    client.drop()
            elif event.kind == "refused":
                self.refusals.append(event.data["reason"])
                if event.data["seq"] in self.outstanding:
                    self.outstanding.clear()
                    self.refused_in_a_row += 1
            elif event.kind in ("match", "connection"):
                self.outstanding.clear()
        if client.status == "ended":
            return False
        if client.my_turn and not self.outstanding and client.connected:
            if self.refused_in_a_row >= MAX_REFUSED_DECISIONS:
                self.outstanding.add(client.send(Concede(client.session.shooter)))
            else:
                time.sleep(self.think)
                decision = self.opponent.decide(client.session.state)
                for command in decision.commands:
                    self.outstanding.add(client.send(command))
        return True

    def play(self, deadline: float) -> None:
        while time.monotonic() < deadline and self.step():
            pass

    def summary(self) -> dict:
        """seat, code, the mirror's command count and shot digests, the server's digests,
        games won, the end, resyncs, reconnects and refusals."""
        from game.replay.shotdata import ShotData
        client = self.client
        session = client.session
        return {"seat": client.seat, "code": client.code,
                "commands": len(session.commands) if session else 0,
                "digests": [ShotData.of(r.result).digest() for r in session.shots]
                if session else [],
                "server_digests": client.server_digests,
                "games_won": list(session.games_won) if session else None,
                "ended": client.ended, "resyncs": client.resyncs,
                "reconnects": client.reconnects, "refusals": self.refusals}


def main(argv=None) -> int:
    parser = command_parser(prog="python -m game.net.bot",
                            description=_("A computer player on a match server."))
    parser.add_argument("--url", required=True, help=_("the match server (ws://HOST:PORT)"))
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--host", choices=("eight_ball", "nine_ball"),
                      help=_("host a match of this game"))
    what.add_argument("--join", metavar="CODE", help=_("join the match with this code"))
    parser.add_argument("--race-to", type=int, default=1,
                        help=_("frames to win the hosted match (default %(default)s)"))
    parser.add_argument("--level", default="beginner",
                        help=_("computer level (default %(default)s)"))
    parser.add_argument("--seed", type=int, default=0,
                        help=_("seed of the player's noise (default %(default)s)"))
    parser.add_argument("--name", default="Bot", help=_("the player's name"))
    parser.add_argument("--cut-at", type=int, default=None,
                        help=_("cut the connection once after this many commands"))
    parser.add_argument("--resume-for", type=float, default=30.0,
                        help=_("seconds to keep trying to resume the seat after a lost "
                               "connection (default %(default)s)"))
    parser.add_argument("--think", type=float, default=0.0,
                        help=_("seconds to wait before each decision"))
    parser.add_argument("--time-limit", type=float, default=300.0,
                        help=_("seconds after which the player stops (default %(default)s)"))
    args = parser.parse_args(argv)
    client = MatchClient(args.url, args.name, resume_for=args.resume_for)
    client.connect()
    if args.host:
        client.host(args.host, race_to=args.race_to)
    else:
        client.join(args.join)
    client.wait_for("match")
    if args.host:
        print(f"code {client.code}", flush=True)
    bot = Bot(client, args.level, args.seed, args.cut_at, think=args.think)
    bot.play(time.monotonic() + args.time_limit)
    print(json.dumps(bot.summary()), flush=True)
    client.close()
    return 0 if client.status == "ended" else 1


if __name__ == "__main__":
    sys.exit(main())
