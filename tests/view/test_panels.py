"""The help overlay (F1) and the shot log (L) on the offscreen ShowBase, through
synthetic keys: they appear and go, list the keys of the moment, and log each shot's
ruling in words."""
import pytest

from game.session import GameSession
from game.view.menu.start_menu import Menu
from game.view.ui.panels import VISIBLE_LINES, TextPanel
from game.view.match.play import GameScreen
from game.settings import Aids, Settings
from robot import Input, Robot


@pytest.fixture
def screen(base):
    inputs = Input(base)
    screen = GameScreen(base, GameSession("nine_ball", ("Ann", "Bob"), seed=3), Aids(),
                        lambda: None, use_shaders=False, shadow_size=256)
    base.win.setActive(False)
    yield screen, Robot(screen, inputs)
    screen.destroy()
    inputs.close()
    base.win.setActive(True)


def test_help_lists_the_keys_of_the_moment_and_goes_again(screen):
    screen, robot = screen
    help_panel = screen.panels.panels["help"]
    assert not help_panel.visible
    robot.inp.key("f1")
    assert screen.panels.shown() == "help"
    text = help_panel.text                 # the break: the cue ball in hand first
    assert "Click or Enter: put it down" in text and "V or Tab" in text and "F1" in text
    robot.inp.key("enter")
    robot.inp.step()
    assert "Hold Space, release: shoot" in help_panel.text
    robot.inp.hold("space")           # the overlay follows the state: now powering
    assert "Release Space to shoot" in help_panel.text
    robot.inp.key("escape")
    robot.inp.release("space")
    robot.inp.key("q")                 # a dialog: its keys are listed
    assert "Y or click: Yes" in help_panel.text
    robot.inp.key("n")
    robot.inp.key("f1")
    assert screen.panels.shown() is None and not help_panel.visible


def test_shot_log_says_each_rulings_words_and_scrolls(screen):
    screen, robot = screen
    robot.inp.key("l")
    assert "No shots yet" in screen.panels.panels["log"].text
    for _ in range(200):
        if len(screen.session.shots) >= 3 and screen.flow.state != "Playing":
            break
        robot.play_turn()
    log = screen.panels.panels["log"]
    assert screen.panels.shown() == "log"
    shots = len(screen.session.shots)
    assert shots >= 3
    assert log.text.startswith("1. Ann: ") or log.text.startswith("1. Bob: ")
    assert f"{shots}. " in log.text and "to play" in log.text
    robot.inp.key("f1")                # one panel at a time
    assert screen.panels.shown() == "help"


def test_a_long_panel_scrolls_by_pages(base):
    panel = TextPanel(base, "Test", latest_last=True)
    panel.show([f"line {k}" for k in range(40)])
    assert panel.text.splitlines()[-1] == "line 39"       # the latest shown first
    panel.scroll(-100)
    assert panel.text.splitlines()[0] == "line 0"
    assert len(panel.text.splitlines()) == VISIBLE_LINES
    panel.destroy()


def test_the_menu_has_its_help(base):
    inputs = Input(base)
    menu = Menu(base, Settings(), lambda s: None, lambda: None, use_shaders=False)
    try:
        inputs.key("f1")
        assert "Enter or Play: start the match" in menu.panels.panels["help"].text
        inputs.key("f1")
        assert menu.panels.shown() is None
    finally:
        menu.destroy()
        inputs.close()


def _panel_pixels(base, panel):
    """The pixels inside `panel`'s frame, as a flat list of (r, g, b)."""
    from view_helpers import render
    image = render(base)
    w, h = image.getXSize(), image.getYSize()
    aspect = w / h
    left, right, bottom, top = panel.frame["frameSize"]
    x0, x1 = int((left / aspect + 1) / 2 * w) + 2, int((right / aspect + 1) / 2 * w) - 2
    y0, y1 = int((1 - top) / 2 * h) + 2, int((1 - bottom) / 2 * h) - 2
    return [tuple(image.getXel(x, y)) for y in range(y0, y1, 3) for x in range(x0, x1, 3)]


@pytest.mark.parametrize("name", ["help", "log"])
def test_nothing_behind_a_panel_shows_through_it(screen, base, name):
    screen, robot = screen
    base.win.setActive(True)
    robot.inp.key("f1" if name == "help" else "l")
    panel = screen.panels.panels[name]
    assert panel.visible
    before = _panel_pixels(base, panel)
    # Words appear behind the panel (drawn after it in the scene graph, as a HUD line
    # made later is); the panel must look the same.
    from direct.gui.OnscreenText import OnscreenText
    behind = OnscreenText(parent=base.aspect2d, text="MMMMMMMMMMMMMMMMMMMMMMMM", scale=0.15,
                          pos=(0, 0), fg=(1, 1, 1, 1), sort=2000)
    try:
        after = _panel_pixels(base, panel)
    finally:
        behind.destroy()
        base.win.setActive(False)
    assert after == before


def test_help_lines_use_the_panels_width_in_every_language(base):
    """Wrapped to the panel's width as the font measures it: long lines come close to the
    right edge and none crosses it (the help used to wrap at 40 % of its panel)."""
    from panda3d.core import TextNode
    from game.view.ui.panels import LINE_SCALE, WRAP_WIDTH
    panel = TextPanel(base, "Help")
    try:
        line = "Q and E, or the mouse wheel with Shift: raise or lower the cue " * 3
        panel.show([line])
        widths = [TextNode("m").calcWidth(row) * LINE_SCALE for row in panel.lines]
        assert max(widths) <= WRAP_WIDTH
        assert max(widths) >= 0.85 * WRAP_WIDTH
    finally:
        panel.destroy()
