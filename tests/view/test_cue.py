"""The cue is drawn where the stroke says: pose math, then an offscreen render."""
import math

import numpy as np
import pytest
from panda3d.core import Point3

from game.view.world.camera import OrbitCamera
from game.view.world.cue import cue_pose
from physics_ext import constants as C
from physics_ext.stroke import Stroke
from view_helpers import probe, render, rgb_at, world_to_pixel

R, M = C.POOL_BALL_RADIUS, C.POOL_BALL_MASS
CENTRE = np.array([1.0, 0.6, R])
MAGENTA = (1.0, 0.0, 1.0)


def test_level_centre_stroke_puts_the_tip_behind_the_ball_on_the_aim_line():
    dome, axis = cue_pose(CENTRE, R, M, Stroke(0.0, 0.0, 0.0, 0.0, 2.0), gap=0.03)
    assert axis == pytest.approx((1.0, 0.0, 0.0))
    assert dome == pytest.approx(CENTRE - (R + C.CUE_TIP_RADIUS + 0.03) * np.array([1, 0, 0]))


def test_offsets_move_the_tip_right_and_up_as_the_player_sees_it():
    az = math.radians(90.0)         # shooting towards +y: the player's right is +x
    dome, axis = cue_pose(CENTRE, R, M, Stroke(az, 0.0, 0.3, 0.2, 2.0))
    normal = (dome - CENTRE) / (R + C.CUE_TIP_RADIUS)
    assert normal == pytest.approx((0.3, -math.sqrt(1 - 0.3 ** 2 - 0.2 ** 2), 0.2))
    assert axis == pytest.approx((0.0, 1.0, 0.0), abs=1e-12)


def test_elevated_cue_points_down_into_the_ball():
    el = math.radians(30.0)
    dome, axis = cue_pose(CENTRE, R, M, Stroke(0.0, el, 0.0, 0.0, 2.0))
    assert axis == pytest.approx((math.cos(el), 0.0, -math.sin(el)))
    assert dome[2] > CENTRE[2]


def test_cue_is_drawn_along_the_stroke_behind_the_cue_ball(base, make_scene):
    x, y = 1.27, 0.635
    scene = make_scene("nine_ball", {0: (x, y)})
    stroke = Stroke(0.6, math.radians(5.0), 0.0, 0.0, 2.0)
    scene.show_cue(stroke, gap=0.02)
    cue = scene.cue.root
    probe(cue, MAGENTA)         # the model's shaft is textured: probe turns that off too
    dome, axis = cue_pose((x, y, R), R, M, stroke, gap=0.02)
    side = np.array([-axis[1], axis[0], 0.0]) / math.hypot(axis[0], axis[1])
    # From straight above the stretch of cue under test, close enough that the shaft
    # is several pixels wide on every renderer.
    middle = dome - 0.4 * axis
    OrbitCamera(base, tuple(middle), distance=1.3, heading=math.pi, pitch=math.radians(89.0))
    image = render(base)

    def colour(point):
        return rgb_at(image, world_to_pixel(base, Point3(*point)))
    for back in (0.15, 0.4, 0.65):
        assert colour(dome - back * axis) == pytest.approx(MAGENTA, abs=0.02), f"{back} m back"
    for point in (dome + 0.2 * axis, middle + 0.05 * side, middle - 0.05 * side):
        assert colour(point) != pytest.approx(MAGENTA, abs=0.1)
    scene.hide_cue()
    assert rgb_at(render(base), world_to_pixel(base, Point3(*middle))) \
        != pytest.approx(MAGENTA, abs=0.1)
