"""Tournaments: whole games whose rows depend on their own numbers only; breaks
alternate; saved opponent configurations are read or refused with one sentence."""
import json

import pyarrow as pa
import pytest

from game.ai.levels import PRO
from game.lab.evaluate import evaluate_chunk
from game.lab.opponents import OpponentFileError, load_opponent
from game.lab.report import tournament_summary

from .lab_helpers import small_tournament


def rows(run) -> pa.Table:
    return pa.concat_tables([evaluate_chunk(chunk) for chunk in run.chunks()])


def test_games_are_played_to_the_end_with_alternating_breaks():
    run = small_tournament(games=2, chunk_games=1)
    table = rows(run)
    data = table.to_pydict()
    assert data["game"] == [0, 1] and data["pair"] == [0, 0]
    assert data["breaker"] == [0, 1]
    assert set(data["winner"]) <= {0, 1}
    assert all(s > 0 for s in data["shots"])
    assert data["forced_concessions"] == [0, 0]
    # The same games in one chunk give the same rows: a game depends on its number only.
    assert table.equals(rows(small_tournament(games=2, chunk_games=2)))
    text = tournament_summary(run, table)
    wins = data["winner"].count(0)
    assert f"beginner vs also beginner: {wins}-{2 - wins};" in text
    assert "95% Wilson" in text


def test_games_played_in_other_processes_are_the_same(tmp_path):
    from game.lab.backends import ProcessPool
    from game.lab.runs import load_results, run_chunks
    run = small_tournament(games=2, chunk_games=1)
    with ProcessPool(2) as pool:
        run_chunks(run, tmp_path, pool)
    assert load_results(tmp_path, 2).equals(rows(run))


def test_another_seed_plays_other_games():
    assert not rows(small_tournament(seed=3)).equals(rows(small_tournament(seed=4)))


def write(tmp_path, data, name="opponent.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


GOOD = {"format": "breakshot-opponent", "version": 1, "name": "pro, narrow search",
        "level": "pro", "changes": {"sigma_azimuth": 0.0025, "rounds": [[8, 8]],
                                    "jumps": False, "speeds": [1.2, 2.5]}}


def test_an_opponent_file_changes_its_level(tmp_path):
    player = load_opponent(write(tmp_path, GOOD))
    assert player.name == "pro, narrow search"
    assert player.level.sigma_azimuth == 0.0025 and player.level.rounds == ((8, 8),)
    assert player.level.jumps is False and player.level.speeds == (1.2, 2.5)
    assert player.level.sigma_offset == PRO.sigma_offset       # unchanged fields stay


@pytest.mark.parametrize("data, problem", [
    ("{not json", "is not valid JSON"),
    ({**GOOD, "format": "something"}, "not a Breakshot opponent configuration"),
    ({**GOOD, "version": 2}, "version 2 is newer"),
    ({**GOOD, "level": "grandmaster"}, "level 'grandmaster' is not one of"),
    ({**GOOD, "changes": {"sigma_azimuth": -1}}, "changes.sigma_azimuth must be a number >= 0"),
    ({**GOOD, "changes": {"sigma_azimuth": True}}, "changes.sigma_azimuth must be"),
    ({**GOOD, "changes": {"rounds": [[8]]}}, "changes.rounds must be a list of [keep, samples]"),
    ({**GOOD, "changes": {"name": "x"}}, "changes.name is not a level field"),
    ({**GOOD, "changes": {"heights": [1.5]}}, "changes.heights must be a list of numbers in"),
    ({**GOOD, "name": ""}, "name must be text of 1 to"),
    ("[" * 50 + "]" * 50, "nests 50 levels deep"),
])
def test_a_bad_opponent_file_is_refused_in_one_sentence(tmp_path, data, problem):
    path = write(tmp_path, data)
    with pytest.raises(OpponentFileError) as caught:
        load_opponent(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and problem in message
    assert "\n" not in message


def test_a_missing_or_huge_opponent_file_is_refused(tmp_path):
    with pytest.raises(OpponentFileError, match="no such opponent configuration file"):
        load_opponent(tmp_path / "absent.json")
    with pytest.raises(OpponentFileError, match="larger than any opponent configuration"):
        load_opponent(write(tmp_path, " " * (17 << 10)))
    with pytest.raises(OpponentFileError, match="is a folder"):
        load_opponent(tmp_path)
