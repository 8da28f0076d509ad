"""The instant replay in a match, driven by keys and the mouse on the offscreen ShowBase:
offered only once the frame has a shot, it shows that shot from its strike (layout,
orientations, the cue), pauses, steps from event to event, changes speed within its
range, turns and zooms the camera, starts again, and on leaving puts the balls, the
camera and the aim back exactly, with nothing changed in the session.
"""
import dataclasses
import math
import time

import numpy as np
import pytest

from game.ai import Opponent
from game.rules import CUE, Player
from game.session import GameSession
from game.view.match.instant_replay import SPEEDS
from game.view.world.rig import SETTLED_M
from game.view.world.orbit import KEY_STEP_RAD
from robot import FPS
from test_play import _foul_away_from_the_balls, _open_position
from view_helpers import probe, render, rgb_at, world_to_pixel


@pytest.fixture
def play(play_screen):
    """make(mode, seed) -> (screen, robot); the window inactive (nothing drawn) unless
    a test activates it to read pixels."""
    def make(mode="nine_ball", seed=3, session=None):
        return play_screen(session or GameSession(mode, ("Ann", "Bob"), seed=seed))
    return make


def _settle(robot, states=("Aiming", "Placing", "Choosing", "GameOver")):
    """Step (skipping a shot's playback) until the flow waits for a person, and the
    camera has arrived."""
    for _ in range(20 * FPS):
        if robot.screen.flow.state in states and robot.screen.rig.settled:
            return
        if robot.screen.flow.state == "Playing":
            robot.inp.key("enter")
        robot.inp.step()
    raise AssertionError(f"still in {robot.screen.flow.state}")


def _play(screen, robot, shots=1):
    """Play until the frame has `shots` shots; returns the orientations the balls had
    at the last one's strike (scene order)."""
    while len(screen.session.shots) < shots:
        _settle(robot)
        turned = screen.scene.balls.orientations()
        robot.play_turn()
    _settle(robot)
    return turned


def _positions(screen):
    """{ball id: (x, y, z) node position, or None if hidden}."""
    balls = screen.scene.balls
    return {b: tuple(balls.node(b).getPos(screen.scene.root)) if balls.is_visible(b) else None
            for b in balls.ids}


def _pose(pose):
    return (*pose.target, pose.heading, pose.pitch, pose.distance)


def _status(screen):
    return screen.flow.instant.status.getText()


def test_no_replay_before_the_first_shot_of_a_frame(play):
    screen, robot = play()
    _settle(robot, ("Placing",))
    assert "R: instant replay" not in screen.hud.controls.getText()
    robot.inp.key("r")
    assert screen.flow.state == "Placing"


