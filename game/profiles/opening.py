"""The statistics database as the game opens it: the file in the user's data folder,
checked; a damaged, foreign or too new file is refused in one sentence, kept aside under
a name that never overwrites an earlier copy (game.storage.keep_corrupt), and the
database is rebuilt from the replays, as a missing or empty one is. A file that cannot be
used now (held by another process, a folder in its place, a folder that cannot be
written) raises StoreUnavailable and nothing is moved, rebuilt or written. Nothing here
raises for a bad file."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from game.i18n import _
from game.replay import replay_directory
from game.storage import keep_corrupt

from .book import profiles_file
from .rebuild import catch_up, rebuild
from .registry import save_profiles_file
from .store import (FILE_NAME, StoreRefused, StoreUnavailable, check, in_use_elsewhere,
                    open_store, regular_size, writable_folder)


def database_path() -> Path:
    """<platformdirs user data dir for "breakshot">/statistics.sqlite, beside the
    replays folder."""
    return Path(platformdirs.user_data_dir("breakshot")) / FILE_NAME


def prepare_statistics(path=None, replay_folder=None) -> str | None:
    """Make the database at `path` (default database_path()) ready to open: checked; a
    refused file kept aside and, like a missing one, rebuilt from the profiles file and
    the replays in `replay_folder` (default: the user's replay folder); the profiles
    file written if there is none; a sound database caught up with replays saved after
    its last write (rebuild.catch_up). None, or the sentence saying
    that the file was refused, where it was kept, and that it was rebuilt.
    StoreUnavailable (nothing changed) when the file cannot be used now."""
    path = Path(path or database_path())
    replay_folder = replay_directory() if replay_folder is None else replay_folder
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreUnavailable(_("{path} cannot be made ({problem}).").format(
            path=path.parent, problem=exc.strerror or exc)) from None
    notice = None
    if regular_size(path):
        try:
            check(path)
            since = _last_write(path)
            conn = open_store(path, checked=True)
            try:
                catch_up(conn, replay_folder, since)
                if not profiles_file(path).exists():
                    # A database from before the profiles file: its profiles written once.
                    save_profiles_file(conn)
            finally:
                conn.close()
            return None
        except StoreRefused as exc:
            writable_folder(path.parent)
            in_use_elsewhere(path)
            kept = _keep_aside(path)
            notice = _("The statistics could not be read: {problem} It was kept as {kept} "
                       "and rebuilt from the replays.").format(problem=exc, kept=kept)
    writable_folder(path.parent)
    rebuild(path, replay_folder)
    return notice


def _last_write(path: Path) -> float:
    """When the database was last written (its file or its write-ahead log), less a
    second for file systems with coarse times: seconds since the epoch."""
    times = [os.stat(p).st_mtime for p in (path, Path(f"{path}-wal")) if p.exists()]
    return max(times) - 1.0


def open_statistics(path=None, replay_folder=None) -> tuple:
    """(connection, notice): prepare_statistics, then the database opened (and its
    schema migrated)."""
    notice = prepare_statistics(path, replay_folder)
    return open_store(path or database_path(), checked=True), notice


def _keep_aside(path: Path) -> str:
    """Move the refused file (and its journal files, which belong to it) aside; the
    kept file's name."""
    kept = keep_corrupt(path)
    for suffix in ("-wal", "-shm"):
        journal = Path(str(path) + suffix)
        if journal.exists():
            os.replace(journal, kept + suffix)
    return os.path.basename(kept)
