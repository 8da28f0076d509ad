"""The statistics database's schema, version by version, and the migrations between them.

The version is SQLite's `PRAGMA user_version`; `application_id` marks the file as
Breakshot's, so another program's SQLite file is told apart from a Breakshot one.
Version 1 was the first; version 2 adds the ratings table (filled from the frames by the
migration, as they would have been while playing), the frames' end reason and the index
the statistics screen queries by. A migration runs in one transaction: a crash leaves
the file at the version before.
"""
from __future__ import annotations

APPLICATION_ID = 0x42534854          # "BSHT"
SCHEMA_VERSION = 2

# Version 1, as first released (kept to build test files of it and to read its rows).
VERSION_1 = """
CREATE TABLE profiles (
    name TEXT PRIMARY KEY COLLATE NOCASE,
    created TEXT NOT NULL,
    preferred TEXT NOT NULL
);
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    replay TEXT NOT NULL UNIQUE,
    mode TEXT NOT NULL,
    created TEXT NOT NULL,
    race_to INTEGER NOT NULL,
    seat0 TEXT NOT NULL,
    seat1 TEXT NOT NULL,
    won0 INTEGER NOT NULL DEFAULT 0,
    won1 INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0,
    winner INTEGER
);
CREATE TABLE frames (
    match INTEGER NOT NULL REFERENCES matches(id),
    game INTEGER NOT NULL,
    mode TEXT NOT NULL,
    seat0 TEXT NOT NULL,
    seat1 TEXT NOT NULL,
    winner INTEGER NOT NULL,
    breaker INTEGER NOT NULL,
    break_and_run INTEGER NOT NULL,
    PRIMARY KEY (match, game)
);
CREATE TABLE shots (
    match INTEGER NOT NULL REFERENCES matches(id),
    shot INTEGER NOT NULL,
    game INTEGER NOT NULL,
    mode TEXT NOT NULL,
    seat TEXT NOT NULL,
    shooter INTEGER NOT NULL,
    visit INTEGER NOT NULL,
    is_break INTEGER NOT NULL,
    potted INTEGER NOT NULL,
    scratch INTEGER NOT NULL,
    key_ball INTEGER NOT NULL,
    fouls TEXT NOT NULL,
    attempt INTEGER NOT NULL,
    made INTEGER NOT NULL,
    cut_angle REAL,
    distance REAL,
    PRIMARY KEY (match, shot)
);
"""

# Each entry turns version k into k + 1 (the index is k - 1).
MIGRATIONS = [
    """
    CREATE TABLE ratings (
        seat TEXT NOT NULL,
        mode TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        frames INTEGER NOT NULL,
        PRIMARY KEY (seat, mode)
    );
    ALTER TABLE frames ADD COLUMN reason TEXT NOT NULL DEFAULT '';
    CREATE INDEX shots_by_seat ON shots (seat, mode);
    """,
]
