"""Saving and loading practice positions as JSON.

A file holds {"format": FORMAT_NAME, "version": 1, "table": the TableSpec's fields,
"game": "nine_ball" | "eight_ball", "layout": {"<ball id>": [x, y], ...}} in table-frame
metres. JSON writes each float as the shortest text that reads back to the same double,
so a saved position loads back bit for bit.

Saving goes through game.storage.atomic_write, so a crash mid-write leaves the old file or
the new one, never half of one. Loading reads through game.storage (a regular file of at
most MAX_FILE_BYTES, JSON of bounded depth and number length) and refuses anything else
with a PositionFileError (a game.storage.FileRefused) naming the file and the first
problem: missing, not JSON, another kind of file, a newer version, a bad table, a ball
that is not in the game, a coordinate that is not a number, a ball off the table or
overlapping another.
"""
from __future__ import annotations

import json

from physics_ext import TableSpec
from game.i18n import N_, _
from game.storage import FileRefused, atomic_write, read_json_file
from game.storage.plain import from_plain, is_number, to_plain

from .position import BALL_SETS, PlacementError, Position

FORMAT_NAME = "breakshot-practice-position"
VERSION = 1
MAX_FILE_BYTES = 64 << 10     # a position is under 1 KB
MAX_DEPTH = 4                 # {"layout": {"1": [x, y]}} is 3 deep


class PositionFileError(FileRefused):
    """A file that cannot be read as a practice position; the message says why."""


def to_dict(position: Position) -> dict:
    return {"format": FORMAT_NAME, "version": VERSION, "table": to_plain(position.table),
            "game": position.game,
            "layout": {str(b): list(xy) for b, xy in position.layout.items()}}


def save_position(position: Position, path) -> None:
    """Write `position` to `path` atomically (OSError if the folder cannot be written)."""
    with atomic_write(path, text=True) as out:
        out.write(json.dumps(to_dict(position), indent=1) + "\n")


def load_position(path) -> Position:
    """The position saved in `path`; PositionFileError saying what is wrong otherwise."""
    data = read_json_file(path, MAX_FILE_BYTES, N_("practice position"), MAX_DEPTH,
                          PositionFileError)
    try:
        return from_dict(data)
    except PositionFileError as exc:
        raise PositionFileError(f"{path}: {exc}") from None


def from_dict(data) -> Position:
    """A Position from parsed JSON; PositionFileError naming the first problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise PositionFileError(_("not a Breakshot practice position"))
    version = data.get("version")
    if not (type(version) is int and version >= 1):
        raise PositionFileError(_("the version must be a whole number >= 1, got "
                                  "{version!r:.40}").format(version=version))
    if version > VERSION:
        raise PositionFileError(_("version {version} is newer than this game reads "
                                  "({newest}); update Breakshot").format(
                                    version=version, newest=VERSION))
    try:
        table = from_plain(TableSpec, data.get("table"), "table")
    except FileRefused as exc:          # from_plain's refusal (a replay's kind of it)
        raise PositionFileError(str(exc)) from None
    game = data.get("game")
    if not isinstance(game, str) or game not in BALL_SETS:
        raise PositionFileError(_("game {game!r:.40} is not one of {games}").format(
                                    game=game, games=', '.join(BALL_SETS)))
    layout = data.get("layout")
    if not isinstance(layout, dict):
        raise PositionFileError(_("layout must be an object of ball id -> [x, y]"))
    position = Position(table, game, {})
    # Each ball is placed as a player would: on the table and clear of those before it.
    for key, xy in layout.items():
        if not (isinstance(xy, list) and len(xy) == 2 and all(is_number(v) for v in xy)):
            raise PositionFileError(_("layout[{key!r}] must be [x, y] in metres, got "
                                      "{xy!r:.60}").format(key=key, xy=xy))
        try:
            position = position.with_ball(_ball_id(key), xy)
        except PlacementError as exc:
            raise PositionFileError(str(exc)) from None
    return position


def _ball_id(key: str) -> int:
    if not (key.isascii() and key.isdigit()):
        raise PositionFileError(_("layout key {key!r} is not a ball number").format(key=key))
    return int(key)
