"""The game's statistics for the window's whole life: the database made ready in the
background from the start (checked; a refused or missing file rebuilt from the replays,
which takes a while with many), opened when first needed (waiting for that if it is
still under way), the seats a match is played by, and the listener of the match in
progress.

Nothing here raises for a database that cannot be opened or written: the game goes on
unrecorded in the statistics (the replays keep everything) and says so once."""
from __future__ import annotations

import logging
import os
import sqlite3
import threading
from pathlib import Path

from game.i18n import _

from .book import ProfilesFileError, profiles_file, read_profiles
from .listener import StatsRecorder
from .opening import database_path, prepare_statistics
from .registry import profile_named
from .seats import Seat, computer, matching_profile
from .store import FILE_NAME, StoreRefused, StoreUnavailable, open_store

log = logging.getLogger(__name__)


class StatisticsKeeper:
    """path: the database (default: beside the replay folder, as statistics.sqlite
    beside replays/ in the user's data folder); replay_folder: where the rebuild reads
    (default: the user's replay folder)."""

    def __init__(self, path=None, replay_folder=None):
        if path is None and replay_folder is not None:
            path = Path(replay_folder).parent / FILE_NAME
        self.path = Path(path) if path is not None else database_path()
        self.replay_folder = replay_folder
        self._conn = None
        self.notice: str | None = None      # what the player should be told, once
        self.listener: StatsRecorder | None = None
        self._failure: Exception | None = None
        # The profiles file as last read: (its stat's identity, the names). The menu asks
        # at every keystroke in a name; the file is read again only once it has changed.
        self._names_read: tuple = (None, [])
        self._preparing = threading.Thread(target=self._prepare, name="statistics",
                                           daemon=True)
        self._preparing.start()

    def _prepare(self) -> None:
        """In the background thread: check, keep aside, rebuild (its own connection)."""
        try:
            self.notice = prepare_statistics(self.path, self.replay_folder)
        except (sqlite3.Error, OSError, StoreRefused, StoreUnavailable) as exc:
            self._failure = exc
        if self.notice:
            log.warning("%s", self.notice)

    def connection(self):
        """The open database (once the background preparation is done), or None when it
        cannot be opened (notice says why)."""
        if self._conn is None and self._preparing is not None:
            self._preparing.join()
            self._preparing = None
            try:
                if self._failure is not None:
                    raise self._failure
                self._conn = open_store(self.path, checked=True)
            except (sqlite3.Error, OSError, StoreRefused, StoreUnavailable) as exc:
                log.warning("statistics unavailable: %s", exc)
                self.notice = _("The statistics are not available ({error}).").format(error=exc)
        return self._conn

    def take_notice(self) -> str | None:
        notice, self.notice = self.notice, None
        return notice

    def profile_names(self) -> list:
        """The profiles' names, alphabetical (letter case aside), read from the profiles
        file without waiting for the database; [] while it cannot be read (the
        database's preparation keeps a refused file aside and writes it again)."""
        path = profiles_file(self.path)
        try:
            info = os.stat(path)
            identity = (info.st_ino, info.st_size, info.st_mtime_ns)
        except OSError:
            identity = None                 # no file (yet): read_profiles says []
        if identity is not None and identity == self._names_read[0]:
            return list(self._names_read[1])
        try:
            entries = read_profiles(path)
        except ProfilesFileError as exc:
            log.warning("profiles unavailable: %s", exc)
            names = []
        else:
            names = sorted((seat.name for seat, _preferred in entries), key=str.casefold)
        self._names_read = (identity, names)
        return list(names)

    def player_name(self, name: str) -> str:
        """The name a person plays drills under: the profile's own spelling when `name`
        is a profile's, else `name` as it is."""
        return matching_profile(self.profile_names(), name) or name

    def seats(self, names, players) -> tuple:
        """The two Seats of a match: a computer level for a computer side, the profile
        whose name is the side's name (letter case aside), else a guest."""
        conn = self.connection()
        seats = []
        for name, kind in zip(names, players):
            if kind != "human":
                seats.append(computer(kind))
            else:
                seats.append((profile_named(conn, name) if conn is not None else None) or Seat())
        return tuple(seats)

    def start(self, session, recorder, seats, race_to: int, online: bool = False,
              replace: bool = False) -> None:
        """Write `session` (recorded by `recorder`) to the statistics as it is played;
        online, replace: as for game.profiles.writer.MatchWriter."""
        self.stop()
        conn = self.connection()
        if conn is not None and recorder is not None:
            self.listener = StatsRecorder(session, conn, recorder, seats, race_to, online,
                                          replace)

    def stop(self) -> None:
        if self.listener is not None:
            self.listener.detach()
            self.listener = None

    def close(self) -> None:
        self.stop()
        if self._preparing is not None:
            self._preparing.join()
        if self._conn is not None:
            self._conn.close()
            self._conn = None
