"""The camera during a shot, on the game screen with the robot's keys: through a 9-ball
break, in the view behind the cue ball and in the top view (the views a player picks with
V), every ball that moves is inside the picture at every frame, from the strike until the
balls stop."""
import pytest
from panda3d.core import Point2, Point3

from game.session import GameSession, PlaceCueBall
from game.tables import modes


def _film(base, point):
    """(inside, (x, y)): a table-frame point on the film (-1..1 both ways)."""
    p2 = Point2()
    inside = base.camLens.project(base.cam.getRelativePoint(base.render, Point3(*point)), p2)
    return inside, (p2.x, p2.y)


@pytest.mark.parametrize("top", [False, True], ids=["behind the cue ball", "top view"])
def test_every_moving_ball_stays_in_the_picture_through_a_break(play_screen, base, top):
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=12)
    session.apply(PlaceCueBall(modes.mode("nine_ball").cue_ball_spot))
    screen, robot = play_screen(session)
    flow = screen.flow
    if top:
        robot.inp.key("v")
    robot.shoot()
    assert flow.state == "Playing"
    frames = checked = 0
    worst = 0.0
    moved = set()
    while flow.state == "Playing":
        robot.inp.step()
        frames += 1
        if flow.playback is None or flow.strike_left > 0.0:
            continue
        frame = flow.playback.frame(flow.playback.clock.time)
        for k in range(len(frame.positions)):
            if frame.moving[k] and frame.visible[k]:
                inside, (x, y) = _film(base, frame.positions[k])
                assert inside, f"ball row {k} out of the picture at {frame.time:.2f} s"
                worst = max(worst, abs(x), abs(y))
                moved.add(k)
                checked += 1
    print(f"\n{frames} frames, {checked} ball positions checked, {len(moved)} balls moved; "
          f"farthest from the middle: {worst:.2f} of the film's half size")
    assert len(moved) >= 8 and frames > 60
