"""The seat of an unfinished online match, kept on disk so the player can take it again
after the game closed (a crash, a power cut, or Esc and quit).

A seat is what the server asks to resume one: the server's URL, the match code, the seat
(0 or 1) and its secret token, with the player's name to show. It is written atomically
when a match starts and removed when the match has ended (or the server no longer knows
it). The file is untrusted input like any other: one that is damaged, too large, or has
a field of the wrong form is ignored with one warning line, never a crash.

The token is a secret: the file gets the user's private mode (0600).
"""
from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game.i18n import _
from game.storage.atomic import atomic_write
from game.storage.errors import FileRefused
from game.storage.jsonread import read_json_file

from . import protocol as P
from .online import InputRefused, server_url

log = logging.getLogger(__name__)
FILE_NAME = "online_seat.json"
MAX_BYTES = 4096
FORMAT = 1


def default_seat_path() -> Path:
    """<platformdirs user data dir for "breakshot">/online_seat.json."""
    return Path(platformdirs.user_data_dir("breakshot")) / FILE_NAME


@dataclass(frozen=True)
class SavedSeat:
    """url: the server's WebSocket URL; code: the match's join code; seat: 0 or 1;
    token: the seat's secret; name: the player's name at the table."""
    url: str
    code: str
    seat: int
    token: str
    name: str

    def to_plain(self) -> dict:
        return {"format": FORMAT, "url": self.url, "code": self.code, "seat": self.seat,
                "token": self.token, "name": self.name}

    @classmethod
    def from_plain(cls, data) -> SavedSeat:
        """The seat in `data`; FileRefused naming the field that is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise FileRefused(_("not a saved online seat of format {format}").format(
                format=FORMAT))
        try:
            url = server_url(data["url"]) if isinstance(data.get("url"), str) else None
        except InputRefused as exc:
            raise FileRefused(str(exc)) from None
        if url != data.get("url"):
            raise FileRefused(_("the server address is not a WebSocket URL"))
        # A name as the server takes it, and already in that form (nothing cleaned away).
        name = data.get("name")
        if P._text(name, "name") != name:
            raise FileRefused(_("the player's name is not a short line of text"))
        return cls(url, P._code(data.get("code"), "code"), P._seat(data.get("seat"), "seat"),
                   P._token(data.get("token"), "token"), name)


def save_seat(path, seat: SavedSeat) -> None:
    """Keep `seat` at `path` (atomically, private to the user); OSError if it cannot be."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_write(path, text=True) as out:
        json.dump(seat.to_plain(), out)
    os.chmod(path, 0o600)


def load_seat(path) -> SavedSeat | None:
    """The seat kept at `path`, or None when there is none or it cannot be used (then one
    warning line says why)."""
    path = Path(path)
    if not path.exists():
        return None
    try:
        return SavedSeat.from_plain(read_json_file(path, MAX_BYTES, "online seat"))
    except (FileRefused, OSError) as exc:
        log.warning("%s: the saved online seat is ignored: %s", path, exc)
        return None


def forget_seat(path, code: str | None = None) -> None:
    """Remove the seat kept at `path` (only if it is match `code`'s, when given)."""
    path = Path(path)
    if code is not None:
        kept = load_seat(path)
        if kept is not None and kept.code != code:
            return
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("%s: the saved online seat could not be removed: %s", path, exc)
