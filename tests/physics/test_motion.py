"""Motion of a lone ball on the cloth against the closed forms of PHYSICS.md section 2
(Leckie & Greenspan): rolling roll-out, slide-to-roll at 5/7, stop-dead backspin, draw
reversal, spin-in-place decay, and the sliding parabola.

Tolerances: the solver evaluates the same closed forms, so times and speeds agree to a few
roundings of double arithmetic (REL = 1e-12 relative); positions of order 1 m to
POS_TOL_M = 1e-12 m.
"""
import math

import numpy as np
import pytest

from physics_ext import Ball, EventKind, MotionState, Params, simulate
from physics_ext import constants as C
from tests.physics.scenes import ENGLISH, NINE_FOOT, R

P = Params()
G = P.g
REL = 1e-12          # relative: closed form evaluated in doubles by both sides
POS_TOL_M = 1e-12    # m: a few ulps of coordinates of order 1 m
CENTRE = (NINE_FOOT.length / 2, NINE_FOOT.width / 2)


def heading(angle):
    return np.array([math.cos(angle), math.sin(angle), 0.0])


def rolling_spin(velocity, radius=R):
    """omega of a ball rolling with `velocity`: z x v / R (PHYSICS 0)."""
    return np.cross([0.0, 0.0, 1.0], velocity) / radius


def only_event(result):
    assert len(result.events) == 1, result.events
    return result.events[0]


@pytest.mark.parametrize("speed, angle", [(0.1, 0.0), (0.2, 1.0), (0.32, 2.5), (0.3, -2.0)])
def test_rolling_ball_stops_after_v2_over_2_ur_g(speed, angle):
    v = speed * heading(angle)
    result = simulate(NINE_FOOT, [Ball.pool(*CENTRE, velocity=v,
                                            angular_velocity=rolling_spin(v))])
    stop = only_event(result)
    assert stop["kind"] == EventKind.TRANSITION and stop["state"] == MotionState.STATIONARY
    # rolls out in v / (u_r g) over v^2 / (2 u_r g) (PHYSICS 2); closed forms, REL
    assert stop["time"] == pytest.approx(speed / (P.u_r * G), rel=REL)
    travelled = result.final.positions[0] - (*CENTRE, R)
    expected = speed ** 2 / (2 * P.u_r * G) * heading(angle)
    np.testing.assert_allclose(travelled, expected, rtol=0, atol=POS_TOL_M)
    assert np.all(result.final.velocities == 0.0) and np.all(result.final.angular_velocities == 0)


def test_rolling_ball_with_side_spin_runs_straight_and_then_spins_down():
    """omega_z does not enter the cloth slip (PHYSICS 0): the path stays straight, and the
    spin, decaying at alpha_sp all along, outlives the roll."""
    v, w_z = 0.3, 40.0
    alpha = 2.5 * P.u_sp * G / R
    result = simulate(NINE_FOOT, [Ball.pool(*CENTRE, velocity=(v, 0, 0),
                                            angular_velocity=(0, v / R, w_z))])
    events = result.events
    assert list(events["state"]) == [MotionState.SPINNING, MotionState.STATIONARY]
    assert events["time"][0] == pytest.approx(v / (P.u_r * G), rel=REL)
    assert events["time"][1] == pytest.approx(w_z / alpha, rel=REL)
    samples = result.sample(np.linspace(0.0, events["time"][0], 50))
    np.testing.assert_array_equal(samples.positions[:, 0, 1], CENTRE[1])
    np.testing.assert_allclose(samples.angular_velocities[:, 0, 2],
                               w_z - alpha * samples.times, rtol=REL, atol=0)


