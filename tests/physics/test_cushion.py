"""Cushions, jaws and pockets: the Han 2005 impulse at the nose (PHYSICS.md 4.3,
Params(cushion_model="han_2005")) against its closed form for a square hit, the quoted
re-roll figures, frozen and rail-hugging balls, every rail and pocket by id, and a jaw tip
(the default Mathavan 2010 model against the measurements: test_cushion_measured.py).

Tolerances: REL = 1e-12 relative for quantities the model gives in closed form (a few dozen
roundings); POS_TOL_M = 1e-12 m for positions of order 1 m; literature figures quoted with
three digits are checked to their last digit.
"""
import dataclasses
import math

import numpy as np
import pytest

from physics_ext import Ball, EventKind, MotionState, Params, Pocket, Rail, simulate
from physics_ext import constants as C
from physics_ext.api import contact_distance
from tests.physics import probes
from tests.physics.scenes import ENGLISH, NINE_FOOT, R, approach, bank_shot

G = Params().g
REL = 1e-12
POS_TOL_M = 1e-12
M = C.POOL_BALL_MASS
RHO = contact_distance(NINE_FOOT, R)
SIN_A = NINE_FOOT.cushion_height / R - 1      # nose above the centre: sin(theta_a)
COS_A = math.sqrt(1 - SIN_A ** 2)
HAN = Params(cushion_model="han_2005")


def han_square(v, w_y, e_c, u_c):
    """A ball moving +x at v with spin w_y hits a cushion square on (Han 2005 as the model
    writes it, PHYSICS 4.3). Contact normal N = -(cos a, 0, sin a); the nose touches the
    ball at -R N. Normal impulse (1 + e_c) m v cos(a) along N, through the centre. The
    contact point slips along s_hat = (sin a, 0, -cos a) at sigma = R w_y + v sin(a);
    friction opposes it, sticking (2m/7 |sigma|) or sliding (u_c times the normal impulse),
    and turns the ball by -R P_T sgn(sigma) / I. The slate takes any downward speed.
    Returns (v_x, w_y) just after and the speed at which the ball later rolls."""
    p_n = (1 + e_c) * M * v * COS_A
    sigma = R * w_y + v * SIN_A
    p_t = min(2 * M * abs(sigma) / 7, u_c * p_n) * math.copysign(1.0, sigma)
    v_x = v - (p_n * COS_A + p_t * SIN_A) / M
    w_after = w_y - R * p_t / (0.4 * M * R * R)
    return v_x, w_after, (5 * v_x + 2 * R * w_after) / 7


def square_hit(speed, rolling, params=Params(), gap=0.3):
    """A ball arriving square at the foot cushion at `speed`: stun or rolling."""
    start = NINE_FOOT.length - RHO - gap
    if rolling:
        v0 = math.sqrt(speed ** 2 + 2 * params.u_r * G * gap)   # rolls out v^2 - 2 u_r g d
        w0 = v0 / R
    else:
        v0, w0 = approach(speed, 0.0, gap, params)
    ball = Ball.pool(start, NINE_FOOT.width / 2, velocity=(v0, 0, 0),
                     angular_velocity=(0, w0, 0))
    return simulate(NINE_FOOT, [ball], params)


def first_of(result, kind):
    return int(np.flatnonzero(result.events["kind"] == kind)[0])


@pytest.mark.parametrize("u_c", [0.2, 0.02])       # sticking and sliding at the nose
@pytest.mark.parametrize("rolling", [False, True])
@pytest.mark.parametrize("speed", [0.5, 1.0, 2.0, 4.0])
def test_square_cushion_hit_follows_han_closed_form(speed, rolling, u_c):
    params = dataclasses.replace(HAN, u_c=u_c)
    result = square_hit(speed, rolling, params)
    k = first_of(result, EventKind.CUSHION)
    event = result.events[k]
    assert event["rail"] == Rail.FOOT and event["flags"] == 0
    before, after = probes.around(result, k)
    np.testing.assert_allclose(before.velocities[0], (speed, 0, 0), rtol=REL)
    v_x, w_y, reroll = han_square(speed, before.angular_velocities[0, 1], params.e_c, u_c)
    # normal approach speed along the nose's contact normal
    assert event["speed"] == pytest.approx(speed * COS_A, rel=REL)
    assert after.velocities[0, 0] == pytest.approx(v_x, rel=REL)
    assert after.angular_velocities[0, 1] == pytest.approx(w_y, rel=REL)
    assert after.velocities[0, 2] == 0.0 and after.states[0] == MotionState.SLIDING
    rolls = result.events[(result.events["kind"] == EventKind.TRANSITION) &
                          (result.events["state"] == MotionState.ROLLING)]
    assert result.state_at(rolls["time"][0]).velocities[0, 0] == pytest.approx(reroll, rel=REL)


