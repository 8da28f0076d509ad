"""The computer opponent in the window: it decides on a worker thread while the window
goes on (the HUD says it is thinking), then plays through the flow's own paths; a human
(the robot's input) against it, and the computer against itself, to a winner."""
import threading
import time

import pytest

from game.ai import Opponent
from game.race import Race
from game.rules import Player
from game.session import ChooseGroup, ChooseOption, Concede, GameSession, PlaceCueBall, Shoot
from game.view.match.flow import COMPUTER_AIM_S
from robot import FPS

MAX_SHOTS = 80          # then the human concedes: a last resort, counted as a failure below
WALL_S = 240            # real seconds a game may take (the computer thinks in real time)
FRAME_S = 0.004         # real time per frame stepped while it thinks, as a window would take
LEVEL = "beginner"      # the fastest


class Watched(Opponent):
    """An Opponent that notes the threads it decides on."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.threads = set()

    def decide(self, state):
        self.threads.add(threading.current_thread().name)
        return super().decide(state)


@pytest.fixture
def match(play_screen):
    """make(mode, seed, computers) -> (screen, robot); computers: players the computer plays."""
    def make(mode, seed, computers, race_to=None):
        session = GameSession(mode, ("Ann", "Hal"), seed=seed)
        opponents = {p: Watched(LEVEL, seed + int(p), session.params) for p in computers}
        return play_screen(session, race_to and Race(session, race_to), opponents)
    return make


def _play_out(screen, robot):
    """Play to game over: the robot for humans, frames for the computer. Returns what
    was seen: frames stepped while the computer thought, and the HUD's thinking lines."""
    session = screen.session
    seen = {"thinking_frames": 0, "lines": set(), "shown_frames": 0, "computer_shots": []}

    def listener(_session, command, record):
        # The computer's stroke is the one its cue was shown aiming, for a while.
        if isinstance(command, Shoot) and screen.flow.state == "Computer":
            setup = screen.flow.aim.setup
            seen["computer_shots"].append(
                (abs(setup.azimuth - command.stroke.azimuth % (2 * 3.141592653589793)) < 1e-9
                 and (setup.side, setup.height) == (command.stroke.side, command.stroke.height),
                 seen["shown_frames"]))
            seen["shown_frames"] = 0
    session.listeners.append(listener)
    deadline = time.monotonic() + WALL_S
    while time.monotonic() < deadline:
        if session.state.game_over and screen.flow.state == "GameOver":
            break
        shots = sum(isinstance(c, Shoot) for c in session.commands)
        state = screen.flow.state
        if state == "Computer":
            if screen.flow._thinking is not None:
                seen["thinking_frames"] += 1
                seen["lines"].add(screen.hud.thinking.getText())
                time.sleep(FRAME_S)
            else:
                seen["shown_frames"] += 1
            robot.inp.step()
        elif (shots >= MAX_SHOTS and state in ("Aiming", "Placing")
              and not session.state.game_over):
            robot.inp.key("q")
            robot.inp.key("y")
        else:
            robot.play_turn()
    return seen


def test_human_against_the_computer(match):
    screen, robot = match("nine_ball", 4, {Player.B})
    seen = _play_out(screen, robot)
    session = screen.session
    assert session.state.game_over, f"stuck in {screen.flow.state}"
    computer = screen.computers[Player.B]
    assert computer.threads and "MainThread" not in computer.threads, "decided off the render thread"
    assert seen["thinking_frames"] > 0, "frames went on while the computer thought"
    assert any(line.startswith("Hal is thinking") for line in seen["lines"])
    assert screen.hud.thinking.getText() == ""
    assert seen["computer_shots"], "the computer played"
    for aimed, frames in seen["computer_shots"]:
        assert aimed, "the cue was shown along the stroke's azimuth with its tip offset"
        assert frames >= COMPUTER_AIM_S * FPS - 1, "a visible pause before the shot"
    print(f"\nhuman vs computer: {sum(isinstance(c, Shoot) for c in session.commands)} shots,"
          f" {session.state.end_reason}, winner {session.names[int(session.state.winner)]}")
    assert not any(isinstance(c, Concede) for c in session.commands), "played to a real end"


def test_computer_against_computer_to_a_winner(match):
    screen, robot = match("eight_ball", 7, {Player.A, Player.B})
    _play_out(screen, robot)
    session = screen.session
    assert session.state.game_over and session.state.winner is not None
    assert screen.flow.state == "GameOver"
    kinds = {type(c) for c in session.commands}
    assert Shoot in kinds
    assert kinds <= {Shoot, PlaceCueBall, ChooseGroup, ChooseOption}, "no concession"
    print(f"\ncomputer vs computer: {sum(isinstance(c, Shoot) for c in session.commands)} "
          f"shots, {session.state.end_reason}")


def test_leaving_while_the_computer_thinks_is_clean(match, base):
    screen, robot = match("nine_ball", 2, {Player.A, Player.B})
    assert screen.flow.state == "Computer" and screen.flow._thinking is not None
    robot.inp.key("escape")
    assert screen.flow.state == "Confirm" and screen.hud.thinking.getText() == ""
    robot.inp.key("n")
    assert screen.flow.state == "Computer"
    screen.destroy()                         # the window closes mid-thought
    robot.inp.step(3)
    assert not base.taskMgr.getTasksNamed("breakshot-play")


def test_a_race_to_two_frames_ends_with_the_score_and_a_summary(match):
    screen, robot = match("nine_ball", 11, {Player.A, Player.B}, race_to=2)
    race = screen.race
    assert "race to 2  -  frame 1" in screen.hud.title.getText()
    for frame in range(1, 4):
        _play_out(screen, robot)
        assert screen.flow.state == "GameOver"
        if race.over:
            break
        assert f"wins frame {frame}" in screen.flow._dialog.title.getText()
        robot.inp.key("n")                              # next frame
        assert race.frame_number == frame + 1
        assert f"frame {frame + 1}" in screen.hud.title.getText()
    assert race.over and max(race.score) == 2 and sum(race.score) == race.frame_number
    summary = race.summary()
    assert summary.winner == race.winner and summary.score == race.score
    assert [p.frames_won for p in summary.players] == list(race.score)
    dialog = screen.flow._dialog
    assert len(dialog.buttons) == 1, "a won match offers the menu only"
    assert dialog.title.getText().startswith(f"{screen.session.names[race.winner]} wins the match")
    lines = dialog.text.getText().splitlines()
    assert [line.split(":")[0] for line in lines] == list(screen.session.names)
    for line, figures in zip(lines, summary.players):
        assert f"{figures.frames_won} frame" in line
        assert f"{figures.balls_potted} ball" in line and "potted" in line
