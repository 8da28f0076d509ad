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
