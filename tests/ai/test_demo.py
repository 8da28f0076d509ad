"""The headless demo: a short computer-vs-computer match prints its summary; --replays
records it when game.replay provides a Recorder and says clearly when it does not."""
import importlib
import importlib.util

import pytest

from game import ai_demo


def test_demo_prints_the_summary(capsys):
    assert ai_demo.main(["--mode", "nine_ball", "--games", "1", "--seed", "2",
                         "--level", "beginner"]) == 0
    out = capsys.readouterr().out
    for heading in ("Games won:", "Balls potted per visit:", "Fouls:",
                    "Break-and-run rate:", "Time per decision:", "Game endings:"):
        assert heading in out
    # Each side's own line: its level, balls per visit, fouls per game, decision times.
    for side in ("Computer A (beginner): won", "Computer B (beginner): won"):
        assert side in out
    assert out.count("fouls per game") == 2 and out.count("processor time") == 2


def test_demo_rejects_bad_arguments():
    with pytest.raises(SystemExit):
        ai_demo.parse_args(["--games", "0"])
    with pytest.raises(SystemExit):
        ai_demo.parse_args(["--level", "grandmaster"])


def _has_recorder() -> bool:
    if importlib.util.find_spec("game.replay") is None:
        return False
    return hasattr(importlib.import_module("game.replay"), "Recorder")


def test_demo_replays(tmp_path, capsys):
    code = ai_demo.main(["--mode", "eight_ball", "--games", "1", "--seed", "3",
                         "--level", "beginner", "--replays", str(tmp_path)])
    captured = capsys.readouterr()
    if _has_recorder():
        assert code == 0
        assert len(list(tmp_path.iterdir())) == 1
        assert "Replay:" in captured.out
    else:
        assert code == 2 and "not available" in captured.err
        assert not list(tmp_path.iterdir())


def test_a_demo_match_counts_for_the_computer_levels_that_played_it(tmp_path, capsys):
    from game.profiles.rebuild import rebuild
    from game.profiles.stats import seat_stats
    from game.profiles.store import open_store
    assert ai_demo.main(["--mode", "nine_ball", "--games", "1", "--seed", "3",
                         "--level", "beginner", "--level-b", "amateur",
                         "--replays", str(tmp_path / "replays")]) == 0
    capsys.readouterr()
    assert rebuild(tmp_path / "s.sqlite", tmp_path / "replays").matches == 1
    conn = open_store(tmp_path / "s.sqlite")
    beginner = seat_stats(conn, "computer:beginner", "nine_ball")
    amateur = seat_stats(conn, "computer:amateur", "nine_ball")
    assert beginner.frames_won + beginner.frames_lost == 1
    assert amateur.frames_won + amateur.frames_lost == 1
    assert seat_stats(conn, "guest", "nine_ball").frames_won == 0
    conn.close()
