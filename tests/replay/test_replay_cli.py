"""`python -m game.replay`: information, verification, exports and errors."""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from game.replay import Recorder
from game.replay.__main__ import EXIT_DIVERGED, EXIT_ERROR, main
from game.session import GameSession
from make_fixtures import fixture_path
from replay_files import with_json
from replay_harness import record_match

ROOT = Path(__file__).resolve().parents[2]
NINE = fixture_path("nine_ball", "1.0")


def test_info_lists_the_shots_with_their_rulings(capsys):
    assert main([str(NINE), "--info"]) == 0
    out = capsys.readouterr().out
    assert "nine_ball on nine_foot: Ann 1 - 1 Bob, seed 21, 8 shots" in out
    assert "   2. game 1, Bob: Foul: cue ball potted. Ann to play, ball in hand." in out
    assert "   8. game 2, Ann: Bob to play." in out


def test_verify_reports_divergent_shots(tmp_path, capsys):
    session, recorder = record_match(tmp_path, "nine_ball", seed=9, games=1, shot_cap=3)
    n = len(session.shots)
    assert n >= 2 and main([recorder.path, "--verify"]) == 0
    assert f"{n} of {n} shots match" in capsys.readouterr().out

    def change_a_stroke(doc):
        doc["shots"][1]["stroke"]["speed"] *= 1.01
    edited = tmp_path / "edited.bsreplay"
    with_json(recorder.path, edited, "replay.json", change_a_stroke)
    assert main([str(edited), "--verify"]) == EXIT_DIVERGED
    out = capsys.readouterr().out
    assert out.startswith("shot 2: differs from its recording")
    assert f"{n - 1} of {n} shots match" in out


def test_plot(tmp_path, capsys):
    out = tmp_path / "shot.png"
    assert main([str(NINE), "--shot", "3", "--plot", str(out)]) == 0
    assert out.read_bytes()[:4] == b"\x89PNG" and f"wrote {out}" in capsys.readouterr().out


def test_recent_lists_the_folder(tmp_path, capsys):
    (tmp_path / "a.bsreplay").write_bytes(NINE.read_bytes())
    (tmp_path / "broken.bsreplay").write_bytes(b"junk")
    assert main(["--recent", "--dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert any("nine_ball  Ann 1-1 Bob, 8 shots" in line for line in lines)
    assert any("broken.bsreplay" in line and "cannot be opened" in line for line in lines)


def test_a_bad_file_is_an_error_with_its_reason(tmp_path, capsys):
    bad = tmp_path / "bad.bsreplay"
    bad.write_bytes(NINE.read_bytes()[:-100])
    assert main([str(bad), "--info"]) == EXIT_ERROR
    assert "truncated" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["--shot", "9", "--info"], "the match has 8 shots"),
    (["--mp4", "x.mp4"], None),
])
def test_argument_errors(args, message, capsys):
    import importlib.util
    if message is None:
        if importlib.util.find_spec("imageio_ffmpeg") is not None:
            pytest.skip("an ffmpeg backend is installed")
        message = "pip install imageio-ffmpeg"
    assert main([str(NINE)] + args) != 0
    assert message in capsys.readouterr().err


def test_a_match_with_nothing_played_has_nothing_to_show(tmp_path, capsys):
    recorder = Recorder(GameSession("nine_ball"), directory=tmp_path)
    assert main([recorder.path, "--info"]) == 0
    assert main([recorder.path, "--plot", str(tmp_path / "p.png")]) == EXIT_ERROR
    assert "nothing was played in this match yet" in capsys.readouterr().err


def test_no_file_is_a_usage_error():
    with pytest.raises(SystemExit) as exit_:
        main([])
    assert exit_.value.code == 2


def test_a_gif_from_the_command_line(tmp_path):
    out = tmp_path / "shot.gif"
    done = subprocess.run([sys.executable, "-m", "game.replay", str(NINE), "--shot", "2",
                           "--gif", str(out), "--start", "0.1", "--end", "0.4", "--fps", "10",
                           "--size", "160x120", "--no-shaders"],
                          cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert f"wrote {out} (4 frames)" in done.stdout
    with Image.open(out) as gif:
        assert gif.size == (160, 120) and gif.n_frames == 4


@pytest.mark.skipif(bool(os.environ.get("DISPLAY")), reason="a display would open the window")
def test_without_a_display_the_window_says_what_to_do_instead():
    done = subprocess.run([sys.executable, "-m", "game.replay", str(NINE)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == EXIT_ERROR
    assert "the replay window did not open" in done.stderr and "--gif" in done.stderr
