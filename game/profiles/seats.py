"""Who sat at each side of a match, as the statistics know it: a profile, the computer at
a level (a fixed pseudo-profile), or a guest; and the profile names' rules.

A seat is written as a short key: "profile:<name>", "computer:<level>" or "guest". The
replay Recorder stores each seat as plain data ({"kind", "name", "created"}) so that the
database can be rebuilt from the replays alone.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.ai.levels import LEVELS
from game.i18n import _
from game.settings import clean_name

KINDS = ("profile", "computer", "guest")
GUEST = "guest"
LEVEL_NAMES = tuple(LEVELS)          # beginner, amateur, pro


class ProfileError(ValueError):
    """A profile name (or seat) that cannot be used; str() is one sentence."""


@dataclass(frozen=True)
class Seat:
    """kind: "profile", "computer" or "guest"; name: the profile's name or the computer's
    level ("" for a guest); created: the profile's creation time, ISO 8601 UTC ("" for
    the others)."""
    kind: str = GUEST
    name: str = ""
    created: str = ""

    @property
    def key(self) -> str:
        return GUEST if self.kind == GUEST else f"{self.kind}:{self.name}"

    @property
    def rated(self) -> bool:
        """Profiles and the computer levels have ratings; a guest has none."""
        return self.kind != GUEST

    def to_plain(self) -> dict:
        return {"kind": self.kind, "name": self.name, "created": self.created}


def computer(level: str) -> Seat:
    if level not in LEVEL_NAMES:
        raise ProfileError(_("no computer level is called {level}").format(
            level=f"{level!r:.40}"))
    return Seat("computer", level)



def profile_name(text: str) -> str:
    """A profile's name from what was typed, cleaned as player names are
    (game.settings.clean_name); ProfileError for a blank name or a reserved one."""
    name = clean_name(text, "")
    if not name:
        raise ProfileError(_("A profile needs a name."))
    if name.casefold() in {GUEST, *LEVEL_NAMES} or ":" in name:
        raise ProfileError(_("\"{name}\" is reserved; choose another name.").format(name=name))
    return name


def matching_profile(names, typed: str) -> str | None:
    """The profile among `names` that the player name `typed` plays as (cleaned as player
    names are, letter case aside), spelt as the profile is; None: a guest."""
    wanted = clean_name(typed, "").casefold()
    return next((name for name in names if name.casefold() == wanted), None) if wanted else None


def seat_from_plain(data) -> Seat:
    """A Seat read back from a replay; ProfileError when it is not one."""
    if not isinstance(data, dict) or set(data) != {"kind", "name", "created"}:
        raise ProfileError(_("a seat must be an object with kind, name and created"))
    kind, name, created = data["kind"], data["name"], data["created"]
    if kind not in KINDS or not isinstance(name, str) or not isinstance(created, str) \
            or len(created) > 40:
        raise ProfileError(_("the seat {seat} is not a profile, computer or guest").format(
            seat=f"{data!r:.80}"))
    if kind == "computer":
        return computer(name)
    if kind == "profile":
        return Seat("profile", profile_name(name), created)
    return Seat()
