"""Ball-ball impacts against PHYSICS.md 4.1-4.2: stun, 90-degree rule, throw, 30-degree
rule, follow, draw, unequal balls, no tunnelling, grazing, frozen lines.

States just before and after an impact are the solver's exact piece states (probes.around).
Tolerances: an impact is a few dozen roundings of numbers of order 1, so speed ratios agree
to REL = 1e-12 relative and angles to ANGLE_TOL_DEG = 1e-9 degree (atan2 of components
known to ~1e-15 m/s); literature values quoted with 3 digits are checked to their last digit.
"""
import math

import numpy as np
import pytest

from physics_ext import Ball, EventKind, MotionState, Params, simulate
from physics_ext import constants as C
from tests.physics import probes
from tests.physics.invariants import CONTACT_TOL_M, check_momentum, check_no_overlap
from tests.physics.scenes import (ENGLISH, NINE_FOOT, R, approach, cut_shot, frozen_line,
                                  pressed_pair)

G = Params().g
REL = 1e-12
ANGLE_TOL_DEG = 1e-9
FRICTIONLESS = Params(ball_friction="constant", u_b=0.0)   # isolates the restitution laws of PHYSICS 4.1


def first_impact(result):
    """(index, before, after) of the first BALL_BALL event."""
    k = int(np.flatnonzero(result.events["kind"] == EventKind.BALL_BALL)[0])
    return (k, *probes.around(result, k))


def direction_deg(v):
    return math.degrees(math.atan2(v[1], v[0]))


def rolls_away(result, ball):
    """Velocity of `ball` when it next starts rolling (its slide-to-roll transition)."""
    ev = result.events
    k = np.flatnonzero((ev["ball"] == ball) & (ev["kind"] == EventKind.TRANSITION) &
                       (ev["state"] == MotionState.ROLLING))[0]
    return result.state_at(ev["time"][k]).velocities[ball]


@pytest.mark.parametrize("e_b", [0.95, 0.8, 1.0])
@pytest.mark.parametrize("speed", [0.5, 2.0, 6.0])
def test_stun_head_on_keeps_one_minus_e_over_two(e_b, speed):
    params = Params(e_b=e_b)
    result = simulate(NINE_FOOT, cut_shot(0.0, speed, params=params), params)
    _, before, after = first_impact(result)
    # the cue ball arrives as a pure stun (the scene's purpose); rounding of the approach
    np.testing.assert_allclose(before.velocities[0], (speed, 0, 0), rtol=REL)
    np.testing.assert_allclose(before.angular_velocities[0], 0.0, atol=REL * speed / R)
    # no slip at a stun head-on contact, so friction is idle whatever u_b (PHYSICS 4.1)
    np.testing.assert_allclose(after.velocities[0], ((1 - e_b) / 2 * speed, 0, 0),
                               rtol=0, atol=REL * speed)
    np.testing.assert_allclose(after.velocities[1], ((1 + e_b) / 2 * speed, 0, 0),
                               rtol=0, atol=REL * speed)


@pytest.mark.parametrize("e_b", [1.0, 0.95, 0.8])
@pytest.mark.parametrize("cut_deg", [15.0, 30.0, 45.0, 60.0, 75.0])
def test_stun_cut_separates_at_ninety_degrees_less_the_restitution_term(e_b, cut_deg):
    params = Params(e_b=e_b, ball_friction="constant", u_b=0.0)
    phi = math.radians(cut_deg)
    result = simulate(NINE_FOOT, cut_shot(phi, params=params), params)
    _, _, after = first_impact(result)
    separation = direction_deg(after.velocities[1]) - direction_deg(after.velocities[0])
    # 90 - atan((1 - e) cot(phi) / 2) (PHYSICS 4.1)
    expected = 90.0 - math.degrees(math.atan((1 - e_b) / math.tan(phi) / 2))
    assert separation == pytest.approx(expected, abs=ANGLE_TOL_DEG)


def test_ninety_degree_rule_quoted_value():
    params = Params(e_b=0.95, ball_friction="constant", u_b=0.0)
    _, _, after = first_impact(simulate(NINE_FOOT, cut_shot(math.radians(30), params=params),
                                        params))
    separation = direction_deg(after.velocities[1]) - direction_deg(after.velocities[0])
    assert round(separation, 1) == 87.5      # PHYSICS 4.1: 87.5 deg at 30 deg, e = 0.95


