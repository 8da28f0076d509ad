"""Opening the statistics database file: the checks that refuse a damaged or foreign
file, the connection's settings, the schema and its migrations.

A file is refused (StoreRefused, one sentence) when it is not SQLite (or its header is
gone), belongs to another program (another application id, or SQLite's defaults with
tables of its own in them), fails `PRAGMA integrity_check` (a truncated file, a page of
zeros), or has a schema newer than this Breakshot knows. What to do with a refused file
(keep it aside, rebuild) is opening.py's job.

A file that cannot be used now but is not damaged is StoreUnavailable (one sentence):
another process holds a lock on it past BUSY_TIMEOUT_S, something else than a file (a
folder, a FIFO) is in its place, or it or its folder cannot be read or written. Such a
file is never moved nor rebuilt: it may be another process's, mid-write.

The journal is WAL and every commit is synchronous (FULL): a killed process or a power
cut loses at most the transaction under way, which is one shot.
"""
from __future__ import annotations

import os
import sqlite3
import stat

from game.i18n import _

from .ratings import rate_all_frames
from .totals import total_all
from .schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION, VERSION_1

SQLITE_HEADER = b"SQLite format 3\x00"
FILE_NAME = "statistics.sqlite"
BUSY_TIMEOUT_S = 5.0


class StoreRefused(Exception):
    """A database file that is damaged, foreign or too new (keep it aside and rebuild);
    str() is one sentence naming the problem."""


class StoreUnavailable(Exception):
    """A database file that cannot be used now and must be left as it is: held by
    another process, not a regular file, or not readable or writable; str() is one
    sentence naming the problem."""


# SQLite's primary result codes (sqlite3.Error.sqlite_errorcode & 0xff) that say the file
# is busy or out of reach rather than damaged.
_BUSY_CODES = {5, 6}                 # SQLITE_BUSY, SQLITE_LOCKED
_REACH_CODES = {3, 8, 10, 14, 23}    # SQLITE_PERM, _READONLY, _IOERR, _CANTOPEN, _AUTH
_SHM_DMS_BYTE = 128                  # WALINDEX_LOCK_OFFSET 120 + SQLITE_SHM_NLOCK 8


def held_elsewhere(path) -> StoreUnavailable:
    return StoreUnavailable(_("{path} is in use by another Breakshot or another program; "
                              "the statistics were left as they are.").format(path=path))


def writable_folder(folder) -> None:
    """StoreUnavailable unless files can be made and renamed in `folder`."""
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreUnavailable(_("{path} cannot be written (permission denied); the "
                                 "statistics were left as they are.").format(path=folder))


def in_use_elsewhere(path) -> None:
    """StoreUnavailable if another process holds the database `path`: a lock that keeps
    a writer out past BUSY_TIMEOUT_S, or the file open in WAL mode at all. Every
    connection to a WAL database holds a shared lock on the "DMS" byte of its -shm file
    (SQLite's unix VFS, byte 128) while it is open, so a write lock on that byte is
    refused then. Call it with no connection of this process open on `path`: POSIX locks
    are the process's, and closing any descriptor of the file would drop SQLite's."""
    if not regular_size(path):
        return
    try:
        conn = sqlite3.connect(os.fspath(path), timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("ROLLBACK")
        finally:
            conn.close()
    except sqlite3.Error as exc:
        problem = classify(exc, path)
        if isinstance(problem, StoreUnavailable):
            raise problem from None
    if os.name != "posix":
        return
    import fcntl
    try:
        fd = os.open(os.fspath(path) + "-shm", os.O_RDWR)
    except OSError:
        return                      # no -shm: nobody has it open in WAL mode
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _SHM_DMS_BYTE)
    except OSError:
        raise held_elsewhere(path) from None
    finally:
        os.close(fd)


def classify(exc: sqlite3.Error, path) -> Exception:
    """The StoreUnavailable (busy, out of reach) or StoreRefused (damaged) that the SQLite
    error `exc` on the database `path` means."""
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    if code in _BUSY_CODES or "locked" in str(exc):
        return held_elsewhere(path)
    if code in _REACH_CODES:
        return StoreUnavailable(_("{path} cannot be opened ({problem}); the statistics "
                                  "were left as they are.").format(path=path, problem=exc))
    return StoreRefused(_("{path} is damaged ({problem}).").format(path=path, problem=exc))


def regular_size(path) -> int | None:
    """The size of the database file `path` in bytes, None when there is none;
    StoreUnavailable when something else than a regular file is there or it cannot be
    looked at."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreUnavailable(_("{path} cannot be read ({problem}).").format(
            path=path, problem=exc.strerror or exc)) from None
    if not stat.S_ISREG(info.st_mode):
        raise StoreUnavailable(_("{path} is not a file (a folder or a device is where the "
                                 "statistics should be); nothing was changed.").format(
            path=path))
    return info.st_size


def connect(path) -> sqlite3.Connection:
    """A connection to `path` with the database's settings (autocommit off: callers use
    `with conn:` for each transaction)."""
    conn = sqlite3.connect(os.fspath(path), timeout=BUSY_TIMEOUT_S, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.isolation_level = "DEFERRED"
    return conn


def check(path, wait_s: float | None = None) -> None:
    """Refuse the file at `path` (StoreRefused) unless it is a sound Breakshot statistics
    database of this version or an older one; StoreUnavailable (see the module) when it
    cannot be looked at now, after waiting up to `wait_s` for another process's lock. A
    missing or empty file passes (opening.py rebuilds both). wait_s: BUSY_TIMEOUT_S by
    default."""
    path = os.fspath(path)
    wait_s = BUSY_TIMEOUT_S if wait_s is None else wait_s
    if not regular_size(path):
        return
    try:
        with open(path, "rb") as f:
            header = f.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise StoreUnavailable(_("{path} cannot be read ({problem}).").format(
            path=path, problem=exc.strerror or exc)) from None
    if header != SQLITE_HEADER:
        raise StoreRefused(_("{path} is not a statistics database (not an SQLite file).")
                           .format(path=path))
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=wait_s)
        try:
            problems = [row[0] for row in conn.execute("PRAGMA integrity_check(1)")]
            app, version = (conn.execute("PRAGMA application_id").fetchone()[0],
                            conn.execute("PRAGMA user_version").fetchone()[0])
            tables = conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise classify(exc, path) from None
    if problems != ["ok"]:
        # The report's lines after the first (one per page) add nothing for a player.
        first = next((line for line in problems[0].splitlines()
                      if line.strip() and not line.startswith("***")), problems[0])
        raise StoreRefused(_("{path} is damaged ({problem}).").format(path=path,
                                                                     problem=first.strip()))
    # SQLite's defaults (0, 0) are a file just made, and hold nothing; with tables in it,
    # it is another program's.
    if app != APPLICATION_ID and ((app, version) != (0, 0) or tables):
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
    try:
        conn = connect(path)
    except sqlite3.Error as exc:
        raise classify(exc, path) from None
    try:
        migrate(conn)
    except sqlite3.Error as exc:
        conn.close()
        raise classify(exc, path) from None
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
