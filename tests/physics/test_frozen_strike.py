"""The stroke on a cue ball that touches another ball or a cushion (issue 27 point 2):
the tip, the ball-ball and the ball-cushion contacts act together while the tip is on the
ball (physics_ext.stroke, "Frozen cue ball").

Measured: Alciatore, TP A.15 "Controlling the cue ball direction in a frozen cue ball
shot" (2005; high-speed video HSV A.97, the cut angle increased step by step; its table
M_exper, page 2): a level centre-ball stroke aimed phi degrees off the line of centres
sends the cue ball theta degrees off that line. The table is the primary PDF's
(https://drdavepoolinfo.com/technical_proofs/new/TP_A-15.pdf, formerly on
billiards.colostate.edu): its nine rows, read to 0.5 degree, are (0, 0), the seven below
and (90, 90), as an audited extraction from that PDF gives them (the public BilliardGL
reference package alciatore_2005_tp_a15, raw_extracted.csv, which locates them at "PDF p.2,
M_exper"), the same as the transcription the table was first taken from. The end rows are
the closed forms tested below (straight on, along the tangent line). The point-impulse model it replaces sent
the cue ball out at 78-89 degrees (along the tangent line) for all of them.
Closed forms: straight along the line of centres both balls go forward together, the
object ball ahead by what the ball-ball restitution gives back (a rigid pair, e_b = 0,
takes (1 + e_tip) V0 / (1 + 2m/M)); along the tangent nothing presses the object ball;
horizontal momentum, the cue's included, is kept by a centre-ball level stroke; no stroke
gains energy. Frozen to a cushion: struck along it the ball leaves along it as if free;
struck into it, it comes back off it, no faster off the rail or along it than the free
stroke sent it into and along the rail.
"""
import dataclasses
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from physics_ext import Ball, EventFlag, EventKind, Params, Stroke, shoot, shoot_batch
from physics_ext import constants as C
from physics_ext.api import _ball_rows, contact_distance
from physics_ext.stroke import CueSpec, strike, strike_layout
from tests.batch.test_batch import assert_same
from tests.physics.invariants import check_all
from tests.physics.scenes import M, NINE_FOOT, R, nine_ball_break

CUE = CueSpec()
Y0 = NINE_FOOT.width / 2
X0 = NINE_FOOT.length / 2
# TP A.15, M_exper: (stroke's angle off the line of centres, the cue ball's), degrees
MEASURED = ((8, 13), (20, 34), (34, 50), (46, 61), (57, 70), (67, 78), (77, 87))
TOLERANCE_DEG = 6.0
# a rail to freeze a ball to: the far long rail, its nose along x, the table inside -y
RAIL_Y = NINE_FOOT.width - contact_distance(NINE_FOOT, R)
NOSE_ANGLE = math.asin(NINE_FOOT.cushion_height / R - 1.0)    # the nose above the centre


def pair(gap=0.0):
    """A cue ball and an object ball `gap` (m) apart along +x, mid-table."""
    return [Ball.pool(X0, Y0), Ball.pool(X0 + 2 * R + gap, Y0)]


def joint(balls, stroke, params=Params(), cue=CUE):
    """(StrikeResult, rows after the strike) of `stroke` on ball 0."""
    return strike_layout(stroke, _ball_rows(balls), 0, NINE_FOOT, params, cue)


def level(phi_deg, speed=2.0, side=0.0, height=0.0):
    return Stroke(math.radians(phi_deg), 0.0, side, height, speed)


def direction_deg(v):
    return math.degrees(math.atan2(v[1], v[0]))


def same_strike(a, b) -> bool:
    """Two StrikeResults equal field by field, arrays bit for bit."""
    return all(np.asarray(x).tobytes() == np.asarray(y).tobytes() if isinstance(x, np.ndarray)
               else x == y for x, y in zip(dataclasses.astuple(a), dataclasses.astuple(b)))


