"""Aiming (no window): the solver's prediction (ghost ball, path, directions after contact,
flights), the raised cue, the pointer on the table, free spots for the cue ball in hand."""
import dataclasses
import math

import numpy as np
import pytest

from game.rules import CUE, BallInHand, NINE_BALL_SET, EIGHT_BALL_SET, placement_allowed
from game.rules.layout import Layout
from game.session import GameSession, Shoot
from game.view.match.aim import (CLEARANCE_MARGIN_M, MAX_ELEVATION_RAD, CueShape, Predictor,
                           RailShape, clearing_elevation, first_contact, free_spot, table_point)
from game.view.world.cue import CUE_LENGTH, cue_pose, radius_at
from physics_ext import Stroke, TableSpec, contact_distance
from physics_ext.constants import CUE_TIP_RADIUS, POOL_BALL_MASS as M, POOL_BALL_RADIUS as R

TABLE = TableSpec.nine_foot()
RAIL = RailShape(nose_height=TABLE.cushion_height, top_height=TABLE.cushion_height + 0.007,
                 top_setback=0.012)


CUE_SHAPE = CueShape(radius_at, CUE_TIP_RADIUS, CUE_LENGTH)
cue_radius = radius_at


def _angle(u, v):
    return math.degrees(math.acos(max(-1.0, min(1.0, u[0] * v[0] + u[1] * v[1]))))


def _session(layout) -> GameSession:
    """A 9-ball session past the break with the balls of `layout` ({id: (x, y)})."""
    session = GameSession("nine_ball", ("Ann", "Bob"), seed=1)
    session.state = dataclasses.replace(session.state, is_break=False, push_out_available=False,
                                        layout=Layout(layout))
    return session


def _predictor(session) -> Predictor:
    return Predictor(session, session.table, session.cue)


def _heading(points, start: int = 0, end: int = -1):
    """Unit (x, y) from points[start] to points[end]."""
    dx, dy = points[end][0] - points[start][0], points[end][1] - points[start][1]
    size = math.hypot(dx, dy)
    return (dx / size, dy / size)


def test_ghost_ball_and_straight_shots_follow_or_draw():
    follow = _predictor(_session({CUE: (1.0, 0.635), 1: (1.5, 0.635)}))(
        Stroke(0.0, 0.0, 0.0, 0.3, 2.0))
    assert follow.target == 1 and not follow.flights and not follow.jumps
    assert follow.contact == pytest.approx((1.5 - 2 * R, 0.635, R), abs=1e-9)
    assert follow.path[0] == pytest.approx((1.0, 0.635, R)) and follow.path[-1] == follow.contact
    # The object ball runs to the foot cushion; the cue ball follows until it meets it again.
    assert follow.object_leg.end == "cushion"
    assert follow.object_leg.points[-1][:2] == pytest.approx((TABLE.length - contact_distance(TABLE, R), 0.635))
    assert follow.cue_leg.end == "ball" and _heading(follow.cue_leg.points) == pytest.approx((1.0, 0.0))
    draw = _predictor(_session({CUE: (1.0, 0.635), 1: (1.1, 0.635)}))(
        Stroke(0.0, 0.0, 0.0, -0.45, 3.0))
    assert _heading(draw.cue_leg.points) == pytest.approx((-1.0, 0.0))


def test_rolling_half_ball_hit_deflects_the_cue_ball_by_about_34_degrees():
    cut = math.radians(30.0)
    start, obj = (0.6, 0.635), (1.6, 0.635)
    # Aim so the ghost ball sits 2R from the object ball at 30 degrees off the line.
    ghost = (obj[0] - 2 * R * math.cos(cut), obj[1] - 2 * R * math.sin(cut))
    azimuth = math.atan2(ghost[1] - start[1], ghost[0] - start[0])
    p = _predictor(_session({CUE: start, 1: obj}))(Stroke(azimuth, 0.0, 0.0, 0.4, 2.0))
    assert p.contact[:2] == pytest.approx(ghost, abs=1e-6)
    aim = (math.cos(azimuth), math.sin(azimuth))
    # Half-ball, rolling: the tangent line bent forward to about 34 degrees once the cue
    # ball rolls again (throw and restitution below 1 move it by a degree or two); the
    # object ball goes straight off along the line of centres.
    cue = p.cue_leg.points
    assert _angle(aim, _heading(cue, -8)) == pytest.approx(34.0, abs=3.0)
    assert _angle(aim, _heading(cue, 0, 2)) > 50.0      # it starts along the tangent line
    assert _angle(aim, _heading(p.object_leg.points)) == pytest.approx(30.0, abs=3.0)


def test_a_ball_met_after_a_cushion_is_the_first_contact():
    # Straight at the right cushion, a ball sits in the rebound's path.
    p = _predictor(_session({CUE: (1.0, 0.5), 1: (1.0, 0.9)}))(
        Stroke(-math.pi / 2, 0.0, 0.0, 0.0, 2.0))
    assert p.target == 1 and p.contact[1] < 0.9 - 2 * R + 1e-6
    assert min(y for _, y, _ in p.path) == pytest.approx(R, abs=2e-3)   # the cushion, on the way
    assert first_contact((1.0, 0.5), -math.pi / 2, R, {1: ((1.0, 0.9), R)}, TABLE)[1] is None


def test_a_stroke_that_meets_nothing_ends_where_the_cue_ball_stops():
    p = _predictor(_session({CUE: (1.0, 0.635)}))(Stroke(0.0, 0.0, 0.0, 0.0, 0.8))
    assert p.target is None and p.contact is None and p.object_leg is None
    assert p.cue_leg is None
    assert p.path[-1][0] > 1.0 and p.path[-1][1] == pytest.approx(0.635)


