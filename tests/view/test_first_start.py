"""The first start fits the graphics to the computer: a software renderer gets the low
preset (no shadows, no multisampling, per-vertex lighting), said once on the menu and
saved; on a graphics card the menu's frames are timed, and only frames slower than
first_start.MIN_FPS change anything; the player's own choice on the Graphics page is
never overridden; a later start checks nothing."""
import dataclasses

import pytest

from game import settings as S
from game.view import first_start
from game.view.launcher import BreakshotApp
from game.view.world.quality import PRESETS, quality
from robot import Input

LLVMPIPE = "llvmpipe (LLVM 15.0.6, 256 bits)"
GPU = "NVIDIA GeForce RTX 3060/PCIe/SSE2"


@pytest.mark.parametrize("name, software", [
    (LLVMPIPE, True), ("softpipe", True), ("Google SwiftShader", True),
    ("GDI Generic", True), ("Microsoft Basic Render Driver", True),
    (GPU, False), ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", False),
    ("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49)", False)])
def test_software_renderers_are_told_from_graphics_cards(name, software):
    assert first_start.is_software(name) is software


def test_the_renderer_is_read_from_the_pipe_the_window_uses(base):
    # The tests draw with Mesa's llvmpipe through EGL, as the window would here.
    assert first_start.renderer_name() == base.win.getGsg().getDriverRenderer()
    assert first_start.is_software(first_start.renderer_name())


def test_a_software_renderer_gets_low_and_a_card_keeps_its_settings():
    low = first_start.fit(S.Graphics(), LLVMPIPE)
    assert (low.preset, low.msaa, low.shadows, low.fitted) == ("low", 0, False, True)
    assert first_start.fit(S.Graphics(), GPU) == S.Graphics(), "decided by its frames"
    fast = first_start.after_frames(S.Graphics(), 1 / 60)
    assert fast == dataclasses.replace(S.Graphics(), fitted=True), "on a card nothing changes"
    slow = first_start.after_frames(S.Graphics(), 1 / 8)
    assert (slow.preset, slow.msaa, slow.shadows, slow.fitted) == ("low", 0, False, True)


@pytest.fixture
def start(base, tmp_path, sound_root):
    """start(renderer, fps) -> (app, settings path, inputs): the first start (no settings
    file) on `renderer`, each frame taking 1/fps s of game time."""
    made = []

    def make(renderer, fps=60):
        path = tmp_path / "breakshot" / "settings.json"
        inputs = Input(base)
        inputs.clock.setFrameRate(fps)
        app = BreakshotApp(base, settings_path=path, seed=5, replay_dir=tmp_path / "replays",
                           sound_root=sound_root, practice_dir=tmp_path / "practice",
                           renderer=renderer)
        made.append((app, inputs))
        return app, path, inputs
    yield make
    for app, inputs in reversed(made):
        app.close()
        inputs.close()


def test_the_first_start_on_a_software_renderer_chooses_low_says_so_and_saves_it(start,
                                                                                base):
    app, path, inputs = start(LLVMPIPE)
    said = app.menu.notice.getText()
    assert "llvmpipe" in said and "Low" in said and "Graphics" in said, said
    saved = S.load(path)[0].graphics
    assert (saved.preset, saved.msaa, saved.shadows, saved.fitted) == ("low", 0, False, True)
    assert quality(base) == dataclasses.replace(PRESETS["low"], shadow_size=0)
    inputs.step(4)
    scene = app.menu.scene
    assert scene is not None and not scene.lighting.shadows
    assert not scene.lighting.use_shaders, "lit per vertex"
    assert app.frame_check is None
    # The next start is not checked: the saved choice stands, nothing is said.
    app.close()
    again = BreakshotApp(base, settings_path=path, seed=5, sound_root=app.sound_root,
                         replay_dir=app.replay_dir)
    try:
        assert again.menu.notice.getText() == ""
        assert again.settings.graphics == saved
    finally:
        again.close()


def test_a_graphics_card_that_keeps_up_changes_nothing(start, base):
    app, path, inputs = start(GPU, fps=60)
    assert app.frame_check is not None and app.menu.notice.getText() == ""
    inputs.step(first_start.SKIP_FRAMES + first_start.TIMED_FRAMES + 4)
    assert app.frame_check is None, "timed once"
    saved = S.load(path)[0].graphics
    assert saved == dataclasses.replace(S.Graphics(), fitted=True)
    assert app.menu.notice.getText() == ""
    assert quality(base) == PRESETS["medium"]


def test_a_graphics_card_too_slow_for_the_menu_gets_low_and_is_told(start, base):
    app, path, inputs = start(GPU, fps=8)
    inputs.step(first_start.SKIP_FRAMES + first_start.TIMED_FRAMES + 4)
    said = app.menu.notice.getText()
    assert "8.0 frames a second" in said and "Low" in said, said
    saved = S.load(path)[0].graphics
    assert (saved.preset, saved.msaa, saved.shadows, saved.fitted) == ("low", 0, False, True)
    assert app.menu.settings().graphics == saved, "the menu shows it"
    assert quality(base).shadow_size == 0
    inputs.step(2)
    assert not app.menu.scene.lighting.shadows, "the table is drawn again in low"


def test_the_players_own_choice_is_never_overridden(start, base):
    from view_helpers import widget_pixel
    app, path, inputs = start(GPU, fps=8)
    inputs.key("escape")                 # the first start's welcome offer: Skip
    inputs.click(widget_pixel(base, app.menu.graphics_button))
    page = app.menu.graphics_page
    inputs.click(widget_pixel(base, page.preset_button))           # medium -> high
    inputs.key("escape")
    inputs.step(first_start.SKIP_FRAMES + first_start.TIMED_FRAMES + 4)
    saved = S.load(path)[0].graphics
    assert (saved.preset, saved.fitted) == ("high", True)
    assert app.menu.notice.getText() == ""


def test_the_frame_rate_readout_is_switched_on_the_graphics_page(start, base):
    from view_helpers import widget_pixel
    app, path, inputs = start(None)
    assert base.frameRateMeter is None
    inputs.key("escape")                 # the first start's welcome offer: Skip
    inputs.click(widget_pixel(base, app.menu.graphics_button))
    page = app.menu.graphics_page
    inputs.click(widget_pixel(base, page.show_fps_toggle.button))
    assert base.frameRateMeter is not None and S.load(path)[0].graphics.show_fps
    inputs.step(3)
    assert "frames a second" in base.frameRateMeter.getText()
    inputs.click(widget_pixel(base, page.show_fps_toggle.button))
    assert base.frameRateMeter is None
