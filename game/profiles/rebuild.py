"""The statistics database rebuilt from the replays folder, the source of truth: every
replay that loads, oldest first, goes through the same MatchWriter calls the live
listener makes, so the rebuilt statistics equal those written while playing.

The profiles of the profiles file beside the database (book.py) are written first, so a
profile that never played is kept; a profiles file that is refused is kept aside
(game.storage.keep_corrupt) and named in the result, and the file is written again with
the rebuilt database's profiles.

Drill attempts (replays with a drill mark) are not matches: the live game writes none
for them, so neither does the rebuild. A replay that cannot be loaded is skipped and
named in the result; the rebuild writes a
new file beside the database and renames it over it, so an interrupted rebuild leaves
the old database (or none) and never half of one.

Loading the replays is most of the time (about 15 ms a shot on the project's machine):
the game runs a first rebuild in the background (keeper.py).
"""
from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from game.i18n import _
from game.replay import ReplayError, load_replay
from game.replay import fields as F
from game.replay.library import EXTENSION
from game.replay.manifest import MAX_SHOTS, decode_drill_mark, decode_online_mark
from game.replay.reader import read_manifest
from game.session import Concede, NextGame, Shoot
from game.storage import PARTIAL_SUFFIX, FileRefused, clean_partials, keep_corrupt

from .book import ProfilesFileError, profiles_file, read_profiles
from .registry import save_profiles_file
from .seats import ProfileError, Seat, seat_from_plain
from .shots import shot_line
from .store import migrate
from .writer import CONCEDED, MatchWriter, transaction


@dataclass(frozen=True)
class RebuildReport:
    """matches: replays written to the database; skipped: (file name, why) of those that
    could not be read."""
    matches: int
    skipped: tuple


def replay_header(path) -> tuple:
    """(the two Seats, race_to, online) of a replay file: two guests for a file before
    format 1.4, single games (1) before 1.1; online: whether it is a player's copy of a
    match played through a match server (its "online" mark). ProfileError for seats that
    are not seats, a ReplayError for a race_to that is not a number of frames or a
    malformed mark."""
    manifest = read_manifest(path)[1]
    race_to = F.integer(manifest.get("race_to", 1), "race_to", 1, MAX_SHOTS)
    online = decode_online_mark(manifest.get("online")) is not None
    seats = manifest.get("seats")
    if seats is None:
        return (Seat(), Seat()), race_to, online
    if not isinstance(seats, list) or len(seats) != 2:
        raise ProfileError(_("the replay's seats are not a list of two"))
    return tuple(seat_from_plain(s) for s in seats), race_to, online


def write_replay(conn, replay, seats: tuple, race_to: int, online: bool = False,
                 replace: bool = False) -> None:
    """One loaded replay's match, shot by shot, through a MatchWriter (`replace`: an
    earlier copy of it in the database written over, under its id)."""
    match = replay.match
    writer = MatchWriter(conn, os.path.basename(replay.path), match.mode, replay.created,
                         race_to, seats, online, replace)
    shots = {shot.command_index: shot for shot in replay.shots}
    for k, command in enumerate(replay.commands):
        if isinstance(command, Shoot):
            shot = shots[k]
            line = shot_line(match.mode, match.table, writer.game, shot.shooter,
                             shot.is_break, shot.push_out, shot.ball_ids, shot.ruling,
                             shot.result)
            writer.shot(line, shot.ruling["winner"], shot.ruling["end_reason"] or "")
        elif isinstance(command, Concede):
            writer.concede(1 - int(command.player), CONCEDED)
        elif isinstance(command, NextGame):
            writer.next_game()


