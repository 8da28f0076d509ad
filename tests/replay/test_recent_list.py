"""The recent-matches list (game.replay.recent_matches): whether each match is over. A
match is over when its last game is decided and, in a race (race_to, format 1.1), a
player has won it; format 1.0 files, which do not say, count a decided game as over."""
import shutil

import pytest

from game.replay import Recorder, recent_matches
from game.session import GameSession
from make_fixtures import FOLDER
from replay_harness import play_match


def test_format_1_0_files_with_a_decided_last_game_are_finished(tmp_path):
    for path in FOLDER.glob("format_1.0_*.bsreplay"):
        shutil.copy(path, tmp_path)
    listed = recent_matches(tmp_path)
    assert len(listed) == 2 and all(m.error is None and m.finished for m in listed)


@pytest.mark.parametrize("race_to", [1, 2, 3])
def test_a_race_is_finished_once_a_player_has_won_it(tmp_path, race_to):
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=4)
    Recorder(session, directory=tmp_path, race_to=race_to)
    play_match(session, seed=4, games=2, shot_cap=3)
    (match,) = recent_matches(tmp_path)
    assert session.state.game_over
    assert match.finished == (max(session.games_won) >= race_to)
    assert match.games_won == tuple(session.games_won)


def test_a_race_length_must_be_a_whole_number_of_frames():
    with pytest.raises(ValueError, match="whole number of frames"):
        Recorder(GameSession("nine_ball"), path="unused.bsreplay", race_to=0)


def test_an_online_mark_is_listed_and_a_malformed_one_refuses_the_file(tmp_path):
    """A player's copy of an online match carries its mark (server, code, seat): the list
    gives it back and online_replay finds the file again; a mark that is not one makes
    the file unreadable in the list, said in words."""
    from datetime import datetime

    from game.replay.library import new_replay_path, online_replay
    from game.replay.manifest import OnlineMark, encode_match, encode_online_mark
    mark = OnlineMark("ws://127.0.0.1:8765", "K7PQ2M", 1)
    marks = [encode_online_mark(mark), {"server": "ws://x", "code": "K7PQ2M", "seat": 2}]
    for k, data in enumerate(marks):
        folder = tmp_path / str(k)
        session = GameSession("nine_ball", ("Ann", "Bob"), seed=4)
        opening = encode_match(session, session.state)
        folder.mkdir()
        recorder = Recorder(session, path=new_replay_path(folder, "nine_ball", session.names,
                                                          datetime.now(), mark.code),
                            annotate=lambda d=data: {"online": d})
        play_match(session, seed=4, games=1, shot_cap=2)
        (listed,) = recent_matches(folder)
        if k == 0:
            assert listed.error is None and listed.online == mark
            found = online_replay(folder, mark, opening)
            assert found is not None and str(found[0]) == recorder.path
            assert online_replay(folder, OnlineMark(mark.server, mark.code, 0), opening) is None
        else:
            assert listed.online is None and "online.seat" in listed.error
