"""Event marks (labels and plot markers) and sampled ball paths, from recorded shots."""
import numpy as np
import pytest

from game.replay import load_replay
from game.replay.marks import MarkKind, shot_marks
from game.session.describe import ball_name
from game.replay.paths import ball_paths, sample_times
from physics_ext import EventKind, MotionState


@pytest.fixture(scope="module")
def replay(recorded):
    return load_replay(recorded[1].path)


def _marks(replay, shot):
    return shot_marks(replay.match.mode, shot.result, shot.ball_ids, shot.fouls)


def _events(shot, *kinds):
    ev = shot.result.events
    return ev[np.isin(ev["kind"], [int(k) for k in kinds])]


def test_every_cushion_pocket_and_flight_is_marked_in_time_order(replay):
    for shot in replay.shots:
        marks = _marks(replay, shot)
        assert [m.time for m in marks] == sorted(m.time for m in marks)
        kinds = [m.kind for m in marks]
        assert kinds.count(MarkKind.CUSHION) == len(_events(shot, EventKind.CUSHION,
                                                            EventKind.JAW_TIP))
        assert kinds.count(MarkKind.POCKET) == len(_events(shot, EventKind.POCKET))
        assert kinds.count(MarkKind.JUMP) == len(shot.result.flights)
        assert kinds.count(MarkKind.FOUL) == len(shot.fouls)


def test_the_first_contact_is_where_the_cue_ball_touches_its_first_ball(replay):
    for shot in replay.shots:
        hits = _events(shot, EventKind.BALL_BALL)
        hits = hits[(hits["ball"] == 0) | (hits["other"] == 0)]
        contact = [m for m in _marks(replay, shot) if m.kind is MarkKind.FIRST_CONTACT]
        if not hits.size:
            assert not contact
            continue
        (mark,) = contact
        first = hits[0]
        other = int(first["other"] if first["ball"] == 0 else first["ball"])
        assert mark.time == first["time"] and mark.ball_id == shot.ball_ids[other]
        s = shot.result.state_at(mark.time)
        r0, r1 = shot.result.ball_rows[[0, other], 0]
        # On the line of centres, a radius from the cue ball's centre.
        assert np.linalg.norm(np.array(mark.position) - s.positions[0]) == pytest.approx(r0)
        assert np.linalg.norm(np.array(mark.position) - s.positions[other]) == pytest.approx(r1)


def test_a_potted_cue_ball_foul_is_marked_where_it_drops(replay):
    fouled = [s for s in replay.shots if "cue_ball_potted" in s.fouls]
    assert fouled, "the recorded match has a scratch"
    for shot in fouled:
        drop = _events(shot, EventKind.POCKET)
        drop = drop[drop["ball"] == 0]
        (foul,) = [m for m in _marks(replay, shot)
                   if m.kind is MarkKind.FOUL and "cue ball potted" in m.text]
        assert foul.time == drop["time"][0] and foul.ball_id == 0


def test_marks_name_balls_as_players_do():
    assert ball_name("nine_ball", 0) == "the cue ball" and ball_name("nine_ball", 9) == "the 9"
    assert [ball_name("eight_ball", b) for b in (3, 8, 12)] == ["a red", "the black", "a yellow"]


def test_paths_end_where_balls_leave_play_and_resting_balls_have_none(replay):
    for shot in replay.shots[:6]:
        result = shot.result
        paths = {p.index: p for p in ball_paths(result, shot.ball_ids)}
        start, final = result.ball_rows[:, 2:5], result.final.positions
        for i in range(result.n_balls):
            ev = result.events
            if not np.any((ev["ball"] == i) | (ev["other"] == i)):
                assert i not in paths                   # never touched: no path
            elif not np.array_equal(start[i], final[i]):
                assert i in paths
        assert 0 in paths
        for i, path in paths.items():
            assert path.ball_id == shot.ball_ids[i]
            assert np.all(np.diff(path.times) > 0)
            gone = np.isin(result.sample(path.times).states[:, i],
                           [MotionState.POCKETED, MotionState.OFF_TABLE])
            assert not gone[:-1].any()        # only the sample at the drop is in the pocket


def test_samples_include_every_event_time(replay):
    shot = replay.shots[0]
    times = sample_times(shot.result, hz=10.0)
    assert set(shot.result.events["time"]) <= set(times)
    assert times[0] == 0.0 and times[-1] == shot.result.duration
