"""Camera placements: orbit round a point, fit points in view, straight down."""
import math

import pytest
from panda3d.core import Point2, Point3

from game.view.world.camera import OrbitCamera, TopDownCamera

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


def test_an_anchored_orbit_shows_its_target_at_the_anchor_from_every_side(base):
    camera = OrbitCamera(base, (1.0, 0.5, 0.0), distance=2.5, pitch=math.radians(40),
                         anchor=(-0.4, 0.25))
    for heading in (0.0, 1.0, math.pi, 4.0):
        camera.orbit(heading - camera.heading, 0.0)
        inside, film = _screen(base, (1.0, 0.5, 0.0))
        assert inside and film == pytest.approx((-0.4, 0.25), abs=1e-5)
        assert tuple(base.camera.getPos(base.render)) == pytest.approx(tuple(camera.position()),
                                                                       abs=1e-5)


def test_fit_into_a_region_keeps_every_point_inside_it(base):
    region = (-1.0, -0.5, 0.2, 0.8)
    camera = OrbitCamera(base, (1.27, 0.635, 0.0), heading=-2.0, pitch=math.radians(40))
    camera.fit(CORNERS, margin=0.05, region=region)
    xs, ys = zip(*(film for _, film in (_screen(base, p) for p in CORNERS)))
    assert region[0] <= min(xs) and max(xs) <= region[2]
    assert region[1] <= min(ys) and max(ys) <= region[3]
    # As close as allows: one side of the region is reached, within the margin.
    half = ((region[2] - region[0]) / 2, (region[3] - region[1]) / 2)
    reach = max((max(xs) - min(xs)) / 2 / half[0], (max(ys) - min(ys)) / 2 / half[1])
    assert reach > 0.9


def test_top_down_in_a_region_fills_it_centred(base):
    region = (-0.6, -0.58, 1.0, 0.74)
    TopDownCamera(base, BOUNDS, height=0.04, margin=0.0, region=region)
    rail_tops = [(x, y, 0.04) for x in (-0.16, 2.70) for y in (-0.16, 1.43)]
    xs, ys = zip(*(film for _, film in (_screen(base, p) for p in rail_tops)))
    assert (min(xs) + max(xs)) / 2 == pytest.approx((region[0] + region[2]) / 2, abs=1e-4)
    assert (min(ys) + max(ys)) / 2 == pytest.approx((region[1] + region[3]) / 2, abs=1e-4)
    # The tighter of the two directions is filled exactly; the other fits.
    assert max(max(xs) - min(xs) - (region[2] - region[0]),
               max(ys) - min(ys) - (region[3] - region[1])) == pytest.approx(0.0, abs=1e-4)
    assert all(_screen(base, (x, y, 0.0))[1][0] >= region[0] - 1e-6
               for x in (-0.16, 2.70) for y in (-0.16, 1.43))


def test_aim_pose_puts_cue_ball_and_contact_at_the_frame_and_never_closer(base):
    """The closest aim view puts the cue ball at -AIM_FRAME and the contact at
    +AIM_FRAME; a shorter shot keeps the minimum distance with both inside."""
    from game.view.world.rig import AIM_DISTANCE_M, AIM_FRAME, aim_pose
    fov_y = math.radians(base.camLens.getFov()[1])
    cue = (0.4, 0.3, 0.028)
    azimuth = 0.5
    for reach, pitch in ((2.6, math.radians(35)), (1.5, math.radians(60)), (0.2, math.radians(16)),
                         (2.6, math.radians(6))):
        pose = aim_pose(cue, azimuth, reach, fov_y, pitch)
        OrbitCamera(base, pose.target, pose.distance, pose.heading, pose.pitch)
        contact = (cue[0] + reach * math.cos(azimuth), cue[1] + reach * math.sin(azimuth), cue[2])
        (_, (xc, yc)), (_, (xt, yt)) = _screen(base, cue), _screen(base, contact)
        assert abs(xc) < 1e-5 and abs(xt) < 1e-5
        assert yc < 0 < yt and yc == pytest.approx(-yt, abs=1e-5)
        assert yt <= AIM_FRAME + 1e-5 and pose.distance >= AIM_DISTANCE_M - 1e-9
        assert yt == pytest.approx(AIM_FRAME, abs=1e-5) or pose.distance == AIM_DISTANCE_M
        zoomed = aim_pose(cue, azimuth, reach, fov_y, pitch, zoom=0.4)
        OrbitCamera(base, zoomed.target, zoomed.distance, zoomed.heading, zoomed.pitch)
        assert _screen(base, cue)[1][1] >= -AIM_FRAME - 1e-5     # zoomed in: the cue ball stays