def energy(rows, cue_speed, cue=CUE):
    """Kinetic energy (J) of the balls (translation and spin) and of the cue."""
    m, R_ = rows[:, 1], rows[:, 0]
    return (0.5 * np.sum(m * np.sum(rows[:, 5:8] ** 2, axis=1))
            + 0.5 * np.sum(0.4 * m * R_ ** 2 * np.sum(rows[:, 8:11] ** 2, axis=1))
            + 0.5 * cue.mass * cue_speed ** 2)


@pytest.mark.parametrize("speed", [1.0, 2.0, 4.0])
@pytest.mark.parametrize("phi, theta", MEASURED)
def test_frozen_cue_ball_leaves_in_the_measured_direction(phi, theta, speed):
    struck, rows = joint(pair(), level(phi, speed))
    assert struck.joint and struck.pushed == (1,)
    assert abs(direction_deg(rows[0, 5:8]) - theta) <= TOLERANCE_DEG
    # the point impulse, a stroke and then a collision, sent it along the tangent line
    free = strike(level(phi, speed), R, M).velocity
    assert direction_deg(free) == pytest.approx(phi, abs=1e-9)


def test_the_shot_leaves_the_table_as_the_stroke_sent_it():
    """shoot(): the cue ball's path starts in the stroke's direction, the object ball is
    pushed at t = 0 (its first contact, logged), and the cue faults nothing (WPA 6.7)."""
    phi, theta = MEASURED[2]
    result = shoot(NINE_FOOT, pair(), 0, level(phi))
    early = result.state_at(1e-3).positions - result.state_at(0.0).positions
    assert abs(direction_deg(early[0]) - theta) <= TOLERANCE_DEG
    first = result.events[0]
    assert (first["time"], first["kind"], first["ball"], first["other"]) == (
        0.0, EventKind.BALL_BALL, 0, 1)
    assert result.stroke_faults == frozenset()
    check_all(result)


def test_a_cue_ball_not_touching_gets_the_point_impulse_bit_for_bit():
    """A gap beyond CUE_FROZEN_GAP: the old stroke, unchanged (old replays reproduce)."""
    stroke = level(20, side=0.2, height=-0.3)
    struck, rows = joint(pair(gap=2 * C.CUE_FROZEN_GAP), stroke)
    free = strike(stroke, R, M)
    assert not struck.joint and struck.cue_speed_after is None and struck.contacts == ()
    assert struck.velocity.tobytes() == free.velocity.tobytes()
    assert struck.angular_velocity.tobytes() == free.angular_velocity.tobytes()
    assert not rows[1, 5:11].any()


@pytest.mark.parametrize("V0", [0.5, 2.0, 6.0])
def test_struck_along_the_line_of_centres_both_balls_go_forward_together(V0):
    """phi = 0: no sideways motion; the tip pushes the two balls as one, so both leave at
    the rigid pair's (1 + e_tip) V0 / (1 + 2m/M), and part only slightly, the object ball
    ahead by what the ball-ball restitution gives back (Alciatore's FAQ on the straight
    frozen shot: the balls leave the tip together, still touching). The point impulse left
    the cue ball (1 - e_b)/2 of its speed: a stop shot."""
    rigid = (1 + CUE.tip_restitution) * V0 / (1 + 2 * M / CUE.mass)
    ahead = []
    for e_b in (0.0, 0.5, 0.95):
        _, rows = joint(pair(), level(0.0, V0), Params(e_b=e_b))
        assert not rows[:, 6].any() and not rows[:, 7].any()
        vc, vo = rows[0, 5], rows[1, 5]
        assert vc == pytest.approx(rigid, rel=5e-3) and vo == pytest.approx(rigid, rel=5e-3)
        ahead.append(vo - vc)
    assert 0.0 <= ahead[0] < ahead[1] < ahead[2] <= 0.01 * V0


