"""Offscreen renders of the scene, checked pixel by pixel."""
import math

import numpy as np
import pytest
from panda3d.core import Point3

from game.view.world.camera import OrbitCamera, TopDownCamera
from game.view.world import orientation
from game.view.world.balls import REST_ORIENTATION
from game.view.world.lighting import KEY_DIRECTION
from game.tables.modes import MODE_NAMES
from view_helpers import probe, probe_colours, render, rgb_at, world_to_pixel


def _top_down(base, scene):
    TopDownCamera(base, scene.bounds, scene.rail_height)


def _is_cloth(rgb):
    r, g, b = rgb
    return g > 0.15 and g > 1.5 * r and g > 1.3 * b


@pytest.mark.parametrize("mode_name", MODE_NAMES)
def test_each_ball_appears_at_its_projected_position(base, make_scene, mode_name):
    scene = make_scene(mode_name)
    colours = dict(zip(scene.balls.ids, probe_colours(len(scene.balls.ids))))
    for ball_id, rgb in colours.items():
        probe(scene.balls.node(ball_id), rgb)
    _top_down(base, scene)
    image = render(base)
    for ball_id, rgb in colours.items():
        pixel = world_to_pixel(base, scene.balls.node(ball_id).getPos(base.render))
        assert rgb_at(image, pixel) == pytest.approx(rgb, abs=0.02), f"ball {ball_id}"


