"""A saved opponent configuration: a level, with some of its fields changed.

    {"format": "breakshot-opponent", "version": 1, "name": "pro, narrow search",
     "level": "pro", "changes": {"sigma_azimuth": 0.0025, "rounds": [[8, 8]]}}

`changes` may set any field of game.ai.levels.Level but its name: the noise (sigma_*:
rad, or fractions of R or of the speed, >= 0), the candidate lists (speeds > 0, heights
and sides in (-1, 1)), refine_steps and placements (whole numbers >= 0), rounds
([[keep, samples], ...], whole numbers >= 1), break_search ([first, keep, samples]) and
the switches (true or false). The file is read through game.storage (a regular file of
at most MAX_FILE_BYTES, JSON of bounded depth) and refused with OpponentFileError naming
the file and the first problem.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from game.ai.levels import LEVELS, Level
from game.i18n import N_, _, ngettext
from game.storage import FileRefused, read_json_file
from game.storage.errors import refuse
from game.storage.plain import MAX_TEXT_CHARS, is_number
from game.storage.text import printable

FORMAT_NAME = "breakshot-opponent"
VERSION = 1
MAX_FILE_BYTES = 16 << 10
MAX_DEPTH = 4                   # {"changes": {"rounds": [[8, 8]]}}
MAX_LIST = 32                   # entries of a candidate list or of rounds


class OpponentFileError(FileRefused):
    """A file that cannot be read as an opponent configuration; the message says why."""


@dataclass(frozen=True)
class Contestant:
    """A computer player of a tournament: the name its results carry and its Level."""
    name: str
    level: Level


def _non_negative(value) -> bool:
    return is_number(value) and value >= 0.0


def _whole(least: int):
    return lambda value: type(value) is int and value >= least


def _numbers(check):
    def read(value) -> tuple | None:
        if not (isinstance(value, list) and 1 <= len(value) <= MAX_LIST
                and all(is_number(v) and check(v) for v in value)):
            return None
        return tuple(float(v) for v in value)
    return read


def _rounds(value) -> tuple | None:
    if not (isinstance(value, list) and len(value) <= MAX_LIST and all(
            isinstance(r, list) and len(r) == 2 and all(map(_whole(1), r)) for r in value)):
        return None
    return tuple(tuple(r) for r in value)


def _triple(value) -> tuple | None:
    ok = isinstance(value, list) and len(value) == 3 and all(map(_whole(1), value))
    return tuple(value) if ok else None


def _scalar(check):
    return lambda value: value if check(value) else None


# Field -> (reader returning the value or None when refused, what the field must be:
# marked for the catalogs, translated where the refusal is said).
_FIELDS = {
    **{name: (_scalar(_non_negative), N_("a number >= 0"))
       for name in ("sigma_azimuth", "sigma_elevation", "sigma_offset", "sigma_speed")},
    "speeds": (_numbers(lambda v: v > 0.0), N_("a list of numbers > 0")),
    "heights": (_numbers(lambda v: -1.0 < v < 1.0), N_("a list of numbers in (-1, 1)")),
    "sides": (_numbers(lambda v: -1.0 < v < 1.0), N_("a list of numbers in (-1, 1)")),
    "refine_steps": (_scalar(_whole(0)), N_("a whole number >= 0")),
    "placements": (_scalar(_whole(1)), N_("a whole number >= 1")),
    "rounds": (_rounds, N_("a list of [keep, samples] pairs of whole numbers >= 1")),
    "break_search": (_triple, N_("a list of three whole numbers >= 1 [first, keep, samples]")),
    **{name: (_scalar(lambda v: isinstance(v, bool)), N_("true or false"))
       for name in ("lookahead", "banks_and_kicks", "jumps")},
}


def load_opponent(path) -> Contestant:
    """The opponent configured in the file `path`; OpponentFileError naming the file and
    the first problem otherwise."""
    data = read_json_file(path, MAX_FILE_BYTES, N_("opponent configuration"), MAX_DEPTH,
                          OpponentFileError)
    try:
        return opponent_from(data)
    except OpponentFileError as exc:
        refuse(path, str(exc), OpponentFileError)


def opponent_from(data) -> Contestant:
    """A Contestant from parsed JSON; OpponentFileError naming the first problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise OpponentFileError(_("not a Breakshot opponent configuration"))
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise OpponentFileError(_("the version must be a whole number >= 1, got {version}")
                                .format(version=f"{version!r:.40}"))
    if version > VERSION:
        raise OpponentFileError(_("version {version} is newer than this game reads "
                                  "({newest})").format(version=version, newest=VERSION))
    base = data.get("level")
    if base not in LEVELS:
        raise OpponentFileError(_("level {level} is not one of {levels}").format(
            level=f"{base!r:.40}", levels=", ".join(LEVELS)))
    name = data.get("name", base)
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_TEXT_CHARS:
        raise OpponentFileError(ngettext("name must be text of 1 to {most} character",
                                         "name must be text of 1 to {most} characters",
                                         MAX_TEXT_CHARS).format(most=MAX_TEXT_CHARS))
    changes = data.get("changes", {})
    if not isinstance(changes, dict):
        raise OpponentFileError(_("changes must be an object of level fields"))
    fields = {}
    for key, value in changes.items():
        if key not in _FIELDS:
            raise OpponentFileError(_("changes.{field} is not a level field one can change")
                                    .format(field=printable(key)[:40]))
        read, expected = _FIELDS[key]
        fields[key] = read(value)
        if fields[key] is None:
            raise OpponentFileError(_("changes.{field} must be {expected}, got {value}").format(
                field=key, expected=_(expected), value=f"{value!r:.60}"))
    return Contestant(printable(name), dataclasses.replace(LEVELS[base], **fields))
