"""The camera during a shot, on the game screen with the robot's keys: through a 9-ball
break, in the view behind the cue ball and in the top view (the views a player picks with
V), every ball that moves is inside the picture at every frame, from the strike until the
balls stop; the same on the practice table (the drills and the guide play on its
screen)."""
import pytest
from panda3d.core import Point2, Point3

from game.session import GameSession, PlaceCueBall
from game.tables import modes


def _film(base, point):
    """(inside, (x, y)): a table-frame point on the film (-1..1 both ways)."""
    p2 = Point2()
    inside = base.camLens.project(base.cam.getRelativePoint(base.render, Point3(*point)), p2)
    return inside, (p2.x, p2.y)


def _moving_in_view(base, playback) -> int:
    """Assert every moving, shown ball of the playback's frame now is on the film;
    how many there are."""
    frame = playback.frame(playback.clock.time)
    count = 0
    for k in range(len(frame.positions)):
        if frame.moving[k] and frame.visible[k]:
            inside, _ = _film(base, frame.positions[k])
            assert inside, f"ball row {k} out of the picture at {frame.time:.2f} s"
            count += 1
    return count


def test_every_moving_ball_stays_in_the_picture_on_the_practice_table(base, tmp_path):
    from game.settings import Aids
    from game.view.practice.screen import PracticeScreen
    from robot import FPS, Input
    inputs = Input(base)
    screen = PracticeScreen(base, "nine_ball", Aids(), lambda: None, save_dir=tmp_path,
                            use_shaders=False, shadow_size=256)
    base.win.setActive(False)
    try:
        inputs.hold("space")
        inputs.step(FPS)                  # a full swing: the break at full power
        inputs.release("space")
        assert screen.state == "Playing"
        checked = 0
        while screen.state == "Playing":
            inputs.step()
            checked += _moving_in_view(base, screen.playback)
        assert checked > 500
    finally:
        screen.destroy()
        inputs.close()
        base.win.setActive(True)


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
    while flow.state == "Playing":
        robot.inp.step()
        frames += 1
        if flow.playback is not None and flow.strike_left == 0.0:
            checked += _moving_in_view(base, flow.playback)
    assert frames > 60 and checked > 1000