def test_shot_pose_fits_scattered_points_tightly_in_a_region_from_any_side(base):
    """Every point (with its margin) lands inside the film region, touching it on at least
    one side on each axis's limiting pair (the closest such camera), from every heading;
    two close balls are seen from the lowest pitch at the least distance."""
    import numpy as np
    from game.view.world.rig import (SHOT_MARGIN_M, SHOT_MIN_DISTANCE_M, SHOT_PITCHES_RAD,
                                     framed_position, shot_pose)
    region = (-1.0, -0.58, 1.0, 0.74)
    rng = np.random.default_rng(5)
    for heading in (0.0, 1.0, math.pi, 4.0):
        points = np.column_stack([rng.uniform(0.2, 2.3, 9), rng.uniform(0.1, 1.1, 9),
                                  np.full(9, 0.028)])
        pose = shot_pose(base.camLens, points, heading, BOUNDS, region)
        OrbitCamera(base, pose.target, pose.distance, pose.heading, pose.pitch)
        for p in points:
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                inside, (x, y) = _screen(base, (p[0] + dx * SHOT_MARGIN_M,
                                                p[1] + dy * SHOT_MARGIN_M, p[2]))
                assert inside and region[0] - 1e-6 <= x <= region[2] + 1e-6
                assert region[1] - 1e-6 <= y <= region[3] + 1e-6
        # The closest camera at that pitch: the film box spans the region on some axis.
        camera = framed_position(base.camLens, points, heading, pose.pitch, region)
        base.camera.setPos(*camera)
        xs, ys = zip(*(_screen(base, p)[1] for p in points))
        assert (max(xs) - min(xs) == pytest.approx(2.0, abs=1e-6)
                or max(ys) - min(ys) == pytest.approx(1.32, abs=1e-6))
    pair = shot_pose(base.camLens, np.array([(1.2, 0.6, 0.028), (1.3, 0.6, 0.028)]), math.pi,
                     BOUNDS, region)
    assert pair.pitch == SHOT_PITCHES_RAD[0] and pair.distance == SHOT_MIN_DISTANCE_M


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)])
def test_the_top_view_fills_the_space_between_the_hud_strips_with_the_cloth(base, make_scene,
                                                                          size):
    """The cloth and its pocket openings fill the film region the HUD leaves free (to
    TOP_MARGIN on one axis, inside it on the other; the rails run on under the strips),
    so the balls are drawn larger than when the whole table with its rails, and 4 % round
    it, had to be in view (the view before)."""
    from game.view.ui.layout import table_region
    from game.view.world.camera import top_down_view
    from game.view.world.rig import TOP_MARGIN, top_pose
    scene = make_scene("nine_ball")
    region = table_region()
    lens = base.camLens
    old_fov = lens.getFov()
    lens.setAspectRatio(size[0] / size[1])
    r = 0.028575

    def ball_pixels():
        middle, edge = _screen(base, (1.2, 0.6, r))[1], _screen(base, (1.2 + r, 0.6, r))[1]
        return (edge[0] - middle[0]) * size[0]        # twice the radius's half-film share
    try:
        (cx, cy, _), z = top_down_view(lens, scene.bounds, scene.rail_height, 0.04, region)
        base.camera.setPos(cx, cy, z)
        base.camera.lookAt(Point3(cx, cy, 0.0), (0, 1, 0))
        before = ball_pixels()
        pose = top_pose(lens, scene.play_bounds, scene.rail_height, region)
        OrbitCamera(base, pose.target, pose.distance, pose.heading, pose.pitch)
        (x0, y0), (x1, y1) = scene.play_bounds
        corners = [_screen(base, (x, y, scene.rail_height)) for x in (x0, x1) for y in (y0, y1)]
        assert all(inside for inside, _ in corners)
        xs, ys = zip(*(p for _, p in corners))
        assert region[0] - 1e-6 <= min(xs) and max(xs) <= region[2] + 1e-6
        assert region[1] - 1e-6 <= min(ys) and max(ys) <= region[3] + 1e-6
        fill = max((max(xs) - min(xs)) / (region[2] - region[0]),
                   (max(ys) - min(ys)) / (region[3] - region[1]))
        assert fill == pytest.approx(1 / (1 + TOP_MARGIN), abs=0.01)
        after = ball_pixels()
        print(f"\n{size}: a ball is {after:.1f} px across (before: {before:.1f} px)")
        assert after > 1.05 * before
    finally:
        lens.setFov(*old_fov)
