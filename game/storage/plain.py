"""Objects to plain JSON data and back.

`to_plain` turns the game's frozen dataclasses, enums, layouts and NumPy values into
dicts, lists, strings, numbers, booleans and None. `from_plain` rebuilds a flat frozen
dataclass of numbers, booleans, strings and number tuples (Params, TableSpec, Stroke,
CueSpec, the rule variants) from its fields, naming the first field that is missing or
has the wrong type; the class's own validation then checks the values. Every saved-file
kind (replays, practice positions) uses these; each passes its own FileRefused kind as
`error` so its callers catch one type.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import math
import typing
from collections.abc import Mapping

import numpy as np

from game.i18n import _, ngettext
from .errors import FileRefused
from .text import printable

MAX_TEXT_CHARS = 200        # a table's name and the like


def to_plain(value):
    """JSON-ready plain data. Dataclasses become dicts of their fields, enums their
    values (Player, an IntEnum, its number), mappings dicts with string keys, sets sorted
    lists, tuples and arrays lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.IntEnum):
        return int(value)
    if isinstance(value, enum.Enum):
        return to_plain(value.value)
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((to_plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple, np.ndarray)):
        return [to_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot store a {type(value).__name__} in a saved file: {value!r}")


@functools.lru_cache(maxsize=None)
def _field_types(cls) -> tuple:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name], f.default is dataclasses.MISSING
                  and f.default_factory is dataclasses.MISSING)
                 for f in dataclasses.fields(cls) if f.init)


def is_number(value) -> bool:
    """A finite JSON number (booleans are not numbers here)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def _field_value(kind, value, where: str, error):
    if kind is float and is_number(value):
        return float(value)
    if kind is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind is bool and isinstance(value, bool):
        return value
    if kind is str and isinstance(value, str) and len(value) <= MAX_TEXT_CHARS:
        return printable(value)
    if kind is tuple and isinstance(value, list) and all(is_number(v) for v in value):
        return tuple(float(v) for v in value)
    expected = {float: _("a finite number"), int: _("an integer"), bool: _("true or false"),
                str: ngettext("a string of at most {count} character",
                              "a string of at most {count} characters",
                              MAX_TEXT_CHARS).format(count=MAX_TEXT_CHARS),
                tuple: _("a list of numbers")}[kind]
    raise error(_("{where}: expected {expected}, got {value!r:.60}").format(
                    where=where, expected=expected, value=value))


def from_plain(cls, data, where: str, error=FileRefused):
    """An instance of the flat dataclass `cls` from the dict `data`. Fields `data` lacks
    take their defaults (a required one is an error); keys `cls` does not know are
    ignored (a newer minor version may add them). Otherwise `error` (a FileRefused kind)
    names the field, as `where`.field."""
    if not isinstance(data, dict):
        raise error(_("{where}: expected an object, got {type_name}").format(
                        where=where, type_name=type(data).__name__))
    kwargs = {}
    for name, kind, required in _field_types(cls):
        if name in data:
            kwargs[name] = _field_value(kind, data[name], f"{where}.{name}", error)
        elif required:
            raise error(_("{where}: the field {name!r} is missing").format(
                            where=where, name=name))
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:
        raise error(f"{where}: {exc}") from None
