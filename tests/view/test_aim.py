"""Aiming geometry (pure): ghost ball, directions after contact, the raised cue, the
pointer on the table, free spots for the cue ball in hand."""
import math

import pytest

from game.rules import BallInHand, NINE_BALL_SET, EIGHT_BALL_SET, placement_allowed
from game.rules.layout import Layout
from game.view.aim import (MAX_ELEVATION_RAD, RailShape, arrival, clearing_elevation,
                           first_contact, free_spot, predict, table_point)
from physics_ext import Params, Stroke, TableSpec
from physics_ext.constants import POOL_BALL_MASS as M, POOL_BALL_RADIUS as R

TABLE = TableSpec.nine_foot()
RAIL = RailShape(nose_height=TABLE.cushion_height, top_height=TABLE.cushion_height + 0.007,
                 top_setback=0.012)


def cue_radius(s):
    return 0.0065 + 0.008 * max(s, 0.0) / 1.47


def _angle(u, v):
    return math.degrees(math.acos(max(-1.0, min(1.0, u[0] * v[0] + u[1] * v[1]))))


def test_ghost_ball_and_straight_shots_follow_or_draw():
    others = {1: ((1.5, 0.635), R)}
    follow = predict((1.0, 0.635), Stroke(0.0, 0.0, 0.0, 0.3, 2.0), R, M, others, {1: M}, TABLE)
    assert follow.target == 1
    assert follow.contact == pytest.approx((1.5 - 2 * R, 0.635))
    assert follow.object_direction == pytest.approx((1.0, 0.0))
    assert follow.cue_direction == pytest.approx((1.0, 0.0))
    near = {1: ((1.1, 0.635), R)}
    draw = predict((1.0, 0.635), Stroke(0.0, 0.0, 0.0, -0.45, 3.0), R, M, near, {1: M}, TABLE)
    assert draw.cue_direction == pytest.approx((-1.0, 0.0))


def test_rolling_half_ball_hit_deflects_the_cue_ball_by_about_34_degrees():
    cut = math.radians(30.0)
    start, obj = (1.0, 0.635), (1.6, 0.635)
    # Aim so the ghost ball sits 2R from the object ball at 30 degrees off the line.
    ghost = (obj[0] - 2 * R * math.cos(cut), obj[1] - 2 * R * math.sin(cut))
    azimuth = math.atan2(ghost[1] - start[1], ghost[0] - start[0])
    params = Params(e_b=1.0)
    p = predict(start, Stroke(azimuth, 0.0, 0.0, 0.4, 2.0), R, M, {1: (obj, R)}, {1: M},
                TABLE, params)
    assert p.contact == pytest.approx(ghost, abs=1e-9)
    aim = (math.cos(azimuth), math.sin(azimuth))
    phi = _angle(aim, p.object_direction)
    expected = math.degrees(math.atan(math.sin(math.radians(phi)) * math.cos(math.radians(phi))
                                      / (math.sin(math.radians(phi)) ** 2 + 0.4)))
    assert _angle(aim, p.cue_direction) == pytest.approx(expected, abs=0.2)
    # A stun shot (no spin at contact) leaves along the tangent line.
    stun = predict((obj[0] - 2 * R - 0.001, obj[1] + 0.02), Stroke(0.0, 0.0, 0.0, 0.0, 3.0), R, M,
                   {1: (obj, R)}, {1: M}, TABLE, params)
    assert _angle(stun.object_direction, stun.cue_direction) == pytest.approx(90.0, abs=1.0)


def test_nothing_in_the_way_reaches_the_cushion():
    distance, hit = first_contact((1.0, 0.635), 0.0, R, {}, TABLE)
    assert hit is None and 1.0 + distance == pytest.approx(TABLE.length - R, abs=2e-3)
    p = predict((1.0, 0.635), Stroke(math.pi / 2, 0.0, 0.0, 0.0, 1.0), R, M, {}, {}, TABLE)
    assert p.target is None and p.object_direction is None and p.contact[1] < TABLE.width


def test_arrival_slides_then_rolls_or_stops_short():
    params = Params()
    v, w = arrival(2.0, 0.0, 3.0, params)
    assert v == w and v < 2.0 * 5 / 7
    v, w = arrival(2.0, -2.0, 0.05, params)
    assert v < 2.0 and w < 0.0
    assert arrival(0.3, 0.3, 5.0, params) is None


def test_the_cue_is_raised_over_a_near_rail_and_a_ball_behind():
    open_table = clearing_elevation((1.2, 0.635), 0.0, R, 0.0, {}, TABLE, RAIL, cue_radius, 0.0106)
    assert 0.0 < open_table < math.radians(3.0)
    near_rail = clearing_elevation((0.04, 0.635), 0.0, R, 0.0, {}, TABLE, RAIL, cue_radius, 0.0106)
    assert near_rail > math.radians(10.0)
    behind = {3: ((1.2 - 2 * R - 0.005, 0.635), R)}
    blocked = clearing_elevation((1.2, 0.635), 0.0, R, 0.0, behind, TABLE, RAIL, cue_radius, 0.0106)
    assert math.radians(30.0) < blocked <= MAX_ELEVATION_RAD
    aside = {3: ((1.0, 0.635 + 0.1), R)}
    assert clearing_elevation((1.2, 0.635), 0.0, R, 0.0, aside, TABLE, RAIL, cue_radius,
                              0.0106) == pytest.approx(open_table)


def test_pointer_ray_meets_the_table_plane():
    assert table_point((1.0, 0.5, 2.0), (0.5, 0.0, -1.0), 0.0) == pytest.approx((2.0, 0.5))
    assert table_point((1.0, 0.5, 2.0), (0.5, 0.0, 1.0), 0.0) is None
    assert table_point((1.0, 0.5, 2.0), (1.0, 0.0, 0.0), 0.0) is None


def test_free_spot_pushes_the_ghost_off_balls_and_into_the_zone():
    layout = Layout({1: (0.3, 0.635), 9: (1.9, 0.635)})
    zone = BallInHand.BEHIND_HEAD_STRING
    spot = free_spot(TABLE, zone, (0.31, 0.64), layout, NINE_BALL_SET)
    assert placement_allowed(TABLE, zone, spot, layout, NINE_BALL_SET)
    assert math.hypot(spot[0] - 0.3, spot[1] - 0.635) == pytest.approx(2 * R, abs=1e-5)
    far = free_spot(TABLE, zone, (1.5, -3.0), layout, NINE_BALL_SET)
    assert far[0] < TABLE.head_line_x and far[1] == pytest.approx(R)
    english = TableSpec.english_seven_foot()
    d_spot = free_spot(english, BallInHand.D, (1.0, 0.1), Layout({}), EIGHT_BALL_SET)
    assert english.in_d(*d_spot)


def test_free_spot_searches_when_pushing_off_a_ball_does_not_settle():
    english = TableSpec.english_seven_foot()
    cx, cy = english.d_centre
    layout = Layout({5: (cx - 0.01, cy)})       # pushing off it leads out of the D, clamping back in
    spot = free_spot(english, BallInHand.D, (cx - 0.01, cy), layout, EIGHT_BALL_SET)
    assert spot is not None
    assert placement_allowed(english, BallInHand.D, spot, layout, EIGHT_BALL_SET)
    assert math.dist(spot, (cx - 0.01, cy)) < EIGHT_BALL_SET.radius(0) + EIGHT_BALL_SET.radius(5) + 0.01
