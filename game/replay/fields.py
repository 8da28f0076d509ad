"""Typed reads from parsed JSON, each naming the place in the file when it fails.

`where` is a path such as "shots[3].stroke.speed"; every failure is a CorruptReplayError
with that path and what was expected, so a damaged or hand-edited file says exactly what
is wrong with it. Arrays are read with NumPy in one pass (a match holds about a million
numbers), then checked for dtype, shape, range and finiteness.
"""
from __future__ import annotations

import numpy as np

from game.i18n import N_, _, ngettext
from game.storage import printable
from game.storage.plain import is_number

from .errors import CorruptReplayError

INT32 = (-2 ** 31, 2 ** 31 - 1)


def fail(where: str, message: str):
    raise CorruptReplayError(f"{where}: {message}")


def obj(value, where: str) -> dict:
    if not isinstance(value, dict):
        fail(where, _("expected an object, got {type_name}").format(
                        type_name=type(value).__name__))
    return value


def get(data: dict, key: str, where: str):
    """data[key], which must be present."""
    if key not in data:
        fail(where, _("the field {key!r} is missing").format(key=key))
    return data[key]


def items(value, where: str, max_len: int) -> list:
    if not isinstance(value, list):
        fail(where, _("expected a list, got {type_name}").format(type_name=type(value).__name__))
    if len(value) > max_len:
        fail(where, ngettext("{count} item, more than the {max_len} a replay may hold",
                             "{count} items, more than the {max_len} a replay may hold",
                             len(value)).format(count=len(value), max_len=max_len))
    return value


def number(value, where: str) -> float:
    if not is_number(value):
        fail(where, _("expected a finite number, got {value!r:.60}").format(value=value))
    return float(value)


def integer(value, where: str, lo: int, hi: int) -> int:
    if not (isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi):
        fail(where, _("expected an integer in [{lo}, {hi}], got {value!r:.60}").format(
                        lo=lo, hi=hi, value=value))
    return value


def boolean(value, where: str) -> bool:
    if not isinstance(value, bool):
        fail(where, _("expected true or false, got {value!r:.60}").format(value=value))
    return value


def text(value, where: str, max_len: int = 10_000) -> str:
    """A string of at most `max_len` characters, made printable (escape codes and
    control characters removed) so it can reach a terminal or the HUD."""
    if not isinstance(value, str) or len(value) > max_len:
        fail(where, ngettext("expected a string of at most {max_len} character, got "
                             "{value!r:.60}", "expected a string of at most {max_len} "
                             "characters, got {value!r:.60}", max_len).format(
                                 max_len=max_len, value=value))
    return printable(value)


def choice(value, options, where: str):
    """`value`, which must be one of `options` (strings)."""
    if not (isinstance(value, str) and value in options):
        fail(where, _("expected one of {options}, got {value!r:.60}").format(
                        options=sorted(options), value=value))
    return value


def array(value, kind: str, shape: tuple, where: str, lo=None, hi=None) -> np.ndarray:
    """A NumPy array from nested lists: kind "f" finite float64, "i" int32, "b" bool.
    shape: the expected shape, None for a free dimension. lo, hi: inclusive value range."""
    if not isinstance(value, list):
        fail(where, _("expected a list, got {type_name}").format(type_name=type(value).__name__))
    try:
        raw = np.array(value)
    except (ValueError, TypeError, OverflowError, RecursionError):
        fail(where, _("expected a regular array of numbers"))
    empty = tuple(0 if n is None else n for n in shape)
    if raw.size == 0 and 0 in empty:
        raw = raw.reshape(empty)     # [] for an (n, 3) array of no rows
    elif not _kind_fits(raw.dtype.kind, kind):
        fail(where, _("expected {kinds}").format(kinds=_(_KIND_TEXT[kind])))
    if raw.ndim != len(shape) or any(n is not None and n != m for n, m in zip(shape, raw.shape)):
        fail(where, _("expected an array of shape {shape}, got {actual}").format(
                        shape=_shape_text(shape), actual=raw.shape))
    if kind == "f":
        out = raw.astype(np.float64)
        if not np.all(np.isfinite(out)):
            fail(where, _("expected finite numbers"))
    elif kind == "i":
        lo = INT32[0] if lo is None else lo
        hi = INT32[1] if hi is None else hi
        if raw.size and (raw.min() < lo or raw.max() > hi):
            fail(where, _("expected integers in [{lo}, {hi}]").format(lo=lo, hi=hi))
        return raw.astype(np.int32)
    else:
        return raw.astype(bool)
    if raw.size and ((lo is not None and out.min() < lo) or (hi is not None and out.max() > hi)):
        fail(where, _("expected numbers in [{lo}, {hi}]").format(lo=lo, hi=hi))
    return out


_KIND_TEXT = {"f": N_("numbers"), "i": N_("integers"), "b": N_("true or false values")}


def _kind_fits(actual: str, wanted: str) -> bool:
    # JSON writes whole floats with a decimal point, but a hand-edited file may not.
    return actual in {"f": "if", "i": "i", "b": "b"}[wanted]


def _shape_text(shape: tuple) -> str:
    return "(" + ", ".join("n" if n is None else str(n) for n in shape) + ")"
