"""The interface's size (game.view.ui.scale): the Auto scale of a window, the largest
scale every layout holds, the 2D layer drawn at a scale with its edges at the window's
edges, the scale following the window's size, the Graphics page's choice taking effect
at once; and at each window and UI scale of ui_scales.SCALE_CASES, in each language,
every full-window page inside the window with its widgets inside its frame, and no text
under 12 px (an em) at Auto."""
import dataclasses

import pytest
from panda3d.core import PGItem, Point3

from game import settings as S
from game.i18n import LANGUAGES
from game.view.ui import scale as ui_scale
from game.view.ui.layout import MIN_ASPECT, SMALLEST_TEXT_SCALE
from test_fit import _app, _widget_rects
from test_layout import _session, node_rect

# Window sizes players use, from the smallest supported up (pixels).
WINDOWS = [(1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1600, 900),
           (1920, 1080), (1920, 1200), (2560, 1080), (2560, 1440), (3440, 1440),
           (3840, 2160)]
PX = 1.0                 # pixel rounding allowed at a rectangle's edge


# ---- the model ---------------------------------------------------------------------------

def test_auto_is_the_layouts_own_size_at_1080_lines_and_smaller_at_4k():
    assert ui_scale.auto_scale(1920, 1080) == pytest.approx(1.0)
    assert ui_scale.auto_scale(3840, 2160) == pytest.approx(ui_scale.MIN_SCALE) == 0.75
    # A "200 %" desktop: the pixels are half as large, the interface twice as many.
    assert ui_scale.auto_scale(3840, 2160, zoom=2.0) == pytest.approx(1.0)


def test_auto_in_a_small_window_is_as_large_as_the_window_holds():
    # 4:3: the HUD is laid out for exactly that width, so no larger than its own size.
    assert ui_scale.auto_scale(1024, 768) == pytest.approx(1.0)
    # 16:9 at 720 lines: 1080 / 720 = 1.5 wanted, the pages' height holds 1 / 0.93.
    assert ui_scale.auto_scale(1280, 720) == pytest.approx(1 / ui_scale.PAGE_HALF_HEIGHT)
    # Narrower than 4:3 (5:4): smaller than the layouts' own size, so the HUD still fits.
    assert ui_scale.auto_scale(1280, 1024) == pytest.approx(1.25 / MIN_ASPECT)


