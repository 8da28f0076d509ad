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