def test_struck_along_the_tangent_the_object_ball_is_not_pushed():
    """phi = 90: the cue ball moves off the contact; nothing presses the object ball, so
    neither the normal force nor friction moves it, and the cue ball leaves as if free."""
    struck, rows = joint(pair(), level(90.0))
    assert struck.pushed == () and struck.contacts == ()
    assert not rows[1, 5:11].any()
    free = strike(level(90.0), R, M)
    np.testing.assert_allclose(struck.velocity, free.velocity, rtol=1e-3, atol=1e-9)


@pytest.mark.parametrize("phi", [0.0, 8.0, 34.0, 67.0, 89.0])
def test_momentum_with_the_cue_is_kept(phi):
    """A level centre-ball stroke: the cue's momentum lost along its axis is what the
    balls carry (the slate takes no horizontal momentum: every force is horizontal)."""
    V0 = 3.0
    struck, rows = joint(pair(), level(phi, V0))
    balls = (rows[:, 1:2] * rows[:, 5:8]).sum(axis=0)
    cue = CUE.mass * (V0 - struck.cue_speed_after) * struck.cue_direction
    np.testing.assert_allclose(balls, cue, rtol=0, atol=1e-12)


@pytest.mark.parametrize("layout", ["pair", "rail", "pair_on_rail", "line"])
@pytest.mark.parametrize("stroke", [
    level(0.0), level(30.0, 4.0, side=0.4), level(-60.0, 1.0, height=-0.45),
    Stroke(math.radians(15), math.radians(30), 0.1, 0.3, 5.0),
    Stroke(math.radians(80), math.radians(5), -0.3, 0.2, 8.0),
    level(45.0, 3.0, side=0.6)])                                   # a miscue
def test_no_stroke_gains_energy_and_each_is_deterministic(layout, stroke):
    balls = {"pair": pair(), "line": pair() + [Ball.pool(X0 + 4 * R, Y0)],
             "rail": [Ball.pool(1.0, RAIL_Y)],
             "pair_on_rail": [Ball.pool(1.0, RAIL_Y), Ball.pool(1.0 + 2 * R, RAIL_Y)]}[layout]
    struck, rows = joint(balls, stroke)
    assert struck.joint
    before = 0.5 * CUE.mass * stroke.speed ** 2
    assert energy(rows, struck.cue_speed_after) <= before
    again, rows_again = joint(balls, stroke)
    assert rows_again.tobytes() == rows.tobytes() and same_strike(again, struck)


def test_a_cue_ball_frozen_to_a_rail_struck_along_it_leaves_along_it():
    """The cue along the rail: the ball never presses the nose, so it leaves as if free."""
    struck, rows = joint([Ball.pool(1.0, RAIL_Y)], level(0.0))
    assert struck.contacts == ()
    np.testing.assert_allclose(struck.velocity, strike(level(0.0), R, M).velocity,
                               rtol=1e-3, atol=1e-12)


@pytest.mark.parametrize("speed", [1.0, 4.0])
@pytest.mark.parametrize("cushion_time", [2e-3, C.CUE_FROZEN_CUSHION_TIME, 8e-3])
def test_a_cue_ball_frozen_to_a_rail_struck_into_it_comes_back_off_it(monkeypatch,
                                                                       cushion_time, speed):
    """Struck square into the rail it rebounds straight back. Struck shallowly into it,
    the rubber gives and returns the ball's speed into the rail with the cushion's
    restitution, and the friction of the nose and of the slate it is pressed into slow it
    along the rail by no more than Coulomb's bound. Struck steeply, the cue is still pushing when the rubber sends
    the ball back: it leaves the rail, and the cue and the ball carry no more momentum
    along the rail than the cue had. Over a range of cushion stiffness (2-8 ms)."""
    monkeypatch.setattr(C, "CUE_FROZEN_CUSHION_TIME", cushion_time)
    params = Params()
    e_c = params.e_c
    square, _ = joint([Ball.pool(1.0, RAIL_Y)], level(90.0, speed))
    assert square.contacts[0][:3] == ("cushion", 0, 4)
    assert square.velocity[1] < -0.2 * speed and abs(square.velocity[0]) < 1e-9
    for phi in (10.0, 20.0, 45.0, 70.0):
        struck, _ = joint([Ball.pool(1.0, RAIL_Y)], level(phi, speed))
        free = strike(level(phi, speed), R, M).velocity
        v = struck.velocity
        assert v[1] < 0.0 < v[0]
        along = M * v[0] + CUE.mass * struck.cue_speed_after * struck.cue_direction[0]
        assert along <= CUE.mass * speed * struck.cue_direction[0]
        if phi <= 20.0:
            assert -v[1] == pytest.approx(e_c * free[1], rel=0.1)
            # Coulomb: the nose's friction takes at most u_c of its impulse, whose
            # horizontal part is (1 + e_c) m v_n, and the slate u_s of the downward part
            assert 0.0 <= free[0] - v[0] <= 1.1 * (1 + e_c) * free[1] * (
                params.u_c / math.cos(NOSE_ANGLE) + params.u_s * math.tan(NOSE_ANGLE))


