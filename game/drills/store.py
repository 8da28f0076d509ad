"""Drill files: JSON read as untrusted input on the same hardened path as replays.

A drill file is a regular file of at most MAX_FILE_BYTES (game.storage.read_bounded),
JSON of bounded depth and number length with no NaN or Infinity (parse_json), and then
every field is checked: the format and version, no field the format does not know, the
kind's own fields, numbers finite and in range, every ball one of the mode's and on the
playing surface, clear of the others (the practice table's own placement test). Anything
else is refused with a DrillFileError (a game.storage.FileRefused): one sentence, the
file first, then the field and the problem.

The format (version 1) is described in docs/drills.md; the shipped drills are the
files in game/drills/data/.
"""
from __future__ import annotations

import re
from pathlib import Path

import platformdirs

from physics_ext.table import Pocket
from game.practice import PlacementError, Position
from game.rules import CUE, Layout
from game.i18n import N_, _, ngettext
from game.storage import FileRefused, read_json_file
from game.storage.plain import is_number
from game.tables import modes

from .model import KINDS, Drill, Stage, Zone

FORMAT_NAME = "breakshot-drill"
VERSION = 1
MAX_FILE_BYTES = 64 << 10       # the largest shipped drill is under 3 KB
MAX_DEPTH = 6                   # {"stages": [{"stop": {"centre": [x, y]}}]} is 5 deep
MAX_STAGES = 50
MAX_SHOTS = 1000
MAX_RACE = 21
MAX_TITLE_CHARS = 60
MAX_USER_DRILLS = 10          # a player's own drills listed beside the shipped ones
DATA_DIR = Path(__file__).parent / "data"
MODES = ("nine_ball", "eight_ball")
POCKETS = {p.name.lower(): p for p in Pocket}
_COMMON = {"format", "version", "id", "title", "mode", "kind"}
FIELDS = {"run": _COMMON | {"layout", "order", "no_cushion", "zones", "max_shots"},
          "stages": _COMMON | {"stages", "tries"},
          "ghost": _COMMON | {"race_to", "break_from"}}
STAGE_FIELDS = {"layout", "target", "pocket", "stop"}
ZONE_FIELDS = {"centre", "radius"}


class DrillFileError(FileRefused):
    """A file that cannot be read as a drill; the message names the file and the problem."""


def load_drill(path) -> Drill:
    """The drill in the file `path`; DrillFileError saying what is wrong otherwise."""
    data = read_json_file(path, MAX_FILE_BYTES, N_("drill"), MAX_DEPTH, DrillFileError)
    try:
        return from_plain(data)
    except DrillFileError as exc:
        raise DrillFileError(f"{path}: {exc}") from None


def shipped_drills() -> tuple:
    """The drills that come with the game, in the order of their file names."""
    return tuple(load_drill(p) for p in sorted(DATA_DIR.glob("*.json")))


def user_drill_directory() -> Path:
    """Where a player puts drills of his own: <platformdirs user data dir>/drills."""
    return Path(platformdirs.user_data_dir("breakshot")) / "drills"


def drills_in(folder, limit: int = MAX_USER_DRILLS) -> tuple:
    """(path, Drill or the DrillFileError refusing it) for the first `limit` *.json files
    of `folder` by name; () when there is no such folder."""
    folder = Path(folder)
    if not folder.is_dir():
        return ()
    found = []
    for path in sorted(folder.glob("*.json"))[:limit]:
        try:
            found.append((path, load_drill(path)))
        except DrillFileError as exc:
            found.append((path, exc))
    return tuple(found)


def _fail(where: str, problem: str):
    raise DrillFileError(f"{where}: {problem}" if where else problem)


def _only(data, allowed: set, where: str) -> dict:
    if not isinstance(data, dict):
        _fail(where, _("expected an object, got {type_name}").format(
            type_name=type(data).__name__))
    unknown = sorted(set(data) - allowed)
    if unknown:
        _fail(where, _("the field {name} is not part of a drill").format(
            name=f"{unknown[0]!r:.40}"))
    return data


def _get(data: dict, key: str, where: str):
    if key not in data:
        _fail(where, _("the field {name} is missing").format(name=repr(key)))
    return data[key]


def _integer(value, where: str, lo: int, hi: int) -> int:
    if not (type(value) is int and lo <= value <= hi):
        _fail(where, _("expected a whole number from {lo} to {hi}, got {value}").format(
            lo=lo, hi=hi, value=f"{value!r:.40}"))
    return value


def _number(value, where: str, lo: float, hi: float) -> float:
    if not (is_number(value) and lo < value <= hi):
        _fail(where, _("expected a number above {lo} and at most {hi}, got {value}").format(
            lo=f"{lo:g}", hi=f"{hi:g}", value=f"{value!r:.40}"))
    return float(value)


def _point(value, where: str) -> tuple:
    if not (isinstance(value, list) and len(value) == 2 and all(is_number(v) for v in value)):
        _fail(where, _("expected [x, y] in metres, got {value}").format(
            value=f"{value!r:.60}"))
    return float(value[0]), float(value[1])


