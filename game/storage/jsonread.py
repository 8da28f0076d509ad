"""JSON from an untrusted file, with its nesting depth and number lengths checked by a
cheap scan before json.loads sees it.

The scan (NumPy, a few passes over the bytes): escaped backslashes and quotes are removed,
so every remaining quote opens or closes a string; a running parity of quotes marks what
lies inside strings; outside them, "[" and "{" count +1 and "]" and "}" -1, and the
running sum is the depth; runs of number characters give the longest number. So
json.loads never recurses far (100,000 "[" once raised RecursionError) and never converts
a huge number (a 5,000-digit integer once raised int()'s own ValueError). NaN and
Infinity, which JSON does not have, are refused; the text must be UTF-8.
"""
from __future__ import annotations

import json

import numpy as np

from game.i18n import _, ngettext
from .bounded import read_bounded
from .errors import FileRefused

MAX_DEPTH = 32
MAX_NUMBER_CHARS = 40       # a double needs 24 at most ("-2.2250738585072014e-308")
_QUOTE = ord('"')
_STEP = np.zeros(256, np.int8)
_STEP[[ord("["), ord("{")]] = 1
_STEP[[ord("]"), ord("}")]] = -1
# Number characters become "1", every other byte "0".
_NUMBER_MARKS = bytes(b"1"[0] if chr(b) in "-+.0123456789eE" else b"0"[0] for b in range(256))


class _Refused(ValueError):
    """Raised inside json.loads by parse_constant; carries the problem."""


def parse_json(data: bytes, what: str, max_depth: int = MAX_DEPTH,
               max_number_chars: int = MAX_NUMBER_CHARS, error=FileRefused):
    """The parsed JSON of `data`; else `error` saying "<what> is not valid JSON (...)"
    with the reason or the limit exceeded. `what` names the file or member."""
    problem = _scan(data, max_depth, max_number_chars)
    if problem:
        raise error(_("{what} is not valid JSON ({problem})").format(what=what, problem=problem))

    def constant(name):
        raise _Refused(_("{name} is not a JSON number").format(name=name))
    try:
        return json.loads(data.decode("utf-8"), parse_constant=constant)
    except UnicodeDecodeError as exc:
        raise error(_("{what} could not be read: it is not UTF-8 text (byte {start})").format(
                        what=what, start=exc.start)) \
            from None
    except (ValueError, RecursionError) as exc:
        raise error(_("{what} is not valid JSON ({problem})").format(
            what=what, problem=str(exc)[:120])) from None


def _scan(data: bytes, max_depth: int, max_number_chars: int) -> str | None:
    """What makes `data` exceed a limit, or None."""
    plain = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    chars = np.frombuffer(plain, np.uint8)
    quotes = chars == _QUOTE
    inside = np.bitwise_xor.accumulate(quotes.view(np.uint8))   # 1 from an opening quote on
    outside = chars[(inside == 0) & ~quotes]
    del quotes, inside
    if outside.size:
        depth = int(np.cumsum(_STEP[outside], dtype=np.int32).max())
        if depth > max_depth:
            return ngettext("it nests {depth} level deep, more than {max_depth}",
                            "it nests {depth} levels deep, more than {max_depth}",
                            depth).format(depth=depth, max_depth=max_depth)
    if b"1" * (max_number_chars + 1) in outside.tobytes().translate(_NUMBER_MARKS):
        return ngettext("a number longer than {max_number_chars} character",
                        "a number longer than {max_number_chars} characters",
                        max_number_chars).format(max_number_chars=max_number_chars)
    return None


def read_json_file(path, max_bytes: int, kind: str, max_depth: int = MAX_DEPTH,
                   error=FileRefused):
    """The parsed JSON of the small file `path` (a `kind` of file, e.g. "drill"): a
    regular file of at most `max_bytes` (read_bounded), JSON within `max_depth`
    (parse_json); else `error` (a FileRefused kind) naming the file and the problem."""
    # Translators: {what} of "{what} is not valid JSON ({problem})" and "{what} could not
    # be read: ...": the file's path, then "the file", the subject of those sentences.
    what = _("{path}: the file").format(path=path)
    try:
        return parse_json(read_bounded(path, max_bytes, kind), what, max_depth=max_depth)
    except FileRefused as exc:
        raise error(str(exc)) from None
