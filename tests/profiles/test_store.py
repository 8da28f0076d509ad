"""Opening the database: the migration of a first-version file, and damaged, foreign or
newer files refused in one sentence, kept aside and rebuilt from the replays."""
import os
import sqlite3

import pytest

from game.profiles.keeper import StatisticsKeeper
from game.profiles.opening import open_statistics
from game.profiles.registry import create_profile, profiles
from game.profiles.schema import APPLICATION_ID, SCHEMA_VERSION, VERSION_1
from game.profiles.seats import ProfileError, Seat, profile_name
from game.profiles.stats import seat_stats
from game.profiles.store import open_store

from profile_helpers import ANN, computer, play


def version_1_file(path):
    """A database of the first schema with one match of two frames, as version 1 wrote."""
    conn = sqlite3.connect(path)
    conn.executescript(VERSION_1 + f"PRAGMA application_id={APPLICATION_ID};"
                       "PRAGMA user_version=1;")
    conn.execute("INSERT INTO profiles VALUES ('Ann', '2026-01-01T00:00:00+00:00', "
                 "'nine_ball')")
    conn.execute("INSERT INTO matches VALUES (1, 'm.bsreplay', 'nine_ball', "
                 "'2026-01-02T00:00:00+00:00', 2, 'profile:Ann', 'computer:pro', 2, 0, 1, 0)")
    for game in (0, 1):
        conn.execute("INSERT INTO frames VALUES (1, ?, 'nine_ball', 'profile:Ann', "
                     "'computer:pro', 0, 0, 0)", (game,))
    # Ann's break (two balls) and a made cut of 0.3 rad from 0.8 m in her visit after it.
    conn.execute("INSERT INTO shots VALUES (1, 0, 0, 'nine_ball', 'profile:Ann', 0, 1, 1, 2, "
                 "0, 0, '', 0, 0, NULL, NULL)")
    conn.execute("INSERT INTO shots VALUES (1, 1, 0, 'nine_ball', 'profile:Ann', 0, 1, 0, 1, "
                 "0, 0, '', 1, 1, 0.3, 0.8)")
    conn.commit()
    conn.close()


def test_a_first_version_file_is_migrated_with_its_ratings(tmp_path):
    path = tmp_path / "old.sqlite"
    version_1_file(path)
    conn = open_store(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    stats = seat_stats(conn, "profile:Ann", "nine_ball")
    assert (stats.frames_won, stats.matches_won) == (2, 1)
    rating, _, frames = stats.rating
    assert frames == 2 and rating > 1700        # two wins against the pro (1692)
    assert conn.execute("SELECT reason FROM frames").fetchall() == [("",), ("",)]
    assert (stats.visits, stats.potted, stats.best_run, stats.attempts, stats.made) == (
        1, 3, 3, 1, 1)
    assert stats.grid_made[1][1] == 1 and stats.break_balls == (0, 0, 1, 0, 0)


def _zero_a_page(path):
    with open(path, "r+b") as f:
        f.seek(4096 * 2)
        f.write(bytes(4096))


def _truncate(path):
    with open(path, "r+b") as f:
        f.truncate(os.path.getsize(path) // 2 + 100)


def _not_sqlite(path):
    path.write_bytes(b"PK\x03\x04 this is a zip, not a database" * 50)


def _newer(path):
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()


def _foreign(path):
    path.unlink()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.execute("PRAGMA application_id=7")
    conn.commit()
    conn.close()


@pytest.mark.parametrize("damage, words", [
    (_zero_a_page, "damaged"), (_truncate, "damaged"), (_not_sqlite, "not a statistics"),
    (_newer, "newer Breakshot"), (_foreign, "another program")])
def test_a_bad_file_is_refused_kept_aside_and_rebuilt(tmp_path, damage, words):
    folder = tmp_path / "replays"
    path = tmp_path / "statistics.sqlite"
    conn = open_store(path)
    play(conn, folder, "nine_ball", (ANN, computer("pro")), ("beginner", "beginner"), 5, 0,
         shots_per_game=3)
    # Bulk to span several pages, so a zeroed page hits the tables.
    with conn:
        conn.executemany("INSERT INTO profiles VALUES (?, '', 'nine_ball')",
                         [(f"P{k:04d}" + "x" * 200,) for k in range(300)])
    expected = seat_stats(conn, "profile:Ann", "nine_ball")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    (tmp_path / "statistics.sqlite.corrupt").write_bytes(b"an earlier copy")
    damage(path)
    conn, notice = open_statistics(path, folder)
    assert words in notice and "statistics.sqlite.corrupt.2" in notice
    assert "\n" not in notice
    assert (tmp_path / "statistics.sqlite.corrupt").read_bytes() == b"an earlier copy"
    assert (tmp_path / "statistics.sqlite.corrupt.2").exists()
    assert seat_stats(conn, "profile:Ann", "nine_ball") == expected
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_sound_file_opens_without_a_notice_and_a_new_one_is_built(tmp_path):
    conn, notice = open_statistics(tmp_path / "s.sqlite", tmp_path / "none")
    assert notice is None
    create_profile(conn, "  Ann \x1b[31m ", "nine_ball")
    conn.close()
    conn, notice = open_statistics(tmp_path / "s.sqlite", tmp_path / "none")
    assert notice is None and [s.name for s, _ in profiles(conn)] == ["Ann"]


def test_profile_names_are_cleaned_like_player_names_and_checked():
    assert profile_name("  Ann   Lee ") == "Ann Lee"
    assert len(profile_name("x" * 50)) == 20
    for bad in ("", "   ", "\x07", "Guest", "PRO", "a:b"):
        with pytest.raises(ProfileError):
            profile_name(bad)


def test_a_taken_name_is_refused_whatever_its_letter_case(tmp_path):
    conn = open_store(tmp_path / "s.sqlite")
    create_profile(conn, "Ann", "nine_ball")
    with pytest.raises(ProfileError, match="exists already"):
        create_profile(conn, "ANN", "eight_ball")


def test_the_game_prepares_the_database_in_the_background_and_never_fails_on_it(tmp_path):
    folder = tmp_path / "replays"
    conn = open_store(tmp_path / "statistics.sqlite")
    play(conn, folder, "nine_ball", (ANN, computer("beginner")), ("beginner", "beginner"), 7,
         0, shots_per_game=2)
    conn.close()
    _not_sqlite(tmp_path / "statistics.sqlite")
    keeper = StatisticsKeeper(replay_folder=folder)       # beside the replays folder
    assert keeper.seats(("ann", "Bob"), ("human", "pro")) == (ANN, computer("pro"))
    assert "kept as statistics.sqlite.corrupt" in keeper.take_notice()
    assert keeper.take_notice() is None
    keeper.close()
    # A database that cannot be made (a file where its folder should be): no statistics,
    # said once, and seats are guests and computers.
    (tmp_path / "blocked").write_text("a file")
    keeper = StatisticsKeeper(tmp_path / "blocked" / "statistics.sqlite", folder)
    assert keeper.connection() is None
    assert "not available" in keeper.take_notice()
    assert keeper.seats(("Ann", "Bob"), ("human", "beginner")) == (Seat(), computer("beginner"))
    keeper.close()