@pytest.mark.parametrize("rolling, quoted", [(False, -0.581), (True, -0.548)])
def test_square_hit_at_one_metre_per_second_quoted_reroll(rolling, quoted):
    """PHYSICS 4.3: arriving square at 1 m/s, Han's model (e_c = 0.85, u_c = 0.2, nose at
    0.635 D) re-rolls away at 0.581 (stun) / 0.548 (rolling) m/s."""
    params = dataclasses.replace(HAN, e_c=0.85, u_c=0.2)
    assert NINE_FOOT.cushion_height == pytest.approx(0.635 * 2 * R, rel=1e-3)
    result = square_hit(1.0, rolling, params)
    rolls = result.events[(result.events["kind"] == EventKind.TRANSITION) &
                          (result.events["state"] == MotionState.ROLLING)]
    assert round(result.state_at(rolls["time"][0]).velocities[0, 0], 3) == quoted


@pytest.mark.parametrize("angle_deg", [0.0, 20.0, 45.0, 70.0])
def test_frictionless_nose_returns_0715_of_the_normal_speed(angle_deg):
    """u_c = 0: the impulse (1 + e_c) m v_n cos(a) acts along the nose's contact normal, so
    the horizontal normal speed comes back as ((1 + e_c) cos^2(a) - 1) v_n, 0.715 v_n for
    e_c = 0.85 (PHYSICS 4.3), while the speed along the cushion and the spin are kept."""
    params = dataclasses.replace(HAN, u_c=0.0)
    result = simulate(NINE_FOOT, bank_shot(math.radians(angle_deg), params=params), params)
    k = first_of(result, EventKind.CUSHION)
    before, after = probes.around(result, k)
    ratio = -after.velocities[0, 1] / before.velocities[0, 1]
    assert ratio == pytest.approx((1 + params.e_c) * COS_A ** 2 - 1, rel=REL)
    assert round(ratio, 3) == 0.715
    assert after.velocities[0, 0] == pytest.approx(before.velocities[0, 0], abs=REL)
    np.testing.assert_allclose(after.angular_velocities[0], before.angular_velocities[0],
                               rtol=0, atol=REL * 1.5 / R)


@pytest.mark.parametrize("table, radius, mass", [
    (NINE_FOOT, R, M), (ENGLISH, C.BLACKBALL_CUE_RADIUS, C.BLACKBALL_CUE_MASS),
    (ENGLISH, C.BLACKBALL_OBJECT_RADIUS, C.BLACKBALL_OBJECT_MASS)])
def test_balls_frozen_to_each_rail_stay_put(table, radius, mass):
    rho = contact_distance(table, radius)
    L, W = table.length, table.width
    spots = [(L / 4, rho), (3 * L / 4, rho), (L - rho, W / 2), (3 * L / 4, W - rho),
             (L / 4, W - rho), (rho, W / 2)]
    result = simulate(table, [Ball(radius, mass, p) for p in spots])
    assert len(result.events) == 0
    np.testing.assert_array_equal(result.final.positions[:, :2], spots)
    np.testing.assert_array_equal(result.initial_rail_contacts, np.eye(6, dtype=bool))


def test_ball_rolling_along_a_cushion_hugs_it_without_events():
    """Frozen to the right cushion and rolling parallel to it: the nose is touched but never
    approached, so no cushion event, and the ball rolls out its v^2 / (2 u_r g) exactly."""
    v = 0.34
    ball = Ball.pool(0.3, RHO, velocity=(v, 0, 0), angular_velocity=(0, v / R, 0))
    result = simulate(NINE_FOOT, [ball])
    assert list(result.events["kind"]) == [EventKind.TRANSITION]
    samples = result.sample(np.linspace(0, result.duration, 100))
    np.testing.assert_array_equal(samples.positions[:, 0, 1], RHO)
    assert result.final.positions[0, 0] == pytest.approx(0.3 + v * v / (2 * Params().u_r * G),
                                                         abs=POS_TOL_M)


@pytest.mark.parametrize("angle", [1e-3, 1e-5, 1e-7])
def test_ball_grazing_a_cushion_bounces_off_it(angle):
    """Rolling into the right cushion at a tiny angle, 5 cm before the contact: the contact
    is found (no tunnelling into the rail) and the ball leaves it. (The gap stays above the
    solver's 1 nm touching tolerance.)"""
    v = 1.0
    vel = (v * math.cos(angle), -v * math.sin(angle), 0.0)
    ball = Ball.pool(0.2, RHO + 5e-2 * math.sin(angle),
                     velocity=vel, angular_velocity=(-vel[1] / R, vel[0] / R, 0))
    result = simulate(NINE_FOOT, [ball])
    k = first_of(result, EventKind.CUSHION)
    assert result.events[k]["rail"] == Rail.RIGHT_HEAD
    _, after = probes.around(result, k)
    assert after.velocities[0, 1] > 0
    samples = result.sample(np.linspace(0, result.events["time"][k] * 2, 2000))
    assert probes.cushion_depth(result, samples.positions, samples.states) <= POS_TOL_M


