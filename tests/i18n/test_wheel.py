"""An installed game is the real one: the wheel, built as pip builds it (in an isolated
environment with the build requirements of pyproject.toml, so the Python running the tests
needs neither Cython nor babel) from the files a fresh clone has (nothing built in place),
installed into a fresh environment and run from another folder, speaks Croatian and Spanish (the build compiles the catalogs into it), finds its
rules in each language, carries its 3D models (the build generates them) and renders a
frame without making any."""
import os
import shutil
import site
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
from game.modelgen.build import current_models, packaged_models_dir
assert current_models() == packaged_models_dir(), current_models()
print("ok", game.__file__)
"""


def fresh_sources(where: Path) -> Path:
    """A copy of the checkout's files under version control, as a fresh clone has them:
    no compiled modules, catalogs or models built in place (the build makes them all).
    Outside a git checkout (an unpacked sdist), the checkout itself."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if listed.returncode != 0:
        return ROOT
    copy = where / "sources"
    for name in listed.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    return copy


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    where = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "-w", str(where / "dist"), str(fresh_sources(where))], check=True, cwd=where)
    wheel = next((where / "dist").glob("breakshot-*.whl"))
    # The dependencies come from the environment running the tests (its site-packages
    # as plain paths: its own .pth files, such as an editable install of this checkout,
    # are not run); the game itself only from the wheel.
    venv.create(where / "env", with_pip=False)
    python = where / "env" / "bin" / "python"
    inner = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"],
                           check=True, capture_output=True, text=True).stdout.strip()
    Path(inner, "tests-dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                    "--no-deps", str(wheel)], check=True, cwd=where)
    return python, where


def run(python, where, *args):
    """`python args` in `where`, with an empty user cache there (an installed game uses
    the models it carries and must make none)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    env["XDG_CACHE_HOME"] = str(where / "cache")
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
    made = list((where / "cache").glob("breakshot/models/*"))
    assert made == [], f"the installed game made models in its cache: {made}"