@pytest.mark.parametrize("speed, angle", [(1.0, 0.0), (2.0, 0.3), (3.0, -0.2)])
def test_centre_hit_reaches_five_sevenths_after_twelve_fortyninths(speed, angle):
    start = (0.3, NINE_FOOT.width / 2)
    result = simulate(NINE_FOOT, [Ball.pool(*start, velocity=speed * heading(angle))])
    first = result.events[0]
    assert first["kind"] == EventKind.TRANSITION and first["state"] == MotionState.ROLLING
    # slides for 2 v0 / (7 u_s g) (PHYSICS 2); closed form, REL
    t_roll = 2 * speed / (7 * P.u_s * G)
    assert first["time"] == pytest.approx(t_roll, rel=REL)
    state = result.state_at(t_roll)
    # ... and leaves at 5/7 v0, having slid 12 v0^2 / (49 u_s g), rolling (omega = z x v/R)
    np.testing.assert_allclose(state.velocities[0], 5 / 7 * speed * heading(angle),
                               rtol=0, atol=REL * speed)
    slid = state.positions[0] - (*start, R)
    np.testing.assert_allclose(slid, 12 * speed ** 2 / (49 * P.u_s * G) * heading(angle),
                               rtol=0, atol=POS_TOL_M)
    np.testing.assert_allclose(state.angular_velocities[0], rolling_spin(state.velocities[0]),
                               rtol=0, atol=REL * speed / R)


def test_sliding_ball_gains_topspin_in_the_direction_of_travel():
    """PHYSICS 2 sign check: a stun ball moving +x must gain omega_y > 0 while sliding."""
    result = simulate(NINE_FOOT, [Ball.pool(0.3, 0.6, velocity=(2.0, 0, 0))])
    t = result.events["time"][0] / 2
    assert result.state_at(t).angular_velocities[0, 1] == pytest.approx(
        2.5 * P.u_s * G / R * t, rel=REL)


@pytest.mark.parametrize("speed", [0.5, 1.0, 2.5])
def test_backspin_of_five_halves_v_stops_dead(speed):
    v = speed * heading(0.4)
    result = simulate(NINE_FOOT, [Ball.pool(0.4, 0.4, velocity=v,
                                            angular_velocity=-2.5 * rolling_spin(v))])
    stop = only_event(result)
    # slip 7/2 v decays at 7/2 u_s g while v decays at u_s g: both vanish at v/(u_s g)
    assert stop["state"] == MotionState.STATIONARY
    assert stop["time"] == pytest.approx(speed / (P.u_s * G), rel=REL)
    np.testing.assert_allclose(result.final.positions[0] - (0.4, 0.4, R),
                               speed ** 2 / (2 * P.u_s * G) * heading(0.4), rtol=0,
                               atol=POS_TOL_M)


@pytest.mark.parametrize("speed, surface_spin", [
    (2.0, -8.0),    # heavy draw: comes back
    (1.0, -4.0),
    (2.0, -1.0),    # some backspin: keeps going, slower
    (1.0, 3.0),     # over-spun follow: speeds up
    (0.5, 2.0),
])
def test_one_dimensional_final_rolling_speed(speed, surface_spin):
    """General 1-D case (PHYSICS 2): final rolling speed (5 v0 + 2 R w0)/7, reached after
    2 |v0 - R w0| / (7 u_s g). A negative result is the draw's reversal speed."""
    result = simulate(NINE_FOOT, [Ball.pool(*CENTRE, velocity=(speed, 0, 0),
                                            angular_velocity=(0, surface_spin / R, 0))])
    first = result.events[0]
    assert first["kind"] == EventKind.TRANSITION and first["state"] == MotionState.ROLLING
    assert first["time"] == pytest.approx(2 * abs(speed - surface_spin) / (7 * P.u_s * G),
                                          rel=REL)
    v = result.state_at(first["time"]).velocities[0]
    assert v[0] == pytest.approx((5 * speed + 2 * surface_spin) / 7, rel=REL)
    assert v[1] == 0.0


@pytest.mark.parametrize("radius, mass", [(R, C.POOL_BALL_MASS),
                                          (C.BLACKBALL_CUE_RADIUS, C.BLACKBALL_CUE_MASS)])
