"""The default cushion model (Mathavan, Jackson & Parkin 2010) against measured rebounds,
and against the paper's own equations for the rebound angle and spin.

Measurements (sources in physics_ext/README.md, "Ball-cushion"):
- Mathavan, Jackson & Parkin, "A theoretical analysis of billiard ball dynamics under
  cushion impacts", Proc. IMechE C 224 (2010) 1863, Fig. 7(a) (p. 1870): 19 square impacts
  of a rolling snooker ball (M = 0.1406 kg, R = 26.25 mm) on a Riley Renaissance snooker
  cushion, incident and rebound speeds (m/s) from a stationary high-speed camera; the same
  shots as Am. J. Phys. 77 (2009) 788, Fig. 9 (31 shots, 0.28-3.5 m/s, many markers
  overlapping). The values in FIG7A are read from the figure: the two-pass digitisation of
  the figure's 19 experimental diamonds in the public BilliardGL reference package
  (maxjchuang/BilliardGL, tests/physics_validation/reference_data/mathavan_2010_cushion,
  raw_extracted.csv), not the paper's numerical squares. The paper fits e_e = 0.98,
  u_w = 0.14 (with the cloth's u_s = 0.212, the nose at h = 7R/5) to the points below
  1.5 m/s. Its text also quotes an "equivalent coefficient of restitution" of 0.818 on
  average from the earlier paper; the figure's low-speed points average 0.925 (the fitted
  e_e reproduces these, not 0.818), so the figure is the measurement used here.
- Sudo & Shibata, "Experimental Analysis of Billiard Ball Collision and Motion", J.
  Visualization 22 Suppl. 1 (2002) 153, Fig. 3: a pool ball (168.6 g, 57.17 mm) on a pool
  table, cushion restitution 0.856 by regression below 1.8 m/s, 0.745 over all their
  speeds (the range of that regression is not in the text used), to which the pool
  defaults are calibrated (constants.E_E).
Tolerances: MEASURED_SD = 0.02, the scatter of the measured ratio below 2 m/s (sd of the
figure's 11 points there: 0.021; taken for Sudo & Shibata's figures too). A single
measured point is met within POINT_TOL = 2.5 sd; the whole table within an RMS of
RMS_TOL = 0.025 (the scatter plus the solver's 0.4 % step error).

Rebound angle and spin: no measurement of either was found (Mathavan 2009 and 2010 filmed
square impacts and tracked the ball's centre only; Mathavan 2010's Figs. 8-10 of angles
and spins are its model's output; Sudo & Shibata give restitution figures only), so the
solver's rebound direction and spin are checked against Mathavan 2010's equations (the
paper's eqs. (14) for the velocity and spin increments with the slip angles phi, phi' and
the work criterion (16)), integrated here in the paper's scalar form with REF_STEPS fine
steps, independently of the solver's vector form. Tolerances: the solver's bounded step
count (20 steps of dP per phase, chosen so that its error stays a small part of the
measured scatter) is first order in dP: within 0.4 %, 0.15 deg and 0.025 V/R of the
converged solution over random impacts, hence SPEED_REL = 5e-3, ANGLE_TOL_DEG = 0.25 deg
and SPIN_TOL = 0.03 V/R (a model error is far larger: Han 2005 misses these by tens of per
cent).
"""
import dataclasses
import math

import numpy as np
import pytest

from physics_ext import Ball, EventKind, Params, simulate
from physics_ext import constants as C
from physics_ext.api import contact_distance
from tests.physics import probes
from tests.physics.scenes import ENGLISH, NINE_FOOT

MEASURED_SD = 0.02
POINT_TOL = 2.5 * MEASURED_SD
RMS_TOL = 0.025
ANGLE_TOL_DEG = 0.25
SPEED_REL = 5e-3
SPIN_TOL = 0.03
REF_STEPS = 20000

# Mathavan's snooker ball, cushion and fitted coefficients.
SNOOKER_R = 0.02625
SNOOKER_M = 0.1406
SNOOKER_TABLE = dataclasses.replace(NINE_FOOT, name="snooker_nose", cushion_height=1.4 * SNOOKER_R)
SNOOKER_PARAMS = Params(e_e=C.MATHAVAN_E_E, u_w=C.MATHAVAN_U_W, u_s=0.212)
# A ball this far from touching the foot cushion meets it at once, its state unchanged.
GAP_M = 1e-7