@pytest.mark.parametrize("cut_deg", [2.0, 5.0, 10.0, 30.0, 45.0, 70.0])
@pytest.mark.parametrize("u_b", [0.03, 0.06, 0.1])
def test_stun_cut_throw(cut_deg, u_b):
    """Cut-induced throw of a stun shot (PHYSICS 4.2): the object ball leaves the line of
    centres by atan(min(u_b, 2 tan(phi) / (7 (1 + e)))) towards the cue ball's side
    motion; the first branch slides at the contact, the second sticks."""
    params = Params(ball_friction="constant", u_b=u_b)
    phi = math.radians(cut_deg)
    result = simulate(NINE_FOOT, cut_shot(phi, params=params), params)
    _, _, after = first_impact(result)
    # the line of centres points along phi; the cue ball's side motion is towards phi - 90
    throw = cut_deg - direction_deg(after.velocities[1])
    expected = math.atan(min(u_b, 2 * math.tan(phi) / (7 * (1 + params.e_b))))
    assert throw == pytest.approx(math.degrees(expected), abs=ANGLE_TOL_DEG)
    # the throw impulse is horizontal for a stun ball: the object ball stays on the cloth
    assert after.states[1] == MotionState.SLIDING and after.velocities[1, 2] == 0.0


def test_half_ball_throw_quoted_value():
    """3.43 degrees of throw at a half-ball stun hit with u_b = 0.06 (PHYSICS 4.2)."""
    params = Params(ball_friction="constant", u_b=0.06)
    _, _, after = first_impact(simulate(NINE_FOOT, cut_shot(math.radians(30), params=params),
                                        params))
    throw = 30.0 - direction_deg(after.velocities[1])
    assert round(throw, 2) == 3.43


def natural_angle(phi, e):
    """Deflection of a rolling cue ball once it rolls again (PHYSICS 4.1): the normal part
    of its velocity becomes k v cos(phi), k = 2/7 + 5 (1 - e) / 14, the tangential part
    stays v sin(phi), so it turns by atan(tan(phi) / k) - phi."""
    k = 2 / 7 + 5 * (1 - e) / 14
    return math.atan(math.tan(phi) / k) - phi


@pytest.mark.parametrize("e_b", [1.0, 0.95, 0.9])
@pytest.mark.parametrize("cut_deg", [10.0, 28.1, 30.0, 48.6, 70.0])
def test_rolling_cue_ball_follows_the_thirty_degree_rule(e_b, cut_deg):
    params = Params(e_b=e_b, ball_friction="constant", u_b=0.0)
    phi = math.radians(cut_deg)
    result = simulate(NINE_FOOT, cut_shot(phi, rolling=True, params=params), params)
    _, before, _ = first_impact(result)
    arrival = before.velocities[0]
    final = rolls_away(result, 0)
    deflection = direction_deg(arrival) - direction_deg(final)
    assert deflection == pytest.approx(math.degrees(natural_angle(phi, e_b)), abs=ANGLE_TOL_DEG)
    if e_b == 1.0:
        # e = 1: atan(sin a cos a / (sin^2 a + 2/5)) and speed v sqrt(sin^2 + 4/49 cos^2)
        s, c = math.sin(phi), math.cos(phi)
        assert math.radians(deflection) == pytest.approx(math.atan(s * c / (s * s + 0.4)),
                                                         abs=math.radians(ANGLE_TOL_DEG))
        assert np.linalg.norm(final) == pytest.approx(
            np.linalg.norm(arrival) * math.sqrt(s * s + 4 / 49 * c * c), rel=REL)


@pytest.mark.parametrize("e_b, quoted", [(1.0, 33.7), (0.95, 32.3)])
def test_half_ball_natural_angle_quoted_values(e_b, quoted):
    params = Params(e_b=e_b, ball_friction="constant", u_b=0.0)
    result = simulate(NINE_FOOT, cut_shot(math.radians(30), rolling=True, params=params),
                      params)
    _, before, _ = first_impact(result)
    deflection = direction_deg(before.velocities[0]) - direction_deg(rolls_away(result, 0))
    assert round(deflection, 1) == quoted     # PHYSICS 4.1 / TP B.13


