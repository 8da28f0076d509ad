"""Power and aim made easy to judge, driven through keys and the mouse: the power meter
(% and m/s) shown while aiming, the Space swing by the clock at any frame rate, the
mouse stroke (the cue follows the pointer, its forward speed sets the cue speed), the
aim angle to 0.1 degree, the free camera that comes back to the aim as it was, and the
stroke input chosen in the settings and the menu.
"""
import dataclasses
import json
import math
import os
import re

import pytest
from panda3d.core import MouseButton, Point3

from game.rules import CUE
from game.rules.layout import Layout
from game.session import GameSession, Shoot
from game import settings as S
from game.view.match.aiming import AIM_STEP_RAD, DEFAULT_POWER, FINE_AIM_STEP_RAD
from game.view.app import save_screenshot
from game.view.launcher import BreakshotApp
from game.view.menu.start_menu import stroke_label
from game.view.match.play import GameScreen
from game.view.match.power import (DRAW_BACK_M, FULL_PULL_HEIGHTS, MAX_CUE_SPEED, POWER_RISE_S,
                                   SPEED_SPAN_S, cue_speed, pointer_cue_speed, power_for,
                                   swing_at)
from robot import FPS, Input, Robot
from view_helpers import world_to_pixel


@pytest.fixture
def play(base):
    """make(stroke_input="space") -> (screen, robot), aiming the first shot (the cue
    ball put down behind the head string) of a nine-ball game."""
    made = []

    def make(stroke_input="space"):
        inputs = Input(base)
        screen = GameScreen(base, GameSession("nine_ball", ("Ann", "Bob"), seed=3), S.Aids(),
                            lambda: None, use_shaders=False, shadow_size=256,
                            stroke_input=stroke_input)
        base.win.setActive(False)
        made.append((screen, inputs))
        robot = Robot(screen, inputs)
        robot.play_turn()                   # the cue ball in hand put down
        assert screen.flow.state == "Aiming"
        return screen, robot
    yield make
    for screen, inputs in reversed(made):   # each Input restores the one before it
        screen.destroy()
        inputs.close()
    base.win.setActive(True)


def _meter(screen, preview: bool = False) -> tuple:
    """(percent, m/s) as the power meter's words say them; `preview`: they must say it
    is the preview (else that they do not)."""
    words = screen.hud.power.label.getText() + "\n" + screen.hud.power.speed.getText()
    match = re.fullmatch(r"power (\d+)%( \(preview\))?\n(\d+\.\d) m/s", words)
    assert match and bool(match[2]) == preview, words
    return int(match[1]), float(match[3])


def _shown(power: float) -> tuple:
    return round(power * 100), round(cue_speed(power), 1)


def _last_shot(session):
    return [c for c in session.commands if isinstance(c, Shoot)][-1].stroke


def test_the_swing_goes_up_and_down_with_the_time_held():
    r = POWER_RISE_S
    held = [0.0, r / 4, r / 2, r, 1.5 * r, 2 * r, 2.5 * r, 3 * r]
    assert [swing_at(t) for t in held] == pytest.approx([0, 0.25, 0.5, 1, 0.5, 0, 0.5, 1])


def _aids_speed(screen) -> float:
    """The cue speed (m/s) of the stroke the aids and the cue show."""
    return screen.flow.aim.stroke()[0].speed


def test_the_meter_shows_the_power_the_aids_use_all_the_time_while_aiming(play):
    screen, robot = play()
    bar = screen.hud.power
    assert not bar.frame.isHidden()
    # Before any stroke: the preview, marked as such, and the aids at that power.
    assert _meter(screen, preview=True) == _shown(DEFAULT_POWER)
    assert _aids_speed(screen) == cue_speed(DEFAULT_POWER)
    robot.inp.hold("space")
    robot.inp.step(45)                  # 0.75 s after the press: half way up
    assert _meter(screen) == _shown(swing_at(45 / FPS)) == (50, round(cue_speed(0.5), 1))
    assert bar.fill.getSz() == pytest.approx(0.5)
    assert _aids_speed(screen) == cue_speed(screen.flow.power)
    robot.inp.key("escape")             # called off: back to aiming and the preview
    assert screen.flow.state == "Aiming" and not bar.frame.isHidden()
    assert _meter(screen, preview=True) == _shown(DEFAULT_POWER)
    assert _aids_speed(screen) == cue_speed(DEFAULT_POWER)


