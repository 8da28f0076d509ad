"""Player profiles, the statistics database and the ratings (issue 22). No Panda3D here
(the statistics screen is game/view/stats).

    seats      who sits at a side: a profile, a computer level, a guest; profile names
    registry   creating and listing the profiles
    book       the profiles file beside the database (profiles that never played)
    shots      what the statistics keep of a shot (cut angle, distance, pots, fouls)
    schema     the SQLite schema by version, and its migrations
    store      opening a database file: checks, connection settings, migrations
    totals     the running totals the screen reads (per side, cut/distance bin, ...)
    glicko2    the Glicko-2 rating system (Glickman's paper)
    ratings    ratings per seat and mode; the computer levels' fixed ratings
    writer     one match's rows, shot by shot, each shot one transaction
    listener   the GameSession listener writing a match as it is played
    rebuild    the whole database rebuilt from the replays (the source of truth)
    opening    the game's database: refused files kept aside and rebuilt
    keeper     the window's statistics: the database when needed, seats, the listener
    selfplay   headless matches by the computer levels, recorded (tests, docs picture)
    stats      a seat's statistics in a mode, read back
    figures    the screen's plots (matplotlib, Agg) as RGBA pixels
    export     the statistics as CSV
The database's file format is described in docs/statistics.md.
"""
