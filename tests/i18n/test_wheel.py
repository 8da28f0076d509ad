"""An installed game is the real one: the wheel, installed into a fresh environment and run
from another folder, speaks Croatian and Spanish (the build compiles the catalogs into it),
finds its rules in each language and renders a frame."""
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import sys
import game, game.i18n as i18n
from game.rules import document
assert "site-packages" in game.__file__, game.__file__
for language in ("hr", "es"):
    assert i18n.use_language(language) == language
    assert i18n._("Concede?") != "Concede?", language
    assert document.rules_file([language]).name == f"rules.{language}.md"
print("ok", game.__file__)
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    where = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(where / "dist"), str(ROOT)], check=True, cwd=where)
    wheel = next((where / "dist").glob("breakshot-*.whl"))
    # The dependencies come from this environment; the game itself only from the wheel.
    venv.create(where / "env", system_site_packages=True, with_pip=True)
    python = where / "env" / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
                   check=True, cwd=where)
    return python, where


def run(python, where, *args):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    return subprocess.run([str(python), *args], cwd=where, env=env, capture_output=True,
                          text=True, timeout=600)


def test_the_installed_wheel_speaks_croatian_and_spanish(installed):
    python, where = installed
    done = run(python, where, "-c", CHECK)
    assert done.returncode == 0, done.stderr[-2000:]
    assert str(ROOT) not in done.stdout


def test_the_installed_wheel_renders_a_frame_from_another_folder(installed):
    python, where = installed
    done = run(python, where, "-m", "game", "--offscreen", "--screenshot", "frame.png",
               "--size", "320x180")
    assert done.returncode == 0, done.stderr[-2000:]
    from PIL import Image
    pixels = Image.open(where / "frame.png").convert("RGB").getcolors(1 << 16)
    assert pixels is not None and len(pixels) > 50, "the frame is nearly one colour"