def test_the_rail_contact_is_logged_as_touching():
    """A ball driven into the cushion it was frozen to has not reached a cushion (WPA 8.6,
    R9-27): the strike's cushion event carries the TOUCHING flag."""
    result = shoot(NINE_FOOT, [Ball.pool(1.0, RAIL_Y)], 0, level(60.0))
    first = result.events[0]
    assert (first["time"], first["kind"], first["ball"]) == (0.0, EventKind.CUSHION, 0)
    assert first["flags"] & EventFlag.TOUCHING


def test_a_line_of_frozen_balls_passes_the_push_on():
    """Cue ball, object ball, a third ball in a line: the push runs down the line (a
    Newton's cradle within the pulse): the far ball leaves fastest, all forward."""
    struck, rows = joint(pair() + [Ball.pool(X0 + 4 * R, Y0)], level(0.0))
    assert struck.pushed == (1, 2)
    assert 0.0 < rows[0, 5] < rows[1, 5] < rows[2, 5]


def test_a_cue_ball_frozen_to_a_rack_breaks_it():
    """The cue ball touching the 1-ball of a tight rack: the joint stroke takes the cue
    ball and its cluster (up to JOINT_MAX_BALLS), the solver the rest, every invariant
    holding."""
    table, balls = nine_ball_break()
    one = balls[1].position
    balls = [Ball.pool(one[0] - 2 * R, one[1])] + balls[1:]
    result = shoot(table, balls, 0, level(0.0, 8.0))
    assert result.stroke.joint and 1 in result.stroke.pushed
    check_all(result)


@pytest.mark.parametrize("balls", [
    pair(), [Ball.pool(1.0, RAIL_Y), Ball.pool(1.0 + 2 * R, RAIL_Y), Ball.pool(2.0, 0.5)],
    pair(gap=1e-3)])
def test_shoot_batch_equals_shoot_bit_for_bit(balls):
    strokes = [level(10.0), level(-50.0, 3.0, side=0.3), level(91.0, 1.0),
               Stroke(0.2, 0.5, 0.0, 0.2, 4.0)]
    batch = shoot_batch(NINE_FOOT, balls, strokes, logs=True, threads=2)
    for k, stroke in enumerate(strokes):
        result = shoot(NINE_FOOT, balls, 0, stroke)
        assert_same(batch, k, result)
        full = batch.shot_result(k)
        assert same_strike(full.stroke, result.stroke)
        assert full.stroke_faults == result.stroke_faults


