"""Practice mode through synthetic input on the offscreen ShowBase: drag a ball (and be
refused onto another), take the cue ball in hand, shoot with the match's keys, undo
back to the exact position, re-rack, save and load a slot."""
import math
import re
import random

import pytest

from game.rules import CUE
from game.view.practice.screen import PracticeScreen
from game.settings import Aids
from robot import FPS, Input
from view_helpers import world_to_pixel


@pytest.fixture
def practice(base, tmp_path):
    inputs = Input(base)
    left = []
    screen = PracticeScreen(base, "nine_ball", Aids(), lambda: left.append(True),
                            save_dir=tmp_path, use_shaders=False, shadow_size=256)
    base.win.setActive(False)
    inputs.key("v")                              # the top view: pixels map to the cloth
    for _ in range(3 * FPS):
        if screen.rig.settled:
            break
        inputs.step()
    yield screen, inputs, left
    screen.destroy()
    inputs.close()
    base.win.setActive(True)


def _pixel(base, xy):
    return world_to_pixel(base, (xy[0], xy[1], 0.0286))


def _layout(screen):
    return dict(screen.table.position.layout)


def _shoot(screen, inputs):
    inputs.hold("space")
    inputs.step(FPS // 2)
    inputs.release("space")
    assert screen.state == "Playing"
    inputs.key("enter")
    inputs.step(2)
    assert screen.state == "Aiming"


def test_drag_a_ball_and_be_refused_onto_another(practice, base):
    screen, inputs, _ = practice
    layout = _layout(screen)
    start = layout[1]
    goal = (start[0] - 0.25, start[1] + 0.2)
    inputs.drag(_pixel(base, start), _pixel(base, goal))
    moved = screen.table.position.layout[1]
    assert math.dist(moved, goal) < 0.02 and screen.carrying is None
    assert screen.scene.balls.node(1).getPos().x == pytest.approx(moved[0])
    # Onto the cue ball: refused, the ball stays, the HUD says why.
    inputs.drag(_pixel(base, moved), _pixel(base, layout[CUE]))
    assert screen.table.position.layout[1] == moved
    assert "overlap" in screen.hud.message.getText()


def test_cue_ball_in_hand_at_will(practice, base):
    screen, inputs, _ = practice
    inputs.key("b")                          # it follows the pointer until a click
    assert screen.carrying == CUE and screen.sticky
    spot = (0.6, 0.5)
    inputs.click(_pixel(base, spot))
    assert math.dist(screen.table.position.layout[CUE], spot) < 0.02
    assert not screen.sticky and screen.carrying is None


def test_shots_then_undo_restore_each_exact_position(practice):
    screen, inputs, _ = practice
    rng = random.Random(7)
    positions = []
    for _ in range(3):                       # random aims and spins, a ball in hand too
        positions.append(_layout(screen))
        for _ in range(rng.randrange(0, 30)):
            inputs.key(rng.choice(["arrow_left", "arrow_right", "w", "a", "s", "d"]))
        _shoot(screen, inputs)
        assert _layout(screen) != positions[-1]
        if rng.random() < 0.5 and not screen.sticky:
            inputs.key("b")                  # hand moves are not undone: shots are
        if screen.sticky:
            inputs.click(_pixel(inputs.base, (0.5, 0.4)))
            assert CUE in screen.table.position.layout
    for before in reversed(positions):
        inputs.key("u")
        assert _layout(screen) == before      # bit for bit: the same floats
    inputs.key("u")
    assert "Nothing to undo" in screen.hud.message.getText()


def test_save_and_load_a_slot_round_trip(practice, tmp_path):
    screen, inputs, _ = practice
    _shoot(screen, inputs)
    saved = _layout(screen)
    inputs.key("f6")                           # slot 2
    inputs.key("f5")
    assert (tmp_path / "nine_ball-slot-2.json").exists()
    inputs.key("r")                            # a fresh rack
    assert _layout(screen) != saved
    inputs.key("f9")
    assert _layout(screen) == saved
    inputs.key("f6")
    inputs.key("f9")
    assert "empty" in screen.hud.message.getText()


def test_the_other_game_and_back_to_the_menu(practice):
    screen, inputs, left = practice
    inputs.key("g")
    assert screen.table.position.game == "eight_ball"
    assert 15 in screen.table.position.layout
    inputs.key("f1")
    assert "Drag a ball" in screen.panels.panels["help"].text
    inputs.key("escape")
    assert left == [True]


def _settle(screen, inputs):
    for _ in range(3 * FPS):
        if screen.rig.settled:
            break
        inputs.step()


@pytest.mark.parametrize("game, ball, onto, rings, said", [
    ("nine_ball", 5, CUE, False, "It cannot go there: the 5 would overlap the cue ball."),
    ("eight_ball", 8, 1, False, "It cannot go there: the black would overlap a red."),
    ("eight_ball", 9, CUE, False, "It cannot go there: a yellow would overlap the cue ball."),
    # Colour-blind play: the balls named by their marking, as the HUD names the groups.
    ("eight_ball", 8, 1, True, "It cannot go there: the black would overlap a plain red."),
    ("eight_ball", 9, CUE, True,
     "It cannot go there: a ringed yellow would overlap the cue ball."),
])
def test_a_refused_drag_names_the_balls_as_players_do(practice, base, game, ball, onto, rings,
                                                      said):
    from game.view.world import marking
    screen, inputs, _ = practice
    if game != screen.table.position.game:
        inputs.key("g")                           # the other game, as a player switches
        _settle(screen, inputs)
    layout = _layout(screen)
    marking.set_colour_blind(base, rings)
    try:
        inputs.drag(_pixel(base, layout[ball]), _pixel(base, layout[onto]))
    finally:
        marking.set_colour_blind(base, False)
    assert _layout(screen)[ball] == layout[ball]
    line = screen.hud.message.getText()
    assert line == said
    assert not re.search(r"\d\s*m\b|ball \d|\(", line)     # no metres, ids or coordinates