def test_the_last_shot_again_and_everything_back_as_it_was(play):
    screen, robot = play()
    session = screen.session
    turned = _play(screen, robot, shots=2)  # the second: the balls no longer at rest
    back_to = screen.flow.state
    assert "R: instant replay" in screen.hud.controls.getText()
    record = session.shots[-1]
    state, shots, commands = session.state, len(session.shots), list(session.commands)
    setup = dataclasses.replace(screen.flow.aim.setup)
    stroke = screen.flow.aim.stroke()[0] if back_to == "Aiming" else None
    positions, orientations = _positions(screen), screen.scene.balls.orientations()
    rig_now, rig_goal = screen.rig.now, screen.rig.goal
    camera = tuple(screen.base.camera.getPos(screen.base.render))
    pitch, distance = screen.aim_pitch, screen.aim_zoom

    robot.inp.key("r")
    instant = screen.flow.instant
    assert screen.flow.state == "InstantReplay"
    assert instant.title.getText() == "Instant replay \N{EM DASH} shot 2"
    assert "Space: pause, play" in screen.hud.controls.getText()
    # From the layout and the orientations of the strike, the cue on its way to the ball.
    start = record.state_before.layout
    shown = _positions(screen)
    for ball_id, (x, y) in start.items():
        assert shown[ball_id][:2] == pytest.approx((x, y), abs=1e-6)     # float32 nodes
    rows = screen.scene.balls.rows(record.ball_ids)
    assert np.allclose(screen.scene.balls.orientations()[rows], turned[rows], atol=1e-12)
    assert not np.allclose(turned[rows], turned[rows][0]), "turned by the break"
    assert not screen.scene.cue.root.isHidden()
    robot.inp.step(FPS // 2)
    assert screen.scene.cue.root.isHidden()
    assert math.dist(_positions(screen)[CUE][:2], start[CUE]) > 0.05, "the cue ball is off"

    # Pause: nothing moves.
    robot.inp.key("space")
    assert "paused" in _status(screen)
    still = _positions(screen)
    robot.inp.step(10)
    assert _positions(screen) == still

    # Event steps: the playback's impacts, forwards and back.
    events = instant.playback.event_times
    events = events[events > 1e-6]         # the stops after the strike
    robot.inp.key("home")
    robot.inp.key(".")
    assert instant.clock.time == pytest.approx(events[0])
    robot.inp.key(".")
    assert instant.clock.time == pytest.approx(events[1])
    robot.inp.key(",")
    assert instant.clock.time == pytest.approx(events[0])
    assert f"t = {events[0]:.2f} s" in _status(screen)

    # Speed: [ and ] within 0.25x to 2x, shown.
    for _ in range(len(SPEEDS) + 1):
        robot.inp.key("[")
    assert instant.clock.speed == SPEEDS[0] and "speed 0.25x" in _status(screen)
    for _ in range(len(SPEEDS) + 1):
        robot.inp.key("]")
    assert instant.clock.speed == SPEEDS[-1] and "speed 2x" in _status(screen)
    robot.inp.key("space")                  # play on at 2x: shot time runs twice as fast
    t0 = instant.clock.time
    robot.inp.step(6)
    assert instant.clock.time - t0 == pytest.approx(2 * 6 / FPS)

    # The free camera: arrow keys, a drag, zoom.
    heading = screen.rig.goal.heading
    robot.inp.key("arrow_left")
    assert screen.rig.goal.heading == pytest.approx(heading - KEY_STEP_RAD)
    w, h = screen.base.win.getXSize(), screen.base.win.getYSize()
    heading = screen.rig.goal.heading
    robot.inp.drag((w // 2, h // 2), (w // 2 + w // 4, h // 2))
    assert screen.rig.goal.heading < heading - 0.5, "dragging right swings the camera"
    far = screen.rig.goal.distance
    robot.inp.key("-")
    assert screen.rig.goal.distance > far

    # Home: the strike again (paused there, to look at it).
    robot.inp.key("space")
    robot.inp.key("home")
    assert instant.time < 0 and not screen.scene.cue.root.isHidden()
    assert _positions(screen)[CUE][:2] == pytest.approx(start[CUE], abs=1e-6)

    # F1 lists the replay's keys.
    robot.inp.key("f1")
    help_text = screen.panels.panels["help"].text
    assert "R or Esc: back to the game" in help_text and ", .: previous, next event" in help_text
    robot.inp.key("f1")

    robot.inp.key("escape")
    assert screen.flow.state == back_to
    assert session.state is state and len(session.shots) == shots
    assert session.commands == commands
    assert screen.flow.aim.setup == setup
    if stroke is not None:
        assert screen.flow.aim.stroke()[0] == stroke
    assert _positions(screen) == positions
    assert np.array_equal(screen.scene.balls.orientations(), orientations)
    # The camera had settled (to within rig.SETTLED_M) and settles on from there.
    assert screen.rig.goal == rig_goal
    assert _pose(screen.rig.now) == pytest.approx(_pose(rig_now), abs=SETTLED_M)
    assert tuple(screen.base.camera.getPos(screen.base.render)) == pytest.approx(
        camera, abs=2 * SETTLED_M)
    assert (screen.aim_pitch, screen.aim_zoom) == (pitch, distance)
    assert "R: instant replay" in screen.hud.controls.getText()


def test_the_replay_is_drawn(play, base):
    screen, robot = play()
    _play(screen, robot)
    start = screen.session.shots[-1].state_before.layout[CUE]
    end = screen.session.state.layout.get(CUE)
    probe(screen.scene.balls.node(CUE), (1.0, 0.0, 0.0))
    robot.inp.key("r")
    robot.inp.key("space")                  # paused at the strike
    for _ in range(5 * FPS):
        if screen.rig.settled:
            break
        robot.inp.step()
    base.win.setActive(True)
    at_strike = render(base)
    robot.inp.key(".")                      # the first impact, then on to the end
    while not screen.flow.instant.clock.finished:
        robot.inp.key(".")
    settled = render(base)
    base.win.setActive(False)
    red = (1.0, 0.0, 0.0)
    pixel = world_to_pixel(base, (start[0], start[1], screen.cue_style.radius))
    assert rgb_at(at_strike, pixel) == pytest.approx(red, abs=0.02)
    assert rgb_at(settled, pixel) != pytest.approx(red, abs=0.2)
    if end is not None:                     # the cue ball stayed on the table
        pixel = world_to_pixel(base, (end[0], end[1], screen.cue_style.radius))
        assert rgb_at(settled, pixel) == pytest.approx(red, abs=0.02)
        assert rgb_at(at_strike, pixel) != pytest.approx(red, abs=0.2)


def test_at_game_over_and_not_after_the_rematch(play):
    screen, robot = play()
    session = screen.session
    _play(screen, robot)
    robot.inp.key("q")
    robot.inp.key("y")                      # concede: game over, the break still replays
    _settle(robot, ("GameOver",))
    assert "R: instant replay" in screen.flow.control_lines()
    robot.inp.key("r")
    assert screen.flow.state == "InstantReplay" and screen.flow._dialog is None
    robot.inp.key("r")
    assert screen.flow.state == "GameOver" and screen.flow._dialog is not None
    assert session.state.game_over
    robot.inp.key("enter")                  # rematch: a new frame, nothing to replay yet
    _settle(robot, ("Placing", "Aiming"))
    assert not session.state.game_over
    robot.inp.key("r")
    assert screen.flow.state in ("Placing", "Aiming")
    assert "R: instant replay" not in screen.hud.controls.getText()


def test_at_the_play_or_pass_choice(play):
    # seed 1: the break leaves the cue ball clear of the lowest ball (no double hit)
    screen, robot = play(seed=1)
    session = screen.session
    _play(screen, robot)
    _settle(robot, ("Aiming",))
    robot.inp.key("p")                      # a push out, then the choice it gives
    robot.aim(robot._azimuth_to(session.state.lowest_ball))
    robot.power(0.2)
    _settle(robot, ("Choosing",))
    chooser = session.option_pending
    assert chooser is not None and "R: instant replay" in screen.flow.control_lines()
    robot.inp.key("r")
    assert screen.flow.state == "InstantReplay"
    assert screen.flow.instant.title.getText().endswith("shot 2")
    robot.inp.key("escape")
    assert screen.flow.state == "Choosing" and screen.flow._dialog is not None
    assert session.option_pending is chooser and len(session.shots) == 2


def test_not_while_the_computer_plays(play_screen):
    session = GameSession("nine_ball", ("Hal", "Max"), seed=3)
    computers = {p: Opponent("beginner", 7 + int(p), session.params) for p in Player}
    screen, robot = play_screen(session, computers=computers)
    inputs = robot.inp
    deadline = time.monotonic() + 120
    while not (session.shots and screen.flow.state == "Computer"):
        assert time.monotonic() < deadline, "the computer did not play"
        inputs.step()
        time.sleep(0.002)               # the computer thinks in real time
    assert "R: instant replay" not in screen.hud.controls.getText()
    commands = list(session.commands)
    inputs.key("r")
    assert screen.flow.state == "Computer" and session.commands == commands


def test_closing_the_window_mid_replay_is_clean(play, base):
    screen, robot = play()
    _play(screen, robot)
    robot.inp.key("r")
    robot.inp.step(5)
    assert screen.flow.state == "InstantReplay"
    screen.destroy()
    assert not base.taskMgr.getTasksNamed("breakshot-play")
    assert screen.scene.root.isEmpty()
    assert not screen.session.listeners, "the replay no longer listens to the session"
    for key in ("r", "space", ".", "escape"):
        robot.inp.key(key)                  # nothing is listening any more, nothing breaks


def test_a_cue_ball_in_hand_stays_where_it_was_moved(play):
    screen, robot = play(session=_open_position("nine_ball"))
    _foul_away_from_the_balls(robot)        # the other player has the cue ball in hand
    _settle(robot, ("Placing",))
    first = screen.flow.spot
    for _ in range(6):
        robot.inp.key("arrow_up")
    spot = screen.flow.spot
    assert math.dist(spot, first) > 0.02
    ghost = tuple(screen.placement.ball.getPos(screen.scene.root))
    robot.inp.key("r")
    assert screen.flow.state == "InstantReplay" and screen.placement.root.isHidden()
    assert screen.scene.balls.is_visible(CUE), "the cue ball of the shot is shown"
    robot.inp.step(FPS)
    robot.inp.key("escape")
    assert screen.flow.state == "Placing" and screen.flow.spot == spot
    assert tuple(screen.placement.ball.getPos(screen.scene.root)) == ghost
    assert not screen.scene.balls.is_visible(CUE), "in hand again"
    robot.inp.key("enter")                  # put down where it was moved to
    assert screen.session.state.layout[CUE] == pytest.approx(spot)
