"""The HUD tells a shot's outcome when its playback ends (or is skipped), never at the
strike; the last ruling (naming the balls potted) and any passing message end at the next
stroke; the balls left on the table show in the players' panels; no dialog sits over an
old foul. Real matches played through the robot's keys and mouse, for a person and for
the computer; what is checked is the text the HUD's lines draw and the ball icons its
panels show."""
import dataclasses
import math
import time

import pytest

from game.ai import Opponent
from game.race import Race
from game.rules import CUE, Player
from game.rules.layout import Layout
from game.session import GameSession, PlaceCueBall
from game.session.describe import describe_shot
from game.view.match import hud_text
from game.view.match.power import power_for
from robot import FPS

MIN_PLAYBACK_FRAMES = 10        # a shot watched for fewer frames than this proves nothing
WALL_S = 120                    # real seconds the computer may take over its turn


@pytest.fixture
def play(play_screen):
    """make(session, race=None, computers={}) -> (screen, robot)."""
    return play_screen


def _position(layout, mode="nine_ball", race_to=None, **fields):
    """(session, race or None): a session of `mode` past the break with the cue ball and
    object balls at `layout` ({ball: (x, y)} m) and the state's other `fields`; no push
    out. race_to: played as a race to that many frames."""
    session = GameSession(mode, ("Ann", "Bob"), seed=3)
    race = race_to and Race(session, race_to)
    session.apply(PlaceCueBall(session.table.d_centre if mode == "eight_ball"
                               else (0.3175, 0.635)))       # in the zone of the break
    if mode == "nine_ball":
        fields["push_out_available"] = False
    session.state = dataclasses.replace(session.state, is_break=False, layout=Layout(layout),
                                        **fields)
    return session, race


def _lined_up(mode) -> tuple:
    """(cue ball, object ball) spots on `mode`'s table, lined up with its far top corner
    pocket: a straight pot."""
    px, py, _ = max(GameSession(mode).table.geometry().pockets, key=lambda p: p[0] + p[1])
    ball = (px - 0.3, py - 0.3)
    return (ball[0] - 0.32, ball[1] - 0.32), ball


FAR = {8: (1.2, 0.3), 9: (1.0, 0.5)}
OPEN = {CUE: (0.3175, 0.635), 1: (1.9, 0.4), **FAR}   # a soft stroke to the right hits nothing


def _shown(screen) -> dict:
    """Every HUD line that tells the state of play, as drawn: its text, None if hidden."""
    hud = screen.hud
    lines = {"title": hud.title, "turn": hud.turn, "ruling": hud.ruling, "message": hud.message}
    for k, box in enumerate(hud.players):
        lines[f"name {k}"], lines[f"detail {k}"] = box.name, box.detail
    shown = {key: None if line.isHidden() else line.getText() for key, line in lines.items()}
    for k, box in enumerate(hud.players):
        shown[f"balls {k}"] = box.balls.shown
    return shown


def _told(screen) -> dict:
    """The lines the HUD should draw for the session's state now: the last ruling told,
    no passing message."""
    session = screen.session
    record = session.shots[-1]
    told = {"title": hud_text.title(session), "turn": hud_text.turn(session),
            "ruling": describe_shot(record, session.state, session.names),
            "message": ""}
    for k, panel in enumerate(hud_text.panels(session)):
        told[f"name {k}"] = (">> " if panel.at_table else "") + panel.name
        told[f"detail {k}"] = panel.detail
        told[f"balls {k}"] = tuple((b, b in panel.marked) for b in panel.balls)
    return told


def _log(robot) -> str:
    """The shot log's text, opened and closed with its key."""
    robot.inp.key("l")
    text = robot.screen.panels.panels["log"].text
    robot.inp.key("l")
    return text


def _watch(robot, before, frames=None) -> int:
    """Step through the playback (at most `frames` frames) checking every frame that the
    HUD still draws `before`; returns the frames watched."""
    watched = 0
    while robot.screen.flow.state == "Playing" and (frames is None or watched < frames):
        assert _shown(robot.screen) == before, f"frame {watched} of the playback"
        robot.inp.step()
        watched += 1
    return watched