def test_a_cue_ball_frozen_to_a_jaw_tip_comes_back_off_it():
    """The jaw's rounded tip is a cushion too: struck into it, the ball leaves it on the
    table side, and the log has the tip's contact (TOUCHING, STRIKE)."""
    geo = NINE_FOOT.geometry()
    tip = 2                                         # a side pocket's jaw tip
    tx, ty, tr = geo.tips[tip]
    reach = contact_distance(NINE_FOOT, R)
    inward = np.array([X0 - tx, Y0 - ty]) / math.hypot(X0 - tx, Y0 - ty)
    ball = Ball.pool(*(np.array([tx, ty]) + (tr + reach) * inward))
    into = math.atan2(-inward[1], -inward[0]) + 0.3
    result = shoot(NINE_FOOT, [ball], 0, Stroke(into, 0.0, 0.0, 0.0, 2.0))
    assert result.stroke.contacts[0][:3] == ("jaw_tip", 0, tip)
    assert result.stroke.velocity[:2] @ inward > 0.0
    first = result.events[0]
    assert (first["kind"], first["feature"], first["rail"]) == (
        EventKind.JAW_TIP, tip, geo.tip_rails[tip])
    assert first["flags"] & EventFlag.TOUCHING and first["flags"] & EventFlag.STRIKE
    check_all(result)


def test_the_rules_see_the_frozen_ball_contacted_first_without_a_fault():
    """R9-22, WPA 6.7: the cue ball touching the lowest ball, shot into it at any angle
    short of the tangent, contacts it first (at t = 0), neither a push nor a double hit."""
    from game.rules.facts import facts_from_result
    for phi in (0.0, 34.0, 77.0):
        result = shoot(NINE_FOOT, pair(), 0, level(phi, 3.0))
        facts = facts_from_result(result, [0, 1])
        assert facts.first_contact == 1 and facts.first_contact_time == 0.0
        assert facts.stroke_faults == frozenset()


def test_an_elevated_stroke_into_a_frozen_ball_still_goes_into_the_slate():
    """The tip's downward push is not the slate's to carry: the cue ball is driven into
    the slate and the solver bounces it at t = 0, as for a free elevated stroke."""
    stroke = Stroke(math.radians(20), math.radians(40), 0.0, 0.3, 5.0)
    result = shoot(NINE_FOOT, pair(), 0, stroke)
    assert result.stroke.joint and result.stroke.velocity[2] < 0.0
    assert result.events[0]["kind"] == EventKind.SLATE and result.events[0]["time"] == 0.0
    check_all(result)


@settings(max_examples=60, derandomize=True, database=None, deadline=None)
@given(st.floats(-math.pi, math.pi), st.floats(0.0, 1.2), st.floats(0.0, 0.7),
       st.floats(0.0, 2 * math.pi), st.floats(0.1, 10.0), st.sampled_from(range(4)),
       st.floats(-1.0, 1.0))
def test_any_stroke_on_a_frozen_cluster_is_finite_and_gains_no_energy(
        azimuth, elevation, offset, which, speed, layout, turn):
    """Random strokes (any direction, elevation, offset up to beyond the miscue limit,
    0.1-10 m/s) on frozen clusters: finite, no energy gained, the balls that carried no
    force untouched, the cue's speed never above V0."""
    stroke = Stroke(azimuth, elevation, offset * math.cos(which), offset * math.sin(which),
                    speed)
    cos_t, sin_t = math.cos(turn), math.sin(turn)
    ring = [Ball.pool(X0 + 2 * R * cos_t, Y0 + 2 * R * sin_t),
            Ball.pool(X0 + 2 * R * math.cos(turn + math.pi / 3),
                      Y0 + 2 * R * math.sin(turn + math.pi / 3))]
    balls = [[Ball.pool(X0, Y0)] + ring[:1], [Ball.pool(X0, Y0)] + ring,
             [Ball.pool(1.0 + 0.1 * turn, RAIL_Y)],
             [Ball.pool(1.0, RAIL_Y), Ball.pool(1.0 + 2 * R * cos_t,
                                                RAIL_Y - 2 * R * abs(sin_t))]][layout]
    struck, rows = joint(balls, stroke)
    assert np.isfinite(rows).all() and struck.cue_speed_after <= stroke.speed
    assert energy(rows, struck.cue_speed_after) <= 0.5 * CUE.mass * stroke.speed ** 2
    loaded = ({a for _, a, _, _ in struck.contacts}
              | {b for kind, _, b, _ in struck.contacts if kind == "ball"})
    for k in range(1, len(balls)):
        if k not in loaded:
            assert not rows[k, 5:11].any()