def _ball_colour(base, image, scene, ball_id):
    """Median colour over the ball's image within half a radius of its centre: robust to
    the highlight and the dark limb."""
    node = scene.balls.node(ball_id)
    centre = node.getPos(base.render)
    r = scene.balls.radii[ball_id] / 2
    pixels = {world_to_pixel(base, centre + Point3(dx * r, dy * r, 0))
              for dx in (-1, -0.5, 0, 0.5, 1) for dy in (-1, -0.5, 0, 0.5, 1)}
    samples = sorted(rgb_at(image, p) for p in pixels)
    return tuple(sorted(channel)[len(samples) // 2] for channel in zip(*samples))


def test_lit_eight_ball_rack_shows_red_yellow_black_and_white(base, make_scene):
    scene = make_scene("eight_ball")
    x, y = scene.table_spec.foot_spot
    OrbitCamera(base, (x, y, 0.0), distance=0.5, heading=math.pi, pitch=math.radians(89))
    scene.set_ball_positions({0: (x - 0.15, y)})
    image = render(base)
    for ball_id in range(1, 16):
        r, g, b = _ball_colour(base, image, scene, ball_id)
        if ball_id == 8:
            assert max(r, g, b) < 0.2, "black"
        elif ball_id < 8:
            assert r > 0.3 and r > 2.5 * g and r > 2.5 * b, f"red {ball_id}: {(r, g, b)}"
        else:
            assert min(r, g) > 0.3 and min(r, g) > 2.5 * b, f"yellow {ball_id}: {(r, g, b)}"
    assert min(_ball_colour(base, image, scene, 0)) > 0.5, "white cue ball"


@pytest.mark.parametrize("mode_name", MODE_NAMES)
def test_cloth_round_the_table_centre_and_dark_pocket_openings(base, make_scene, mode_name):
    scene = make_scene(mode_name)
    _top_down(base, scene)
    image = render(base)
    spec = scene.table_spec
    for dx in (-0.2, 0.0, 0.2):
        for dy in (-0.15, 0.0, 0.15):
            p = Point3(spec.length / 2 + dx, spec.width / 2 + dy, 0.0)
            assert _is_cloth(rgb_at(image, world_to_pixel(base, p)))
    geometry = spec.geometry()
    for cx, cy, _ in geometry.pockets:
        rgb = rgb_at(image, world_to_pixel(base, Point3(cx, cy, 0.0)))
        # The pocket's cup, lit from the lamp straight above through the hole: dark, not
        # black.
        assert max(rgb) < 0.2, f"pocket at ({cx:.2f}, {cy:.2f}) shows {rgb}"


def test_fixed_function_fallback_still_draws_cloth_and_pockets(base, make_scene):
    scene = make_scene("nine_ball", use_shaders=False)
    assert not scene.lighting.use_shaders and scene.root.getShader() is None
    _top_down(base, scene)
    image = render(base)
    spec = scene.table_spec
    assert _is_cloth(rgb_at(image, world_to_pixel(base, Point3(spec.length / 2, spec.width / 2, 0))))
    cx, cy, _ = spec.geometry().pockets[0]
    assert max(rgb_at(image, world_to_pixel(base, Point3(cx, cy, 0.0)))) < 0.12


def test_a_ball_casts_a_shadow_away_from_the_key_light(base, make_scene):
    if not base.win.getGsg().getSupportsGlsl():
        pytest.skip("shadows need GLSL")
    scene = make_scene("nine_ball", {0: (1.27, 0.635)})
    r = scene.balls.radii[0]
    OrbitCamera(base, (1.27, 0.635, 0.0), distance=0.5, heading=math.pi, pitch=math.radians(89))
    image = render(base)
    # Away from the light the shadow falls; towards it the cloth is lit.
    kx, ky = KEY_DIRECTION[0], KEY_DIRECTION[1]
    k = math.hypot(kx, ky)
    shade = rgb_at(image, world_to_pixel(base, Point3(1.27 - 1.4 * r * kx / k, 0.635 - 1.4 * r * ky / k, 0)))
    lit = rgb_at(image, world_to_pixel(base, Point3(1.27 + 1.4 * r * kx / k, 0.635 + 1.4 * r * ky / k, 0)))
    assert _is_cloth(lit)
    assert shade[1] < 0.7 * lit[1]


def test_hidden_balls_are_not_drawn(base, make_scene):
    positions = {0: (0.6, 0.6), 5: (1.9, 0.6)}
    scene = make_scene("nine_ball", positions)
    assert not scene.balls.is_visible(3), "balls without a position start hidden"
    scene.set_ball_visible(5, False)
    _top_down(base, scene)
    image = render(base)
    assert _is_cloth(rgb_at(image, world_to_pixel(base, Point3(1.9, 0.6, 0.02857))))
    assert not _is_cloth(rgb_at(image, world_to_pixel(base, Point3(0.6, 0.6, 0.02857))))


def test_airborne_positions_and_orientation_reach_the_nodes(base, make_scene):
    scene = make_scene("nine_ball", {1: (1.0, 0.5)})
    scene.set_ball_positions({1: (1.0, 0.5, 0.09)})
    assert tuple(scene.balls.node(1).getPos(base.render)) == pytest.approx((1.0, 0.5, 0.09))
    scene.set_ball_orientation(1, (0.0, 0.0, 0.0, 1.0))
    assert tuple(scene.balls.node(1).getQuat(base.render)) == pytest.approx((0, 0, 0, 1), abs=1e-6)


def test_advance_balls_moves_and_rolls_each_ball_as_the_physics_says(base, make_scene):
    scene = make_scene("nine_ball", {0: (0.5, 0.6), 9: (1.5, 0.6)})
    ids = scene.balls.ids
    r = scene.balls.radii[0]
    v, frames, dt = 1.2, 30, 1 / 60
    positions = np.zeros((len(ids), 3))
    omegas = np.zeros((len(ids), 3))
    for k in range(1, frames + 1):
        positions[ids.index(0)] = (0.5 + v * k * dt, 0.6, r)      # rolling towards +x
        positions[ids.index(9)] = (1.5, 0.6, r)                   # spinning in place
        omegas[ids.index(0)] = (0.0, v / r, 0.0)
        omegas[ids.index(9)] = (0.0, 0.0, 12.0)
        scene.advance_balls(positions, omegas, dt)
    t = frames * dt
    want = {0: orientation.multiply(orientation.from_axis_angle((0, 1, 0), v * t / r),
                                    REST_ORIENTATION),
            9: orientation.multiply(orientation.from_axis_angle((0, 0, 1), 12.0 * t),
                                    REST_ORIENTATION)}
    got = scene.balls.orientations()
    for ball_id, q in want.items():
        node_q = np.array(tuple(scene.balls.node(ball_id).getQuat(base.render)))
        for actual in (got[ids.index(ball_id)], node_q):
            assert min(np.abs(actual - q).max(), np.abs(actual + q).max()) < 1e-5
    assert tuple(scene.balls.node(0).getPos(base.render)) == pytest.approx(
        (0.5 + v * t, 0.6, r), abs=1e-6)


def _vertices(node) -> np.ndarray:
    """(K, 3) vertices of every Geom under `node`, in the frame of its parent."""
    from panda3d.core import GeomVertexReader
    points = []
    for path in node.findAllMatches("**/+GeomNode"):
        mat = path.getMat(node.getParent())
        for geom in path.node().getGeoms():
            reader = GeomVertexReader(geom.getVertexData(), "vertex")
            while not reader.isAtEnd():
                points.append(tuple(mat.xformPoint(reader.getData3())))
    return np.array(points)


@pytest.mark.parametrize("mode_name", MODE_NAMES)
def test_only_a_table_with_a_d_has_a_chalk_line_across_it(make_scene, mode_name):
    """A pool table's head string is not chalked (a full-width line reads as a second aim
    line): at the head string only the head spot is; the D's table keeps its baulk line."""
    scene = make_scene(mode_name)
    spec = scene.table_spec
    chalk = _vertices(scene.table.find("**/markings"))
    on_line = chalk[np.abs(chalk[:, 0] - spec.head_line_x) < 0.01]
    across = np.ptp(on_line[:, 1]) if len(on_line) else 0.0
    if spec.d_radius > 0:
        assert across == pytest.approx(spec.width, abs=1e-3)
    else:
        assert across < 0.02        # the head spot, 13 mm wide


def test_the_head_string_is_dashed_faintly_while_the_cue_ball_is_in_hand_behind_it(
        base, make_scene):
    from game.rules import BallInHand
    from game.view.match.aids import ZONE_EDGE_COLOUR, ZONE_EDGE_DASH_M, PlacementGhost
    scene = make_scene("nine_ball")
    spec = scene.table_spec
    ghost = PlacementGhost(scene.root, spec, scene.balls.shape(0), 0.028575)
    try:
        ghost.show(BallInHand.BEHIND_HEAD_STRING, (0.3, 0.6), True)
        edge = ghost.root.find("**/head_string")
        assert not edge.isHidden()
        dashes = _vertices(edge)
        assert np.allclose(dashes[:, 0], spec.head_line_x)
        # Dashes and gaps alike: about half the string is drawn.
        drawn = np.abs(dashes[1::2, 1] - dashes[0::2, 1]).sum()
        assert drawn == pytest.approx(spec.width / 2, abs=ZONE_EDGE_DASH_M)
        assert ZONE_EDGE_COLOUR[3] <= 0.4
        ghost.show(BallInHand.ANYWHERE, (0.3, 0.6), True)
        assert ghost.root.find("**/zone_behind_head_string").isHidden()
    finally:
        ghost.destroy()