def _soft_foul(robot) -> None:
    """Put a cue ball in hand down where the ghost starts, then a soft stroke into the
    right cushion, hitting no ball."""
    if robot.screen.flow.state == "Placing":
        robot.inp.key("enter")
    robot.aim(-math.pi / 2)
    robot.power(0.2)


def test_a_foul_is_told_when_the_balls_stop_and_its_ruling_ends_at_the_next_stroke(play):
    screen, robot = play(*_position(OPEN))
    session = screen.session
    fouler = session.shooter
    robot.aim(-math.pi / 2)
    before = _shown(screen)
    assert before[f"name {int(fouler)}"].startswith(">> ") and before["ruling"] == ""
    robot.power(0.2)
    assert screen.flow.state == "Playing" and session.shots, "the stroke was played"
    assert session.shooter is fouler.other, "the session has ruled already"
    watched = _watch(robot, before, frames=FPS // 2)
    assert _log(robot) == "No shots yet in this frame.", "the log waits for the playback"
    watched += _watch(robot, before)
    assert watched >= MIN_PLAYBACK_FRAMES
    after = _shown(screen)
    assert after == _told(screen)
    assert after["ruling"].startswith("Foul: no ball hit.")
    assert after[f"name {int(fouler.other)}"].startswith(">> ")
    assert not after[f"name {int(fouler)}"].startswith(">> ")
    assert after[f"detail {int(fouler)}"] == "fouls in a row: 1"
    assert "Place the cue ball" in after["turn"] and "Place" not in before["turn"]
    assert _log(robot).startswith(f"1. {session.names[int(fouler)]}: Foul: no ball hit.")

    # The other player puts the cue ball down: the ruling stays until his stroke.
    robot.inp.key("enter")
    assert screen.flow.state == "Aiming" and _shown(screen)["ruling"] == after["ruling"]
    robot.aim(-math.pi / 2)
    before = _shown(screen)
    robot.power(0.2)
    assert screen.flow.state == "Playing"
    during = dict(before, ruling="")
    assert _watch(robot, during) >= MIN_PLAYBACK_FRAMES
    assert _shown(screen) == _told(screen)
    assert _shown(screen)[f"detail {int(fouler.other)}"] == "fouls in a row: 1"


@pytest.mark.parametrize("mode", ["nine_ball", "eight_ball"])
def test_a_pot_is_told_at_once_when_the_playback_is_skipped(play, mode):
    cue, ball = _lined_up(mode)
    if mode == "nine_ball":
        screen, robot = play(*_position({CUE: cue, 1: ball, **FAR}))
    else:           # Ann on the reds, two left
        screen, robot = play(*_position({CUE: cue, 1: ball, 2: (0.5, 0.2), 9: (0.7, 0.2),
                                         8: (0.3, 0.7)}, mode, red_player=Player.A))
    session = screen.session
    assert session.shooter is Player.A, "Ann (on the reds in 8-ball) is at the table"
    azimuth, speed = robot.pot_plan(cue)
    robot.aim(azimuth)
    robot.inp.key("p")              # refused: a passing message says why ...
    before = _shown(screen)
    assert "push out" in before["message"]
    robot.power(power_for(speed))
    assert screen.flow.state == "Playing"
    assert 1 in session.shots[-1].facts.pocketed_balls, "the 1 goes down"
    during = dict(before, message="")       # ... and goes at the stroke
    assert _watch(robot, during, frames=5) == 5
    robot.inp.key("space")
    robot.inp.step()
    assert screen.flow.state == "Aiming"
    after = _shown(screen)
    assert after == _told(screen)
    if mode == "nine_ball":
        assert (before["turn"], after["turn"]) == ("Ann to play the 1.", "Ann to play the 8.")
        assert after["ruling"] == "Potted the 1. Ann plays on."
        # The rack in Ann's panel (she is at the table), lowest first and ringed.
        assert (before["balls 0"], after["balls 0"]) == (
            ((1, True), (8, False), (9, False)), ((8, True), (9, False)))
        assert before["balls 1"] == after["balls 1"] == ()
    else:
        assert (before["detail 0"], after["detail 0"]) == ("red: 2 left", "red: 1 left")
        assert after["ruling"] == "Potted one red. Ann (red) plays on."
        # Each player's group: Ann's reds, Bob's yellow.
        assert (before["balls 0"], after["balls 0"]) == (((1, False), (2, False)),
                                                         ((2, False),))
        assert before["balls 1"] == after["balls 1"] == ((9, False),)
    potted = "the 1" if mode == "nine_ball" else "one red"
    assert _log(robot) == f"1. Ann: Potted {potted}. Plays on.", "Ann is not named twice"


def test_a_frame_won_is_told_when_the_balls_stop_and_the_dialog_has_no_old_ruling(play):
    cue, ball = _lined_up("nine_ball")
    screen, robot = play(*_position({CUE: cue, 9: ball}, race_to=2))
    session = screen.session
    assert session.shooter is Player.A
    azimuth, speed = robot.pot_plan(cue)
    robot.aim(azimuth)
    before = _shown(screen)
    robot.power(power_for(speed))
    assert session.state.game_over and session.games_won == [1, 0]
    assert _watch(robot, before) >= MIN_PLAYBACK_FRAMES
    after = _shown(screen)
    assert before["title"].endswith("Ann 0 : 0 Bob") and after["title"].endswith("Ann 1 : 0 Bob")
    assert after["turn"] == "Game over: Ann pots the 9 and wins."
    assert screen.flow.state == "GameOver" and "wins frame 1" in screen.flow._dialog.title.getText()
    assert after["ruling"] == "", "the dialog says how the frame was won"


def test_a_concession_after_a_foul_shows_no_old_foul_under_the_dialog(play):
    screen, robot = play(*_position(OPEN))
    session = screen.session
    _soft_foul(robot)
    _watch(robot, _shown(screen))
    assert _shown(screen)["ruling"].startswith("Foul:")
    assert screen.flow.state == "Placing"
    foul = _shown(screen)["ruling"]
    robot.inp.key("q")
    assert screen.flow.state == "Confirm"
    assert _shown(screen)["ruling"] is None, "hidden while the question is asked"
    robot.inp.key("n")
    assert screen.flow.state == "Placing" and _shown(screen)["ruling"] == foul, "not given up"
    robot.inp.key("q")
    robot.inp.key("y")
    assert session.state.game_over and screen.flow.state == "GameOver"
    shown = _shown(screen)
    assert shown["ruling"] == "" and shown["message"] == ""
    assert "conceded" in screen.flow._dialog.text.getText().lower()
    assert shown["turn"].startswith("Game over: game conceded")


def test_the_computers_shot_is_told_when_its_playback_ends(play):
    session, _ = _position(OPEN)
    human = session.shooter
    computer = human.other
    screen, robot = play(session, computers={computer: Opponent("beginner", 5, session.params)})
    _soft_foul(robot)
    _watch(robot, _shown(screen))
    foul = _shown(screen)["ruling"]
    assert foul.startswith("Foul:") and screen.flow.state == "Computer"
    deadline = time.monotonic() + WALL_S
    before = None
    while screen.flow.state != "Playing":
        assert time.monotonic() < deadline, f"the computer is stuck in {screen.flow.state}"
        assert screen.flow.state == "Computer"
        before = _shown(screen)
        assert before["ruling"] == foul, "the last ruling stays until the computer's stroke"
        if screen.flow._thinking is not None:
            time.sleep(0.004)           # it thinks in real time, on its own thread
        robot.inp.step()
    shots = len(session.shots)
    assert session.shots[-1].ruling.shooter is computer
    during = dict(before, ruling="")
    assert _watch(robot, during) >= MIN_PLAYBACK_FRAMES
    assert len(session.shots) == shots
    assert _shown(screen) == _told(screen)
    assert _log(robot).splitlines()[-1].startswith(f"2. {session.names[int(computer)]}: ")
