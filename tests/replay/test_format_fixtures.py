"""The committed fixtures of every format version still load and play back, and the
current version's fixtures have the structure a fresh recording has: a change of the
format that forgets to bump FORMAT_VERSION (and to write new fixtures with
make_fixtures.py) fails here."""
import json
import re
from pathlib import Path

import numpy as np
import pytest

from game.replay import load_replay
from game.session import ChooseGroup
from game.replay.verify import verify
from game.replay.version import FORMAT_VERSION, format_version_text
from make_fixtures import FOLDER, fixture_path
from replay_files import members

DOC = Path(__file__).resolve().parents[2] / "docs" / "replay_format.md"
FIXTURES = sorted(FOLDER.glob("format_*.bsreplay"))
# The first shot's recorded digest: a fixture rewritten by mistake changes it.
FIXTURE_DIGESTS = {
    "nine_ball": "sha256:684b7c4983ff99239f7e75975695108ef78ada1e8a618b0b56fad174be8e1066",
    "eight_ball": "sha256:672ae353fe3f70d33bcf8b866a14d168970dc9ff51ad67a0eb43a226a14ab467",
}


def test_the_current_version_has_fixtures():
    for mode in ("nine_ball", "eight_ball"):
        assert fixture_path(mode).exists(), (
            f"no fixture of format {format_version_text()}: run "
            f"python tests/replay/make_fixtures.py and commit the files")


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_fixture_loads_and_plays_back(path):
    replay = load_replay(path)
    major, minor = map(int, re.match(r"format_(\d+)\.(\d+)_", path.name).groups())
    assert replay.version == (major, minor) and replay.warnings == ()
    assert replay.match.players == ("Ann", "Bob") and len(replay.shots) >= 6
    for shot in replay.shots:
        s = shot.result.sample(np.linspace(0.0, shot.duration, 11))
        assert np.all(np.isfinite(s.positions))
    # Re-simulating says whether today's solver still agrees; a fixture plays either way.
    assert [c.index for c in verify(replay)] == list(range(len(replay.shots)))


def test_the_nine_ball_fixture_holds_what_was_recorded():
    replay = load_replay(FOLDER / "format_1.0_nine_ball.bsreplay")
    assert replay.created == "2026-04-15T14:03:22+00:00" and replay.games_won == (1, 1)
    assert replay.match.seed == 21 and len(replay.commands) == 18 and len(replay.shots) == 8
    first = replay.shots[0]
    assert first.ruling_text == ("Foul: fewer than four balls to a cushion on the break. "
                                 "Bob to play, ball in hand.")
    assert first.ruling["fouls"] == ["break_too_few_cushion_balls"]
    assert first.ball_in_hand == "behind_head_string" and first.result.events.size == 73
    assert replay.shots[2].fouls == ("cue_ball_potted", "wrong_ball_first")
    assert first.digest == FIXTURE_DIGESTS["nine_ball"]


def test_the_eight_ball_fixture_holds_what_was_recorded():
    replay = load_replay(FOLDER / "format_1.0_eight_ball.bsreplay")
    assert replay.games_won == (2, 0) and replay.match.seed == 22 and len(replay.shots) == 6
    assert replay.match.table.name == "english_seven_foot"
    assert replay.shots[1].ruling_text == "black potted too early: Ann wins."
    assert any(isinstance(c, ChooseGroup) for c in replay.commands)
    third = replay.shots[2]
    assert third.fouls == ("cue_ball_potted", "failed_break") and third.game == 1
    assert third.ruling["type"] == "EightBallRuling" and third.ball_in_hand == "d"
    assert replay.shots[0].digest == FIXTURE_DIGESTS["eight_ball"]


def _structure(node, path, out):
    """{object path: {key: JSON type}} with list items at "[]", ball-id keys as "<id>" and
    objects of a "type" (commands, rulings) apart; null says nothing about a type."""
    if isinstance(node, dict):
        if isinstance(node.get("type"), str):
            path += f"<{node['type']}>"
        fields = out.setdefault(path, {})
        for key, value in node.items():
            key = "<id>" if re.fullmatch(r"\d+", key) else key
            fields.setdefault(key, set())
            if value is not None:
                fields[key].add("number" if type(value) in (int, float) else type(value).__name__)
            _structure(value, f"{path}.{key}", out)
    elif isinstance(node, list):
        for item in node:
            _structure(item, path + "[]", out)
    return out