# Mathavan 2010 Fig. 7(a): (incident, rebound) speed of a rolling snooker ball driven square
# into the cushion, m/s (read from the figure; see the module docstring).
FIG7A = [
    (0.2630, 0.2344), (0.3550, 0.3235), (0.4180, 0.3831), (0.6508, 0.5831), (0.7041, 0.6651),
    (0.8449, 0.7909), (1.1536, 1.0688), (1.2992, 1.2368), (1.5265, 1.4557), (1.7554, 1.6452),
    (1.9912, 1.8241), (2.2764, 2.0311), (2.5295, 2.2797), (2.7008, 2.2652), (2.8928, 2.3828),
    (2.9847, 2.4621), (3.1064, 2.6202), (3.1851, 2.5685), (3.4045, 2.7323)]
# Sudo & Shibata 2002 Fig. 3: a pool ball's cushion restitution, below 1.8 m/s and over all
# their speeds.
SUDO_LOW = 0.856
SUDO_ALL = 0.745


def hit_foot_cushion(speed, incidence_deg, table=NINE_FOOT, radius=C.POOL_BALL_RADIUS,
                     mass=C.POOL_BALL_MASS, params=Params(), topspin=1.0, sidespin=0.0):
    """A ball meets the foot cushion (normal -x) at `speed` (m/s), `incidence_deg` from the
    cushion line (90: square), with topspin `topspin` speed / R about the axis across its
    path (1: rolling) and sidespin omega_z = `sidespin` speed / R. Returns the states just
    before and just after the impact."""
    a = math.radians(incidence_deg)
    vx, vy = speed * math.sin(a), speed * math.cos(a)
    x = table.length - contact_distance(table, radius) - GAP_M
    ball = Ball(radius, mass, (x, table.width / 2), (vx, vy, 0.0),
                (-topspin * vy / radius, topspin * vx / radius, sidespin * speed / radius))
    result = simulate(table, [ball], params)
    k = int(np.flatnonzero(result.events["kind"] == EventKind.CUSHION)[0])
    return probes.around(result, k)


def rebound_ratio(speed, **kw):
    before, after = hit_foot_cushion(speed, 90.0, **kw)
    return float(np.linalg.norm(after.velocities[0, :2]) / np.linalg.norm(before.velocities[0, :2]))


SNOOKER = dict(table=SNOOKER_TABLE, radius=SNOOKER_R, mass=SNOOKER_M, params=SNOOKER_PARAMS)


def test_the_measured_table_is_what_the_tolerances_say():
    """The scatter the tolerances rest on: Fig. 7(a)'s ratios below 2 m/s average 0.925 with
    an sd of 0.021; above 2.6 m/s they are 0.80-0.84."""
    low = [r / v for v, r in FIG7A if v < 2.0]
    high = [r / v for v, r in FIG7A if v > 2.6]
    assert len(low) == 11 and len(high) == 6
    assert np.mean(low) == pytest.approx(0.925, abs=0.005)
    assert np.std(low, ddof=1) == pytest.approx(MEASURED_SD, abs=0.002)
    assert 0.80 < min(high) and max(high) < 0.85


@pytest.mark.parametrize("incident, rebound", FIG7A)
def test_rolling_snooker_ball_comes_back_as_measured(incident, rebound):
    """Each of Mathavan 2010 Fig. 7(a)'s 19 impacts, 0.26-3.40 m/s: the solver's rebound
    speed at the measured incident speed, within 2.5 sd of the measured one."""
    ratio = rebound_ratio(incident, **SNOOKER)
    assert ratio == pytest.approx(rebound / incident, abs=POINT_TOL)


def test_the_measured_table_is_met_within_its_scatter():
    """Over the whole of Fig. 7(a), the rigid model below the knee and the fitted fall above
    it: RMS of the ratio's error within the measured scatter (0.021 with the defaults; 0.031
    with the knee at Mathavan's 2.5 m/s, 0.055 off at 2.7 m/s), and no bias at speed: the 6
    impacts above 2.6 m/s are met on average within a third of an sd."""
    errors = np.array([rebound_ratio(v, **SNOOKER) - r / v for v, r in FIG7A])
    assert float(np.sqrt(np.mean(errors ** 2))) <= RMS_TOL
    fast = [e for (v, _), e in zip(FIG7A, errors) if v > 2.6]
    assert abs(float(np.mean(fast))) < MEASURED_SD / 3


def test_the_ratio_falls_with_speed_above_the_knee():
    """Measured: about 0.92 up to 2 m/s, 0.80-0.84 at 2.7-3.4 m/s; the solver's ratio is the
    same below the knee and falls monotonically above it."""
    slow = [rebound_ratio(v, **SNOOKER) for v in (0.3, 1.0, 2.0)]
    assert max(slow) - min(slow) < 1e-3
    ratios = [rebound_ratio(v, **SNOOKER) for v in (2.2, 2.5, 2.8, 3.1, 3.4)]
    assert all(a > b for a, b in zip(ratios, ratios[1:]))