@pytest.mark.parametrize("w_z", [5.0, -30.0])
def test_spin_in_place_decays_in_w_over_alpha_sp(radius, mass, w_z):
    table = NINE_FOOT if radius == R else ENGLISH
    result = simulate(table, [Ball(radius, mass, (0.5, 0.5), angular_velocity=(0, 0, w_z))])
    stop = only_event(result)
    alpha = 5 * P.u_sp * G / (2 * radius)     # PHYSICS 1.2, Leckie & Greenspan form
    assert stop["time"] == pytest.approx(abs(w_z) / alpha, rel=REL)
    state = result.state_at(stop["time"] / 4)
    assert state.states[0] == MotionState.SPINNING
    assert state.angular_velocities[0, 2] == pytest.approx(0.75 * w_z, rel=REL)
    np.testing.assert_array_equal(state.positions[0], (0.5, 0.5, radius))


def test_sliding_path_is_the_closed_form_parabola():
    """Slip not parallel to v (massé-like spin): the path is r0 + v0 t - u_s g t^2 u0/2
    with u0 = v0 + R z x w0 fixed (PHYSICS 2), until the ball rolls; then straight."""
    v0 = np.array([1.5, 0.0, 0.0])
    w0 = np.array([20.0, 10.0, 0.0])
    r0 = np.array([0.6, 0.3, R])
    result = simulate(NINE_FOOT, [Ball.pool(*r0[:2], velocity=v0, angular_velocity=w0)])
    slip = v0 + R * np.cross([0, 0, 1.0], w0)
    u_hat = slip / np.linalg.norm(slip)
    t_roll = 2 * np.linalg.norm(slip) / (7 * P.u_s * G)
    assert result.events["time"][0] == pytest.approx(t_roll, rel=REL)
    t = np.linspace(0.0, t_roll, 40)
    expected = r0 + np.outer(t, v0) - 0.5 * P.u_s * G * np.outer(t * t, u_hat)
    np.testing.assert_allclose(result.sample(t).positions[:, 0], expected, rtol=0,
                               atol=POS_TOL_M)


@pytest.mark.parametrize("v_x, v_z", [(2.0, -0.5),     # Coulomb-limited slate friction
                                      (1.0, -1.0)])    # friction enough to stick: rolls
def test_ball_driven_into_the_slate_bounces_with_e_t(v_x, v_z):
    """A ball on the cloth given v_z < 0 (a struck, elevated cue) meets the slate at t = 0
    (PHYSICS 4.4): v_z' = -e_t v_z, and the slip u = v_x - R w_y = v_x meets friction
    dv = -min(u_s (1 + e_t) |v_z|, 2/7 |u|), dw_y = -5 dv / (2R). It flies for
    2 v_z' / g (its rise 0.25 and 0.5 m/s is above the 0.14 m/s hop threshold) and lands
    with another SLATE event."""
    result = simulate(NINE_FOOT, [Ball.pool(*CENTRE, velocity=(v_x, 0, v_z))])
    bounce, landing = result.events[:2]
    assert bounce["kind"] == EventKind.SLATE and bounce["time"] == 0.0
    assert bounce["state"] == MotionState.AIRBORNE
    after = result.state_at(0.0)
    dv = -min(P.u_s * (1 + P.e_t) * abs(v_z), 2 / 7 * v_x)
    np.testing.assert_allclose(after.velocities[0], (v_x + dv, 0, -P.e_t * v_z), rtol=REL,
                               atol=0)
    assert after.angular_velocities[0, 1] == pytest.approx(-2.5 * dv / R, rel=REL)
    assert landing["kind"] == EventKind.SLATE
    assert landing["time"] == pytest.approx(-2 * P.e_t * v_z / G, rel=REL)
    apex = result.state_at(landing["time"] / 2).positions[0, 2]
    assert apex - R == pytest.approx((P.e_t * v_z) ** 2 / (2 * G), rel=REL)
