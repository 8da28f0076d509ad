"""The window's controls, driven through the messenger on the offscreen ShowBase."""
import math

import pytest

from game.view.replay.orbit_viewer import Viewer
from game.view.world.orbit import KEY_STEP_RAD, ZOOM_STEP


@pytest.fixture
def viewer(base):
    v = Viewer(base, "eight_ball")
    yield v
    v.destroy()


def test_arrow_keys_orbit_and_keys_zoom(base, viewer):
    heading, pitch, distance = viewer.orbit.heading, viewer.orbit.pitch, viewer.orbit.distance
    base.messenger.send("arrow_right")
    base.messenger.send("arrow_up-repeat")
    assert viewer.orbit.heading == pytest.approx((heading + KEY_STEP_RAD) % (2 * math.pi))
    assert viewer.orbit.pitch == pytest.approx(pitch + KEY_STEP_RAD)
    base.messenger.send("-")
    assert viewer.orbit.distance == pytest.approx(distance * ZOOM_STEP)
    assert tuple(base.camera.getPos(base.render)) == pytest.approx(tuple(viewer.orbit.position()),
                                                                   abs=1e-5)


def test_t_toggles_the_top_down_view(base, viewer):
    base.messenger.send("t")
    assert viewer.top_down
    forward = base.render.getRelativeVector(base.camera, (0, 1, 0))
    assert forward.z == pytest.approx(-1.0)
    base.messenger.send("t")
    assert not viewer.top_down
    assert tuple(base.camera.getPos(base.render)) == pytest.approx(tuple(viewer.orbit.position()),
                                                                   abs=1e-5)


def test_mouse_drag_without_a_mouse_is_harmless(base, viewer):
    assert base.mouseWatcherNode is None or not base.mouseWatcherNode.hasMouse()
    heading = viewer.orbit.heading
    base.messenger.send("mouse1")
    base.taskMgr.step()
    base.messenger.send("mouse1-up")
    assert viewer.orbit.heading == heading
