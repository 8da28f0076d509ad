"""The headless match client: connects to a match server, hosts, joins, watches or
resumes a match, sends commands, and keeps a mirror GameSession of the match.

The network runs on a thread of its own (an asyncio loop); what the server sends waits
in a thread-safe queue until the game calls `poll()` (each frame, on its own thread),
which applies it to the mirror session there and returns Events. So the mirror session
is only ever touched on the caller's thread, and the view can read it between polls.

Lockstep: every accepted command comes back from the server ("applied", with its index
in the match's command list). The client applies it to its mirror, simulating a stroke
itself, and compares the shot's digest with the server's. When they differ (or the
client missed commands), the client is resynchronised: it asks for the server's solver
data of that shot and rebuilds its mirror with the server's result in place of its own
(the rules are pure functions of the shot's facts, so the states then agree).

Events (Event.kind, Event.data):
    match       a snapshot: seated (seat, token, code) or watching, the status
                ("waiting", "playing", "ended"), names, race; the mirror is rebuilt
    started     both seats are taken; the mirror session exists
    applied     index, seat (None: the server racked a frame), command, record (the
                mirror's ShotRecord of a shot, else None), digest_ok (True, False, None)
    resynced    shot: the shot whose server result the mirror adopted
    refused     reason, seq (the refused command's, or None)
    presence    seat, connected, claim_after (seconds the seat is kept)
    ended       winner (0, 1 or None), reason ("won", "forfeit", ...)
    aim         seat, stroke (the opponent aiming, a physics_ext.Stroke)
    chat        seat, phrase (one of protocol.CHAT_PHRASES)
    connection  up (True or False), reason
    error       reason (a server message the client could not use)
"""
from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from dataclasses import dataclass

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from physics_ext import SimulationError, Stroke
from game.replay.manifest import VARIANTS
from game.replay.shotdata import ShotData
from game.i18n import N_, _
from game.rules import Player, RulesError
from game.session import GameSession
from game.storage import FileRefused
from game.storage.plain import from_plain, to_plain

from . import protocol as P
from .server import actor

log = logging.getLogger("game.net.client")

# The canned chat phrases in words (marked for translation; the view shows
# _(CHAT_WORDS[phrase])). Only the ids travel.
CHAT_WORDS = {"good_shot": N_("Good shot!"), "unlucky": N_("Unlucky."),
              "nice_safety": N_("Nice safety."), "thinking": N_("Thinking..."),
              "good_game": N_("Good game."), "hello": N_("Hello!")}


@dataclass(frozen=True)
class Event:
    kind: str
    data: dict