@pytest.mark.parametrize("e_b", [1.0, 0.95])
def test_follow_shot_two_sevenths_and_five_sevenths(e_b):
    """Rolling head-on, frictionless contact: the cue ball keeps its topspin and re-rolls
    forward at (5 (1 - e)/2 + 2)/7 v (2/7 for e = 1); the object ball, struck without spin,
    rolls at 5/7 of (1 + e)/2 v (PHYSICS 4.1)."""
    params = Params(e_b=e_b, ball_friction="constant", u_b=0.0)
    result = simulate(NINE_FOOT, cut_shot(0.0, rolling=True, params=params), params)
    _, before, _ = first_impact(result)
    v = before.velocities[0, 0]
    assert before.states[0] == MotionState.ROLLING
    assert rolls_away(result, 0)[0] == pytest.approx((5 * (1 - e_b) / 2 + 2) / 7 * v, rel=REL)
    assert rolls_away(result, 1)[0] == pytest.approx(5 / 7 * (1 + e_b) / 2 * v, rel=REL)


@pytest.mark.parametrize("u_b", [0.0, 0.06])
@pytest.mark.parametrize("speed, surface_spin", [(2.0, -3.0), (1.0, -2.0), (3.0, -1.0)])
def test_draw_shot_reversal_speed(u_b, speed, surface_spin):
    """A cue ball arriving head-on with backspin R w < 0 keeps (1 - e)/2 v and comes back
    at (5 v' + 2 R w') / 7 (PHYSICS 2, 1-D). With u_b > 0 the contact's vertical slip R|w|
    meets friction: an impulse J_t = min(u_b J_n, m R |w| / 7) (J_n = (1 + e) m v / 2,
    stick mass m/7 for equal balls, PHYSICS 4.2) pushes the cue ball into the slate, which
    takes it, and its torque R J_t / I takes back part of the draw."""
    params = Params(ball_friction="constant", u_b=u_b)
    m = C.POOL_BALL_MASS
    v0, w0 = approach(speed, surface_spin / R, 0.3, params)
    balls = [Ball.pool(0.5, 0.6, velocity=(v0, 0, 0), angular_velocity=(0, w0, 0)),
             Ball.pool(0.8 + 2 * R, 0.6)]
    result = simulate(NINE_FOOT, balls, params)
    _, before, after = first_impact(result)
    np.testing.assert_allclose(before.velocities[0], (speed, 0, 0), rtol=REL)
    j_n = (1 + params.e_b) * m * speed / 2
    j_t = min(u_b * j_n, m * abs(surface_spin) / 7)
    w_after = surface_spin / R + R * j_t / (0.4 * m * R * R)
    v_after = (1 - params.e_b) / 2 * speed
    assert after.angular_velocities[0, 1] == pytest.approx(w_after, rel=REL)
    assert after.velocities[0, 2] == 0.0 and after.states[0] == MotionState.SLIDING
    reversal = (5 * v_after + 2 * R * w_after) / 7
    assert reversal < 0
    assert rolls_away(result, 0)[0] == pytest.approx(reversal, rel=REL)


def test_unequal_masses_head_on_stun_rebound():
    """English cue ball (94 g) into an object ball (116 g), equal radii so the normal is
    horizontal, e = 1: the cue ball rebounds at (m1 - m2)/(m1 + m2) v, -0.105 v (PHYSICS
    4.1), the object ball leaves at 2 m1 / (m1 + m2) v."""
    m1, m2 = C.BLACKBALL_CUE_MASS, C.BLACKBALL_OBJECT_MASS
    params = Params(e_b=1.0)
    balls = cut_shot(0.0, 1.5, params=params, cue=(R, m1), target=(R, m2))
    _, before, after = first_impact(simulate(NINE_FOOT, balls, params))
    v = before.velocities[0, 0]
    assert after.velocities[0, 0] / v == pytest.approx((m1 - m2) / (m1 + m2), rel=REL)
    assert round(after.velocities[0, 0] / v, 3) == -0.105
    assert after.velocities[1, 0] / v == pytest.approx(2 * m1 / (m1 + m2), rel=REL)


