"""Where replays live, their file names, and the "recent matches" list for the menu."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

from game.session import Concede, NextGame
from game.storage import FileRefused

from . import fields as F
from .manifest import (MANIFEST_MEMBER, MAX_COMMANDS, MAX_SHOTS, OnlineMark, decode_command,
                       decode_drill_mark, decode_match, decode_online_mark)
from .reader import read_manifest

EXTENSION = ".bsreplay"
DRILL_GLOB = "*_drill-*" + EXTENSION     # the names new_drill_replay_path gives


def replay_directory() -> Path:
    """The user's replay folder: <platformdirs user data dir for "breakshot">/replays."""
    return Path(platformdirs.user_data_dir("breakshot")) / "replays"


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:24] or "player"


def new_replay_path(directory, mode: str, names, started: datetime,
                    online_code: str | None = None) -> Path:
    """A free file name in `directory` for a match started at `started` (local time in
    the name, so the user recognises it): 2026-04-15_14-03-22_nine_ball_Ann-vs-Bob; a
    match played online ends in its join code: ..._Ann-vs-Bob_online-K7PQ2M
    (online_replay finds it again by that)."""
    online = "" if online_code is None else f"_online-{_slug(online_code)}"
    return _free_path(directory, f"{started.astimezone():%Y-%m-%d_%H-%M-%S}_{mode}_"
                                 f"{_slug(names[0])}-vs-{_slug(names[1])}{online}")


def online_replay(directory, mark: OnlineMark, match: dict) -> tuple | None:
    """(path, started) of the replay in `directory` that already records the online
    match `mark` (the same server, code and seat) from the same opening, whose manifest
    "match" field is `match` (as manifest.encode_match gives it); None when there is
    none. A game started again continues the file it recorded the match to before."""
    folder = Path(directory) if directory is not None else replay_directory()
    if not folder.is_dir():
        return None
    match = json.loads(json.dumps(match))           # as read back: lists, not tuples
    for path in sorted(folder.glob(f"*_online-{_slug(mark.code)}*{EXTENSION}")):
        try:
            _, manifest, _, _ = read_manifest(str(path))
            if (decode_online_mark(manifest.get("online")) == mark
                    and manifest.get("match") == match):
                return path, datetime.fromisoformat(
                    F.text(F.get(manifest, "created", MANIFEST_MEMBER), "created", 100))
        except (FileRefused, ValueError):
            continue            # not this match's (a damaged file is left as it is)
    return None


def new_drill_replay_path(directory, drill: str, player: str, started: datetime) -> Path:
    """A free file name in `directory` for an attempt at the drill with id `drill`:
    2026-04-15_14-03-22_drill-line_up_Ann (DRILL_GLOB finds these without opening the
    matches)."""
    return _free_path(directory, f"{started.astimezone():%Y-%m-%d_%H-%M-%S}_drill-"
                                 f"{drill}_{_slug(player)}")


def _free_path(directory, stem: str) -> Path:
    path = Path(directory) / (stem + EXTENSION)
    n = 2
    while path.exists():
        path = Path(directory) / f"{stem}_{n}{EXTENSION}"
        n += 1
    return path


@dataclass(frozen=True)
class MatchSummary:
    """One line of the recent-matches list. finished: when the file was last saved, the
    last game played was decided (won, or conceded) and, in a race, a player had won
    it; False for a match left mid-game or between the frames of a race (files of format
    1.0, which do not say the race's length, count a decided last game as finished).
    error: why the file cannot be opened (then the other fields are empty), or None.
    drill: the DrillMark of a drill attempt, None for a match. online: the OnlineMark of
    a match played through a match server, None for one played here."""
    path: Path
    modified: float          # file time, seconds since the epoch
    mode: str = ""
    players: tuple = ()
    shots: int = 0
    games_won: tuple = (0, 0)
    created: str = ""
    finished: bool = False
    error: str | None = None
    drill: object = None
    online: object = None


def recent_matches(directory=None, limit: int = 20) -> list:
    """The `limit` most recently saved replays of `directory` (default: the user's replay
    folder), newest first, as MatchSummary; reads only each file's manifest. A match
    without a shot (nothing to watch) is left out."""
    folder = Path(directory) if directory is not None else replay_directory()
    if not folder.is_dir():
        return []
    files = sorted((p for p in folder.glob("*" + EXTENSION) if p.is_file()),
                   key=lambda p: p.stat().st_mtime, reverse=True)
    summaries = []
    for path in files:
        if len(summaries) == limit:
            break
        modified = path.stat().st_mtime
        try:
            _, manifest, _, _ = read_manifest(str(path))
            shots = F.items(F.get(manifest, "shots", MANIFEST_MEMBER), "shots", MAX_SHOTS)
            if not shots:
                continue
            commands = F.items(F.get(manifest, "commands", MANIFEST_MEMBER), "commands",
                               MAX_COMMANDS)
            match = decode_match(F.get(manifest, "match", MANIFEST_MEMBER), "match")
            won = F.array(F.get(manifest, "games_won", MANIFEST_MEMBER), "i", (2,), "games_won", 0)
            created = F.text(F.get(manifest, "created", MANIFEST_MEMBER), "created", 100)
            race_to = manifest.get("race_to")        # absent before format 1.1
            if race_to is not None:
                race_to = F.integer(race_to, "race_to", 1, MAX_SHOTS)
            finished = _last_game_decided(commands, shots, match) and (
                race_to is None or max(won.tolist()) >= race_to)
            drill = decode_drill_mark(manifest.get("drill"))
            online = decode_online_mark(manifest.get("online"))
        except FileRefused as exc:
            summaries.append(MatchSummary(path, modified, error=str(exc)))
            continue
        summaries.append(MatchSummary(path, modified, match.mode, match.players, len(shots),
                                      tuple(won.tolist()), created, finished, drill=drill,
                                      online=online))
    return summaries


def _last_game_decided(commands: list, shots: list, match) -> bool:
    """Whether the game the manifest's commands end in was decided: its last shot's
    ruling named a winner or a player conceded it (a next_game starts an undecided one).
    CorruptReplayError for a malformed command or a shoot pointing to no shot."""
    decided = False
    for k, entry in enumerate(commands):
        command, shot = decode_command(entry, f"commands[{k}]", match)
        if shot is not None:
            if shot >= len(shots):
                F.fail(f"commands[{k}]", f"shoot points to shot {shot}, of {len(shots)}")
            ruling = F.obj(F.get(F.obj(shots[shot], f"shots[{shot}]"), "ruling",
                                 f"shots[{shot}]"), f"shots[{shot}].ruling")
            decided = F.get(ruling, "winner", f"shots[{shot}].ruling") is not None
        else:
            decided = isinstance(command, Concede) or (
                decided and not isinstance(command, NextGame))
    return decided
