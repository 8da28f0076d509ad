"""`python -m game.replay` on hostile files: one line on stderr and exit status 1, never a
hang or a traceback; names with escape codes are printed harmless; a missing file is the
loader's own error."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.replay import NotAReplayError, load_replay
from game.replay.__main__ import EXIT_ERROR
from make_fixtures import fixture_path
from replay_files import members, write_zip

ROOT = Path(__file__).resolve().parents[2]


def cli(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "game.replay", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("make", [os.mkfifo, lambda p: p.symlink_to("/dev/zero"),
                                  lambda p: None],
                         ids=["fifo", "dev-zero", "missing"])
def test_a_hostile_path_gives_one_line_and_status_1(tmp_path, make):
    path = tmp_path / "x.bsreplay"
    make(path)
    run = cli(path, "--info", timeout=30)          # a FIFO once hung here forever
    assert run.returncode == EXIT_ERROR and run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"python -m game.replay: error: {path}: ")


def test_escape_codes_in_names_never_reach_the_terminal(tmp_path):
    contents = members(fixture_path("nine_ball"))
    manifest = json.loads(contents["replay.json"])
    manifest["match"]["players"] = ["\x1b]0;owned\x07Ann\x1b[2J", "Bob\r\x1b[31m"]
    manifest["shots"][0]["ruling_text"] += "\x1b[1A\x1b[2K"
    contents["replay.json"] = json.dumps(manifest).encode()
    path = tmp_path / "names.bsreplay"
    write_zip(path, contents)
    run = cli(path, "--info")
    assert run.returncode == 0, run.stderr
    assert "\x1b" not in run.stdout and "\r" not in run.stdout
    assert "Ann" in run.stdout and "Bob" in run.stdout
    assert load_replay(path).match.players == ("Ann", "Bob ")


def test_a_missing_file_is_the_loaders_error(tmp_path):
    with pytest.raises(NotAReplayError, match="no such replay file"):
        load_replay(tmp_path / "gone.bsreplay")
