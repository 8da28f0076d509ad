"""A question about the table (9-ball's play or pass after a push out, 8-ball's group)
leaves the table in sight: its panel is docked in the HUD's bottom strip, not over the
table; V and the zoom keys change the view while it is open; once answered, the HUD's
ruling line says the answer, not the question. Played through the robot's keys on the
offscreen window; rectangles are window pixels (x0, y0, x1, y1)."""
import dataclasses
import math
import time

import pytest

from game.rules import CUE, Player
from game.rules.layout import Layout
from game.rules.nine_ball import OptionChoice
from game.session import GameSession, PlaceCueBall
from game.view.ui.dialogs import DOCK_H
from game.view.ui.layout import BOTTOM_STRIP
from test_layout import node_rect, project_rect
from robot import FPS

WALL_S = 120                    # real seconds the computer may take over its choice
# A push out from the cue ball's break spot into the bottom cushion: the balls are far up
# the table, so the cue ball touches none (a push out needs no contact, R9-13).
OPEN = {CUE: (0.3175, 0.635), 1: (1.9, 0.4), 8: (1.2, 0.3), 9: (1.0, 0.5)}


def _push_out_position() -> GameSession:
    """9-ball, Ann at the table on the shot after the break, a push out allowed."""
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=3, breaker=Player.A)
    session.apply(PlaceCueBall(OPEN[CUE]))
    session.state = dataclasses.replace(session.state, is_break=False, layout=Layout(OPEN),
                                        push_out_available=True)
    return session


def _settle(screen, robot) -> None:
    for _ in range(6 * FPS):
        if screen.rig.settled:
            return
        robot.inp.step()
    raise AssertionError("the camera did not settle")


def _push_out(screen, robot) -> None:
    """Ann declares a push out and plays it softly; the playback skipped, Bob is asked."""
    robot.inp.key("p")
    robot.aim(-math.pi / 2)
    robot.power(0.2)
    robot.inp.key("enter")
    for _ in range(FPS):
        if screen.flow.state == "Choosing":
            return
        robot.inp.step()
    raise AssertionError(f"no choice asked: {screen.flow.state}")


def _table_rect(base, screen):
    """The cloth and its pockets as projected now."""
    table = screen.session.table
    points = [(x, y, 0.0) for x in (0.0, table.length) for y in (0.0, table.width)]
    points += [(x + dx, y + dy, 0.0) for x, y, r in table.geometry().pockets
               for dx in (-r, r) for dy in (-r, r)]
    return project_rect(base, points)


def _covered(rect, by) -> float:
    """The fraction of `rect`'s area that `by` covers."""
    w = max(0.0, min(rect[2], by[2]) - max(rect[0], by[0]))
    h = max(0.0, min(rect[3], by[3]) - max(rect[1], by[1]))
    return w * h / ((rect[2] - rect[0]) * (rect[3] - rect[1]))


def test_the_push_out_question_leaves_the_table_in_sight_and_v_changes_the_view(
        base, play_screen):
    screen, robot = play_screen(_push_out_position())
    _push_out(screen, robot)
    dialog = screen.flow._dialog
    assert dialog.docked and "pushed out" in dialog.text.getText()
    _settle(screen, robot)
    panel = node_rect(base, dialog.frame)
    h = base.win.getYSize()
    # In the bottom strip; the table seen from above, in the part the HUD leaves free.
    assert panel[1] >= h * (1 - BOTTOM_STRIP / 2) - 1 and panel[3] <= h
    assert DOCK_H <= BOTTOM_STRIP
    assert screen.rig.goal == screen.top_pose()
    above = _table_rect(base, screen)
    assert _covered(above, panel) == 0.0, (above, panel)
    assert screen.hud.ruling.isHidden(), "the question says it: no ruling line under it"

    camera = screen.base.cam.getPos(screen.base.render)
    robot.inp.key("v")              # from beside the table: its near cushion at most
    assert screen.top_view and screen.flow.state == "Choosing"
    assert screen.rig.goal == screen.overview_pose()
    _settle(screen, robot)
    assert (screen.base.cam.getPos(screen.base.render) - camera).length() > 0.5
    beside = _table_rect(base, screen)
    assert _covered(beside, panel) < 0.15, (beside, panel)
    distance = screen.rig.goal.distance
    robot.inp.key("-")                      # zoom out, the question still open
    assert screen.rig.goal.distance > distance and screen.flow.state == "Choosing"
    robot.inp.key("v")
    assert not screen.top_view and screen.rig.goal == screen.top_pose()
    assert "V: view" in dialog.note.getText()


@pytest.mark.parametrize("key, said", [("p", "Bob plays on from here."),
                                       ("x", "Bob passes: Ann plays again from here.")])
def test_the_answer_replaces_the_question_in_the_ruling(play_screen, key, said):
    screen, robot = play_screen(_push_out_position())
    _push_out(screen, robot)
    session = screen.session
    assert session.option_pending is Player.B
    question = screen.hud.ruling.getText()
    assert question == "Push out. Bob to play or pass."
    robot.inp.key(key)
    assert screen.flow.state in ("Aiming", "Placing") and session.option_pending is None
    ruling = screen.hud.ruling
    assert not ruling.isHidden()
    assert ruling.getText() == "Push out. " + said
    assert "play or pass" not in ruling.getText()
    robot.inp.key("l")
    log = " ".join(screen.panels.panels["log"].text.split())     # as one line, unwrapped
    robot.inp.key("l")
    assert log == "1. Ann: Push out. " + said


def test_the_group_question_is_docked_and_v_works_under_it(base, play_screen):
    session = GameSession("eight_ball", ("Ann", "Bob"), seed=1)
    session.apply(PlaceCueBall(session.table.d_centre))
    session.state = dataclasses.replace(session.state, group_choice_pending=True,
                                        is_break=False)
    screen, robot = play_screen(session)
    assert screen.flow.state == "Choosing" and screen.flow._dialog.docked
    _settle(screen, robot)
    panel = node_rect(base, screen.flow._dialog.frame)
    assert _covered(_table_rect(base, screen), panel) == 0.0
    robot.inp.key("v")
    assert screen.rig.goal == screen.overview_pose()
    robot.inp.key("y")
    assert screen.flow.state == "Aiming" and not screen.hud.ruling.isHidden()


def test_the_computers_answer_replaces_the_question_too(play_screen):
    """Bob, played by the computer, answers Ann's push out: the ruling line follows."""
    from game.ai import Opponent
    session = _push_out_position()
    screen, robot = play_screen(session,
                                computers={Player.B: Opponent("beginner", 5, session.params)})
    robot.inp.key("p")
    robot.aim(-math.pi / 2)
    robot.power(0.2)
    robot.inp.key("enter")
    deadline = time.monotonic() + WALL_S
    while session.option_pending is not None or not session.shots:
        assert time.monotonic() < deadline, f"stuck in {screen.flow.state}"
        if screen.flow._thinking is not None:
            time.sleep(0.004)           # it thinks in real time, on its own thread
        robot.inp.step()
    choice = session.commands[-1]
    said = ("Bob plays on from here." if choice.choice is OptionChoice.PLAY
            else "Bob passes: Ann plays again from here.")
    assert screen.hud.ruling.getText() == "Push out. " + said
