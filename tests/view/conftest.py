"""Offscreen Panda3D for the view tests: EGL (p3headlessgl), no display needed.

The Prc is loaded when this module is imported, before any ShowBase exists (see
../shared/panda3d_headless.md). One ShowBase serves the whole session: Panda3D allows one
at a time. P3D_DISPLAY=p3tinydisplay runs the suite on the software renderer instead.
"""
import os

import pytest
from panda3d.core import loadPrcFileData

WIDTH, HEIGHT = 400, 300

os.environ.setdefault("EGL_PLATFORM", "surfaceless")
os.environ.setdefault("MESA_SHADER_CACHE_DISABLE", "true")
loadPrcFileData("tests-view", f"""
load-display {os.environ.get('P3D_DISPLAY', 'p3headlessgl')}
window-type offscreen
win-size {WIDTH} {HEIGHT}
audio-library-name null
sync-video #f
print-pipe-types #f
notify-level-device fatal
notify-level-x11display fatal
model-cache-dir
""")

from ui_scales import SCALE_CASES, Scaled  # noqa: E402  (after the Prc: it imports direct)


@pytest.fixture(scope="session")
def base():
    # Imported here, after the Prc above, and only by the tests that render.
    from direct.showbase.ShowBase import ShowBase
    from game.view.app import prepare_base
    from game.view.world import models
    b = ShowBase(windowType="offscreen")
    prepare_base(b)
    models.prepare()
    models.model("nine_ball", "table")      # made (in the background) and loaded: every
    yield b                                 # menu shows its table at once
    b.destroy()


@pytest.fixture(autouse=True)
def ui_scale_one_after_each_test(request):
    """A test that set a UI scale (an app applies its settings' one) leaves scale 1 and
    no resize-follower behind on the shared ShowBase."""
    yield
    if "base" in request.fixturenames:
        from game.view.ui import scale as ui_scale
        ui_scale.stop(request.getfixturevalue("base"))


@pytest.fixture(params=SCALE_CASES, ids=[case[0] for case in SCALE_CASES])
def ui_scaled(request, base):
    """The session's window resized to each case of ui_scales.SCALE_CASES and its 2D
    layer drawn at the case's UI scale; a ui_scales.Scaled. The window's size and scale 1
    come back after the test."""
    from game.view.ui import scale as ui_scale
    _id, size, choice = request.param
    w0, h0 = base.win.getXSize(), base.win.getYSize()
    base.win.setSize(*size)
    base.adjustWindowAspectRatio(base.getAspectRatio())
    yield Scaled(size, choice, ui_scale.follow(base, choice))
    ui_scale.stop(base)
    base.win.setSize(w0, h0)
    base.adjustWindowAspectRatio(base.getAspectRatio())


@pytest.fixture(scope="session")
def sound_root(tmp_path_factory):
    """One folder of generated sounds and music for the session: made once, not per test
    (the menu's music is made in the background whenever it is missing)."""
    return tmp_path_factory.mktemp("sounds")


@pytest.fixture
def make_scene(base):
    """Builds Scenes on the session ShowBase and removes them after the test."""
    from game.view.app import opening_positions
    from game.view.world.scene import Scene
    scenes = []

    def make(mode_name, positions=None, **kwargs):
        if positions is None:
            positions = opening_positions(mode_name)
        kwargs.setdefault("shadow_size", 1024)    # None: the quality chosen for base
        scene = Scene(base, mode_name, positions, **kwargs)
        scenes.append(scene)
        return scene
    yield make
    for scene in scenes:
        scene.destroy()


@pytest.fixture
def play_screen(base):
    """play_screen(session, race=None, computers=None) -> (GameScreen, robot.Robot): a
    match screen on `base` with the robot's keys and mouse, the window inactive (input
    and tasks run, nothing is drawn) unless a test activates it to read pixels; all
    removed after the test."""
    from game.view.match.play import GameScreen
    from game.settings import Aids
    from robot import Input, Robot
    made = []

    def make(session, race=None, computers=None):
        inputs = Input(base)
        screen = GameScreen(base, session, Aids(), lambda: None, use_shaders=False,
                            shadow_size=256, computers=computers, race=race)
        base.win.setActive(False)
        made.append((screen, inputs))
        return screen, Robot(screen, inputs)
    yield make
    # Last made, first closed: each Input puts back the mouse watcher it found, which
    # for a second screen is the first one's robot watcher.
    for screen, inputs in reversed(made):
        screen.destroy()
        inputs.close()
    base.win.setActive(True)

