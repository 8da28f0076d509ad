"""Replays record every rack as it was placed: the imperfect rack (small seeded gaps, a
little off the spot) is what the file holds, bit for bit, for the first game's opening
layout and in the solver input of every break."""
import math

import pytest

from game.replay import load_replay
from game.rules import CUE
from game.rules.racks import eight_ball_rack, nine_ball_rack, rack_seed
from replay_harness import record_match

RACKS = {"nine_ball": nine_ball_rack, "eight_ball": eight_ball_rack}


@pytest.mark.parametrize("mode", sorted(RACKS))
def test_every_rack_is_recorded_as_placed(tmp_path, mode):
    session, recorder = record_match(tmp_path, mode, seed=5, games=2, shot_cap=4)
    replay = load_replay(recorder.path)
    first = RACKS[mode](session.table, rack_seed(5, 0))
    tight = RACKS[mode](session.table, rack_seed(5, 0), tight=True)
    assert replay.match.rack == first != tight
    breaks = [shot for shot in replay.shots if shot.is_break]
    assert len(breaks) >= 2
    for shot in breaks:
        rack = RACKS[mode](session.table, rack_seed(5, shot.rack_number))
        rows = shot.data.rows          # radius, mass, position (x, y, z), ...
        for index, ball in enumerate(shot.ball_ids):
            if ball != CUE:
                assert (float(rows[index, 2]), float(rows[index, 3])) == rack[ball]
        # Placed, not tight: some neighbours do not touch.
        pairs = [math.dist(rack[a], rack[b]) for a in rack for b in rack if a < b]
        assert min(pairs) > 2 * session.state.ball_set.radius(1)
