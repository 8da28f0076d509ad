"""The profiles file beside the database: a profile that never played (so is in no replay)
survives a rebuild, a refused profiles file is kept aside and named, and a database from
before the file gets one."""
import json
import os
from datetime import datetime

import pytest

from game.profiles.book import (FILE_NAME, ProfilesFileError, profiles_file, read_profiles,
                                write_profiles)
from game.profiles.opening import open_statistics
from game.profiles.rebuild import rebuild
from game.profiles.registry import create_profile, profile_named, profiles
from game.profiles.store import open_store

from profile_helpers import ANN, BOB, computer, every_stat, play


def test_a_profile_that_never_played_survives_a_lost_and_a_damaged_database(tmp_path):
    path, folder = tmp_path / "statistics.sqlite", tmp_path / "replays"
    conn, notice = open_statistics(path, folder)
    cleo = create_profile(conn, "Cleo", "eight_ball")
    # Ann made as the game makes a profile, then a match played by her.
    assert create_profile(conn, "Ann", "nine_ball", datetime.fromisoformat(ANN.created)) == ANN
    play(conn, folder, "nine_ball", (ANN, computer("pro")), ("amateur", "pro"), 1, 0,
         games=1)
    live = profiles(conn)
    stats = every_stat(conn)
    conn.close()
    assert notice is None and [s.name for s, _ in live] == ["Ann", "Cleo"]
    assert read_profiles(tmp_path / FILE_NAME) == live
    for damage in ("lost", "damaged"):
        if damage == "lost":
            os.remove(path)
        else:
            path.write_bytes(b"this is not a database" * 100)
        conn, notice = open_statistics(path, folder)
        try:
            assert (notice is None) == (damage == "lost")
            # Cleo as she was made (her preferred game included), and Ann's match.
            assert profiles(conn) == live and profile_named(conn, "cleo") == cleo
            assert every_stat(conn) == stats
        finally:
            conn.close()


def test_the_rebuild_writes_the_profiles_file_and_keeps_its_order_of_names(tmp_path):
    folder = tmp_path / "replays"
    conn = open_store(tmp_path / "live.sqlite")
    play(conn, folder, "eight_ball", (BOB, ANN), ("pro", "beginner"), 2, 1, games=1)
    conn.close()
    write_profiles(tmp_path / FILE_NAME, [(ANN, "nine_ball")])
    report = rebuild(tmp_path / "statistics.sqlite", folder)
    assert report.matches == 1 and report.skipped == ()
    # Ann's preferred game is the file's; Bob, only in the replay, came with it.
    assert read_profiles(tmp_path / FILE_NAME) == [(ANN, "nine_ball"), (BOB, "eight_ball")]


GOOD = {"name": "Ann", "created": "2026-04-30T10:00:00+00:00", "preferred": "nine_ball"}


@pytest.mark.parametrize("content, problem", [
    (b"\x00" * 64, "not valid JSON"),
    (b"[]", "not a Breakshot profiles file"),
    (json.dumps({"format": "breakshot-profiles", "version": 2, "profiles": []}).encode(),
     "update Breakshot"),
    (json.dumps({"format": "breakshot-profiles", "version": 1, "profiles": [],
                 "extra": 1}).encode(), "fields a profiles file does not have"),
    (json.dumps({"format": "breakshot-profiles", "version": 1,
                 "profiles": [dict(GOOD, name="guest")]}).encode(), "profile 1: "),
    (json.dumps({"format": "breakshot-profiles", "version": 1,
                 "profiles": [dict(GOOD, name=" Ann ")]}).encode(), "not a clean profile name"),
    (json.dumps({"format": "breakshot-profiles", "version": 1,
                 "profiles": [GOOD, dict(GOOD, name="ANN")]}).encode(), "there twice"),
    (json.dumps({"format": "breakshot-profiles", "version": 1,
                 "profiles": [dict(GOOD, created="yesterday")]}).encode(), "profile 1: "),
    (json.dumps({"format": "breakshot-profiles", "version": 1,
                 "profiles": [dict(GOOD, preferred="snooker")]}).encode(), "snooker"),
    (json.dumps({"format": "breakshot-profiles", "version": 1,
                 "profiles": [{"name": "Ann"}]}).encode(), "profile 1: "),
    (b"[" * 100 + b"]" * 100, "deep"),
])
def test_a_refused_profiles_file_is_named_kept_aside_and_written_again(tmp_path, content,
                                                                         problem):
    book = tmp_path / FILE_NAME
    book.write_bytes(content)
    with pytest.raises(ProfilesFileError) as refused:
        read_profiles(book)
    message = str(refused.value)
    assert message.startswith(str(book)) and problem in message and "\n" not in message
    report = rebuild(tmp_path / "statistics.sqlite", tmp_path / "replays")
    assert report.skipped == ((FILE_NAME, message),)
    assert (tmp_path / (FILE_NAME + ".corrupt")).read_bytes() == content
    assert read_profiles(book) == []


def test_a_folder_in_the_profiles_file_place_is_refused_unopened(tmp_path):
    (tmp_path / FILE_NAME).mkdir()
    with pytest.raises(ProfilesFileError, match="profiles"):
        read_profiles(tmp_path / FILE_NAME)


def test_a_database_from_before_the_profiles_file_gets_one_when_opened(tmp_path):
    path = tmp_path / "statistics.sqlite"
    conn = open_store(path)
    with conn:
        conn.execute("INSERT INTO profiles VALUES (?, ?, ?)", (ANN.name, ANN.created,
                                                               "eight_ball"))
    conn.close()
    assert not profiles_file(path).exists()
    conn, notice = open_statistics(path, tmp_path / "replays")
    conn.close()
    assert notice is None and read_profiles(profiles_file(path)) == [(ANN, "eight_ball")]