@pytest.mark.parametrize("e_b", [1.0, 0.95])
def test_english_balls_meet_on_a_tilted_normal(e_b):
    """English cue ball (23.8 mm, 94 g) into a 25.4 mm, 116 g object ball on the cloth:
    the line of centres rises by beta = asin((R2 - R1) / (R1 + R2)) = 1.86 deg (PHYSICS
    4.1). The normal impulse J = (1 + e) mu v cos(beta) (mu the reduced mass, u_b = 0)
    has a downward part on the cue ball, which the slate takes, and an upward part on the
    object ball, too small to lift it (< 0.14 m/s), so horizontally: v1' = v - J cos(beta)
    / m1, v2' = J cos(beta) / m2; horizontal momentum is conserved."""
    r1, m1 = C.BLACKBALL_CUE_RADIUS, C.BLACKBALL_CUE_MASS
    r2, m2 = C.BLACKBALL_OBJECT_RADIUS, C.BLACKBALL_OBJECT_MASS
    params = Params(e_b=e_b, ball_friction="constant", u_b=0.0)
    balls = cut_shot(0.0, 1.5, params=params, table=ENGLISH, cue=(r1, m1), target=(r2, m2))
    _, before, after = first_impact(simulate(ENGLISH, balls, params))
    beta = math.asin((r2 - r1) / (r1 + r2))
    assert round(math.degrees(beta), 2) == 1.86
    v = before.velocities[0, 0]
    impulse = (1 + e_b) * (m1 * m2 / (m1 + m2)) * v * math.cos(beta)
    assert after.velocities[0, 0] == pytest.approx(v - impulse * math.cos(beta) / m1, rel=REL)
    assert after.velocities[1, 0] == pytest.approx(impulse * math.cos(beta) / m2, rel=REL)
    np.testing.assert_array_equal(after.velocities[:, 2], 0.0)
    if e_b == 1.0:
        # the tilt costs only cos^2(beta) of the -0.105 v of equal radii
        assert round(after.velocities[0, 0] / v, 3) == -0.104


@pytest.mark.parametrize("speed", [12.0, 50.0])
def test_fast_ball_still_hits_a_ball_two_centimetres_away(speed):
    """No tunnelling: the contact time solves 0.02 = v t - u_s g t^2 / 2 (a stun ball
    slides), whatever the speed."""
    gap = 0.02
    balls = [Ball.pool(1.0, 0.6, velocity=(speed, 0, 0)), Ball.pool(1.0 + 2 * R + gap, 0.6)]
    result = simulate(NINE_FOOT, balls)
    first = result.events[0]
    assert first["kind"] == EventKind.BALL_BALL and (first["ball"], first["other"]) == (0, 1)
    a = Params().u_s * G
    assert first["time"] == pytest.approx((speed - math.sqrt(speed ** 2 - 2 * a * gap)) / a,
                                          rel=REL)


def test_rolling_balls_with_equal_accelerations_meet_on_time():
    """Two balls rolling the same way decelerate alike, so the quartic's two leading
    coefficients vanish: the gap closes linearly, at gap / (v1 - v2)."""
    gap, v1, v2 = 0.05, 0.5, 0.3
    balls = [Ball.pool(0.3, 0.6, velocity=(v1, 0, 0), angular_velocity=(0, v1 / R, 0)),
             Ball.pool(0.3 + 2 * R + gap, 0.6, velocity=(v2, 0, 0),
                       angular_velocity=(0, v2 / R, 0))]
    first = simulate(NINE_FOOT, balls).events[0]
    assert first["kind"] == EventKind.BALL_BALL
    assert first["time"] == pytest.approx(gap / (v1 - v2), rel=REL)


@pytest.mark.parametrize("offset, hits", [(2 * R - 1e-7, True), (2 * R + 1e-7, False)])
def test_grazing_contact_is_neither_missed_nor_invented(offset, hits):
    """A ball passing the other with its line 0.1 um inside (outside) of contact distance:
    the distance function has a near-double root there, the hardest case for a quartic
    solver."""
    balls = [Ball.pool(0.5, 0.6, velocity=(2.0, 0, 0), angular_velocity=(0, 2.0 / R, 0)),
             Ball.pool(1.0, 0.6 + offset)]
    result = simulate(NINE_FOOT, balls)
    touched = np.any(result.events["kind"] == EventKind.BALL_BALL)
    assert touched == hits


@pytest.mark.parametrize("n", [1, 3, 7])
def test_frozen_line_is_a_newtons_cradle(n):
    """e = 1, frictionless: a cue ball touching a line of n touching balls hands its whole
    speed down the line at t = 0; every ball but the last stops (pairwise resolution in
    contact order is exact for a straight line of equal balls)."""
    params = Params(e_b=1.0, ball_friction="constant", u_b=0.0)
    result = simulate(NINE_FOOT, frozen_line(n, speed=2.0), params)
    impacts = result.events[result.events["kind"] == EventKind.BALL_BALL]
    assert np.count_nonzero(impacts["time"] == 0.0) == n
    after = result.state_at(0.0)
    np.testing.assert_allclose(after.velocities[:n, 0], 0.0, atol=REL * 2.0)
    assert after.velocities[n, 0] == pytest.approx(2.0, rel=REL)


