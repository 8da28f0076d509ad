"""Where replays live, their file names, and the "recent matches" list for the menu."""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs

from game.storage import FileRefused

from . import fields as F
from .manifest import MANIFEST_MEMBER, decode_match
from .reader import read_manifest

EXTENSION = ".bsreplay"


def replay_directory() -> Path:
    """The user's replay folder: <platformdirs user data dir for "breakshot">/replays."""
    return Path(platformdirs.user_data_dir("breakshot")) / "replays"


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:24] or "player"


def new_replay_path(directory, mode: str, names, started: datetime) -> Path:
    """A free file name in `directory` for a match started at `started` (local time in
    the name, so the user recognises it): 2026-04-15_14-03-22_nine_ball_Ann-vs-Bob."""
    stem = (f"{started.astimezone():%Y-%m-%d_%H-%M-%S}_{mode}_"
            f"{_slug(names[0])}-vs-{_slug(names[1])}")
    path = Path(directory) / (stem + EXTENSION)
    n = 2
    while path.exists():
        path = Path(directory) / f"{stem}_{n}{EXTENSION}"
        n += 1
    return path


@dataclass(frozen=True)
class MatchSummary:
    """One line of the recent-matches list. error: why the file cannot be opened (then
    the other fields are empty), or None."""
    path: Path
    modified: float          # file time, seconds since the epoch
    mode: str = ""
    players: tuple = ()
    shots: int = 0
    games_won: tuple = (0, 0)
    created: str = ""
    error: str | None = None


def recent_matches(directory=None, limit: int = 20) -> list:
    """The `limit` most recently saved replays of `directory` (default: the user's replay
    folder), newest first, as MatchSummary; reads only each file's manifest. A match in
    which nothing was played yet is left out."""
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
            if not F.items(F.get(manifest, "commands", MANIFEST_MEMBER), "commands", 10 ** 7):
                continue
            match = decode_match(F.get(manifest, "match", MANIFEST_MEMBER), "match")
            shots = F.items(F.get(manifest, "shots", MANIFEST_MEMBER), "shots", 10 ** 6)
            won = F.array(F.get(manifest, "games_won", MANIFEST_MEMBER), "i", (2,), "games_won", 0)
            created = F.text(F.get(manifest, "created", MANIFEST_MEMBER), "created", 100)
        except FileRefused as exc:
            summaries.append(MatchSummary(path, modified, error=str(exc)))
            continue
        summaries.append(MatchSummary(path, modified, match.mode, match.players, len(shots),
                                      tuple(won.tolist()), created))
    return summaries