def _archive_structure(path) -> dict:
    out = {}
    for name, data in members(path).items():
        _structure(json.loads(data), "shot" if name.startswith("shots/") else "manifest", out)
    return out


def test_a_fresh_recording_has_the_structure_of_the_current_fixtures(recorded):
    """Objects both files have must have the same fields, of the same types."""
    session, recorder = recorded
    fresh = _archive_structure(recorder.path)
    fixture = _archive_structure(fixture_path(session.mode))
    hint = (f"the replay format changed: bump FORMAT_VERSION "
            f"({format_version_text(FORMAT_VERSION)}), document it in docs/replay_format.md "
            f"and run tests/replay/make_fixtures.py")
    for path in fresh.keys() & fixture.keys():
        assert fresh[path].keys() == fixture[path].keys(), f"{path}: {hint}"
        for key in fresh[path]:
            both = fresh[path][key] and fixture[path][key]
            assert not both or fresh[path][key] == fixture[path][key], f"{path}.{key}: {hint}"


def test_every_field_is_documented(recorded):
    _, recorder = recorded
    doc = DOC.read_text()
    for path, fields in _archive_structure(recorder.path).items():
        for key in fields:
            assert key == "<id>" or f"`{key}`" in doc, f"{path}.{key} is not in {DOC.name}"


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_files_before_1_2_were_recorded_with_constant_ball_friction(path):
    """Format 1.2 adds params.ball_friction (issue 16); an older file was recorded with the
    constant u_b and reads so, a current one with the speed-dependent default."""
    major, minor = map(int, re.match(r"format_(\d+)\.(\d+)_", path.name).groups())
    expected = "constant" if (major, minor) < (1, 2) else "speed"
    assert load_replay(path).match.params.ball_friction == expected


@pytest.mark.parametrize("mode", ["nine_ball", "eight_ball"])
def test_a_file_older_than_1_3_takes_the_rail_widths_of_its_named_table(mode):
    """Files before 1.3 hold no rail widths: the table of the same name gives them."""
    from physics_ext import TableSpec
    table = load_replay(fixture_path(mode, "1.2")).match.table
    named = TableSpec.named(table.name)
    assert (table.cushion_width, table.rail_width) == (named.cushion_width, named.rail_width)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_files_before_1_4_have_their_rail_tops_at_the_nose_height(path):
    """Format 1.4 adds table.cushion_rise (the rail top above the nose, issue 16): an older
    file was recorded with the rail tops at the nose height and reads with a rise of 0, a
    current one with the table's own."""
    from physics_ext import TableSpec
    major, minor = map(int, re.match(r"format_(\d+)\.(\d+)_", path.name).groups())
    table = load_replay(path).match.table
    expected = 0.0 if (major, minor) < (1, 4) else TableSpec.named(table.name).cushion_rise
    assert table.cushion_rise == expected
    assert table.rail_top_height == table.cushion_height + expected


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_files_before_1_7_replay_with_han_2005_cushions(path):
    """Format 1.7 adds params.cushion_model (issue 27): an older file was recorded with
    Han 2005's cushion impulse and reads so, which its shots need to re-simulate as
    recorded; a current one with Mathavan 2010's."""
    major, minor = map(int, re.match(r"format_(\d+)\.(\d+)_", path.name).groups())
    expected = "han_2005" if (major, minor) < (1, 7) else "mathavan_2010"
    assert load_replay(path).match.params.cushion_model == expected


@pytest.mark.parametrize("mode", ["nine_ball", "eight_ball"])
def test_a_1_6_file_verifies_shot_for_shot_but_where_balls_pressed(mode):
    """The last format before the cushion model: read with Han 2005's cushions, every shot
    re-simulates to its digest, except a shot with a pressing contact (EventFlag.PRESSED):
    issue 27 parts pressed pairs without the energy the old push added, so those differ
    (and the viewer marks them; they still play as recorded)."""
    from physics_ext import EventFlag
    replay = load_replay(fixture_path(mode, "1.6"))
    checks = verify(replay)
    for shot, check in zip(replay.shots, checks):
        pressed = bool((shot.result.events["flags"] & int(EventFlag.PRESSED)).any())
        assert check.matches or pressed, shot.index
    assert sum(check.matches for check in checks) >= len(checks) - 2


@pytest.mark.parametrize("mode", ["nine_ball", "eight_ball"])
def test_a_current_file_verifies_shot_for_shot(mode):
    replay = load_replay(fixture_path(mode))
    assert all(check.matches for check in verify(replay))
