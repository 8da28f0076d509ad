"""The match server: the referee of networked matches (asyncio, websockets).

A host creates a match (mode, rule variants, race length) and gets a join code and a
secret seat token; a second player joins with the code and gets the other seat and its
token; anyone with the code may watch, read-only. The server runs the same
game.session.GameSession as the clients: a command is accepted only from the connection
seated at the seat whose turn it is (the rules say whose: the player to choose after a
push out, else the shooter), carrying that seat's token, and only if the rules accept
it; the server simulates each stroke itself and sends every client the command, the
shot's digest (game.replay.digest) and the layout after it. Frames are racked by the
server (game.race.Race) until the race is won.

Every match is recorded as an ordinary replay (game.replay.Recorder, atomic after every
command) in the data folder, next to a small JSON file of what the replay does not hold
(the code, the race, the tokens' SHA-256 hashes), also written atomically. A restarted
server rebuilds each unfinished match by replaying its recording's commands (each shot's
digest checked against the recorded one); a match it cannot rebuild is ended.

Nothing a client sends can stop the server: every frame is checked (game.net.protocol),
every refusal is sent back with its reason and logged, and the limits (Limits) bound
message size, message rate per connection, live matches and connections per address.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import inspect
import json
import logging
import os
import secrets
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from websockets.asyncio.server import broadcast, serve
from websockets.exceptions import ConnectionClosed

from physics_ext import SimulationError
from game.i18n import N_, _
from game.race import Race
from game.replay import Recorder, load_replay
from game.replay.shotdata import ShotData
from game.rules import Player, RulesError
from game.session import Concede, GameSession, PlaceCueBall
from game.storage import FileRefused, atomic_write, parse_json, read_bounded
from game.storage.plain import from_plain, to_plain

from . import protocol as P

log = logging.getLogger("game.net.server")
META_SUFFIX = ".match.json"
REPLAY_SUFFIX = ".bsreplay"
SWEEP_EVERY_S = 60.0
# Shots whose solver data answer is kept per match (about 23 kB each).
SHOT_DATA_CACHED = 8
MAX_META_BYTES = 64 * 1024


# A match's seed (its coin toss and racks), drawn at random unless the server is given one.
SEED_BITS = 32


@dataclass(frozen=True)
class Limits:
    """What one client may do. max_frame_bytes: frames larger than this close the
    connection (websockets' own limit); a frame over protocol.MAX_CLIENT_BYTES but under
    it is refused with a reason. rate, burst: messages per second per connection (a
    token bucket); a connection refused `kick_after` times for its rate is closed.
    reconnect_timeout: seconds a seat is kept for its player after a disconnect before
    the opponent may claim the match. placements_per_turn: cue-ball placements one
    player may make before he shoots (each is kept in the match's record, which every
    client loads). shot_data_rate, shot_data_burst: solver data requests per second
    per connection (each costs the server milliseconds; answers are cached per shot)."""
    max_frame_bytes: int = 64 * 1024
    rate: float = 20.0
    burst: float = 40.0
    kick_after: int = 100
    matches_per_address: int = 4
    connections_per_address: int = 16
    # A restart of the game to its Play online page took 7-11 s on the project's 2-core
    # machine under load with a software renderer; a machine several times slower, or a
    # player who reads the screen first, needs minutes: three of them.
    reconnect_timeout: float = 180.0
    placements_per_turn: int = 20
    shot_data_rate: float = 1.0
    shot_data_burst: float = 8.0


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def actor(session) -> Player:
    """Whose decision the state waits for: the player to choose after a push out, else
    the shooter (who also chooses a group)."""
    option = session.option_pending
    return Player(option) if option is not None else session.shooter


def layout_of(session) -> dict:
    return {str(b): [float(v) for v in p] for b, p in session.state.layout.items()}


@dataclass
class Seat:
    name: str | None = None
    token_hash: str | None = None
    conn: object = None
    left_at: float | None = None       # monotonic time of the disconnect


@dataclass
class Match:
    code: str
    mode: str
    variants: object
    race_to: int
    winner_breaks: bool
    host_address: str
    folder: Path
    seed: int = 0
    seats: list = field(default_factory=lambda: [Seat(), Seat()])
    spectators: set = field(default_factory=set)
    session: GameSession | None = None
    race: Race | None = None
    recorder: Recorder | None = None
    digests: list = field(default_factory=list)
    shot_data: dict = field(default_factory=dict)     # shot index -> its encoded answer
    ended: dict | None = None          # {"winner": 0/1 or None, "reason": str}
    created: str = ""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def meta_path(self) -> Path:
        return self.folder / (self.code + META_SUFFIX)

    @property
    def replay_path(self) -> Path:
        return self.folder / (self.code + REPLAY_SUFFIX)

    @property
    def status(self) -> str:
        return "ended" if self.ended else "playing" if self.session else "waiting"

    def connections(self) -> list:
        return [s.conn for s in self.seats if s.conn is not None] + list(self.spectators)

    def save_meta(self) -> None:
        meta = {"format": "breakshot-server-match", "code": self.code, "mode": self.mode,
                "variants": to_plain(self.variants), "race_to": self.race_to,
                "winner_breaks": self.winner_breaks, "seed": self.seed,
                "host_address": self.host_address, "created": self.created,
                "names": [s.name for s in self.seats],
                "tokens": [s.token_hash for s in self.seats], "ended": self.ended}
        with atomic_write(self.meta_path, text=True) as out:
            json.dump(meta, out)

    def snapshot(self, seat=None, token=None) -> str:
        """Everything a client needs to rebuild the match where it is."""
        session = self.session
        return P.encode(
            "match", code=self.code, seat=seat, token=token, status=self.status,
            mode=self.mode, variants=to_plain(self.variants), race_to=self.race_to,
            winner_breaks=self.winner_breaks, seed=self.seed,
            names=[s.name for s in self.seats],
            first_breaker=None if session is None else int(self.race.first_breaker),
            commands=[] if session is None else [P.encode_command(c) for c in session.commands],
            digests=list(self.digests),
            present=[s.conn is not None for s in self.seats], ended=self.ended)


class ServerRecorder(Recorder):
    """A Recorder that saves when the server says (Recorder.save, on a worker thread),
    not inside the session's listener: the event loop never waits for a disk."""
    hold = False

    def save(self) -> None:
        if not self.hold:
            super().save()


class Refused(Exception):
    """A request turned down; str() is the reason sent back."""


class _Bucket:
    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self.level, self.stamp = burst, time.monotonic()
        self.refused = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        self.refused += 1
        return False


class MatchServer:
    """The referee of every match; `folder`: where matches are recorded and restored
    from; `seed`: every new match's coin toss and racks from this seed (None: a random
    seed for each match, which players cannot foresee). Use `await start(host, port)`,
    then `await stop()`."""

    def __init__(self, folder, limits: Limits = Limits(), seed: int | None = None):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.limits = limits
        self.seed = seed
        self.matches: dict[str, Match] = {}
        self.connections_by_address: dict[str, int] = {}
        self.refusals = 0
        self.server = None
        self.restore()

    # ---- life ----------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 8765) -> int:
        """Listen; returns the port (a free one when `port` is 0)."""
        self.server = await serve(self.handle, host, port, max_size=self.limits.max_frame_bytes,
                                  max_queue=8, compression=None, ping_interval=10,
                                  ping_timeout=10, close_timeout=2)
        self._sweeper = asyncio.ensure_future(self._sweep_forever())
        return self.server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        self._sweeper.cancel()
        self.server.close()
        await self.server.wait_closed()

    # ---- restoring -------------------------------------------------------------------------
    def restore(self) -> None:
        """Bring back every unfinished match of the folder (see the module docstring)."""
        for meta_path in sorted(self.folder.glob("*" + META_SUFFIX)):
            try:
                match = self._restore(meta_path)
            except (FileRefused, OSError, RulesError, SimulationError, ValueError,
                    KeyError, TypeError) as exc:
                log.warning("match %s could not be restored, ended: %s", meta_path.name, exc)
                self._end_unrestorable(meta_path, str(exc))
                continue
            if match is not None:
                self.matches[match.code] = match
                log.info("restored match %s (%s, %d commands)", match.code, match.status,
                         0 if match.session is None else len(match.session.commands))

    def _restore(self, meta_path: Path):
        data = parse_json(read_bounded(meta_path, MAX_META_BYTES, N_("match")),
                          meta_path.name, error=FileRefused)
        if not isinstance(data, dict) or data.get("format") != "breakshot-server-match":
            raise FileRefused(_("{name}: not a match file of this server").format(
                                  name=meta_path.name))
        if data["ended"]:
            return None
        mode = data["mode"]
        match = Match(code=P._code(data["code"], "code"), mode=mode,
                      variants=from_plain(P.VARIANTS[mode], data["variants"], "variants"),
                      race_to=int(data["race_to"]), winner_breaks=bool(data["winner_breaks"]),
                      host_address=str(data["host_address"]), folder=self.folder,
                      seed=int(data["seed"]), created=str(data["created"]))
        for seat, name, digest in zip(match.seats, data["names"], data["tokens"]):
            seat.name, seat.token_hash = name, digest
            seat.left_at = time.monotonic()
        if match.seats[1].name is None:
            return match
        replay = load_replay(match.replay_path)
        info = replay.match
        session = GameSession(info.mode, info.players, info.variants, info.seed, info.params,
                              breaker=Player(info.first_breaker), cue=info.cue)
        self._attach(match, session, started=datetime.fromisoformat(replay.created),
                     path=match.folder / ("." + match.code + ".restoring" + REPLAY_SUFFIX))
        shots = iter(replay.shots)
        for command in replay.commands:
            record = session.apply(command)
            if record is not None:
                recorded = next(shots).digest
                if match.digests[-1] != recorded:
                    raise ValueError(f"shot {len(match.digests)} no longer gives its recorded "
                                     f"digest")
        Recorder.save(match.recorder)
        if match.recorder.error is not None:
            raise match.recorder.error
        os.replace(match.recorder.path, match.replay_path)
        match.recorder.path = str(match.replay_path)
        if match.race.over:              # ended, but not yet marked so: mark it
            self._finish(match, int(match.race.winner), "won")
            return None
        if session.state.game_over:      # a frame won, the next not racked yet
            match.race.next_frame()
            Recorder.save(match.recorder)
        return match

    def _end_unrestorable(self, meta_path: Path, reason: str) -> None:
        with contextlib.suppress(Exception):
            data = json.loads(meta_path.read_text())
            data["ended"] = {"winner": None, "reason": "not restored: " + reason[:200]}
            with atomic_write(meta_path, text=True) as out:
                json.dump(data, out)

    # ---- connections -----------------------------------------------------------------------
    async def handle(self, conn) -> None:
        address = conn.remote_address[0] if conn.remote_address else "?"
        count = self.connections_by_address.get(address, 0)
        if count >= self.limits.connections_per_address:
            log.warning("%s: refused a connection: %d already open", address, count)
            await conn.close(1008, "too many connections from this address")
            return
        self.connections_by_address[address] = count + 1
        conn.bucket = _Bucket(self.limits.rate, self.limits.burst)
        conn.shot_data_bucket = _Bucket(self.limits.shot_data_rate, self.limits.shot_data_burst)
        conn.address = address
        conn.seat_of = None                # (code, seat) once seated
        try:
            async for frame in conn:
                reply = await self.receive(conn, frame)
                if reply is not None:
                    await conn.send(reply)
                if conn.bucket.refused >= self.limits.kick_after:
                    log.warning("%s: closed after a flood", address)
                    await conn.close(1008, "too many messages")
                    break
        except ConnectionClosed:
            pass
        finally:
            self.connections_by_address[address] -= 1
            if not self.connections_by_address[address]:
                del self.connections_by_address[address]
            self._left(conn)

    async def receive(self, conn, frame):
        """Handle one frame; returns the direct reply (or None)."""
        if not conn.bucket.take():
            return self._refuse(conn, "too many messages: slow down")
        values = {}
        try:
            kind, values = P.decode_client(frame)
            reply = getattr(self, "_on_" + kind)(conn, **values)
            return await reply if inspect.isawaitable(reply) else reply
        except (P.ProtocolError, Refused) as exc:
            return self._refuse(conn, str(exc), values.get("seq"))
        except Exception as exc:             # a server bug must not take the match down
            log.exception("%s: error handling a message", conn.address)
            return self._refuse(conn, f"server error: {type(exc).__name__}", values.get("seq"))

    def _refuse(self, conn, reason: str, seq=None) -> str:
        """The refusal sent back (`seq`: the refused command's, when it was read)."""
        self.refusals += 1
        log.warning("%s: refused: %s", conn.address, reason)
        return P.encode("refused", reason=reason, seq=seq)

    def _left(self, conn) -> None:
        for match in list(self.matches.values()):
            if conn in match.spectators:
                match.spectators.discard(conn)
                self._forget_if_done(match)
        if conn.seat_of is None:
            return
        code, seat = conn.seat_of
        match = self.matches.get(code)
        if match is None or match.seats[seat].conn is not conn:
            return
        match.seats[seat].conn = None
        match.seats[seat].left_at = time.monotonic()
        log.info("match %s: seat %d disconnected", code, seat)
        if match.ended:
            self._forget_if_done(match)
            return
        broadcast(match.connections(), P.encode(
            "presence", seat=seat, connected=False,
            claim_after=self.limits.reconnect_timeout))

    # ---- requests --------------------------------------------------------------------------
    def _match(self, code: str) -> Match:
        """The match of `code`; one that is due to be abandoned (see sweep) is abandoned
        first, so nobody joins or claims it in the meantime."""
        match = self.matches.get(code)
        if match is not None and self._abandoned(match, time.monotonic()):
            self._finish(match, None, "abandoned")
        if match is None or (match.ended and match.code not in self.matches):
            raise Refused(f"no match with the code {code}")
        return match

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(P.CODE_ALPHABET) for _ in range(P.CODE_LENGTH))
            if code not in self.matches and not (self.folder / (code + META_SUFFIX)).exists():
                return code

    def _seat(self, match: Match, seat: int, conn, name: str) -> str:
        token = secrets.token_hex(P.TOKEN_HEX // 2)
        s = match.seats[seat]
        s.name, s.token_hash, s.conn, s.left_at = name, token_hash(token), conn, None
        conn.seat_of = (match.code, seat)
        return token

    def _on_create(self, conn, name, mode, variants, race_to, winner_breaks):
        if conn.seat_of is not None:
            raise Refused("this connection already has a seat")
        self.sweep()
        live = sum(1 for m in self.matches.values()
                   if m.host_address == conn.address and not m.ended)
        if live >= self.limits.matches_per_address:
            raise Refused(f"this address already hosts the most unfinished matches allowed "
                          f"({live})")
        match = Match(code=self._new_code(), mode=mode, variants=variants, race_to=race_to,
                      winner_breaks=winner_breaks, host_address=conn.address,
                      folder=self.folder,
                      seed=secrets.randbits(SEED_BITS) if self.seed is None else self.seed,
                      created=datetime.now().astimezone().isoformat(timespec="seconds"))
        token = self._seat(match, 0, conn, name)
        match.save_meta()
        self.matches[match.code] = match
        log.info("match %s created by %s (%s, race to %d)", match.code, conn.address, mode,
                 race_to)
        return match.snapshot(seat=0, token=token)

    def _on_join(self, conn, code, name):
        match = self._match(code)
        if conn.seat_of is not None:
            raise Refused("this connection already has a seat")
        if match.ended:
            raise Refused(f"the match has ended ({match.ended['reason']})")
        if match.seats[1].token_hash is not None:
            raise Refused("the match is full: watch it instead")
        token = self._seat(match, 1, conn, name)
        session = GameSession(match.mode, [s.name for s in match.seats], match.variants,
                              match.seed)
        self._attach(match, session)
        match.save_meta()
        log.info("match %s: %s joined from %s", code, name, conn.address)
        broadcast([c for c in match.connections() if c is not conn], match.snapshot())
        return match.snapshot(seat=1, token=token)

    def _attach(self, match: Match, session: GameSession, started=None, path=None) -> None:
        match.session = session
        match.race = Race(session, match.race_to, match.winner_breaks)
        match.recorder = ServerRecorder(session, path=path or match.replay_path,
                                        started=started, race_to=match.race_to)
        match.recorder.hold = True

        def digest(session_, command, record):
            if record is not None:
                match.digests.append(ShotData.of(record.result).digest())
        session.listeners.append(digest)

    async def _on_watch(self, conn, code):
        match = self._match(code)
        async with match.lock:          # not between a command and its "applied"
            match.spectators.add(conn)
            return match.snapshot()

    def _check_seat(self, conn, match: Match, seat: int, token: str) -> None:
        """The seat's token, and this connection sitting there."""
        expected = match.seats[seat].token_hash
        if expected is None or not hmac.compare_digest(expected, token_hash(token)):
            raise Refused("wrong token for that seat")
        if conn.seat_of != (match.code, seat):
            raise Refused("this connection does not sit at that seat: resume first")

    async def _on_resume(self, conn, code, seat, token):
        match = self._match(code)
        async with match.lock:          # not between a command and its "applied"
            return self._resume(conn, match, seat, token)

    def _resume(self, conn, match: Match, seat: int, token: str) -> str:
        code = match.code
        if conn.seat_of not in (None, (code, seat)):
            # One connection, one seat: a seat left behind would stay bound to it.
            raise Refused("this connection already has a seat")
        expected = match.seats[seat].token_hash
        if expected is None or not hmac.compare_digest(expected, token_hash(token)):
            raise Refused("wrong token for that seat")
        if match.seats[seat].conn not in (None, conn):
            # A stolen token is no use while its player is there; a connection that died
            # unnoticed is found by the pings within ping_interval + ping_timeout.
            raise Refused("that seat's player is connected")
        match.seats[seat].conn, match.seats[seat].left_at = conn, None
        conn.seat_of = (code, seat)
        match.spectators.discard(conn)
        log.info("match %s: seat %d resumed from %s", code, seat, conn.address)
        broadcast([c for c in match.connections() if c is not conn],
                  P.encode("presence", seat=seat, connected=True, claim_after=None))
        return match.snapshot(seat=seat)

    async def _on_claim(self, conn, code, seat, token):
        match = self._match(code)
        async with match.lock:
            self._check_seat(conn, match, seat, token)
            if match.status != "playing":
                raise Refused(f"the match is {match.status}")
            other = match.seats[1 - seat]
            if other.conn is not None:
                raise Refused("your opponent is connected")
            waited = time.monotonic() - other.left_at
            if waited < self.limits.reconnect_timeout:
                raise Refused(f"your opponent may still come back for "
                              f"{self.limits.reconnect_timeout - waited:.0f} s")
            if not match.session.state.game_over:
                await self._play(match, 1 - seat, None, Concede(Player(1 - seat)), rack=False)
            self._finish(match, seat, "forfeit")
        return None

    async def _on_command(self, conn, code, seat, token, seq, command):
        match = self._match(code)
        async with match.lock:          # one command of a match at a time, saves included
            self._check_seat(conn, match, seat, token)
            if match.status != "playing":
                raise Refused(f"the match is {match.status}")
            if isinstance(command, Concede):
                if int(command.player) != seat:
                    raise Refused("a player concedes only for himself")
            elif int(actor(match.session)) != seat:
                raise Refused("it is not your turn")
            if isinstance(command, PlaceCueBall):
                self._check_placements(match)
            await self._play(match, seat, seq, command)
            if match.race.over:
                self._finish(match, int(match.race.winner), "won")
        return None

    def _check_placements(self, match: Match) -> None:
        """Refused once the player at the table has placed the cue ball
        `limits.placements_per_turn` times since the last other command."""
        placed = 0
        for command in reversed(match.session.commands):
            if not isinstance(command, PlaceCueBall):
                break
            placed += 1
        if placed >= self.limits.placements_per_turn:
            raise Refused(f"the cue ball was placed {placed} times this turn, the most "
                          f"allowed: shoot")

    async def _play(self, match: Match, seat: int, seq, command, rack: bool = True) -> None:
        """Apply an accepted command (and rack the next frame if it ended one), save the
        recording off the event loop, then tell everyone. Nobody hears of a command
        before it is on disk."""
        messages = self._apply(match, seat, seq, command)
        session = match.session
        if rack and session.state.game_over and not match.race.over:
            match.race.next_frame()
            messages.append(self._applied(match, None, None, None))
        await asyncio.to_thread(Recorder.save, match.recorder)
        for message in messages:
            broadcast(match.connections(), message)

    def _apply(self, match: Match, seat: int, seq, command) -> list:
        session = match.session
        try:
            record = session.apply(command)
        except (RulesError, SimulationError, ValueError) as exc:
            raise Refused(f"the rules refuse it: {exc}") from None
        return [self._applied(match, seat, seq, record)]

    def _applied(self, match: Match, seat, seq, record) -> str:
        """The "applied" message of the session's last command."""
        session = match.session
        return P.encode(
            "applied", index=len(session.commands) - 1, seat=seat, seq=seq,
            command=P.encode_command(session.commands[-1]),
            digest=match.digests[-1] if record is not None else None,
            shot=len(session.shots) - 1 if record is not None else None,
            layout=layout_of(session), games_won=list(session.games_won))

    def _finish(self, match: Match, winner, reason: str) -> None:
        match.ended = {"winner": winner, "reason": reason}
        match.save_meta()
        log.info("match %s ended: %s (%s)", match.code, winner, reason)
        broadcast(match.connections(), P.encode("ended", winner=winner, reason=reason))
        self._forget_if_done(match)

    def sweep(self) -> None:
        """End every match its players have all left for longer than the reconnect
        timeout (a host who never got an opponent, two players who both went away):
        "abandoned", no winner. Run before counting an address's matches, and every
        SWEEP_EVERY_S."""
        now = time.monotonic()
        for match in list(self.matches.values()):
            if self._abandoned(match, now):
                self._finish(match, None, "abandoned")

    def _abandoned(self, match: Match, now: float) -> bool:
        """Whether every player of `match` has been gone longer than the reconnect
        timeout (and it has not ended yet)."""
        seats = [s for s in match.seats if s.token_hash is not None]
        if match.ended or match.lock.locked() or any(s.conn for s in seats):
            return False
        return all(now - s.left_at >= self.limits.reconnect_timeout for s in seats)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY_S)
            self.sweep()

    def _forget_if_done(self, match: Match) -> None:
        """An ended match nobody is connected to leaves memory (its files stay)."""
        if match.ended and not match.connections():
            self.matches.pop(match.code, None)

    def _on_aim(self, conn, code, seat, token, stroke):
        match = self._match(code)
        self._check_seat(conn, match, seat, token)
        if match.status != "playing" or int(actor(match.session)) != seat:
            raise Refused("it is not your turn")
        broadcast([c for c in match.connections() if c is not conn],
                  P.encode("aim", seat=seat, stroke=to_plain(stroke)))
        return None

    def _on_chat(self, conn, code, seat, token, phrase):
        match = self._match(code)
        self._check_seat(conn, match, seat, token)
        broadcast(match.connections(), P.encode("chat", seat=seat, phrase=phrase))
        return None

    def _on_shot_data(self, conn, code, shot):
        """A shot's solver data, which a client whose digest differed adopts: for the
        match's own players and spectators, at `limits.shot_data_rate`, each shot's
        answer made once."""
        match = self._match(code)
        if conn.seat_of is None or conn.seat_of[0] != code:
            if conn not in match.spectators:
                raise Refused("only the match's players and spectators may ask for its shots")
        if match.session is None or shot >= len(match.session.shots):
            raise Refused(f"no shot {shot} in this match")
        if not conn.shot_data_bucket.take():
            raise Refused("too many shot data requests: slow down")
        answer = match.shot_data.get(shot)
        if answer is None:
            data = ShotData.of(match.session.shots[shot].result)
            answer = P.encode("shot_data", shot=shot, data=data.to_plain(),
                              digest=data.digest())
            if len(match.shot_data) >= SHOT_DATA_CACHED:
                match.shot_data.pop(next(iter(match.shot_data)))
            match.shot_data[shot] = answer
        return answer


async def serve_forever(folder, host: str, port: int, limits: Limits, ready=None,
                        seed: int | None = None) -> None:
    server = MatchServer(folder, limits, seed)
    port = await server.start(host, port)
    print(_("breakshot-server listening on {url}").format(url=f"ws://{host}:{port}"),
          flush=True)
    if ready is not None:
        ready(port)
    await asyncio.Future()