def test_a_jump_shows_its_flight_what_it_clears_and_where_it_lands():
    session = _session({CUE: (1.0, 0.635), 1: (1.2, 0.635), 9: (2.0, 0.4)})
    p = Predictor(session, session.table, session.cue)(Stroke(0.0, math.radians(40), 0.0, 0.2, 3.0))
    assert p.jumps and p.flights[0].cleared == (1,) and p.flights[0].lift > 2 * R
    first = p.flights[0]
    assert first.landing is not None and first.landing[0] > 1.2 + R
    assert max(z for _, _, z in p.path) - R == pytest.approx(first.lift, rel=0.02)
    record = session.apply(Shoot(Stroke(0.0, math.radians(40), 0.0, 0.2, 3.0)))
    flight = record.result.cue_flights()[0][0]
    assert first.landing == pytest.approx(tuple(record.result.state_at(flight.end).positions[0, :2]))


def test_the_prediction_is_cached_by_stroke_and_layout():
    session = _session({CUE: (1.0, 0.635), 1: (1.5, 0.635)})
    predict = Predictor(session, session.table, session.cue)
    stroke = Stroke(0.0, 0.0, 0.0, 0.0, 2.0)
    assert predict(stroke) is predict(stroke)
    session.state = dataclasses.replace(session.state, layout=Layout({CUE: (1.0, 0.635),
                                                                      1: (1.5, 0.7)}))
    assert predict(stroke).target is None


def _cue_clearance(start, stroke, obstacle, radius=R):
    """Gap (m) between the cue drawn for `stroke` (cue.cue_pose, tapered as radius_at)
    and a ball of `radius` centred at `obstacle` (x, y): an independent check."""
    dome, axis = cue_pose((*start, R), R, M, stroke)
    q = np.array([*obstacle, radius]) - dome
    behind = -float(q @ axis)                   # along the cue from the dome's centre
    return float(np.linalg.norm(q + behind * axis)) - radius - radius_at(behind)


def test_the_cue_is_raised_just_enough_over_a_ball_behind():
    start = (1.2, 0.635)
    for gap, side, height in ((0.10, 0.0, 0.0), (0.05, 0.2, 0.3), (0.2, -0.3, -0.2)):
        behind = (1.2 - 2 * R - gap, 0.635 + 0.01)
        stroke = Stroke(0.0, 0.0, side, height, 2.0)
        need = clearing_elevation(start, stroke, R, {3: (behind, R)}, TABLE, RAIL, CUE_SHAPE)
        assert 0.0 < need < math.radians(30.0)
        raised = dataclasses.replace(stroke, elevation=need)
        lower = dataclasses.replace(stroke, elevation=need - math.radians(0.2))
        # The cue as drawn passes the ball by the margin, and any lower by less.
        assert _cue_clearance(start, raised, behind) == pytest.approx(CLEARANCE_MARGIN_M,
                                                                       abs=1e-4)
        assert _cue_clearance(start, lower, behind) < CLEARANCE_MARGIN_M - 1e-4


def test_the_cue_is_raised_over_a_near_rail_and_not_over_a_ball_aside():
    level = Stroke(0.0, 0.0, 0.0, 0.0, 2.0)
    open_table = clearing_elevation((1.2, 0.635), level, R, {}, TABLE, RAIL, CUE_SHAPE)
    assert 0.0 < open_table < math.radians(3.0)
    near_rail = clearing_elevation((0.1, 0.635), level, R, {}, TABLE, RAIL, CUE_SHAPE)
    # The cue's axis passes the nose's edge (straight on: a point in its vertical plane)
    # by its radius plus the margin.
    th = near_rail
    gap = (0.1 * math.sin(th) + (R - RAIL.nose_height) * math.cos(th)
           - cue_radius(0.1 - R) - CLEARANCE_MARGIN_M)
    top = ((0.1 + RAIL.top_setback) * math.sin(th) + (R - RAIL.top_height) * math.cos(th)
           - cue_radius(0.1 + RAIL.top_setback - R) - CLEARANCE_MARGIN_M)
    assert min(gap, top) == pytest.approx(0.0, abs=1e-7)
    # Crossing the rail at 45 degrees needs more than straight on from as far.
    oblique = clearing_elevation((0.1 / math.sqrt(2) + 0.3, 0.1 / math.sqrt(2)),
                                 dataclasses.replace(level, azimuth=math.pi / 4), R, {}, TABLE,
                                 RAIL, CUE_SHAPE)
    assert oblique > clearing_elevation((0.1, 0.3), dataclasses.replace(level, azimuth=math.pi / 2),
                                        R, {}, TABLE, RAIL, CUE_SHAPE)
    aside = {3: ((1.0, 0.635 + 0.1), R)}
    assert clearing_elevation((1.2, 0.635), level, R, aside, TABLE, RAIL, CUE_SHAPE) == open_table
    assert clearing_elevation((1.9, 0.635), level, R, {3: ((1.9 - 1.6, 0.635), R)}, TABLE, RAIL,
                              CUE_SHAPE) == clearing_elevation((1.9, 0.635), level, R, {}, TABLE, RAIL,
                                                         CUE_SHAPE)
    frozen = {3: ((1.2 - 2 * R - 1e-4, 0.635), R)}
    assert math.radians(30.0) < clearing_elevation((1.2, 0.635), level, R, frozen, TABLE, RAIL,
                                                   CUE_SHAPE) <= MAX_ELEVATION_RAD


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
