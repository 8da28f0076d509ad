"""Drill attempts on the real solver: scored from the session's facts, recorded as
replays marked with the drill, and the personal bests and trends read back from them."""
import math
from datetime import datetime, timezone

import pytest

from physics_ext import Stroke
from game.drills import DrillAttempt, Verdict, shipped_drills
from game.drills.history import DrillRecord, drill_record, recorded_attempts, trend
from game.replay import CorruptReplayError, DrillMark, Recorder, load_replay
from game.replay.library import new_drill_replay_path
from game.replay.version import FORMAT_VERSION
from game.rules import CUE, RulesError
from game.session import GameSession, PlaceCueBall, Shoot

DRILLS = {d.id: d for d in shipped_drills()}
STARTED = datetime(2026, 12, 1, 9, 30, tzinfo=timezone.utc)


def straight_at(layout, ball, speed, height=0.0) -> Stroke:
    """The stroke from the cue ball straight at the centre of `ball`."""
    (cx, cy), (bx, by) = layout[CUE], layout[ball]
    return Stroke(math.atan2(by - cy, bx - cx), 0.0, 0.0, height, speed)


def test_a_stop_shot_potted_on_the_real_table_passes_the_stage_and_is_recorded(tmp_path):
    attempt = DrillAttempt(DRILLS["stop_shots"], "Ann", directory=tmp_path, started=STARTED)
    attempt.shoot(straight_at(attempt.layout, 1, 2.5))
    assert attempt.progress.verdict is Verdict.STAGE_PASSED and attempt.progress.score == 1
    assert attempt.layout == DRILLS["stop_shots"].stages[1].layout
    attempt.close()
    (path,) = tmp_path.glob("*.bsreplay")
    assert path.name.endswith("_drill-stop_shots_Ann.bsreplay")
    replay = load_replay(path)
    assert replay.drill == DrillMark("stop_shots", "Ann", 1, 1, False)
    assert replay.version == FORMAT_VERSION and len(replay.shots) == 1


def test_a_line_up_shot_into_the_cushion_ends_the_attempt_and_the_file_says_so(tmp_path):
    attempt = DrillAttempt(DRILLS["line_up"], "Ann", directory=tmp_path, started=STARTED)
    attempt.shoot(Stroke(math.pi, 0.0, 0.0, 0.0, 1.5))       # away from every ball
    assert attempt.over and attempt.progress.verdict is Verdict.CUSHION
    with pytest.raises(RulesError):
        attempt.shoot(Stroke(0.0, 0.0, 0.0, 0.0, 1.0))
    attempt.close()
    (path,) = tmp_path.glob("*.bsreplay")
    assert load_replay(path).drill == DrillMark("line_up", "Ann", 0, 1, True)


def test_ghost_racks_again_after_each_rack_and_the_player_always_breaks(tmp_path):
    attempt = DrillAttempt(DRILLS["ghost_nine_ball"], "Ann", seed=3, record=False)
    for _ in range(2):
        assert attempt.session.shooter == 0 and attempt.session.state.is_break
        assert attempt.layout[CUE] == DRILLS["ghost_nine_ball"].break_from
        attempt.shoot(Stroke(0.0, 0.0, 0.0, 0.0, 8.0))
        while not attempt.over and not attempt.session.state.is_break:
            attempt.shoot(straight_at(attempt.layout, min(set(attempt.layout) - {CUE}), 2.0))
    assert attempt.progress.racks[1] >= 1 and sum(attempt.progress.racks) == 2


def test_an_attempt_is_deterministic():
    def play():
        attempt = DrillAttempt(DRILLS["line_up"], "Ann", record=False)
        attempt.shoot(straight_at(attempt.layout, 1, 1.2))
        return attempt.progress, attempt.layout
    assert play() == play()


def test_a_match_replay_has_no_drill_mark(tmp_path):
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=1)
    recorder = Recorder(session, directory=tmp_path, started=STARTED)
    session.apply(PlaceCueBall((0.4, 0.6)))
    session.apply(Shoot(Stroke(0.0, 0.0, 0.0, 0.0, 6.0)))
    recorder.detach()
    assert load_replay(recorder.path).drill is None
    assert recorded_attempts(tmp_path) == ()