def test_the_meter_shows_the_stroke_played_and_then_previews_it(play):
    screen, robot = play()
    robot.inp.hold("space")
    robot.inp.step(53)
    robot.inp.release("space")
    assert screen.flow.state == "Playing"
    played = power_for(_last_shot(robot.session).speed)
    assert not screen.hud.power.frame.isHidden()
    assert _meter(screen) == _shown(played), "the power the balls run with"
    robot.inp.key("space")              # skip to the end
    for _ in range(5 * FPS):
        if screen.flow.state != "Playing":
            break
        robot.inp.step()
    assert screen.flow.state == "Aiming"
    assert _meter(screen, preview=True) == _shown(played)
    assert _aids_speed(screen) == pytest.approx(cue_speed(played))


def _held_power(robot, fps: int, seconds: float) -> float:
    """Hold Space `seconds` at `fps` frames per second; the power of the shot played."""
    clock = robot.inp.clock
    clock.setFrameRate(fps)
    try:
        robot.inp.hold("space")                         # pressed in this frame
        robot.inp.step(round(seconds * fps) - 1)
        robot.inp.release("space")                      # seen a frame later
    finally:
        clock.setFrameRate(FPS)
    assert robot.screen.flow.state == "Playing"
    return power_for(_last_shot(robot.session).speed)


def test_space_held_gives_the_same_power_at_3_fps_as_at_60(play):
    screen, robot = play()
    slow = _held_power(robot, 3, 1.3)
    screen.destroy()                    # one match listening to the keys at a time
    fast = _held_power(play()[1], 60, 1.3)
    assert fast == pytest.approx(swing_at(1.3))
    assert slow == pytest.approx(swing_at(4 / 3)), "1.3 s is four frames of a third"
    assert abs(slow - fast) <= (1 / 3) / POWER_RISE_S, "within one 3 fps frame's swing"


def _cue_position(screen):
    return screen.scene.cue.root.getPos(screen.scene.root)


