"""Fixtures of the replay tests: recorded matches of both modes, and an offscreen
ShowBase for the viewer and export tests.

Panda3D allows one ShowBase at a time. tests/view keeps one for the whole session; the
`panda_base` fixture reuses a ShowBase that already exists and otherwise makes one for
its module only, so both suites run in one pytest process in either order.
"""
import builtins
import os

import pytest
from panda3d.core import loadPrcFileData

from game.view.app import configure
from replay_harness import record_match

# Panda3D settings before any ShowBase exists: the game's own offscreen configuration.
os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")
configure(offscreen=True, size=(400, 300), multisamples=0)
if "P3D_DISPLAY" in os.environ:         # e.g. p3tinydisplay, as tests/view allows
    loadPrcFileData("tests-replay", f"load-display {os.environ['P3D_DISPLAY']}\n")

MODES = ("nine_ball", "eight_ball")


@pytest.fixture(scope="session", params=MODES)
def recorded(request, tmp_path_factory):
    """(session, recorder) of a two-game match of each mode, played once per run."""
    return record_match(tmp_path_factory.mktemp(request.param), request.param, seed=11,
                        games=2, shot_cap=20)


@pytest.fixture(scope="module")
def panda_base():
    """The offscreen ShowBase: the one already running, or one for this module."""
    existing = getattr(builtins, "base", None)
    if existing is not None:
        yield existing
        return
    from direct.showbase.ShowBase import ShowBase
    base = ShowBase(windowType="offscreen")
    yield base
    base.destroy()