@pytest.mark.parametrize("rail, start, velocity", [
    (Rail.RIGHT_HEAD, (0.6, 0.5), (0.3, -1.0)),
    (Rail.RIGHT_FOOT, (1.9, 0.5), (-0.3, -1.0)),
    (Rail.FOOT, (2.0, 0.4), (1.0, 0.4)),
    (Rail.LEFT_FOOT, (1.9, 0.7), (0.3, 1.0)),
    (Rail.LEFT_HEAD, (0.6, 0.7), (-0.3, 1.0)),
    (Rail.HEAD, (0.5, 0.8), (-1.0, 0.4)),
])
def test_each_rail_is_named_and_pushes_the_ball_back(rail, start, velocity):
    result = simulate(NINE_FOOT, [Ball.pool(*start, velocity=(*velocity, 0))])
    k = first_of(result, EventKind.CUSHION)
    event = result.events[k]
    geo = NINE_FOOT.geometry()
    assert event["rail"] == rail and geo.segment_rails[event["feature"]] == rail
    before, after = probes.around(result, k)
    normal = geo.segment_normals[event["feature"]]
    # the normal component turns round; energy is lost, none gained (PHYSICS 7)
    assert before.velocities[0, :2] @ normal < 0 < after.velocities[0, :2] @ normal
    assert probes.energies(result, after)[0] < probes.energies(result, before)[0]


def pocket_shots():
    """For each pocket, a start 0.5 m out along its axis and a velocity straight in."""
    geo = NINE_FOOT.geometry()
    L, W = NINE_FOOT.length, NINE_FOOT.width
    axes = {Pocket.HEAD_RIGHT: (-1, -1), Pocket.SIDE_RIGHT: (0, -1),
            Pocket.FOOT_RIGHT: (1, -1), Pocket.FOOT_LEFT: (1, 1),
            Pocket.SIDE_LEFT: (0, 1), Pocket.HEAD_LEFT: (-1, 1)}
    mouths = {Pocket.HEAD_RIGHT: (0, 0), Pocket.SIDE_RIGHT: (L / 2, 0),
              Pocket.FOOT_RIGHT: (L, 0), Pocket.FOOT_LEFT: (L, W),
              Pocket.SIDE_LEFT: (L / 2, W), Pocket.HEAD_LEFT: (0, W)}
    for pocket, axis in axes.items():
        u = np.array(axis, dtype=float) / math.hypot(*axis)
        start = np.array(mouths[pocket]) - 0.5 * u
        yield pytest.param(pocket, tuple(start), tuple(2.0 * u), geo.pockets[pocket],
                           id=pocket.name)


@pytest.mark.parametrize("pocket, start, velocity, hole", list(pocket_shots()))
def test_ball_rolled_straight_in_drops_into_that_pocket(pocket, start, velocity, hole):
    v = np.array([*velocity, 0.0])
    result = simulate(NINE_FOOT, [Ball.pool(*start, velocity=v,
                                            angular_velocity=np.cross([0, 0, 1.0], v) / R)])
    kinds = result.events["kind"]
    assert not np.any((kinds == EventKind.CUSHION) | (kinds == EventKind.JAW_TIP))
    drop = result.events[kinds == EventKind.POCKET]
    assert len(drop) == 1 and drop["feature"][0] == pocket
    assert drop["state"][0] == MotionState.POCKETED
    assert result.final.states[0] == MotionState.POCKETED
    # it drops where its centre crosses the hole's edge, and stays there
    where = result.final.positions[0, :2]
    assert math.dist(where, hole[:2]) == pytest.approx(hole[2], abs=POS_TOL_M)


def test_ball_hitting_a_jaw_tip_rebounds():
    """Aimed at the rounded tip of the side pocket's head-side jaw, 1 cm on the pocket
    side of its centre: the tip is hit (JAW_TIP on the right cushion), and the ball leaves
    it along the tip's normal."""
    geo = NINE_FOOT.geometry()
    k_tip = int(np.argmin(np.hypot(geo.tips[:, 0] - (NINE_FOOT.length / 2 - 0.07),
                                   geo.tips[:, 1])))
    x_tip, y_tip, _ = geo.tips[k_tip]
    ball = Ball.pool(x_tip + 0.01, 0.3, velocity=(0, -1.5, 0))
    result = simulate(NINE_FOOT, [ball])
    k = first_of(result, EventKind.JAW_TIP)
    assert not np.any(result.events["kind"][:k] == EventKind.CUSHION)
    event = result.events[k]
    assert event["feature"] == k_tip and event["rail"] == Rail.RIGHT_HEAD
    before, after = probes.around(result, k)
    normal = before.positions[0, :2] - (x_tip, y_tip)
    assert np.linalg.norm(normal) == pytest.approx(geo.tips[k_tip, 2] + RHO, abs=POS_TOL_M)
    assert before.velocities[0, :2] @ normal < 0 < after.velocities[0, :2] @ normal
