"""The database written while playing equals the one rebuilt from the replays."""
import pytest

from game.profiles.__main__ import main
from game.profiles.rebuild import rebuild
from game.profiles.seats import ProfileError, Seat, seat_from_plain
from game.profiles.store import open_store
from game.profiles.totals import TOTAL_TABLES, total_all

from profile_helpers import ANN, BOB, computer, every_stat, play


def test_rebuild_reproduces_the_statistics_written_while_playing(db, tmp_path):
    folder = tmp_path / "replays"
    race, _ = play(db, folder, "nine_ball", (ANN, computer("beginner")),
                   ("amateur", "beginner"), 1, 0, games=2, race_to=2)
    play(db, folder, "eight_ball", (ANN, BOB), ("pro", "beginner"), 2, 1)
    play(db, folder, "nine_ball", (BOB, ANN), ("beginner", "amateur"), 3, 2, concede_last=False)
    live = every_stat(db)
    report = rebuild(tmp_path / "rebuilt.sqlite", folder)
    assert report.matches == 3 and report.skipped == ()
    rebuilt = open_store(tmp_path / "rebuilt.sqlite")
    assert every_stat(rebuilt) == live
    ann = live[("profile:Ann", "nine_ball")]
    # Two frames against the beginner (played out or conceded): the race to 2 is over only
    # if one side won both; the match left mid-game is counted apart.
    decided = max(race.games_won) == 2
    assert ann.frames_won + ann.frames_lost == 2 and ann.unfinished == 2 - decided
    assert ann.matches_won + ann.matches_lost == decided
    assert ann.rating is not None and ann.rating[2] == 2 and ann.attempts > 0
    assert [o for o, _, _ in ann.opponents] == ["computer:beginner"]
    assert [o for o, _, _ in live[("profile:Ann", "eight_ball")].opponents] == ["profile:Bob"]


def test_the_running_totals_equal_a_recomputation_from_the_shots(db, tmp_path):
    play(db, tmp_path / "replays", "nine_ball", (ANN, BOB), ("amateur", "beginner"), 4, 0,
         games=2, shots_per_game=10)
    tables = {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall()) for t in TOTAL_TABLES}
    assert tables["side_totals"] and tables["foul_totals"] is not None
    with db:
        total_all(db)
    assert {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall())
            for t in TOTAL_TABLES} == tables


def test_a_replay_that_cannot_be_read_is_skipped_and_named(tmp_path):
    folder = tmp_path / "replays"
    folder.mkdir()
    (folder / "2026-01-01_junk.bsreplay").write_bytes(b"not a zip at all")
    report = rebuild(tmp_path / "rebuilt.sqlite", folder)
    assert report.matches == 0
    assert [name for name, _ in report.skipped] == ["2026-01-01_junk.bsreplay"]
    assert "\n" not in report.skipped[0][1]


@pytest.mark.parametrize("seat", [
    None, [], {"kind": "profile", "name": "Ann"}, {"kind": "robot", "name": "", "created": ""},
    {"kind": "computer", "name": "grandmaster", "created": ""},
    {"kind": "profile", "name": "   ", "created": ""},
    {"kind": "profile", "name": 7, "created": ""},
    {"kind": "profile", "name": "Ann", "created": "x" * 100}])
def test_a_seat_that_is_not_one_is_refused(seat):
    with pytest.raises(ProfileError):
        seat_from_plain(seat)


def test_seats_read_back_as_written():
    for seat in (ANN, computer("pro"), Seat()):
        assert seat_from_plain(seat.to_plain()) == seat


def test_the_rebuild_command_writes_the_database_and_says_what_it_skipped(db, tmp_path,
                                                                          capsys):
    folder = tmp_path / "replays"
    play(db, folder, "eight_ball", (ANN, computer("beginner")), ("beginner", "beginner"), 6,
         0, shots_per_game=2)
    (folder / "broken.bsreplay").write_bytes(b"PK\x03\x04 cut short")
    path = tmp_path / "cli.sqlite"
    assert main(["--database", str(path), "rebuild", "--replays", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert "1 match from" in out and "skipped broken.bsreplay" in err
    assert every_stat(open_store(path)) == every_stat(db)
    assert main(["--database", str(path), "show", "Ann", "--mode", "eight_ball"]) == 0
    assert "frames_won" in capsys.readouterr().out


def test_a_match_written_again_whole_leaves_the_statistics_as_written_once(db, tmp_path):
    """An online match's copy is written again from its first shot whenever the game's
    mirror of it is rebuilt (MatchWriter replace): the match keeps its place, its shots
    leave the seats' totals before they are added again, and with a match played after
    it the ratings are those of every frame in match order, as the rebuild gives."""
    from types import SimpleNamespace

    from game.profiles.listener import StatsRecorder
    from game.replay import load_replay
    from game.rules import Player
    from game.session import GameSession, Shoot
    folder = tmp_path / "replays"
    _, first = play(db, folder, "nine_ball", (ANN, BOB), ("amateur", "beginner"), 5, 0,
                    games=2, race_to=2, shots_per_game=8)
    play(db, folder, "nine_ball", (BOB, ANN), ("amateur", "beginner"), 6, 1)
    once = every_stat(db)
    assert once[("profile:Ann", "nine_ball")].rating[2] == 3
    replay = load_replay(first.path)
    info = replay.match
    session = GameSession(info.mode, info.players, info.variants, info.seed, info.params,
                          breaker=Player(info.first_breaker), cue=info.cue)
    again = StatsRecorder(session, db, SimpleNamespace(path=first.path, created=replay.created),
                          (ANN, BOB), 2, replace=True)
    results = iter([shot.result for shot in replay.shots])
    for command in replay.commands:
        session.apply(command, next(results) if isinstance(command, Shoot) else None)
    again.detach()
    assert every_stat(db) == once
    assert [row[0] for row in db.execute("SELECT replay FROM matches ORDER BY id")] == [
        p.name for p in sorted(folder.iterdir())]
    rebuild(tmp_path / "rebuilt.sqlite", folder)
    assert every_stat(open_store(tmp_path / "rebuilt.sqlite")) == once