def from_plain(data) -> Drill:
    """A Drill from parsed JSON; DrillFileError naming the first problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        _fail("", _("not a Breakshot drill (no \"format\": \"breakshot-drill\")"))
    version = _integer(data.get("version"), "version", 1, 10 ** 6)
    if version > VERSION:
        _fail("version", _("drill format {version} is newer than this game reads ({newest}); "
                           "update Breakshot").format(version=version, newest=VERSION))
    kind = data.get("kind")
    if kind not in KINDS:
        _fail("kind", _("expected one of {choices}, got {value}").format(
            choices=", ".join(KINDS), value=f"{kind!r:.40}"))
    _only(data, FIELDS[kind], "")
    drill_id = _get(data, "id", "")
    if not (isinstance(drill_id, str) and re.fullmatch(r"[a-z0-9_]{1,40}", drill_id)):
        _fail("id", _("expected 1 to 40 lower-case letters, digits or '_', got {value}").format(
            value=f"{drill_id!r:.40}"))
    title = _get(data, "title", "")
    if not (isinstance(title, str) and title.isprintable() and 0 < len(title) <= MAX_TITLE_CHARS):
        _fail("title", ngettext("expected printable text of 1 to {most} character",
                                "expected printable text of 1 to {most} characters",
                                MAX_TITLE_CHARS).format(most=MAX_TITLE_CHARS))
    mode = _get(data, "mode", "")
    if mode not in MODES:
        _fail("mode", _("expected one of {choices}, got {value}").format(
            choices=", ".join(MODES), value=f"{mode!r:.40}"))
    fields = {"run": _run_fields, "stages": _stage_fields, "ghost": _ghost_fields}[kind]
    return Drill(id=drill_id, title=title, mode=mode, kind=kind, **fields(data, mode))


def _layout(value, mode: str, where: str) -> Layout:
    """The balls of `value` ({"<id>": [x, y]}), placed one by one as a player would place
    them: each one of the mode's balls, on the playing surface, clear of those before."""
    if not isinstance(value, dict) or not value:
        _fail(where, _("expected an object of ball number -> [x, y]"))
    position = Position(modes.mode(mode).table, mode, {})
    for key, xy in value.items():
        if not (isinstance(key, str) and re.fullmatch(r"[0-9]{1,2}", key)):
            _fail(where, _("{key} is not a ball number").format(key=f"{key!r:.20}"))
        try:
            position = position.with_ball(int(key), _point(xy, f"{where}.{key}"))
        except PlacementError as exc:
            _fail(f"{where}.{key}", str(exc))
    if CUE not in position.layout or len(position.layout) < 2:
        _fail(where, _("expected the cue ball (0) and at least one object ball"))
    return position.layout


def _zone(value, where: str) -> Zone:
    _only(value, ZONE_FIELDS, where)
    return Zone(_point(_get(value, "centre", where), where + ".centre"),
                _number(_get(value, "radius", where), where + ".radius", 0.0, 0.5))


def _run_fields(data: dict, mode: str) -> dict:
    layout = _layout(_get(data, "layout", ""), mode, "layout")
    order = data.get("order", [])
    if not isinstance(order, list) or len(set(map(repr, order))) != len(order) or any(
            type(b) is not int or b == CUE or b not in layout for b in order):
        _fail("order", _("expected distinct object balls of the layout"))
    no_cushion = data.get("no_cushion", False)
    if not isinstance(no_cushion, bool):
        _fail("no_cushion", _("expected true or false, got {value}").format(
            value=f"{no_cushion!r:.40}"))
    zones = _only(data.get("zones", {}), set(map(str, layout)) - {str(CUE)}, "zones")
    return {"layout": layout, "order": tuple(order), "no_cushion": no_cushion,
            "zones": tuple(sorted((int(k), _zone(v, f"zones.{k}")) for k, v in zones.items())),
            "max_shots": _integer(data.get("max_shots", 0), "max_shots", 0, MAX_SHOTS)}


def _stage_fields(data: dict, mode: str) -> dict:
    stages = _get(data, "stages", "")
    if not (isinstance(stages, list) and 0 < len(stages) <= MAX_STAGES):
        _fail("stages", ngettext("expected a list of 1 to {most} stage",
                                 "expected a list of 1 to {most} stages",
                                 MAX_STAGES).format(most=MAX_STAGES))
    read = []
    for k, stage in enumerate(stages):
        where = f"stages[{k}]"
        _only(stage, STAGE_FIELDS, where)
        layout = _layout(_get(stage, "layout", where), mode, where + ".layout")
        target = _get(stage, "target", where)
        if type(target) is not int or target == CUE or target not in layout:
            _fail(where + ".target", _("expected an object ball of the stage, got {value}").format(
                value=f"{target!r:.20}"))
        pocket = stage.get("pocket")
        if pocket is not None and pocket not in POCKETS:
            _fail(where + ".pocket", _("expected one of {choices}, got {value}").format(
                choices=", ".join(POCKETS), value=f"{pocket!r:.30}"))
        stop = stage.get("stop")
        read.append(Stage(layout, target, None if pocket is None else POCKETS[pocket],
                          None if stop is None else _zone(stop, where + ".stop")))
    return {"stages": tuple(read), "tries": _integer(_get(data, "tries", ""), "tries", 1, 10)}


def _ghost_fields(data: dict, mode: str) -> dict:
    if mode != "nine_ball":
        _fail("mode", _("the ghost plays 9-ball"))
    spot = _point(_get(data, "break_from", ""), "break_from")
    table = modes.mode(mode).table
    if spot[0] > table.head_line_x:
        _fail("break_from", _("({x}, {y}) m is not behind the head string").format(
            x=f"{spot[0]:.4g}", y=f"{spot[1]:.4g}"))
    problem = Position(table, mode, {}).placement_problem(CUE, spot)
    if problem:
        _fail("break_from", problem)
    return {"race_to": _integer(_get(data, "race_to", ""), "race_to", 1, MAX_RACE),
            "break_from": spot}
