"""What the "Play online" screens decide, without a window: the server address and join
code a player typed, the throttle on the aim sent to the opponent, the opponent's absence
(and when the match may be claimed), and the words for the server's refusals.

The view (`game.view.online`) draws these; everything here is plain Python, tested
without a display. Times are seconds (any monotonic clock the caller passes in).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from game.i18n import _, ngettext

from . import protocol as P

DEFAULT_ADDRESS = "127.0.0.1:8765"
DEFAULT_PORT = 8765
AIM_SEND_S = 0.1                 # the aim goes to the opponent at most 10 times a second
MAX_ADDRESS_CHARS = 200
_HOST = re.compile(r"[A-Za-z0-9.\-]+|\[[0-9A-Fa-f:.]+\]")


class InputRefused(ValueError):
    """What a player typed cannot be used; str() is one translated sentence."""


def server_url(text: str) -> str:
    """The WebSocket URL for an address as a player types it: "host", "host:port",
    "ws://host:port" or "wss://host[:port]" (behind a TLS proxy). InputRefused names
    what is wrong."""
    text = text.strip()
    if not text:
        raise InputRefused(_("Type the server's address, for example {example}.")
                           .format(example=DEFAULT_ADDRESS))
    if len(text) > MAX_ADDRESS_CHARS:
        raise InputRefused(_("The server's address is too long."))
    if any(c.isspace() for c in text):
        raise InputRefused(_("The server's address cannot contain spaces."))
    scheme, rest = "ws", text
    match = re.fullmatch(r"(wss?)://(.*)", text, re.IGNORECASE)
    if match:
        scheme, rest = match.group(1).lower(), match.group(2)
    rest = rest.rstrip("/")
    host, port = rest, None
    split = re.fullmatch(r"(.*):(\d*)", rest)
    if split and not rest.endswith("]"):
        host, port = split.group(1), split.group(2)
    if not _HOST.fullmatch(host or ""):
        raise InputRefused(_("{address} is not a server address: type host:port, for "
                             "example {example}.").format(address=text[:60],
                                                          example=DEFAULT_ADDRESS))
    if port is not None:
        if not port or not 1 <= int(port) <= 65535:
            raise InputRefused(_("The port must be a number from 1 to 65535."))
        return f"{scheme}://{host}:{int(port)}"
    return f"{scheme}://{host}" if scheme == "wss" else f"{scheme}://{host}:{DEFAULT_PORT}"


def join_code(text: str) -> str:
    """A join code as typed (any case, spaces and dashes ignored), as the server spells
    it; InputRefused if it cannot be one."""
    code = re.sub(r"[\s\-]", "", text).upper()
    if not code:
        raise InputRefused(_("Type the code your opponent's screen shows."))
    try:
        return P._code(code, "code")
    except P.ProtocolError:
        raise InputRefused(ngettext("A join code is {count} letter or digit, like K7M2QX.",
                                    "A join code is {count} letters and digits, like K7M2QX.",
                                    P.CODE_LENGTH).format(count=P.CODE_LENGTH)) from None


def refusal_words(reason: str) -> str:
    """The server's refusal (an English sentence for its logs) as a player reads it."""
    known = (("no match with the code", _("No match has that code: check it with your "
                                          "opponent.")),
             ("the match is full", _("That match already has two players: you can watch "
                                    "it instead.")),
             ("not connected", _("Not connected to the server.")),
             ("it is not your turn", _("It is not your turn.")),
             ("already hosts the most", _("This address already hosts as many matches as "
                                          "the server allows.")),
             ("too many messages", _("Too many messages: slow down.")),
             ("your opponent may still come back", _("Your opponent may still come back: "
                                                     "wait a little longer.")),
             ("your opponent is connected", _("Your opponent is back.")),
             ("that seat's player is connected", _("The server still holds your seat for "
                                                   "the connection that was lost: try again "
                                                   "in half a minute.")),
             ("the match has ended", _("That match has ended.")),
             ("this turn, the most allowed", _("The cue ball has been placed as often as "
                                               "the server allows this turn: shoot.")),
             ("too many shot data requests", _("Too many messages: slow down.")),
             ("no choice is pending", _("There is no choice to make now.")))
    for start, words in known:
        if start in reason:
            return words
    if reason.startswith("the rules refuse it: "):
        return _("The server's referee refused that: {reason}.").format(
            reason=reason[len("the rules refuse it: "):])
    return _("The server refused that ({reason}).").format(reason=reason[:120])


def seat_is_gone(reason: str) -> bool:
    """The server's refusal of a resume (`reason`, its English sentence) is for good:
    the match or the seat is no more, so a kept seat is of no use."""
    return reason.startswith(("no match with the code", "wrong token"))


class AimThrottle:
    """The aim to send to the opponent, at most once per `interval` s: `offer` the aim
    of each frame; it returns the aim to send now, or None. An aim offered within the
    interval is kept and comes out once the interval has passed (so the opponent's
    screen ends where the player stopped), and an unchanged aim is not sent again."""

    def __init__(self, interval: float = AIM_SEND_S):
        self.interval = interval
        self._sent = None
        self._sent_at = None
        self._waiting = None

    def offer(self, aim, now: float):
        if aim is not None and aim != self._sent:
            self._waiting = aim
        if self._waiting is None or (self._sent_at is not None
                                     and now - self._sent_at < self.interval):
            return None
        aim, self._waiting = self._waiting, None
        self._sent, self._sent_at = aim, now
        return aim

    def reset(self) -> None:
        """A new turn: the next aim goes out at once, even if it equals the last."""
        self._sent = self._sent_at = self._waiting = None


@dataclass
class Absence:
    """The opponent away since `since` (s), the server keeping the seat `claim_after`
    s; None when the opponent is at the table."""
    since: float
    claim_after: float

    def claim_in(self, now: float) -> float:
        """Seconds until the match may be claimed (0 once it may)."""
        return max(self.claim_after - (now - self.since), 0.0)


def status_words(*, connected: bool, waiting_for_opponent: bool, absence: Absence | None,
                 opponent: str, now: float, opponents_turn: bool,
                 opponent_aiming: bool = False, gave_up: bool = False,
                 resyncing: bool = False, claim_key: str = "K",
                 leave_key: str = "Esc") -> str:
    """The network's state in one line (empty when nothing is amiss and it is this
    player's turn): the connection first (`gave_up`: reconnecting has stopped), then the
    table being corrected from the server (`resyncing`), then the opponent
    (`opponent_aiming`: their aim is being shown; `claim_key`: the key that claims the
    match of one who did not come back, `leave_key` the one that leaves, as the player
    reads them)."""
    if not connected:
        if gave_up:
            return _("The connection to the server is lost: {key} for the menu.").format(
                key=leave_key)
        return _("Connection lost: reconnecting...")
    if resyncing:
        return _("Correcting the table from the server...")
    if waiting_for_opponent:
        return _("Waiting for the opponent to join...")
    if absence is not None:
        left = absence.claim_in(now)
        if left > 0:
            return _("{name} disconnected: waiting {seconds} s for them to come back.") \
                .format(name=opponent, seconds=int(left + 0.999))
        return _("{name} did not come back: press {key} to claim the match.").format(
            name=opponent, key=claim_key)
    if opponents_turn:
        if opponent_aiming:
            return _("{name} is aiming...").format(name=opponent)
        return _("{name}'s turn.").format(name=opponent)
    return ""
