"""Round trip: whole matches played through GameSession and recorded, loaded back and
re-simulated shot by shot with identical digests."""
import json
import os
import zipfile

import numpy as np
import pytest

from game.replay import Recorder, load_replay
from game.storage.plain import to_plain
from game.replay.shotdata import ShotData
from game.replay.verify import verify
from game.rules import facts_from_result
from game.replay.shotdata import REQUIRED_EVENT_COLUMNS
from game.session import GameSession, NextGame, PlaceCueBall, Shoot
from game.replay.version import FORMAT_VERSION, format_version_text
from physics_ext import EVENT_DTYPE
from replay_harness import STARTED, play_match


def test_the_file_holds_the_whole_match(recorded):
    session, recorder = recorded
    replay = load_replay(recorder.path)
    assert replay.version == FORMAT_VERSION and replay.warnings == ()
    assert replay.match.mode == session.mode and replay.match.players == ("Ann", "Bob")
    assert replay.match.seed == session.seed and replay.match.params == session.params
    assert replay.match.table == session.table and replay.match.variants == session.variants
    assert replay.commands == tuple(session.commands)
    assert replay.games_won == tuple(session.games_won)
    assert len(replay.shots) == len(session.shots) > 5
    assert any(isinstance(c, NextGame) for c in replay.commands)
    assert replay.created == "2026-04-15T14:03:22+00:00"


def test_every_shot_round_trips_exactly(recorded):
    session, recorder = recorded
    replay = load_replay(recorder.path)
    for shot, record in zip(replay.shots, session.shots):
        assert shot.stroke == record.command.stroke and shot.push_out == record.command.push_out
        assert shot.ball_ids == record.ball_ids
        assert shot.shooter == int(record.state_before.shooter)
        assert shot.ruling == json.loads(json.dumps({"type": type(record.ruling).__name__,
                                                     **to_plain(record.ruling)}))
        original = record.result
        assert shot.digest == ShotData.of(original).digest()
        assert shot.result.events.tobytes() == original.events.tobytes()
        times = np.linspace(0.0, original.duration, 37)
        a, b = original.sample(times), shot.result.sample(times)
        for name in ("positions", "velocities", "angular_velocities", "states"):
            assert np.array_equal(getattr(a, name), getattr(b, name)), name
        assert facts_from_result(shot.result, shot.ball_ids, 0) == record.facts


def test_placements_are_the_last_ones_before_each_shot(recorded):
    session, recorder = recorded
    replay = load_replay(recorder.path)
    placement = None
    shots = iter(replay.shots)
    for command in session.commands:
        if isinstance(command, PlaceCueBall):
            placement = tuple(command.position)
        elif isinstance(command, Shoot):
            assert next(shots).placement == placement
            placement = None
    assert any(s.placement is not None for s in replay.shots)
    assert replay.shots[0].ball_in_hand in ("behind_head_string", "d")


def test_re_simulating_every_shot_gives_identical_digests(recorded):
    _, recorder = recorded
    checks = verify(load_replay(recorder.path))
    assert checks and all(c.matches and c.digest == c.recorded for c in checks)


def test_the_file_is_saved_after_every_command(tmp_path):
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=3)
    recorder = Recorder(session, directory=tmp_path)
    saved = []         # listeners run in order: the recorder has saved when this one reads
    session.listeners.append(lambda s, command, record: saved.append(
        load_replay(recorder.path).commands))
    play_match(session, seed=3, games=1, shot_cap=4)
    assert [len(commands) for commands in saved] == list(range(1, len(session.commands) + 1))
    assert saved[-1] == tuple(session.commands)


def test_the_recorder_attaches_before_the_first_command(tmp_path):
    session = GameSession("nine_ball", seed=3)
    play_match(session, seed=3, games=1, shot_cap=1)
    with pytest.raises(ValueError, match="before the session's first command"):
        Recorder(session, directory=tmp_path)


def test_a_failed_save_is_kept_and_the_game_goes_on(tmp_path):
    session = GameSession("eight_ball", seed=4)
    recorder = Recorder(session, path=tmp_path / "gone" / "match.bsreplay")
    play_match(session, seed=4, games=1, shot_cap=2)
    assert isinstance(recorder.error, OSError) and session.shots
    (tmp_path / "gone").mkdir()
    recorder.save()
    assert recorder.error is None
    assert len(load_replay(recorder.path).shots) == len(session.shots)


def test_matches_started_in_the_same_second_get_their_own_files(tmp_path):
    recorders = [Recorder(GameSession("nine_ball", ("Ann", "Bob")), directory=tmp_path,
                          started=STARTED) for _ in range(3)]
    names = [os.path.basename(r.path) for r in recorders]
    assert len(set(names)) == 3 and all("_nine_ball_Ann-vs-Bob" in n for n in names)
    assert names[1].endswith("_2.bsreplay") and names[2].endswith("_3.bsreplay")
    recorders[0].detach()           # nothing played: its file goes
    assert not os.path.exists(recorders[0].path) and os.path.exists(recorders[1].path)


def test_event_columns_are_those_of_the_format():
    """A change of the solver's event dtype changes the format: bump its version, update
    docs/replay_format.md and REQUIRED_EVENT_COLUMNS."""
    assert EVENT_DTYPE.names == REQUIRED_EVENT_COLUMNS


def test_the_archive_is_a_plain_zip_of_json(recorded):
    _, recorder = recorded
    with zipfile.ZipFile(recorder.path) as archive:
        names = archive.namelist()
        assert names[0] == "replay.json"
        manifest = json.loads(archive.read("replay.json"))
        assert [s["data"] for s in manifest["shots"]] == names[1:]
        assert manifest["format"] == "breakshot-replay"
        assert manifest["version"] == format_version_text(FORMAT_VERSION)
