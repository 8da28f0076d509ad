"""The local player profiles kept in the statistics database: create one, list them."""
from __future__ import annotations

import sqlite3
from datetime import datetime, timezone

from game.i18n import _
from game.session.game import MODES

from .book import profiles_file, write_profiles
from .seats import ProfileError, Seat, profile_name


def create_profile(conn, name: str, preferred: str, now: datetime | None = None) -> Seat:
    """A new profile named `name` (cleaned and checked as player names are) preferring
    mode `preferred`, kept in the database and in the profiles file beside it (book.py);
    ProfileError for a bad or taken name, or a profiles file that cannot be written."""
    name = profile_name(name)
    if preferred not in MODES:
        raise ProfileError(_("no game is called {mode}").format(mode=f"{preferred!r:.40}"))
    created = (now or datetime.now(timezone.utc)).astimezone(timezone.utc)
    seat = Seat("profile", name, created.isoformat(timespec="seconds"))
    try:
        with conn:
            conn.execute("INSERT INTO profiles VALUES (?, ?, ?)", (name, seat.created, preferred))
    except sqlite3.IntegrityError:
        raise ProfileError(_("A profile called \"{name}\" exists already.").format(name=name))
    try:
        save_profiles_file(conn)
    except OSError as exc:
        raise ProfileError(_("The profile {name} was made, but the profiles file could not be "
                             "saved ({error}).").format(name=name, error=exc.strerror or exc))
    return seat


def save_profiles_file(conn) -> None:
    """Write every profile of the database `conn` to the profiles file beside its file
    (nothing for a database in memory)."""
    database = conn.execute("PRAGMA database_list").fetchone()[2]
    if database:
        write_profiles(profiles_file(database), profiles(conn))


def profiles(conn) -> list:
    """(Seat, preferred mode) of every profile, by name."""
    return [(Seat("profile", n, c), p) for n, c, p in
            conn.execute("SELECT name, created, preferred FROM profiles ORDER BY name "
                         "COLLATE NOCASE")]


def profile_named(conn, name: str) -> Seat | None:
    """The profile whose name is `name` (letter case aside), or None."""
    row = conn.execute("SELECT name, created FROM profiles WHERE name=?", (name,)).fetchone()
    return Seat("profile", *row) if row else None
