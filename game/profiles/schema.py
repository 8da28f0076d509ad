"""The statistics database's schema, version by version, and the migrations between them.

The version is SQLite's `PRAGMA user_version`; `application_id` marks the file as
Breakshot's, so another program's SQLite file is told apart from a Breakshot one.
Version 1 was the first; version 2 adds the ratings table (filled from the frames by the
migration, as they would have been while playing), the frames' end reason, and the
running totals the statistics screen reads instead of every shot (filled from the shots
by the migration, then kept up to date shot by shot): per match and side, per cut-angle
and distance bin, per break outcome and per foul. Version 3 marks the matches played
online (a player's own copy of a match played through a match server). A migration runs
in one transaction: a crash leaves the file at the version before.
"""
from __future__ import annotations

APPLICATION_ID = 0x42534854          # "BSHT"
SCHEMA_VERSION = 3

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
    CREATE INDEX frames_by_seat0 ON frames (seat0, mode);
    CREATE INDEX frames_by_seat1 ON frames (seat1, mode);
    CREATE INDEX matches_by_seat0 ON matches (seat0, mode);
    CREATE INDEX matches_by_seat1 ON matches (seat1, mode);
    CREATE TABLE side_totals (
        match INTEGER NOT NULL REFERENCES matches(id),
        shooter INTEGER NOT NULL,
        seat TEXT NOT NULL,
        mode TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        made INTEGER NOT NULL,
        potted INTEGER NOT NULL,
        visits INTEGER NOT NULL,
        best_run INTEGER NOT NULL,
        PRIMARY KEY (match, shooter)
    );
    CREATE INDEX side_totals_by_seat ON side_totals (seat, mode, match);
    CREATE TABLE pot_grid (
        seat TEXT NOT NULL,
        mode TEXT NOT NULL,
        cut_bin INTEGER NOT NULL,
        distance_bin INTEGER NOT NULL,
        attempts INTEGER NOT NULL,
        made INTEGER NOT NULL,
        PRIMARY KEY (seat, mode, cut_bin, distance_bin)
    );
    CREATE TABLE break_totals (
        seat TEXT NOT NULL,
        mode TEXT NOT NULL,
        balls INTEGER NOT NULL,
        breaks INTEGER NOT NULL,
        scratches INTEGER NOT NULL,
        key_balls INTEGER NOT NULL,
        PRIMARY KEY (seat, mode, balls)
    );
    CREATE TABLE foul_totals (
        seat TEXT NOT NULL,
        mode TEXT NOT NULL,
        kind TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (seat, mode, kind)
    );
    """,
    """
    ALTER TABLE matches ADD COLUMN online INTEGER NOT NULL DEFAULT 0;
    """,
]