class MatchClient:
    """One player's (or spectator's) connection to the server at `url`
    ("ws://host:port"). `name`: the player's name. `resume_for`: seconds to keep trying
    to reconnect, and resume the seat, after the connection drops (0: don't)."""

    def __init__(self, url: str, name: str = "Player", resume_for: float = 30.0):
        self.url, self.name, self.resume_for = url, name, resume_for
        self.code = self.seat = self.token = None
        self.status = None
        self.ended = None
        self.session: GameSession | None = None
        self.server_digests: list = []
        self.resyncs = self.reconnects = 0
        self.received_at = None           # time.perf_counter() when the frame being
                                          # handled arrived (its latency, without polling's)
        self._info = None                 # the last snapshot's match fields
        self._authoritative = {}          # shot index -> the server's ShotResult
        self._asked = set()               # shots whose data was requested
        self._seq = 0
        self._snapshot_asked = False
        self._held: list = []             # events wait_for read past
        self._inbox: queue.Queue = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._conn = None
        self._connected = threading.Event()
        self._closing = False
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True,
                                        name="breakshot-net")
        self._thread.start()

    # ---- the network thread --------------------------------------------------------------
    def connect(self, timeout: float = 10.0) -> None:
        """Open the connection; ConnectionError if the server cannot be reached."""
        future = asyncio.run_coroutine_threadsafe(self._open(), self._loop)
        try:
            future.result(timeout)
        except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError) as exc:
            raise ConnectionError(f"cannot reach {self.url}: {exc}") from None
        asyncio.run_coroutine_threadsafe(self._receive(), self._loop)

    async def _open(self) -> None:
        self._conn = await connect(self.url, max_size=P.MAX_SERVER_BYTES, compression=None,
                                   open_timeout=5, ping_interval=10, ping_timeout=10)
        self._connected.set()

    async def _receive(self) -> None:
        while True:
            conn = self._conn
            reason = "closed"
            try:
                async for frame in conn:
                    self._inbox.put(("message", (frame, time.perf_counter())))
            except ConnectionClosed as exc:
                reason = str(exc)
            self._connected.clear()
            self._inbox.put(("connection", {"up": False, "reason": reason}))
            if self._closing or not self._resume_wanted():
                return
            if not await self._reconnect():
                return

    def _resume_wanted(self) -> bool:
        return (self.resume_for > 0 and self.token is not None
                and (self.ended is None))

    async def _reconnect(self) -> bool:
        """Reconnect and resume the seat, trying for `resume_for` seconds."""
        deadline = time.monotonic() + self.resume_for
        while time.monotonic() < deadline and not self._closing:
            await asyncio.sleep(0.3)
            try:
                await self._open()
            except (OSError, InvalidHandshake, asyncio.TimeoutError):
                continue
            self.reconnects += 1
            await self._conn.send(P.encode("resume", code=self.code, seat=self.seat,
                                           token=self.token))
            self._inbox.put(("connection", {"up": True, "reason": "resumed"}))
            return True
        return False

    def _send(self, kind: str, **fields) -> None:
        text = P.encode(kind, **fields)
        conn = self._conn
        if conn is None or not self._connected.is_set():
            self._inbox.put(("local", Event("refused", {"reason": "not connected",
                                                        "seq": fields.get("seq")})))
            return

        async def send():
            try:
                await conn.send(text)
            except ConnectionClosed:
                pass
        asyncio.run_coroutine_threadsafe(send(), self._loop)

    def send_raw(self, data) -> None:
        """Send a frame as it is (tests send hostile frames with it)."""
        asyncio.run_coroutine_threadsafe(self._conn.send(data), self._loop).result(5)

    def drop(self) -> None:
        """Cut the connection without a closing handshake (as a lost network does); the
        client then reconnects and resumes if `resume_for` allows."""
        self._conn.transport.abort()

    def close(self) -> None:
        self._closing = True
        if self._conn is not None:
            with_timeout = asyncio.run_coroutine_threadsafe(self._conn.close(), self._loop)
            try:
                with_timeout.result(5)
            except Exception:              # closing a dead connection
                pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    # ---- requests ------------------------------------------------------------------------
    def host(self, mode: str, variants=None, race_to: int = 1,
             winner_breaks: bool = False) -> None:
        """Create a match; the "match" event brings the code, the seat (0) and token."""
        variants = variants if variants is not None else VARIANTS[mode]()
        self._send("create", name=self.name, mode=mode, variants=to_plain(variants),
                   race_to=race_to, winner_breaks=winner_breaks)

    def join(self, code: str) -> None:
        self._send("join", code=code, name=self.name)

    def watch(self, code: str) -> None:
        self._send("watch", code=code)

    def resume(self, code: str, seat: int, token: str) -> None:
        """Take a seat again with its token (after a restart of the game, say)."""
        self.code, self.seat, self.token = code, seat, token
        self._send("resume", code=code, seat=seat, token=token)

    def send(self, command) -> int:
        """Send a game.session command for this seat; returns its sequence number (the
        "applied" or "refused" event that answers it carries it)."""
        self._seq += 1
        self._send("command", code=self.code, seat=self.seat, token=self.token,
                   seq=self._seq, command=P.encode_command(command))
        return self._seq

    def aim(self, stroke: Stroke) -> None:
        """Show the opponent where this player aims (the view throttles it; the server
        refuses more than its rate)."""
        self._send("aim", code=self.code, seat=self.seat, token=self.token,
                   stroke=to_plain(stroke))

    def chat(self, phrase: str) -> None:
        self._send("chat", code=self.code, seat=self.seat, token=self.token, phrase=phrase)

    def claim(self) -> None:
        """Claim the match after the opponent's seat timed out."""
        self._send("claim", code=self.code, seat=self.seat, token=self.token)

    # ---- state -----------------------------------------------------------------------------
    @property
    def info(self) -> dict | None:
        """The last snapshot's match fields (mode, variants, race_to, winner_breaks,
        first_breaker, names, ...; see the protocol's "match"), None before one came."""
        return self._info

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    @property
    def resyncing(self) -> bool:
        """The mirror is known to be wrong or behind (a shot's digest differed, or the
        whole match was asked for again) and the server's answer has not come yet."""
        return bool(self._asked) or self._snapshot_asked

    @property
    def my_turn(self) -> bool:
        """This seat is to act in the mirror (and nothing is being resynchronised)."""
        session = self.session
        return (self.status == "playing" and session is not None and self.seat is not None
                and not session.state.game_over and not self.resyncing
                and int(actor(session)) == self.seat)

    # ---- the game's thread -----------------------------------------------------------------
    def poll(self, timeout: float = 0.0, one_shot: bool = False) -> list:
        """Apply what arrived to the mirror and return it as Events; waits up to
        `timeout` seconds for the first item when none is there. `one_shot`: stop after
        a shot or a command that ends a game (the rest waits for the next poll), so
        that the mirror is never more than one shot ahead of a screen that plays each
        shot back, nor racked for the next frame before it has shown the game's end."""
        events, self._held = self._held, []
        try:
            wait = timeout if timeout > 0 and not events else 0
            item = self._inbox.get(timeout=wait) if wait else self._inbox.get_nowait()
        except queue.Empty:
            return events
        while True:
            kind, payload = item
            if kind == "message":
                frame, self.received_at = payload
                events += self._message(frame)
                if one_shot and any(e.kind == "applied" for e in events) and (
                        self.session.state.game_over
                        or any(e.kind == "applied" and e.data["record"] is not None
                               for e in events)):
                    return events
            elif kind == "local":
                events.append(payload)
            else:
                events.append(Event("connection", payload))
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                return events

    def wait_for(self, kind: str, timeout: float = 10.0) -> Event:
        """Poll until an event of `kind` (TimeoutError after `timeout` s); the events
        before it are dropped, those after it kept for the next poll (a headless
        helper)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            events = self.poll(timeout=0.05)
            for k, event in enumerate(events):
                if event.kind == kind:
                    self._held = events[k + 1:] + self._held
                    return event
        raise TimeoutError(f"no {kind!r} event within {timeout} s")

    def _message(self, frame) -> list:
        try:
            message = P.parse_message(frame, P.MAX_SERVER_BYTES)
            handler = getattr(self, "_on_" + message["type"], None)
            if handler is None:
                raise P.ProtocolError(_("unknown message type {kind!r:.40}").format(
                                          kind=message["type"]))
            return handler(message)
        except (FileRefused, KeyError, TypeError, ValueError, RulesError) as exc:
            log.warning("a server message could not be used: %s", exc)
            return [Event("error", {"reason": str(exc)[:200]})]

    def _on_match(self, m) -> list:
        was = self.status
        if m["seat"] is not None:
            self.seat = P._seat(m["seat"], "seat")
        if m["token"] is not None:
            self.token = P._token(m["token"], "token")
        self.code = P._code(m["code"], "code")
        self.status, self.ended = m["status"], m["ended"]
        self._info = m
        self._snapshot_asked = False
        self.server_digests = list(m["digests"])
        events = [Event("match", {k: m[k] for k in ("code", "seat", "status", "names",
                                                   "race_to", "mode", "present")})]
        if m["first_breaker"] is not None:
            self._rebuild([P.decode_any_command(c) for c in m["commands"]])
            if was != "playing" and self.status != "waiting":
                events.append(Event("started", {"names": m["names"]}))
        return events

    def new_session(self) -> GameSession:
        """A new session of the match (the last snapshot's) as it stood before its first
        command: what the mirror is rebuilt from."""
        m = self._info
        variants = from_plain(VARIANTS[m["mode"]], m["variants"], "variants",
                              error=P.ProtocolError)
        return GameSession(m["mode"], m["names"], variants, m["seed"],
                           breaker=Player(m["first_breaker"]))

    def _rebuild(self, commands) -> None:
        """The mirror from the match's first command, the server's results adopted for
        the shots it sent, every other shot's digest compared with the server's."""
        session = self.new_session()
        for command in commands:
            record = session.apply(command, self._authoritative.get(len(session.shots)))
            if record is not None:
                self._check_digest(session, record)
        self.session = session

    def _check_digest(self, session, record):
        """True when the shot's digest is the server's; else ask for its data."""
        shot = len(session.shots) - 1
        if shot >= len(self.server_digests) or shot in self._authoritative:
            return None if shot >= len(self.server_digests) else True
        ok = ShotData.of(record.result).digest() == self.server_digests[shot]
        if not ok and shot not in self._asked:
            log.warning("shot %d: digest differs from the server's: resynchronising", shot)
            self._asked.add(shot)
            self._send("shot_data", code=self.code, shot=shot)
        return ok

    def _local_apply(self, session, command):
        """Apply a command to the mirror (a test makes it diverge here)."""
        return session.apply(command)

    def _on_applied(self, m) -> list:
        command = P.decode_any_command(m["command"])
        session = self.session
        if session is None or m["index"] != len(session.commands):
            self._ask_snapshot()
            return []
        if m["digest"] is not None:
            self.server_digests.append(m["digest"])
        try:
            record = self._local_apply(session, command)
        except (RulesError, SimulationError, ValueError) as exc:
            log.warning("the mirror refused the server's command %d (%s): resynchronising",
                        m["index"], exc)
            self._ask_snapshot()
            return []
        ok = self._check_digest(session, record) if record is not None else None
        return [Event("applied", {"index": m["index"], "seat": m["seat"], "seq": m["seq"],
                                  "command": command, "record": record, "digest_ok": ok,
                                  "games_won": m["games_won"]})]

    def _ask_snapshot(self) -> None:
        """Ask for the whole match again (once until it comes)."""
        if self._snapshot_asked:
            return
        self._snapshot_asked = True
        if self.token:
            self._send("resume", code=self.code, seat=self.seat, token=self.token)
        else:
            self._send("watch", code=self.code)

    def _on_shot_data(self, m) -> list:
        shot = m["shot"]
        data = ShotData.from_plain(m["data"], "shot_data")
        if shot >= len(self.server_digests) or data.digest() != self.server_digests[shot]:
            raise P.ProtocolError(_("shot {shot}: the data sent is not the shot's").format(
                                      shot=shot))
        self._authoritative[shot] = data.result(self.session.table, self.session.params)
        self._asked.discard(shot)
        self._rebuild(list(self.session.commands))
        self.resyncs += 1
        return [Event("resynced", {"shot": shot})]

    def _on_refused(self, m) -> list:
        return [Event("refused", {"reason": str(m["reason"])[:400], "seq": m.get("seq")})]

    def _on_presence(self, m) -> list:
        return [Event("presence", {"seat": m["seat"], "connected": m["connected"],
                                   "claim_after": m["claim_after"]})]

    def _on_ended(self, m) -> list:
        self.status, self.ended = "ended", {"winner": m["winner"], "reason": m["reason"]}
        return [Event("ended", dict(self.ended))]

    def _on_aim(self, m) -> list:
        return [Event("aim", {"seat": m["seat"],
                              "stroke": P._stroke(m["stroke"], "stroke")})]

    def _on_chat(self, m) -> list:
        return [Event("chat", {"seat": m["seat"],
                               "phrase": P._choice(m["phrase"], P.CHAT_PHRASES, "phrase")})]
