"""`python -m game`: the headless screenshot command and its argument errors; numbers
and folders refused in one sentence by `python -m game --demo` and `python -m game.audio`."""
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from panda3d.core import Filename, PNMImage

from game.__main__ import parse_args
from game.tables.modes import MODE_NAMES

ROOT = Path(__file__).resolve().parents[2]


def _png_size(path: Path) -> tuple:
    """(width, height) from a PNG's header, after checking signature and chunk CRCs."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) == crc
        chunks.append((kind, body))
        pos += 12 + length
    assert chunks[0][0] == b"IHDR" and chunks[-1][0] == b"IEND"
    return struct.unpack(">II", chunks[0][1][:8])


@pytest.mark.parametrize("mode_name", MODE_NAMES)
def test_offscreen_screenshot_writes_a_png_of_the_requested_size(tmp_path, mode_name):
    out = tmp_path / f"{mode_name}.png"
    done = subprocess.run([sys.executable, "-m", "game", "--offscreen", "--mode", mode_name,
                           "--screenshot", str(out), "--size", "320x200"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert _png_size(out) == (320, 200)
    image = PNMImage()
    assert image.read(Filename.fromOsSpecific(str(out)))
    r, g, b = image.getXel(160, 100)       # the middle of the view is cloth
    assert g > 1.5 * r and g > 1.3 * b


@pytest.mark.parametrize("argv, message", [
    (["--offscreen"], "--screenshot"),
    (["--screenshot", "out.jpg"], ".png"),
    (["--screenshot", "/no/such/folder/out.png"], "does not exist"),
    (["--size", "0x10"], "1..8192"),
    (["--size", "big"], "1280x720"),
    (["--mode", "snooker"], "invalid choice"),
])
def test_bad_arguments_are_refused_with_a_clear_message(capsys, argv, message):
    with pytest.raises(SystemExit) as exit_info:
        parse_args(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_defaults():
    args = parse_args([])
    # No size: the window takes the settings' size, images DEFAULT_SIZE.
    assert (args.mode, args.size, args.offscreen, args.screenshot, args.demo) == (
        None, None, False, None, False)


def test_no_display_gives_an_error_naming_the_headless_command():
    env = dict(os.environ, DISPLAY=":999999")       # no such X server
    done = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "--offscreen --screenshot" in done.stderr.splitlines()[-1]


def test_demo_passes_every_argument_to_the_ai_demo(monkeypatch):
    import game.__main__ as cli
    import game.ai_demo
    seen = []
    monkeypatch.setattr(game.ai_demo, "main", lambda argv: seen.append(argv) or 0)
    assert cli.main(["--demo", "--games", "3", "--mode", "eight_ball"]) == 0
    assert seen == [["--demo", "--games", "3", "--mode", "eight_ball"]]


def _run(*argv, timeout=120):
    return subprocess.run([sys.executable, "-m", *argv], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


@pytest.mark.parametrize("argv, sentence", [
    (["game", "--demo", "--games", "abc"],
     "argument --games: must be a whole number of at least 1, not 'abc'"),
    (["game", "--demo", "--games", "0"],
     "argument --games: must be a whole number of at least 1, not '0'"),
    (["game.ai_demo", "--seed", "1.5"], "argument --seed: must be a whole number, not '1.5'"),
    (["game", "--seed", "x"], "argument --seed: must be a whole number, not 'x'"),
])
def test_a_number_that_is_not_one_is_refused_in_a_sentence(argv, sentence):
    done = _run(*argv)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1].endswith(": error: " + sentence)
    assert "Traceback" not in done.stderr and "invalid" not in done.stderr


@pytest.fixture
def bad_folders(tmp_path):
    """Folders nothing can be written in, whoever runs the tests (root included): a
    regular file, a folder under a regular file, and a folder under /proc."""
    file = tmp_path / "notes.txt"
    file.write_text("not a folder")
    return {"a file": (file, f"{file} is a file, not a folder"),
            "under a file": (file / "sub", f"{file} is a file, not a folder"),
            "under /proc": (Path("/proc/breakshot-test"), None)}


@pytest.mark.parametrize("kind", ["a file", "under a file", "under /proc"])
@pytest.mark.parametrize("command, prog", [
    (["game.audio", "--dir"], "game.audio"),
    (["game", "--demo", "--games", "1", "--replays"], "game.ai_demo")])
def test_an_unwritable_folder_is_one_line_and_a_failure(bad_folders, kind, command, prog):
    folder, reason = bad_folders[kind]
    done = _run(*command, str(folder))
    assert done.returncode == 1
    (line,) = done.stderr.splitlines()
    assert "Traceback" not in done.stderr
    assert line.startswith(f"python -m {prog}: error: ")
    assert f" in {folder}: " in line
    if reason is not None:
        assert line.endswith(reason)
    assert not (folder.exists() and folder.is_dir())