def catch_up(conn, replay_folder, since: float) -> list:
    """Write again from its replay every match whose replay file was saved after `since`
    (the database's last write, seconds since the epoch) and holds more than the
    database does: a kill between the replay's save and the database's write (a
    concession, the frame and its rating), or before a match's first row. Drill attempts
    are left out as the rebuild leaves them. A match is written over under its own id
    (MatchWriter's `replace`: its totals taken out first, the ratings recomputed in play
    order). Returns the names of the matches written; replays that cannot be read are
    left to the rebuild's report."""
    written = {name: (shots, (won0, won1)) for name, shots, won0, won1
               in conn.execute("SELECT replay, (SELECT COUNT(*) FROM shots WHERE "
                               "match=matches.id), won0, won1 FROM matches").fetchall()}
    caught = []
    for replay_path in replay_files(replay_folder):
        try:
            if replay_path.stat().st_mtime < since:
                continue
            manifest = read_manifest(replay_path)[1]
            if decode_drill_mark(manifest.get("drill")) is not None or not manifest.get("shots"):
                continue
            shots, won = written.get(replay_path.name, (0, (0, 0)))
            if (len(manifest["shots"]), tuple(manifest.get("games_won", (0, 0)))) == (shots, won):
                continue
            replay = load_replay(replay_path)
            seats, race_to, online = replay_header(replay_path)
        except (ReplayError, FileRefused, ProfileError, OSError, TypeError):
            continue
        with transaction(conn):
            write_replay(conn, replay, seats, race_to, online, replace=True)
        caught.append(replay_path.name)
    return caught


def replay_files(folder) -> list:
    """The replay files in `folder`, in the order their matches were recorded (file
    names start with the start time; the name breaks ties)."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix == EXTENSION and p.is_file())


def rebuild(path, replay_folder) -> RebuildReport:
    """Write a new database at `path` from the profiles file beside it and every replay
    in `replay_folder`. The new file is made beside it under a hidden partial name
    (game.storage: removed by the next save there once its maker is gone) and renamed
    over `path` when complete; then the profiles file is written from it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    clean_partials(path.parent)
    fresh = path.with_name(f".{path.name}.{os.getpid()}.rebuild{PARTIAL_SUFFIX}")
    _remove(fresh)
    kept, refused = _kept_profiles(profiles_file(path))
    try:
        report = _write_all(fresh, replay_folder, kept)
        with open(fresh, "rb+") as f:
            os.fsync(f.fileno())
        _remove(path, main=False)          # the old database's journal is not the new one's
        os.replace(fresh, path)
    except BaseException:
        _remove(fresh)
        raise
    conn = sqlite3.connect(path)
    try:
        save_profiles_file(conn)
    finally:
        conn.close()
    return RebuildReport(report.matches, refused + report.skipped)


def _kept_profiles(book: Path) -> tuple:
    """(the profiles in the profiles file `book`, the refusal as a (file name, why) pair
    or nothing); a refused file is moved aside, never overwritten."""
    try:
        return read_profiles(book), ()
    except ProfilesFileError as exc:
        keep_corrupt(book)
        return [], ((book.name, str(exc)),)


def _write_all(fresh: Path, replay_folder, kept: list) -> RebuildReport:
    # A file made once and renamed when whole: no journal, no syncing but the last.
    conn = sqlite3.connect(fresh, isolation_level=None)
    conn.execute("PRAGMA journal_mode=MEMORY")
    conn.execute("PRAGMA synchronous=OFF")
    written, skipped = 0, []
    try:
        migrate(conn)
        with conn:
            conn.executemany("INSERT INTO profiles VALUES (?, ?, ?)",
                             [(seat.name, seat.created, preferred) for seat, preferred in kept])
        found = []
        for replay_path in replay_files(replay_folder):
            try:
                _, manifest, _, _ = read_manifest(replay_path)
                if decode_drill_mark(manifest.get("drill")) is not None:
                    continue        # a drill attempt: the live game writes no match for it
                found.append((str(manifest.get("created", "")), replay_path.name, replay_path))
            except (ReplayError, FileRefused, OSError) as exc:
                skipped.append((replay_path.name, str(exc)))
        for _, name, replay_path in sorted(found):
            try:
                replay = load_replay(replay_path)
                seats, race_to, online = replay_header(replay_path)
            except (ReplayError, FileRefused, ProfileError, OSError) as exc:
                skipped.append((name, str(exc)))
                continue
            if replay.shots:
                with conn:                  # one transaction per match
                    conn.execute("BEGIN")
                    write_replay(conn, replay, seats, race_to, online)
                written += 1
    finally:
        conn.close()
    return RebuildReport(written, tuple(skipped))


def _remove(path: Path, main: bool = True) -> None:
    """Remove the database file `path` (unless main is False) and its journal files."""
    for p in ((path,) if main else ()) + (Path(f"{path}-wal"), Path(f"{path}-shm"),
                                          Path(f"{path}-journal")):
        if p.exists():
            p.unlink()
