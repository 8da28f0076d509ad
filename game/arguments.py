"""Arguments of the command lines (`python -m game`, `python -m game.ai_demo`,
`python -m game.audio`, ...) in words: a bad value is refused with a sentence through
argparse's own error ("argument --games: must be a whole number of at least 1, not
'abc'"), never "invalid int value"; a folder that cannot be written is said plainly.

Every command makes its parser with `command_parser`, so that argparse's own words (the
"usage:" line, the headings, "show this help message and exit", its errors) speak the
player's language as the rest of the command does.
"""
from __future__ import annotations

import argparse
import math
import re
from pathlib import Path

import numpy as np

from game import i18n
from game.i18n import N_, _, ngettext

# argparse's own words that a command of the game can show (Python 3.10 to 3.12), marked
# for the game's catalogs. argparse asks gettext's global domain for them, which holds no
# catalog of ours and follows the system's locale rather than the language chosen.
ARGPARSE_WORDS = (
    N_("usage: "), N_("options"), N_("positional arguments"),
    N_("show this help message and exit"), N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("unrecognized arguments: %s"),
    N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
)


def command_parser(prog: str, description: str, parser_class=argparse.ArgumentParser,
                   **options) -> argparse.ArgumentParser:
    """The ArgumentParser (a `parser_class`, e.g. one with its own error()) of the command
    `prog` ("python -m game.replay"), whose own words (ARGPARSE_WORDS) come from the game's
    catalogs in the language now spoken."""
    # argparse looks its `_` and `ngettext` up when it speaks, so pointing them at
    # game.i18n reaches every parser, and follows a later change of language.
    argparse._ = i18n._
    argparse.ngettext = i18n.ngettext
    return parser_class(prog=prog, description=description, **options)


def whole_number(minimum: int | None = None):
    """An argparse `type` that reads a whole number (at least `minimum`, if given)."""
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or (minimum is not None and value < minimum):
            if minimum is None:
                message = _("must be a whole number, not {text!r}")
            else:
                message = _("must be a whole number of at least {minimum}, not {text!r}")
            raise argparse.ArgumentTypeError(message.format(minimum=minimum, text=text))
        return value
    return read


def folder_problem(folder, error: OSError) -> str:
    """Why `folder` could not be made or written to, in words, from the OSError it gave:
    "/home/ann/notes is a file, not a folder" when a file stands in its path."""
    path = Path(folder).absolute()
    for part in (path, *path.parents):
        if part.exists():
            if not part.is_dir():
                return _("{path} is a file, not a folder").format(path=part)
            break
    return error.strerror or str(error)


MAX_WINDOW_SIDE = 8192     # pixels; larger buffers fail in most drivers anyway


def window_size(text: str) -> tuple:
    """An argparse `type` for a window or image size "WxH" in pixels: (w, h)."""
    match = re.fullmatch(r"(\d+)x(\d+)", text)
    if not match:
        raise argparse.ArgumentTypeError(
            _("size must look like 1280x720, not {text!r}").format(text=text))
    w, h = int(match.group(1)), int(match.group(2))
    if not (1 <= w <= MAX_WINDOW_SIDE and 1 <= h <= MAX_WINDOW_SIDE):
        raise argparse.ArgumentTypeError(
            ngettext("size {w}x{h} must be 1..{most} pixel per side",
                     "size {w}x{h} must be 1..{most} pixels per side", MAX_WINDOW_SIDE).format(
                w=w, h=h, most=MAX_WINDOW_SIDE))
    return w, h


MAX_GRID_COUNT = 100_000


def grid_range(text: str) -> tuple:
    """An argparse `type` for the values of a grid axis: "START:STOP:COUNT" (COUNT evenly
    spaced values from START to STOP, both included) or one number; a tuple of floats."""
    parts = text.split(":")
    try:
        numbers = [float(p) for p in parts[:2]]
        count = int(parts[2]) if len(parts) == 3 else 1
    except ValueError:
        numbers, count = None, 0
    if (numbers is None or len(parts) not in (1, 3) or not all(map(math.isfinite, numbers))
            or not 1 <= count <= MAX_GRID_COUNT):
        raise argparse.ArgumentTypeError(
            _("must be START:STOP:COUNT (COUNT from 1 to {most}) or one number, not "
              "{text!r}").format(most=MAX_GRID_COUNT, text=text))
    if len(parts) == 1:
        return (numbers[0],)
    return tuple(float(v) for v in np.linspace(numbers[0], numbers[1], count))


def point(text: str) -> tuple:
    """An argparse `type` for a point on the table "X,Y" in metres: (x, y)."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        raise argparse.ArgumentTypeError(
            _("a point must look like 1.27,0.635 (metres), not {text!r}").format(text=text))
    return x, y
