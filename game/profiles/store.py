"""Opening the statistics database file: the checks that refuse a damaged or foreign
file, the connection's settings, the schema and its migrations.

A file is refused (StoreRefused, one sentence) when it is not SQLite (or its header is
gone), belongs to another program, fails `PRAGMA integrity_check` (a truncated file, a
page of zeros), or has a schema newer than this Breakshot knows. What to do with a
refused file (keep it aside, rebuild) is opening.py's job.

The journal is WAL and every commit is synchronous (FULL): a killed process or a power
cut loses at most the transaction under way, which is one shot.
"""
from __future__ import annotations

import os
import sqlite3

from game.i18n import _

from .ratings import rate_all_frames
from .totals import total_all
from .schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION, VERSION_1

SQLITE_HEADER = b"SQLite format 3\x00"
FILE_NAME = "statistics.sqlite"
BUSY_TIMEOUT_S = 5.0


class StoreRefused(Exception):
    """A database file that cannot be used; str() is one sentence naming the problem."""


def connect(path) -> sqlite3.Connection:
    """A connection to `path` with the database's settings (autocommit off: callers use
    `with conn:` for each transaction)."""
    conn = sqlite3.connect(os.fspath(path), timeout=BUSY_TIMEOUT_S, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.isolation_level = "DEFERRED"
    return conn


def check(path) -> None:
    """Refuse the file at `path` (StoreRefused) unless it is a sound Breakshot statistics
    database of this version or an older one. A missing or empty file passes: it
    becomes a new database."""
    path = os.fspath(path)
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return
    with open(path, "rb") as f:
        if f.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
            raise StoreRefused(_("{path} is not a statistics database (not an SQLite file).")
                               .format(path=path))
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            problems = [row[0] for row in conn.execute("PRAGMA integrity_check(1)")]
            app, version = (conn.execute("PRAGMA application_id").fetchone()[0],
                            conn.execute("PRAGMA user_version").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise StoreRefused(_("{path} is damaged ({problem}).").format(path=path, problem=exc))
    if problems != ["ok"]:
        # The report's lines after the first (one per page) add nothing for a player.
        first = next((line for line in problems[0].splitlines()
                      if line.strip() and not line.startswith("***")), problems[0])
        raise StoreRefused(_("{path} is damaged ({problem}).").format(path=path,
                                                                     problem=first.strip()))
    if app != APPLICATION_ID and (app, version) != (0, 0):
        raise StoreRefused(_("{path} belongs to another program.").format(path=path))
    if version > SCHEMA_VERSION:
        raise StoreRefused(_("{path} comes from a newer Breakshot (schema {found}, this one "
                             "reads up to {known}).").format(path=path, found=version,
                                                             known=SCHEMA_VERSION))


def open_store(path, checked: bool = False) -> sqlite3.Connection:
    """Check `path` (StoreRefused; not again if `checked` says it was just checked or
    made), open it, create or migrate its schema to SCHEMA_VERSION and return the
    connection."""
    if not checked:
        check(path)
    conn = connect(path)
    try:
        migrate(conn)
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise StoreRefused(_("{path} is damaged ({problem}).").format(path=path, problem=exc))
    return conn


def create_version_1(conn: sqlite3.Connection) -> None:
    """Write the first version's empty schema (new files start there and migrate)."""
    with conn:
        conn.executescript("BEGIN;" + VERSION_1 + f"PRAGMA application_id={APPLICATION_ID};"
                           "PRAGMA user_version=1; COMMIT;")


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the schema to SCHEMA_VERSION, one version per transaction; the version
    found."""
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found == 0:
        create_version_1(conn)
    version = max(found, 1)
    while version < SCHEMA_VERSION:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[version - 1].split(";"):
                if statement.strip():
                    conn.execute(statement)
            if version == 1:
                # The ratings and totals the frames and shots would have given.
                rate_all_frames(conn)
                total_all(conn)
            conn.execute(f"PRAGMA user_version={version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        version += 1
    return found