def test_a_mouse_stroke_sets_the_cue_speed_from_the_pointer_speed(play):
    screen, robot = play("mouse")
    inp, flow = robot.inp, screen.flow
    h = inp.base.win.getYSize()
    x, y0 = inp.base.win.getXSize() // 2, h // 2
    inp.point((x, y0))
    rest = _cue_position(screen)
    inp.hold("control")
    inp.mouse.pressButton(MouseButton.one())
    inp.step()
    inp.release("control")              # only the press needs Ctrl
    assert flow.state == "Powering"
    pull = 100                          # pixels down the screen: the cue drawn back
    for k in range(1, 6):
        inp.point((x, y0 + pull * k // 5))
    drawn = (_cue_position(screen) - rest).length()
    assert drawn == pytest.approx(DRAW_BACK_M * (pull / h) / FULL_PULL_HEIGHTS, rel=1e-4)
    assert _meter(screen, preview=True) == _shown(DEFAULT_POWER), "drawing back is no push"
    step = 20                           # pixels a frame up the screen at 60 fps
    speed = step * FPS / h              # window heights per second
    for k in range(1, pull // step):    # pushed for longer than SPEED_SPAN_S
        inp.point((x, y0 + pull - k * step))
    assert (pull // step - 1) / FPS > SPEED_SPAN_S
    assert _meter(screen) == _shown(power_for(pointer_cue_speed(speed))), "the meter follows"
    assert flow.state == "Powering"
    inp.point((x, y0))
    assert flow.state == "Playing", "the cue reached the ball as the pointer passed its start"
    assert _last_shot(robot.session).speed == pytest.approx(pointer_cue_speed(speed))
    assert pointer_cue_speed(1 / 0.15) == MAX_CUE_SPEED, "a window height in 0.15 s: full"
    inp.mouse.releaseButton(MouseButton.one())
    inp.step()


def test_a_mouse_stroke_let_go_short_is_called_off_and_a_quick_one_still_counts(play):
    screen, robot = play("mouse")
    inp, flow = robot.inp, screen.flow
    h = inp.base.win.getYSize()
    x, y0 = inp.base.win.getXSize() // 2, h // 2
    for pushed in (False, True):
        inp.point((x, y0))
        inp.hold("control")
        inp.mouse.pressButton(MouseButton.one())
        inp.step()
        inp.release("control")
        inp.point((x, y0 + 60))
        # Pushed through and let go between two frames: the release still sees it.
        inp.mouse.setMousePos(x, y0 - 30 if pushed else y0 + 40)
        inp.mouse.releaseButton(MouseButton.one())
        inp.step()
        assert flow.state == ("Playing" if pushed else "Aiming")
    # Its speed is its travel over the three frames since the press (SPEED_SPAN_S).
    assert 3 / FPS == pytest.approx(SPEED_SPAN_S)
    assert _last_shot(robot.session).speed == pytest.approx(pointer_cue_speed(30 / h * FPS / 3))
    assert len([c for c in robot.session.commands if isinstance(c, Shoot)]) == 1


def _aim_words(screen) -> float:
    words = screen.hud.aim_angle.getText()
    match = re.fullmatch(r"aim (\d+\.\d) deg", words)
    assert match, words
    return float(match[1])


def _turned(before: float, after: float) -> float:
    """Degrees from `before` to `after` the short way round (359.9 to 0.0 is +0.1)."""
    return (after - before + 180.0) % 360.0 - 180.0


def test_the_aim_angle_is_shown_to_a_tenth_of_a_degree(play):
    screen, robot = play()
    azimuth = screen.flow.aim.setup.azimuth
    assert _aim_words(screen) == round(math.degrees(azimuth) % 360, 1)
    for key, fine_turns in ((",", 1), (".", -1), ("shift-arrow_left", 1)):
        before = _aim_words(screen)
        if key.startswith("shift-"):
            robot.inp.hold("shift")
            robot.inp.key("arrow_left")
            robot.inp.release("shift")
        else:
            robot.inp.key(key)
        assert _turned(before, _aim_words(screen)) == pytest.approx(0.1 * fine_turns, abs=1e-9)
    before = _aim_words(screen)
    robot.inp.key("arrow_right")
    assert _turned(before, _aim_words(screen)) == pytest.approx(-math.degrees(AIM_STEP_RAD),
                                                                abs=1e-9)
    assert math.degrees(FINE_AIM_STEP_RAD) == pytest.approx(0.1)


def _settle(robot):
    for _ in range(5 * FPS):
        if robot.screen.rig.settled:
            return
        robot.inp.step()
    raise AssertionError("the camera did not settle")


def _wheel(inp, button) -> None:
    inp.mouse.pressButton(button)
    inp.mouse.releaseButton(button)
    inp.step()


def test_the_free_camera_pans_and_zooms_and_comes_back_to_the_aim_unchanged(play, base):
    screen, robot = play()
    inp, flow, rig = robot.inp, screen.flow, screen.rig
    robot.aim(0.3)
    _settle(robot)
    stroke, aim_view = flow.aim.stroke()[0], rig.goal
    seen_from = base.camera.getPos(base.render)
    w, h = base.win.getXSize(), base.win.getYSize()
    centre = (w // 2, h // 2)
    returns = ("c", "arrow_left", "space")
    for back in returns:
        inp.key("c")
        assert flow.state == "Looking"
        ball = (*screen.cue_ball(), screen.cue_style.radius)
        x0, y0 = world_to_pixel(base, ball)
        inp.drag(centre, (centre[0] + 80, centre[1] - 40))      # the table dragged
        _settle(robot)
        x1, y1 = world_to_pixel(base, ball)
        assert x1 - x0 > 40 and y0 - y1 > 20, "the table follows the pointer, right and up"
        _wheel(inp, MouseButton.wheelUp())
        assert rig.goal.distance < aim_view.distance
        # A middle-button drag pans as well.
        panned = rig.goal.target
        inp.point(centre)
        inp.mouse.pressButton(MouseButton.two())
        inp.step()
        inp.point((centre[0] - 50, centre[1]))
        inp.mouse.releaseButton(MouseButton.two())
        inp.step()
        assert rig.goal.target != panned
        _settle(robot)
        assert (base.camera.getPos(base.render) - seen_from).length() > 0.05
        inp.key(back)                   # C again, or any aiming key: back to the aim
        assert flow.state == "Aiming"
        assert flow.aim.stroke()[0] == stroke, "the aim is bit-identical"
        assert rig.goal == aim_view, "the aim view as it was, its zoom too"
        _settle(robot)
    # A middle-button drag from the aim view goes straight into the free camera.
    inp.point(centre)
    inp.mouse.pressButton(MouseButton.two())
    inp.step()
    assert flow.state == "Looking"
    inp.point((centre[0], centre[1] + 60))
    inp.mouse.releaseButton(MouseButton.two())
    inp.step()
    assert rig.goal.target != aim_view.target
    inp.key("escape")
    assert flow.state == "Aiming" and flow.aim.stroke()[0] == stroke
    inp.key("c")
    inp.key("v")                        # another view: back to the aim, seen from above
    assert flow.state == "Aiming" and flow.aim.stroke()[0] == stroke
    assert rig.goal == screen.top_pose()


def test_the_stroke_input_round_trips_and_bad_values_are_refused(tmp_path):
    path = tmp_path / "settings.json"
    assert S.Settings().stroke_input == "space"
    chosen = S.Settings(stroke_input="mouse", race_to=3)
    S.save(chosen, path)
    assert S.load(path) == (chosen, None)
    for bad in ('"joystick"', "1", "null"):
        path.write_text('{"stroke_input": %s}' % bad)
        loaded, problem = S.load(path)
        assert loaded == S.Settings() and "stroke_input must be one of space, mouse" in problem


def _text_pixel(base, button, across: float) -> tuple:
    """The pixel `across` (0..1) along the middle of the button's drawn words."""
    # The words are drawn in the button's own frame (its state's root has no transform
    # of its own, and stands outside the scene graph).
    low, high = button.component("text0").getTightBounds()
    point = base.render2d.getRelativePoint(
        button, Point3(low.x + (high.x - low.x) * across, 0, (low.z + high.z) / 2))
    return ((point.x + 1) / 2 * base.win.getXSize(), (1 - point.z) / 2 * base.win.getYSize())


def test_the_menu_control_changes_the_stroke_input_by_a_click_and_the_match_uses_it(
        base, tmp_path):
    inputs = Input(base)
    path = tmp_path / "settings.json"
    app = BreakshotApp(base, settings_path=path, seed=5, use_shaders=False,
                       replay_dir=tmp_path / "replays", sound_root=tmp_path / "sounds",
                       practice_dir=tmp_path / "practice", offer_guide=False)
    try:
        menu = app.menu
        button = menu.stroke_button
        inputs.step(2)
        for across, expected in ((0.5, "mouse"), (0.95, "space"), (0.05, "mouse")):
            inputs.click(_text_pixel(base, button, across))
            assert menu.settings().stroke_input == expected
            assert button["text"] == "> " + stroke_label(expected)
        inputs.click(_text_pixel(base, button, 1.6))          # beside it: nothing
        assert menu.settings().stroke_input == "mouse"
        inputs.key("enter")                                     # Play
        assert app.screen.stroke_input == "mouse"
        assert json.loads(path.read_text())["stroke_input"] == "mouse"
    finally:
        app.destroy()
        inputs.close()


def _one_frame_click(inp, pixel) -> None:
    """Press and release mouse button 1 at `pixel` between two frames (a slow machine:
    the window hands both to the game in one frame)."""
    inp.point(pixel)
    inp.mouse.pressButton(MouseButton.one())
    inp.mouse.releaseButton(MouseButton.one())
    inp.step()


def test_a_click_in_one_frame_aims_at_the_point_in_the_top_view(play, base):
    screen, robot = play()
    robot.inp.key("v")
    _settle(robot)
    x, y = screen.cue_ball()
    for target in ((x + 0.5, y + 0.3), (x - 0.2, y - 0.25)):
        z = screen.cue_style.radius
        pixel = world_to_pixel(base, (*target, z))
        _one_frame_click(robot.inp, pixel)
        # The click lands on a whole pixel: the aim is at the point within 1.5 pixels.
        metre_px = math.dist(pixel, world_to_pixel(base, (target[0] + 1.0, target[1], z)))
        tolerance = 1.5 / metre_px / math.dist(target, (x, y))
        assert screen.flow.aim.setup.azimuth % (2 * math.pi) == pytest.approx(
            math.atan2(target[1] - y, target[0] - x) % (2 * math.pi), abs=tolerance)
        assert screen.flow.aim.drag is None, "the click is over"


def test_a_click_in_one_frame_on_the_spin_ball_sets_the_tip_there(play, base):
    screen, robot = play()
    spin = screen.hud.spin
    for side, height in ((0.5, -0.4), (-0.3, 0.6)):
        point = base.render2d.getRelativePoint(
            spin.root, Point3(side * spin.size, 0, height * spin.size))
        pixel = ((point.x + 1) / 2 * base.win.getXSize(), (1 - point.z) / 2 * base.win.getYSize())
        _one_frame_click(robot.inp, pixel)
        aim = screen.flow.aim.setup
        one_pixel = 2 / base.win.getYSize() / spin.size * base.getAspectRatio()
        assert (aim.side, aim.height) == pytest.approx((side, height), abs=one_pixel)
        assert screen.flow.aim.stroke()[0].side == aim.side


def test_one_power_the_meter_the_raised_cue_the_aids_and_the_warning_agree(play_screen, base):
    """8-ball, the cue ball near the baulk cushion and aimed up the table: the cue is
    raised over the rail. Untouched, the meter shows the preview, and the warning and the
    landing rings appear exactly when the stroke at that power leaves the cloth; so at
    every frame while Space is held, at the power the meter shows then."""
    cue = (0.06, 0.45)
    session = GameSession("eight_ball", ("Ann", "Bob"), seed=2)
    session.state = dataclasses.replace(session.state, is_break=False,
                                        layout=Layout({CUE: cue, 2: (1.0, 0.47), 8: (1.4, 0.2),
                                                       10: (1.6, 0.7)}))
    screen, robot = play_screen(session)
    flow, hud = screen.flow, screen.hud
    robot.aim(0.0)

    def agree(preview: bool) -> bool:
        """The screen's power, stroke, aids and warning agree; True if it jumps."""
        percent, speed = _meter(screen, preview)
        power = flow.aim.shown_power
        assert (percent, speed) == _shown(power)
        stroke, raised = flow.aim.stroke()
        assert stroke.speed == cue_speed(power) and raised
        prediction = screen.predictor(stroke)
        assert prediction.jumps == flow.aim.prediction.jumps
        warned = hud.message.getText()
        rings = not screen.aids.landings.node.isHidden()
        assert bool(warned) == prediction.jumps == (rings or prediction.leaves_table), (
            percent, warned)
        return prediction.jumps

    assert agree(preview=True), "at the preview's 35 % this stroke jumps the rail's cloth"
    shots = os.environ.get("BREAKSHOT_SHOTS")
    if shots:
        base.win.setActive(True)
        save_screenshot(base, os.path.join(shots, "one-power-preview.png"))
        base.win.setActive(False)
    seen = set()
    robot.inp.hold("space")
    for _ in range(int(POWER_RISE_S * FPS) // 3):
        seen.add(agree(preview=False))
        robot.inp.step(3)
    assert seen == {False, True}, "soft strokes stay on the cloth, harder ones jump"
    robot.inp.key("escape")
