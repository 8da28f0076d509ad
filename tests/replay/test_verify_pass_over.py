"""Verification of replays recorded before issue 27, point 5: a ball the airborne cue ball
touched and went on over is now passed over, so re-simulating such a shot adds a PASS_OVER
event the recording lacks. PASS_OVER events are worked out from the pieces after the shot,
so a shot that differs only in them still matches; any other difference does not."""
import dataclasses

import numpy as np

from game.replay import load_replay
from game.replay.shotdata import ShotData
from game.replay.verify import resimulate, verify_shot
from physics_ext import Ball, EventKind, Stroke, shoot
from make_fixtures import fixture_path

STROKE = Stroke(0.0, 0.70, 0.0, -0.1, 2.84)     # jumps onto the red and on over it


def red_flown_over(replay):
    """The 8-ball shot of tests/rules/test_cue_stop_and_pass_over_scenarios.py, with the
    fixture's cue ball and a red: the cue ball meets the red in the air and goes over it."""
    (rc, mc), (ro, mo) = replay.shots[0].data.rows[:2, :2].tolist()
    y = replay.match.table.width / 2
    balls = [Ball(rc, mc, (0.9, y)), Ball(ro, mo, (0.9 + rc + ro + 0.0475, y)),
             Ball(ro, mo, (0.5, 0.3))]
    return shoot(replay.match.table, balls, 0, STROKE, replay.match.params, replay.match.cue)


def recorded_as(replay, data):
    return dataclasses.replace(replay.shots[0], stroke=STROKE, data=data, digest=data.digest())


def test_a_shot_recorded_without_the_touched_ball_pass_over_still_matches():
    replay = load_replay(fixture_path("eight_ball"))
    now = ShotData.of(red_flown_over(replay))
    pass_over = now.events["kind"] == EventKind.PASS_OVER
    assert np.count_nonzero(pass_over) == 1
    before = dataclasses.replace(now, events=now.events[~pass_over])
    check = verify_shot(replay, recorded_as(replay, before))
    assert check.matches and check.digest != check.recorded
    assert verify_shot(replay, recorded_as(replay, now)).digest == now.digest()


def test_any_other_difference_still_diverges():
    replay = load_replay(fixture_path("eight_ball"))
    now = ShotData.of(red_flown_over(replay))
    moved = dataclasses.replace(now, final_positions=now.final_positions + 1e-9)
    assert not verify_shot(replay, recorded_as(replay, moved)).matches
    pieces = list(now.pieces)
    pieces[2] = pieces[2] + 1e-12
    assert not verify_shot(replay, recorded_as(replay, dataclasses.replace(
        now, pieces=tuple(pieces)))).matches


def test_a_shot_recorded_without_a_touching_flag_still_matches():
    """TOUCHING is a reading of the pieces too: the 1.1 file's sixth 8-ball shot was
    recorded before a cushion return within VISIBLE_GAP_M counted as touching, and its
    re-simulation differs from it in that one flag bit alone."""
    from physics_ext import EventFlag
    replay = load_replay(fixture_path("eight_ball", "1.1"))
    shot = replay.shots[5]
    now = ShotData.of(resimulate(replay, shot))
    gained = now.events["flags"] ^ shot.data.events["flags"]
    assert set(gained[gained != 0].tolist()) == {int(EventFlag.TOUCHING)}
    assert now.digest() != shot.digest and verify_shot(replay, shot).matches
    for flag in (EventFlag.TOUCHING, EventFlag.PRESSED):    # recorded with one more bit
        events = now.events.copy()
        events["flags"][3] ^= int(flag)
        data = dataclasses.replace(now, events=events)
        recorded = dataclasses.replace(shot, data=data, digest=data.digest())
        assert verify_shot(replay, recorded).matches == (flag == EventFlag.TOUCHING)