@pytest.mark.parametrize("size", WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_auto_keeps_the_smallest_text_legible_and_4k_in_proportion(size):
    """At Auto the smallest text has an em of at least 12 px (the desktop guidelines'
    smallest text) in every window from 1024x720 up, and no text is drawn more than 1.5
    times its pixel size at 1080 lines (at scale 1 a 4K screen would draw it twice)."""
    w, h = size
    scale = ui_scale.auto_scale(w, h)
    assert ui_scale.text_pixels(SMALLEST_TEXT_SCALE, scale, h) >= ui_scale.MIN_TEXT_PX
    assert scale * h <= 1.5 * 1080 + 1e-9
    assert scale <= ui_scale.ceiling(w, h) + 1e-12


@pytest.mark.parametrize("size", WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_ceiling_keeps_the_hud_canvas_and_the_pages_inside_the_window(size):
    w, h = size
    top = ui_scale.ceiling(w, h)
    assert (w / h) / top >= MIN_ASPECT - 1e-9                 # the canvas's half width
    assert 1 / top >= ui_scale.PAGE_HALF_HEIGHT - 1e-9
    assert (w / h) / top >= ui_scale.PAGE_HALF_WIDTH
    # A choice above it is drawn at it; below it, as chosen.
    assert ui_scale.effective(max(S.UI_SCALES), w, h) == pytest.approx(min(1.1, top))
    assert ui_scale.effective(75, w, h) == pytest.approx(min(0.75, top))


def test_every_setting_is_a_scale_the_settings_file_keeps(tmp_path):
    path = tmp_path / "settings.json"
    for choice in S.UI_SCALES:
        chosen = S.Settings(graphics=dataclasses.replace(S.Graphics(), ui_scale=choice))
        S.save(chosen, path)
        assert S.load(path) == (chosen, None)
    path.write_text('{"graphics": {"ui_scale": 120}}')
    loaded, problem = S.load(path)
    assert loaded == S.Settings() and "ui_scale" in problem


# ---- drawn on a ShowBase ---------------------------------------------------------------

def _pixel(base, node, x=0.0, z=0.0):
    p = base.render2d.getRelativePoint(node, Point3(x, 0, z))
    return ((p.x + 1) / 2 * base.win.getXSize(), (1 - p.z) / 2 * base.win.getYSize())


def test_the_2d_layer_grows_about_the_centre_with_its_corners_at_the_window_corners(
        base, ui_scaled):
    w, h = ui_scaled.size
    assert ui_scale.current(base) == pytest.approx(ui_scaled.scale)
    for node, corner in ((base.a2dTopLeft, (0, 0)), (base.a2dTopRight, (w, 0)),
                         (base.a2dBottomLeft, (0, h)), (base.a2dBottomRight, (w, h)),
                         (base.a2dTopCenter, (w / 2, 0)), (base.a2dLeftCenter, (0, h / 2))):
        assert _pixel(base, node) == pytest.approx(corner, abs=1e-3)
    # 0.1 aspect2d units from the centre: 0.1 x scale of the half height, in pixels.
    x, y = _pixel(base, base.aspect2d, 0.1, 0.1)
    assert x - w / 2 == pytest.approx(0.1 * ui_scaled.scale * h / 2, rel=1e-4)
    assert h / 2 - y == pytest.approx(0.1 * ui_scaled.scale * h / 2, rel=1e-4)


def test_the_scale_follows_the_window_as_it_is_resized(base):
    w0, h0 = base.win.getXSize(), base.win.getYSize()
    try:
        base.win.setSize(1920, 1080)
        base.adjustWindowAspectRatio(base.getAspectRatio())
        assert ui_scale.follow(base, ui_scale.AUTO) == pytest.approx(1.0)
        # Same shape, twice the pixels: only the window's event says so (Panda3D sends
        # ShowBase's handler the window; it answers only for its own).
        base.win.setSize(3840, 2160)
        base.messenger.send("window-event", [None])
        assert ui_scale.current(base) == pytest.approx(0.75)
        # Another shape: ShowBase sets aspect2d back to scale 1, then says so.
        base.win.setSize(1024, 768)
        base.adjustWindowAspectRatio(base.getAspectRatio())
        assert ui_scale.current(base) == pytest.approx(1.0)
        assert _pixel(base, base.a2dBottomRight) == pytest.approx((1024, 768), abs=1e-3)
        ui_scale.stop(base)
        base.win.setSize(1920, 1080)
        base.messenger.send("window-event", [None])
        assert ui_scale.current(base) == pytest.approx(1.0)        # no longer followed
    finally:
        ui_scale.stop(base)
        base.win.setSize(w0, h0)
        base.adjustWindowAspectRatio(base.getAspectRatio())


def test_the_graphics_page_changes_the_interface_size_at_once(base, tmp_path):
    """The page's row cycles Auto, 75, 85, 100, 110 %; each click is drawn at once (the
    app applies it) and saved; the row names the scale drawn where the window holds less
    than chosen, and Auto's as the window changes."""
    w0, h0 = base.win.getXSize(), base.win.getYSize()
    base.win.setSize(1280, 720)
    base.adjustWindowAspectRatio(base.getAspectRatio())
    app = _app("en", base, tmp_path)
    try:
        assert ui_scale.current(base) == pytest.approx(1 / ui_scale.PAGE_HALF_HEIGHT)
        app.menu.open_graphics()
        page = app.menu.graphics_page
        assert page.ui_scale_button["text"] == "> Auto (108%)"
        seen = []
        for choice in S.UI_SCALES[1:]:
            page.ui_scale_button.commandFunc(None)
            assert app.settings.graphics.ui_scale == choice
            assert S.load(tmp_path / "settings.json")[0].graphics.ui_scale == choice
            seen.append((page.ui_scale_button["text"], round(ui_scale.current(base), 3)))
        assert seen == [("> 75%", 0.75), ("> 85%", 0.85), ("> 100%", 1.0),
                        ("> 110% (this window holds 108%)", 1.075)]
        page.ui_scale_button.commandFunc(None)             # round to Auto
        # The window made 4:3: the row and the drawn scale follow it.
        base.win.setSize(1024, 768)
        base.adjustWindowAspectRatio(base.getAspectRatio())
        base.messenger.send("window-event", [None])
        assert page.ui_scale_button["text"] == "> Auto (100%)"
        assert ui_scale.current(base) == pytest.approx(1.0)
    finally:
        app.destroy()
        app.statistics.close()
        ui_scale.stop(base)
        base.win.setSize(w0, h0)
        base.adjustWindowAspectRatio(base.getAspectRatio())


# ---- every page at each scale, in each language -------------------------------------

def text_ems(base, root) -> list:
    """[(text, em in pixels)] of every line of words drawn under `root`: texts on the 2D
    layer and the words of its widgets (kept in their looks, outside the scene graph)."""
    h = base.win.getYSize()
    found = []
    for path in root.findAllMatches("**/+TextNode"):
        if not path.isHidden() and path.node().getText().strip():
            found.append((path.node().getText(),
                          path.getTransform(base.render2d).getScale().z * _own(path) * h / 2))
    for path in root.findAllMatches("**/+PGItem"):
        item = path.node()
        if path.isHidden():
            continue
        look = item.getStateDef(item.getState())
        for text in look.findAllMatches("**/+TextNode"):
            if text.node().getText().strip():
                em = (path.getTransform(base.render2d).getScale().z
                      * text.getTransform(look).getScale().z * _own(text))
                found.append((text.node().getText(), em * h / 2))
    return found


def _own(path) -> float:
    """The vertical scale a TextNode applies to its own words (OnscreenText's `scale`
    is kept there, not on the node's path)."""
    return path.node().getTransform().getRow3(2).length()


def _inside(inner, outer) -> bool:
    return (outer[0] - PX <= inner[0] and inner[2] <= outer[2] + PX
            and outer[1] - PX <= inner[1] and inner[3] <= outer[3] + PX)


def _pages(app):
    """(name, frame) of each full-window page, each shown in turn."""
    yield "menu", app.menu.frame
    app.menu.open_graphics()
    yield "graphics", app.menu.graphics_page.frame
    app.menu.close_graphics()
    from game.view.menu.controls_page import ControlsPage
    app.menu.open_graphics(ControlsPage)            # as its menu button opens it
    yield "controls", app.menu.graphics_page.frame
    app.menu.graphics_page.scroll(len(app.menu.graphics_page.lines))   # the last page
    yield "controls, last page", app.menu.graphics_page.frame
    app.menu.close_graphics()
    app.show_recent()
    yield "recent", app.recent.frame
    app.show_stats()
    yield "stats", app.stats.frame
    app.show_online(app.settings)
    yield "online", app.lobby.frame
    app.show_drills()
    yield "drills", app.drills.frame


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_page_fits_the_window_and_its_text_is_legible(base, ui_scaled, language,
                                                            tmp_path):
    """The app given the case's setting (as the Graphics page gives it): each page's
    frame inside the window, every widget and line of words inside the frame; at Auto
    every em at least MIN_TEXT_PX."""
    app = _app(language, base, tmp_path)
    try:
        app.graphics_changed(dataclasses.replace(app.settings, graphics=dataclasses.replace(
            app.settings.graphics, ui_scale=ui_scaled.choice)))
        assert ui_scale.current(base) == pytest.approx(ui_scaled.scale)
        w, h = ui_scaled.size
        for name, frame in _pages(app):
            box = node_rect(base, frame)
            assert _inside(box, (0, 0, w, h)), f"{language} {ui_scaled}: {name} {box}"
            for rect in _widget_rects(base, frame):
                assert _inside(rect, box), f"{language} {ui_scaled}: {name} {rect} leaves {box}"
            if ui_scaled.choice == ui_scale.AUTO:
                for text, em in text_ems(base, frame):
                    assert em >= ui_scale.MIN_TEXT_PX - 1e-6, f"{name}: {text!r} {em:.1f} px"
    finally:
        app.destroy()
        app.statistics.close()


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_hud_text_is_legible_at_auto(base, ui_scaled, language):
    """Every line of the match HUD (and its widgets') at least MIN_TEXT_PX an em at
    Auto; at any scale inside the window (the fit tests check it line by line)."""
    from game import i18n
    from game.settings import Aids
    from game.view.match.play import GameScreen
    if ui_scaled.choice != ui_scale.AUTO:
        pytest.skip("the floor is Auto's promise; a chosen scale is the player's")
    i18n.use_language(language)
    screen = GameScreen(base, _session("nine_ball"), Aids(), lambda: None, use_shaders=False,
                        shadow_size=256)
    try:
        ems = text_ems(base, base.aspect2d)
        assert len(ems) >= 5
        for text, em in ems:
            assert em >= ui_scale.MIN_TEXT_PX - 1e-6, f"{text!r} {em:.1f} px"
    finally:
        screen.destroy()


def test_text_ems_reads_a_known_size(base):
    """The helper above: a text of scale 0.05 at UI scale 1 in a 300-line window has an
    em of 0.05 x 150 = 7.5 px; a button's words are read from its look."""
    from direct.gui.DirectGui import DirectButton
    from direct.gui.OnscreenText import OnscreenText
    text = OnscreenText(parent=base.aspect2d, text="Aa", scale=0.05)
    button = DirectButton(parent=base.aspect2d, text="Bb", text_scale=0.04, scale=2.0)
    try:
        h = base.win.getYSize()
        found = dict(text_ems(base, base.aspect2d))
        assert found["Aa"] == pytest.approx(0.05 * h / 2)
        assert found["Bb"] == pytest.approx(0.08 * h / 2)
        assert isinstance(button.guiItem, PGItem)
    finally:
        text.destroy()
        button.destroy()


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_help_panel_and_a_centred_dialog_fit_the_window(base, ui_scaled, language):
    """The menu's help panel (its longest lines wrapped to the panel) and the welcome
    question (a centred dialog) at each scale: inside the window, their words inside
    their frames."""
    from game import i18n
    from game.view.ui.dialogs import Dialog
    from game.view.ui.panels import MENU_CONTROLS, TextPanel, translated
    i18n.use_language(language)
    panel = TextPanel(base, i18n._("Controls"))
    dialog = Dialog(base, i18n._("Welcome to Breakshot"), "W " * 60,
                    [(i18n._("Yes"), "answer_yes", lambda: None),
                     (i18n._("No"), "answer_no", lambda: None)])
    try:
        panel.show(translated(MENU_CONTROLS) * 2)
        w, h = ui_scaled.size
        for name, frame in (("panel", panel.frame), ("dialog", dialog.frame)):
            box = node_rect(base, frame)
            assert _inside(box, (0, 0, w, h)), f"{language} {ui_scaled}: {name} {box}"
            for rect in _widget_rects(base, frame):
                assert _inside(rect, box), f"{language} {ui_scaled}: {name} {rect} leaves {box}"
    finally:
        panel.destroy()
        dialog.destroy()