def test_bests_and_trends_come_from_the_recorded_attempts(tmp_path):
    scores = []
    for k, speed in enumerate((2.5, 0.3, 2.5)):
        attempt = DrillAttempt(DRILLS["stop_shots"], "Ann", directory=tmp_path,
                               started=STARTED.replace(hour=10 + k))
        attempt.shoot(straight_at(attempt.layout, 1, speed))
        scores.append(attempt.progress.score)
        attempt.close()
    (tmp_path / "2026-12-01_09-00-00_drill-junk_Ann.bsreplay").write_bytes(b"not a zip")
    attempts = recorded_attempts(tmp_path)
    assert [a.score for a in attempts] == scores == [1, 0, 1]
    record = drill_record(attempts, "stop_shots", "Ann")
    assert record == DrillRecord(3, 1, 1, 0.0)
    assert drill_record(attempts, "stop_shots", "Bob") == DrillRecord(0, None, None, 0.0)
    # "ann" typed is Ann, as a typed name counts as the profile of that name.
    assert drill_record(attempts, "stop_shots", "aNN") == record


def test_each_attempt_file_is_read_once_until_it_changes(tmp_path, monkeypatch):
    import game.drills.history as history
    reads = []
    real = history.read_manifest
    monkeypatch.setattr(history, "read_manifest", lambda path: reads.append(path) or real(path))
    attempt = DrillAttempt(DRILLS["stop_shots"], "Ann", directory=tmp_path, started=STARTED)
    attempt.shoot(straight_at(attempt.layout, 1, 2.5))
    (first,) = recorded_attempts(tmp_path)
    assert (first.score, first.shots, len(reads)) == (1, 1, 1)
    assert recorded_attempts(tmp_path) == (first,) and len(reads) == 1   # remembered
    # The attempt goes on: its file is saved again and read again.
    attempt.shoot(straight_at(attempt.layout, 1, 0.3))
    attempt.close()
    (again,) = recorded_attempts(tmp_path)
    assert again.shots == 2 and len(reads) == 2
    # A file replaced by junk is read again and left out.
    first.path.write_bytes(b"not a zip any more")
    assert recorded_attempts(tmp_path) == () and len(reads) == 3


def test_the_trend_is_the_least_squares_slope():
    assert trend([1, 2, 3, 4]) == pytest.approx(1.0)
    assert trend([4, 2]) == pytest.approx(-2.0)
    assert trend([5]) == 0.0 and trend([]) == 0.0


@pytest.mark.parametrize("mark, says", [
    ({"id": "../x", "player": "Ann", "score": 1, "shots": 1, "over": False}, "drill.id"),
    ({"id": "line_up", "player": "Ann", "score": -1, "shots": 1, "over": False}, "drill.score"),
    ({"id": "line_up", "player": "Ann", "score": 1, "shots": 1}, "'over' is missing"),
    ("line_up", "drill: expected an object"),
])
def test_a_replay_with_a_bad_drill_mark_is_refused(tmp_path, mark, says):
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=1)
    path = new_drill_replay_path(tmp_path, "line_up", "Ann", STARTED)
    recorder = Recorder(session, path=path, started=STARTED, annotate=lambda: {"drill": mark})
    session.apply(PlaceCueBall((0.4, 0.6)))
    session.apply(Shoot(Stroke(0.0, 0.0, 0.0, 0.0, 6.0)))
    with pytest.raises(CorruptReplayError) as caught:
        load_replay(recorder.path)
    assert says in str(caught.value) and str(caught.value).startswith(recorder.path)
    assert recorded_attempts(tmp_path) == ()


def test_a_drill_attempts_replay_plays_back_and_verifies_shot_by_shot(tmp_path):
    from game.replay.verify import verify
    attempt = DrillAttempt(DRILLS["stop_shots"], "Ann", directory=tmp_path, started=STARTED)
    for speed in (2.5, 2.5, 0.4):                       # a stage done, then two tries
        attempt.shoot(straight_at(attempt.layout, 1, speed))
    attempt.close()
    replay = load_replay(next(tmp_path.glob("*.bsreplay")))
    assert replay.match.players == ("Ann", "Ghost") and len(replay.shots) == 3
    # Each shot starts from the drill's table: the second from stage 2's set-up.
    second = replay.shots[1].data.rows[:, 2:4]
    stage = DRILLS["stop_shots"].stages[1].layout
    assert second.tolist() == [list(stage[0]), list(stage[1])]
    assert all(check.matches for check in verify(replay))