def test_cue_ball_into_a_frozen_line_conserves_momentum_with_any_restitution():
    result = simulate(NINE_FOOT, frozen_line(4, speed=3.0))
    before, after = probes.initial_state(result), result.state_at(0.0)
    np.testing.assert_allclose(probes.momentum(result, after)[:2],
                               probes.momentum(result, before)[:2], rtol=REL)
    # with e < 1 the line spreads out: every ball moves on, the last one fastest
    assert np.all(np.diff(after.velocities[:, 0]) > 0) and after.velocities[0, 0] > 0


def test_chasing_ball_never_passes_through_the_ball_ahead():
    """A ball sliding with topspin (accelerating) behind a slower rolling ball keeps
    catching it: a train of ever softer impacts, none of which may be skipped."""
    balls = [Ball.pool(0.8, 0.6, velocity=(0.31, 0, 0), angular_velocity=(0, 3.0 / R, 0)),
             Ball.pool(0.8 + 2 * R + 0.002, 0.6, velocity=(0.3, 0, 0),
                       angular_velocity=(0, 0.3 / R, 0))]
    check_no_overlap(simulate(NINE_FOOT, balls))


# Pairs that once drove the solver into an endless train of impacts (event cap) or a stall.
PUSHING_PAIRS = [
    pytest.param(pressed_pair(), id="thirty_degrees_off"),
    # (random_break seed 264, 1 ms before it stalled; velocities to 5 digits)
    pytest.param([Ball.pool(2.0558748242770863, 0.6047436409221915,
                            velocity=(0.00052866, -0.00034444, 0),
                            angular_velocity=(0.00034444 / R, 0.00052866 / R, 0)),
                  Ball.pool(2.009865139018573, 0.6386439738547244,
                            velocity=(0.006054, 0.0071326, 0),
                            angular_velocity=(-0.0071326 / R, 0.006054 / R, 0))],
                 id="from_a_break"),
]


@pytest.mark.parametrize("balls", PUSHING_PAIRS)
def test_rolling_ball_pushing_a_touching_ball_comes_to_rest(balls):
    """Slow rolling balls pressed together (common at the end of a break) must settle in a
    bounded number of events (no Zeno train of impacts, no stall), never overlapping."""
    result = simulate(NINE_FOOT, balls)
    assert len(result.events) < 1000
    check_no_overlap(result)


def test_ball_spinning_against_a_touching_ball_conserves_momentum_at_each_impact():
    """A ball spinning forward in place, touching another: cloth friction drives it into
    the other ball. Cloth friction is a finite force (u_s m g), so it cannot deliver an
    impulse at an instant: every BALL_BALL event must conserve the pair's momentum. (The
    solver's first impact here moves it by 0.24 m/s times a ball's mass.)"""
    balls = [Ball.pool(1.0, 0.6, angular_velocity=(0, 30.0, 0)),
             Ball.pool(1.0 + 2 * R * (1 + 1e-12), 0.6)]
    check_momentum(simulate(NINE_FOOT, balls))


def test_ball_leaving_a_touching_ball_is_met_at_exact_contact_when_it_returns():
    """A ball rolling back off a touching ball at 2 cm/s, with topspin that brings it back:
    it returns at about 2 cm/s, a real impact, which must start at exact contact."""
    balls = [Ball.pool(1.0, 0.6, velocity=(-0.02, 0, 0), angular_velocity=(0, 20.0, 0)),
             Ball.pool(1.0 + 2 * R * (1 + 1e-12), 0.6)]
    result = simulate(NINE_FOOT, balls)
    k, before, _ = first_impact(result)
    assert result.events["speed"][k] > 0.019
    gap = np.linalg.norm(before.positions[1] - before.positions[0]) - 2 * R
    assert abs(gap) <= CONTACT_TOL_M


def test_ball_in_the_air_pressed_on_a_ball_stays_out_of_it():
    """(random_break seed 15 at t = 0.1734 s, the two balls alone) ball 0 has just hopped
    off the cloth against ball 1 and keeps pressing on it for 40 ms, in a train of soft
    impacts."""
    balls = [Ball(R, C.POOL_BALL_MASS, (1.9050058814226045, 0.6350183455809959,
                                        0.02859437615198978),
                  (0.06177862342048577, 0.1927024831028705, 0.20306066519214339),
                  (-7.034947250818685, 9.207431882972775, 14.740754202787103)),
             Ball(R, C.POOL_BALL_MASS, (1.9544967884236846, 0.6635982616080519),
                  (0.036070018709186004, 0.24425149795838327, 0.0),
                  (0.9965641406226703, -1.748177619172797, -10.964042703235211))]
    check_no_overlap(simulate(NINE_FOOT, balls))
