"""Camera placements: orbit round a point, fit points in view, straight down."""
import math

import pytest
from panda3d.core import Point2, Point3

from game.view.camera import OrbitCamera, TopDownCamera

BOUNDS = ((-0.16, -0.16), (2.70, 1.43))
CORNERS = [(x, y, z) for x in (-0.16, 2.70) for y in (-0.16, 1.43) for z in (0.0, 0.04)]


def _screen(base, point):
    p2 = Point2()
    inside = base.camLens.project(base.cam.getRelativePoint(base.render, Point3(*point)), p2)
    return inside, (p2.x, p2.y)


def test_orbit_keeps_its_angles_round_a_moving_target(base):
    camera = OrbitCamera(base, (1.0, 0.5, 0.0), distance=2.0, heading=math.pi,
                         pitch=math.radians(30))
    before = base.camera.getPos(base.render)
    assert tuple(before) == pytest.approx((1.0 - 2.0 * math.cos(math.radians(30)), 0.5,
                                           2.0 * math.sin(math.radians(30))), abs=1e-5)
    camera.set_target((1.5, 0.7, 0.0))
    after = base.camera.getPos(base.render)
    assert tuple(after - before) == pytest.approx((0.5, 0.2, 0.0), abs=1e-5)
    assert _screen(base, (1.5, 0.7, 0.0))[1] == pytest.approx((0.0, 0.0), abs=1e-5)
    camera.orbit(0.0, math.radians(80))
    assert camera.pitch == OrbitCamera.MAX_PITCH


def test_fit_brings_every_point_just_inside_the_view(base):
    camera = OrbitCamera(base, (1.27, 0.635, 0.0), heading=-2.0, pitch=math.radians(40))
    camera.fit(CORNERS, margin=0.05)
    screens = [_screen(base, p) for p in CORNERS]
    assert all(inside for inside, _ in screens)
    extent = max(max(abs(x), abs(y)) for _, (x, y) in screens)
    assert 0.94 < extent <= 0.95 + 1e-6


def test_top_down_looks_straight_down_with_the_head_end_on_the_left(base):
    TopDownCamera(base, BOUNDS, height=0.04)
    forward = base.render.getRelativeVector(base.camera, (0, 1, 0))
    assert tuple(forward) == pytest.approx((0.0, 0.0, -1.0), abs=1e-6)
    (inside_head, (x_head, _)), (inside_foot, (x_foot, _)) = (
        _screen(base, (0.0, 0.6, 0.0)), _screen(base, (2.54, 0.6, 0.0)))
    assert inside_head and inside_foot and x_head < 0 < x_foot
    assert all(_screen(base, p)[0] for p in CORNERS)