@pytest.mark.parametrize("speed", [4.0, 6.0, 9.0])
def test_beyond_the_fastest_measured_the_ratio_is_held_not_extrapolated(speed):
    """Above 3.4 m/s (the top of the measurements) the ratio stays at its value there: a
    break-speed ball is not left a fifth of its speed by a fitted line carried beyond the
    data. On the pool table that held value is Sudo & Shibata's all-speed 0.745 (their
    speed range is not known, so this checks the level reached, not the slope)."""
    assert rebound_ratio(speed) == pytest.approx(rebound_ratio(3.4), abs=0.01)
    assert rebound_ratio(speed) == pytest.approx(SUDO_ALL, abs=2 * MEASURED_SD)


@pytest.mark.parametrize("table, radius, mass", [
    (NINE_FOOT, C.POOL_BALL_RADIUS, C.POOL_BALL_MASS),
    (ENGLISH, C.BLACKBALL_OBJECT_RADIUS, C.BLACKBALL_OBJECT_MASS)])
@pytest.mark.parametrize("speed", [0.3, 0.8, 1.3, 1.8])
def test_rolling_pool_ball_comes_back_with_sudo_and_shibatas_0856(table, radius, mass, speed):
    """Sudo & Shibata 2002: 0.856 on a pool table below 1.8 m/s (the defaults)."""
    ratio = rebound_ratio(speed, table=table, radius=radius, mass=mass)
    assert ratio == pytest.approx(SUDO_LOW, abs=MEASURED_SD)


def test_han_2005_stays_available_and_deader():
    """The issue's complaint, kept as an option: Han 2005 with its defaults returns a
    rolling ball well below the pool measurement."""
    ratio = rebound_ratio(1.0, params=Params(cushion_model="han_2005"))
    assert ratio < SUDO_LOW - 2 * MEASURED_SD


def mathavan_reference(v, w, radius, mass, h, e_e, u_s, u_w, steps=REF_STEPS):
    """Mathavan 2010's equations in the paper's frame (x along the cushion, y into it, z
    up; the ball approaches with v_y > 0), integrated with `steps` steps of dP per
    compression: velocity increments
      dv_x = -(u_w cos phi + u_s cos phi' (sin t + u_w sin phi cos t)) dP / M
      dv_y = -(cos t - u_w sin t sin phi + u_s sin phi' (sin t + u_w sin phi cos t)) dP / M
    and spin increments (5 / 2MR) times
      dw_x: -(u_w sin phi + u_s sin phi' (sin t + u_w sin phi cos t)) dP
      dw_y: -(u_w cos phi sin t - u_s cos phi' (sin t + u_w sin phi cos t)) dP
      dw_z: (u_w cos phi cos t) dP
    phi, phi' the slip angles at the cushion and the slate; compression until v_y = 0,
    restitution until the work of the normal force at I reaches e_e^2 of compression's."""
    st = h / radius - 1.0
    ct = math.sqrt(1.0 - st * st)
    vx, vy = v
    wx, wy, wz = w
    dP = mass * vy / ct / steps
    k = 5.0 / (2.0 * mass * radius)

    def step(vx, vy, wx, wy, wz, dp):
        phi = math.atan2(-vy * st + wx * radius, vx + wy * radius * st - wz * radius * ct)
        phc = math.atan2(vy + wx * radius, vx - wy * radius)
        nc = st + u_w * math.sin(phi) * ct
        return (vx - (u_w * math.cos(phi) + u_s * math.cos(phc) * nc) * dp / mass,
                vy - (ct - u_w * st * math.sin(phi) + u_s * math.sin(phc) * nc) * dp / mass,
                wx - k * (u_w * math.sin(phi) + u_s * math.sin(phc) * nc) * dp,
                wy - k * (u_w * math.cos(phi) * st - u_s * math.cos(phc) * nc) * dp,
                wz + k * u_w * math.cos(phi) * ct * dp)

    s = (vx, vy, wx, wy, wz)
    work = 0.0
    while s[1] > 0.0:
        n = step(*s, dP)
        work += dP * ct * 0.5 * (s[1] + max(n[1], 0.0))
        s = n
    target, work = e_e * e_e * work, 0.0
    while work < target:
        n = step(*s, dP)
        work += dP * ct * 0.5 * (-s[1] - n[1])
        s = n
    return s


def to_paper(vec):
    """Table frame at the foot cushion (x into the cushion) to the paper's (y into it)."""
    return np.array([-vec[1], vec[0], vec[2]])


@pytest.mark.parametrize("incidence, topspin, sidespin", [
    (90.0, 1.0, 0.0), (60.0, 1.0, 0.0), (45.0, 1.0, 0.0), (30.0, 1.0, 0.0), (15.0, 1.0, 0.0),
    (45.0, 0.0, 0.0), (45.0, -1.0, 0.0), (45.0, 1.0, 1.0), (45.0, 1.0, -1.0),
    (20.0, 2.0, 0.0), (70.0, 1.0, -2.0)])
def test_rebound_angle_speed_and_spin_follow_mathavans_equations(incidence, topspin, sidespin):
    """Snooker geometry and Mathavan's fitted coefficients at 1 m/s: the solver's rebound
    speed, rebound angle and spin after the impact against the paper's equations."""
    before, after = hit_foot_cushion(1.0, incidence, SNOOKER_TABLE, SNOOKER_R, SNOOKER_M,
                                     SNOOKER_PARAMS, topspin, sidespin)
    v0 = to_paper(before.velocities[0])
    w0 = to_paper(before.angular_velocities[0])
    vx, vy, wx, wy, wz = mathavan_reference(v0[:2], w0, SNOOKER_R, SNOOKER_M,
                                            SNOOKER_TABLE.cushion_height, C.MATHAVAN_E_E,
                                            0.212, C.MATHAVAN_U_W)
    v1 = to_paper(after.velocities[0])
    w1 = to_paper(after.angular_velocities[0])
    assert v1[2] == 0.0                              # the slate holds the ball
    assert math.hypot(v1[0], v1[1]) == pytest.approx(math.hypot(vx, vy), rel=SPEED_REL)
    assert math.degrees(math.atan2(-v1[1], v1[0])) == pytest.approx(
        math.degrees(math.atan2(-vy, vx)), abs=ANGLE_TOL_DEG)
    np.testing.assert_allclose(w1, (wx, wy, wz), rtol=0, atol=SPIN_TOL / SNOOKER_R)


def test_rolling_ball_keeps_forward_spin_after_a_square_hit():
    """A rolling ball driven square into the rubber comes off with most of its forward
    spin gone but still turning the old way (it leaves the cushion with draw relative to
    its new path and skids before it rolls again), by Mathavan's equations."""
    before, after = hit_foot_cushion(1.0, 90.0, SNOOKER_TABLE, SNOOKER_R, SNOOKER_M,
                                     SNOOKER_PARAMS)
    w_before = before.angular_velocities[0, 1]
    w_after = after.angular_velocities[0, 1]
    assert 0.0 < w_after < 0.5 * w_before
    assert after.velocities[0, 0] < 0.0


@pytest.mark.parametrize("seed", range(6))
def test_cushion_impacts_never_add_energy(seed):
    """Random speeds, directions and spins into the foot cushion, on the cloth and in
    flight (a hop meeting the nose or the face above it): the energy after each impact is
    at most the energy before."""
    rng = np.random.default_rng(seed)
    params = Params()
    for _ in range(40):
        speed = rng.uniform(0.05, 6.0)
        a = rng.uniform(5.0, 90.0)
        before, after = hit_foot_cushion(speed, a, params=params, topspin=rng.uniform(-3, 3),
                                         sidespin=rng.uniform(-3, 3))
        assert energy(after) <= energy(before) * (1 + 1e-12)
    radius = C.POOL_BALL_RADIUS
    for _ in range(20):
        x = NINE_FOOT.length - contact_distance(NINE_FOOT, radius) - 0.05
        ball = Ball.pool(x, NINE_FOOT.width / 2, velocity=(rng.uniform(1, 5), rng.uniform(-1, 1),
                                                           rng.uniform(0.5, 1.5)),
                         angular_velocity=rng.uniform(-100, 100, 3))
        result = simulate(NINE_FOOT, [ball], params)
        for k in np.flatnonzero(result.events["kind"] == EventKind.CUSHION):
            before, after = probes.around(result, int(k))
            assert energy(after) <= energy(before) * (1 + 1e-12)


def energy(state):
    """Kinetic energy of ball 0 (pool ball), J."""
    m = C.POOL_BALL_MASS
    inertia = 0.4 * m * C.POOL_BALL_RADIUS ** 2
    return (0.5 * m * float(state.velocities[0] @ state.velocities[0])
            + 0.5 * inertia * float(state.angular_velocities[0] @ state.angular_velocities[0]))


@pytest.mark.parametrize("field, value", [("cushion_model", "rigid"), ("e_e", 1.2),
                                          ("u_w", -0.1), ("e_e_knee", -1.0),
                                          ("e_e_fall", float("nan"))])
def test_bad_cushion_parameters_are_refused_in_one_sentence(field, value):
    with pytest.raises(ValueError, match=f"parameter {field} must"):
        Params(**{field: value})
