"""The cue stroke model (physics_ext/stroke.py) against closed forms of PHYSICS.md 5 and 6.

Tolerances: the model is closed-form arithmetic, so results that follow from a formula are
checked to ~1e-12 relative (a few roundings of double arithmetic); values quoted with two or
three digits in the literature are checked to their last quoted digit.
"""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from physics_ext import constants as C
from physics_ext.stroke import (CueSpec, Stroke, StrikeClass, contact_offset,
                                min_elevation_to_clear, squirt_angle, strike)

R = C.POOL_BALL_RADIUS
M_BALL = C.POOL_BALL_MASS
REL = 1e-12       # relative tolerance of a closed form evaluated in doubles
ABS_V = 1e-12     # m/s, absolute tolerance on a velocity that must vanish


def hit(elevation=0.0, side=0.0, height=0.0, speed=3.0, azimuth=0.0, cue=CueSpec(),
        **kwargs):
    return strike(Stroke(azimuth=azimuth, elevation=elevation, side=side, height=height,
                         speed=speed), R, M_BALL, cue, **kwargs)


def along_cue_speed(cue, speed, offset2):
    """PHYSICS 5: v = (1 + e_tip) V0 / (1 + m/M + (5/2)(a^2 + b^2))."""
    return (1 + cue.tip_restitution) * speed / (1 + M_BALL / cue.mass + 2.5 * offset2)


def slip(result):
    """Cloth-contact slip u = v + R z x omega (PHYSICS 0), horizontal part."""
    return (result.velocity + R * np.cross([0.0, 0.0, 1.0], result.angular_velocity))[:2]


# ---- speed and spin -------------------------------------------------------------------------

@pytest.mark.parametrize("e_tip", [0.0, 0.75, 1.0])
@pytest.mark.parametrize("cue_mass", [0.51, 0.567, 0.60])
def test_centre_hit_speed_ratio(e_tip, cue_mass):
    cue = CueSpec(mass=cue_mass, tip_restitution=e_tip)
    result = hit(speed=4.0, azimuth=0.7, cue=cue)
    # v / V0 = (1 + e_tip) / (1 + m/M) exactly for a centre hit; closed form, REL
    assert result.speed / 4.0 == pytest.approx((1 + e_tip) / (1 + M_BALL / cue_mass), rel=REL)
    # along the cue, no squirt, no spin
    assert np.allclose(result.velocity, result.speed * result.cue_direction, rtol=0, atol=ABS_V)
    assert np.all(result.angular_velocity == 0.0)


@pytest.mark.parametrize("b", [-0.5, -0.25, 0.1, 0.4, 0.5])
def test_level_cue_follow_and_draw(b):
    result = hit(height=b)
    v = result.velocity[0]
    # R omega_y / v = 5b/2 for a level cue (PHYSICS 5); closed form, REL
    assert R * result.angular_velocity[1] / v == pytest.approx(2.5 * b, rel=REL)
    assert v == pytest.approx(along_cue_speed(CueSpec(), 3.0, b * b), rel=REL)
    assert result.velocity[1] == 0.0 and result.velocity[2] == 0.0
    # topspin (b > 0) is omega_y > 0 for a ball moving +x (PHYSICS 0)
    assert math.copysign(1.0, result.angular_velocity[1]) == math.copysign(1.0, b)


@pytest.mark.parametrize("azimuth", [0.0, 1.1, -2.5])
def test_natural_roll_at_two_fifths(azimuth):
    result = hit(height=0.4, azimuth=azimuth)
    # b = 2/5 rolls at once: the slip vanishes up to rounding of a ~2 m/s velocity (1e-12 m/s)
    assert np.allclose(slip(result), 0.0, rtol=0, atol=ABS_V)


@pytest.mark.parametrize("azimuth", [0.0, math.pi / 2, 2.0])
@pytest.mark.parametrize("a", [0.3, -0.3, 0.5])
def test_side_spin_sign_and_magnitude(azimuth, a):
    result = hit(side=a, azimuth=azimuth)
    # r x F with F along the cue: right of centre (a > 0) gives omega_z > 0 (counter-
    # clockwise from above), independently of the strike's own formula
    torque = np.cross(result.contact_point, result.cue_direction)
    assert math.copysign(1.0, torque[2]) == math.copysign(1.0, a)
    # omega_z = 5 v a / (2R), v the ball speed; closed form, REL
    assert result.angular_velocity[2] == pytest.approx(2.5 * result.speed * a / R, rel=REL)
    # a level side stroke has no follow or draw
    assert np.allclose(result.angular_velocity[:2], 0.0, rtol=0, atol=1e-12)


def test_right_of_centre_with_cue_along_x_is_minus_y():
    result = hit(side=0.3)
    # the player's right when the cue points along +x is -y; the contact is behind the ball
    assert result.contact_point[1] == pytest.approx(-0.3 * R, rel=REL)
    assert result.contact_point[0] < 0


# ---- squirt and masse -----------------------------------------------------------------------

def test_squirt_angle_half_ball_offset():
    cue = CueSpec(end_mass=M_BALL / 30)
    right, left = hit(side=0.5, cue=cue), hit(side=-0.5, cue=cue)
    # PHYSICS 5 / TP A.31: about 1.9 deg at a = 0.5 with m/m_e = 30 (quoted to 2 digits)
    assert math.degrees(right.squirt_angle) == pytest.approx(1.9, abs=0.05)
    expected = math.atan(2.5 * 0.5 * math.sqrt(0.75) / (1 + 30 + 2.5 * 0.75))
    assert right.squirt_angle == pytest.approx(expected, rel=REL)
    # away from the English side: right English (right = -y) sends the ball towards +y
    assert right.velocity[1] > 0 > left.velocity[1]
    assert math.atan2(right.velocity[1], right.velocity[0]) == pytest.approx(expected, rel=REL)
    # squirt turns the velocity but keeps the point-impulse speed
    assert right.speed == pytest.approx(along_cue_speed(cue, 3.0, 0.25), rel=REL)


def test_squirt_grows_with_end_mass():
    # a heavier end mass (smaller m/m_e) deflects more; no side offset, no squirt
    assert squirt_angle(0.4, 15.0) > squirt_angle(0.4, 30.0) > squirt_angle(0.4, 60.0) > 0
    assert squirt_angle(0.0, 30.0) == 0.0


@pytest.mark.parametrize("a", [0.3, -0.3])
def test_elevated_side_stroke_spins_along_its_path(a):
    theta = math.radians(60)
    result = hit(elevation=theta, side=a, speed=2.0)
    heading = np.array([1.0, 0.0, 0.0])     # horizontal direction of the cue
    # omega . heading = (5 v / 2R) a sin(theta) (PHYSICS 5: omega = (5v/2R)(a e_u - b e_r),
    # e_u . heading = sin(theta)); closed form, REL
    assert result.angular_velocity @ heading == pytest.approx(
        2.5 * result.speed * a * math.sin(theta) / R, rel=REL)
    # the slip then has a sideways part; friction (-slip) pulls towards the English side:
    # right English (a > 0) curves right (-y), the masse curve
    sideways_friction = -slip(result)[1]
    assert math.copysign(1.0, sideways_friction) == -math.copysign(1.0, a)
    # a centre-ball elevated stroke has no sideways slip
    assert slip(hit(elevation=theta, speed=2.0))[1] == pytest.approx(0.0, abs=ABS_V)


@pytest.mark.parametrize("theta", [0.0, 0.3, 0.8, math.pi / 2])
def test_elevated_cue_drives_ball_into_slate(theta):
    result = hit(elevation=theta, height=0.2, speed=5.0)
    # no side offset, no squirt: v_z = -v sin(theta) exactly; closed form, REL + ABS at 0
    assert result.velocity[2] == pytest.approx(-result.speed * math.sin(theta), rel=REL,
                                               abs=ABS_V)
    # with side offset the squirt turns the velocity about e_u: v_z = -v sin(theta) cos(alpha)
    sided = hit(elevation=theta, side=0.4, speed=5.0)
    assert sided.velocity[2] == pytest.approx(
        -sided.speed * math.sin(theta) * math.cos(sided.squirt_angle), rel=REL, abs=ABS_V)


def test_level_cue_never_lifts_the_ball():
    for side, height in [(0.0, 0.0), (0.3, -0.4), (-0.5, 0.1), (0.0, -0.9)]:
        assert hit(side=side, height=height).velocity[2] == 0.0


# ---- miscue ---------------------------------------------------------------------------------

def test_miscue_limit():
    # PHYSICS 5: mu / sqrt(1 + mu^2) = 0.514 for mu = 0.6 (quoted to 3 digits)
    assert CueSpec().miscue_limit == pytest.approx(0.514, abs=5e-4)
    # TP 2.1: an offset of 0.5 R needs mu = 0.577, 0.55 R needs 0.659 (3 digits of mu)
    assert CueSpec(tip_friction=0.577).miscue_limit == pytest.approx(0.5, abs=1e-3)
    assert CueSpec(tip_friction=0.659).miscue_limit == pytest.approx(0.55, abs=1e-3)


def test_miscue_is_flagged_weak_and_deterministic():
    cue = CueSpec()
    limit = cue.miscue_limit
    result = hit(side=0.45, height=-0.45, speed=4.0)
    assert result.miscue and result.classification == "miscue"
    # the model: CUE_MISCUE_FRACTION of the outcome at the limit along the same direction
    v_limit = along_cue_speed(cue, 4.0, limit ** 2)
    assert result.speed == pytest.approx(C.CUE_MISCUE_FRACTION * v_limit, rel=REL)
    assert result.speed < 0.25 * along_cue_speed(cue, 4.0, 0.0)
    # spin of the limit stroke, scaled the same: R |omega| / v = 5 |offset| / 2
    assert R * np.linalg.norm(result.angular_velocity) / result.speed == pytest.approx(
        2.5 * limit, rel=REL)
    again = hit(side=0.45, height=-0.45, speed=4.0)
    assert np.array_equal(again.velocity, result.velocity)
    assert np.array_equal(again.angular_velocity, result.angular_velocity)


def test_just_inside_the_limit_is_not_a_miscue():
    limit = CueSpec().miscue_limit
    assert not hit(side=limit * 0.999).miscue
    assert hit(side=limit * 1.001).miscue


# ---- contact geometry -----------------------------------------------------------------------

@pytest.mark.parametrize("theta, b, angle", [
    (0.0, 0.0, 0.0),                                   # level centre: on the equator
    (0.0, 0.5, math.radians(30)),                      # level b = 0.5: asin(0.5)
    (0.0, -0.5, -math.radians(30)),                    # level draw: below the equator
    (math.radians(35), 0.0, math.radians(35)),         # elevated centre: angle = elevation
    (math.radians(10), -0.45,                          # elevated draw, below the equator
     math.asin(-0.45 * math.cos(math.radians(10))
               + math.sqrt(1 - 0.45 ** 2) * math.sin(math.radians(10)))),
])
def test_contact_vertical_angle(theta, b, angle):
    result = hit(elevation=theta, height=b)
    assert result.contact_angle == pytest.approx(angle, rel=REL, abs=1e-15)
    # the contact point is on the ball's surface, on the cue's side of the ball, at the
    # height its angle says; closed forms, REL
    assert np.linalg.norm(result.contact_point) == pytest.approx(R, rel=REL)
    assert result.contact_point @ result.cue_direction < 0
    assert result.contact_height == pytest.approx(R * (1 + math.sin(angle)), rel=REL)
    assert result.contact_point[2] == pytest.approx(R * math.sin(angle), rel=REL, abs=1e-15)


def test_tip_reaches_cloth_low_on_an_elevated_stroke():
    theta = math.radians(10)
    low = hit(elevation=theta, height=-0.95)
    # contact 3.4 mm above the cloth, the shaft's lower edge r_s cos(theta) = 6.4 mm below
    # the axis: the tip digs into the cloth (PHYSICS 6 detector step 1)
    assert low.contact_height < C.CUE_SHAFT_RADIUS * math.cos(theta)
    assert low.tip_cloth
    # the elevated draw of PHYSICS 6.5: contact 20 mm up, the shaft edge 14 mm clear
    assert not hit(elevation=theta, height=-0.45).tip_cloth


def test_tip_cloth_threshold():
    # level cue: tip-cloth exactly when R (1 + b) <= r_s, i.e. b <= r_s/R - 1
    b_edge = C.CUE_SHAFT_RADIUS / R - 1
    assert hit(height=b_edge - 1e-9).tip_cloth
    assert not hit(height=b_edge + 1e-9).tip_cloth


# ---- classification -------------------------------------------------------------------------

D = math.radians
CLASSIFICATION_TABLE = [
    # (elevation, side, height, speed, expected with the physics rule, with the equator rule,
    #  the default)
    (0.0, 0.0, 0.0, 3.0, "none", "none"),                          # level centre hit
    (0.0, 0.3, 0.4, 3.0, "none", "none"),                          # level follow with English
    (0.0, 0.0, -0.45, 3.0, "none", "none"),                        # level draw never jumps
    (D(45), 0.0, 0.2, 5.0, "legal_jump_candidate", "legal_jump_candidate"),  # jump, above
    (D(30), 0.0, 0.0, 6.0, "legal_jump_candidate", "legal_jump_candidate"),  # jump, centre
    (D(10), 0.0, -0.45, 6.0, "legal_jump_candidate", "scoop"),     # elevated draw (PHYSICS 6.5)
    (D(10), 0.0, -0.95, 6.0, "scoop", "scoop"),                    # tip reaches the cloth
    (D(30), 0.0, -0.9, 6.0, "miscue", "miscue"),                   # low, tip clear of the cloth
    (0.0, 0.0, -0.6, 3.0, "miscue", "miscue"),                     # beyond the limit, level
    (D(20), 0.6, 0.0, 3.0, "miscue", "miscue"),                    # beyond the limit, English
]


@pytest.mark.parametrize("theta, a, b, speed, physics, equator", CLASSIFICATION_TABLE)
def test_classification_table(theta, a, b, speed, physics, equator):
    assert hit(elevation=theta, side=a, height=b, speed=speed,
               scoop_rule="physics").classification == physics
    assert hit(elevation=theta, side=a, height=b, speed=speed).classification == equator


def test_scoop_is_also_a_miscue_and_classification_is_an_enum():
    result = hit(elevation=D(10), height=-0.95)
    assert result.classification is StrikeClass.SCOOP
    assert result.tip_cloth and result.miscue


# ---- helpers --------------------------------------------------------------------------------

def test_contact_offset_from_tip_centre():
    tip_side, tip_height = 0.5, -0.3
    a, b = contact_offset(tip_side, tip_height, R)
    scale = 1 + C.CUE_TIP_RADIUS / R
    assert (a, b) == pytest.approx((tip_side / scale, tip_height / scale), rel=REL)
    # geometric check: the tip dome's centre lies on the contact normal at R + r_tip from
    # the ball centre; its offset from the axis through the ball centre is the tip offset
    result = hit(elevation=D(25), side=a, height=b, azimuth=0.4)
    normal = result.contact_point / R
    tip_centre = (R + C.CUE_TIP_RADIUS) * normal
    c = result.cue_direction
    perpendicular = tip_centre - (tip_centre @ c) * c
    e_r = np.array([math.sin(0.4), -math.cos(0.4), 0.0])
    e_u = np.cross(e_r, c)
    assert perpendicular @ e_r == pytest.approx(tip_side * R, rel=REL)
    assert perpendicular @ e_u == pytest.approx(tip_height * R, rel=REL)


def _clearance_below_axis(theta, distance, height, axis_height):
    """Perpendicular distance of the point below the cue axis line (m)."""
    return distance * math.sin(theta) - (height - axis_height) * math.cos(theta)


@pytest.mark.parametrize("distance, height, clearance", [
    (R + 0.005, C.NINE_FOOT_CUSHION_HEIGHT, C.CUE_SHAFT_RADIUS),   # ball near the cushion
    (0.30, C.NINE_FOOT_CUSHION_HEIGHT, C.CUE_SHAFT_RADIUS),        # cushion 30 cm behind
    (0.08, R, R + C.CUE_SHAFT_RADIUS),                             # a ball 8 cm behind
])
def test_min_elevation_to_clear(distance, height, clearance):
    theta = min_elevation_to_clear(distance, height, clearance, axis_height=R)
    assert 0 < theta < math.pi / 2
    # at the minimum the cue just touches; a hair lower (1e-6 rad) it does not clear; REL on m
    assert _clearance_below_axis(theta, distance, height, R) == pytest.approx(clearance,
                                                                              rel=1e-9)
    assert _clearance_below_axis(theta - 1e-6, distance, height, R) < clearance
    # the ball near the cushion needs more elevation than with the cushion far behind
    if distance < 0.05:
        assert theta > min_elevation_to_clear(0.30, height, clearance, R)


def test_min_elevation_is_zero_when_nothing_is_in_the_way():
    assert min_elevation_to_clear(0.2, 0.0, C.CUE_SHAFT_RADIUS, axis_height=R) == 0.0


def test_min_elevation_refuses_impossible_clearance():
    with pytest.raises(ValueError, match="clearance"):
        min_elevation_to_clear(0.01, R, 0.05, axis_height=R)


# ---- validation -----------------------------------------------------------------------------

GOOD = dict(azimuth=0.0, elevation=0.1, side=0.1, height=0.1, speed=2.0)


@pytest.mark.parametrize("field, value", [
    ("speed", float("nan")), ("speed", 0.0), ("speed", -1.0), ("speed", 15.5),
    ("speed", float("inf")), ("azimuth", float("inf")), ("azimuth", float("nan")),
    ("elevation", -0.01), ("elevation", math.pi / 2 + 1e-9), ("elevation", float("nan")),
    ("side", 1.5), ("height", float("-inf")), ("side", True),
])
def test_stroke_validation_names_the_field(field, value):
    with pytest.raises(ValueError, match=f"stroke {field} .*got {value!r}"):
        Stroke(**{**GOOD, field: value})


def test_stroke_offset_outside_the_ball():
    with pytest.raises(ValueError, match=r"offset \(side, height\) = \(0\.8, 0\.6\)"):
        Stroke(**{**GOOD, "side": 0.8, "height": 0.6})


def test_stroke_limits_are_accepted():
    Stroke(**{**GOOD, "elevation": 0.0, "speed": C.MAX_CUE_SPEED})
    Stroke(**{**GOOD, "elevation": math.pi / 2})


@pytest.mark.parametrize("field, value", [
    ("mass", 0.0), ("tip_radius", -0.01), ("shaft_radius", float("nan")),
    ("tip_friction", 0.0), ("end_mass", float("inf")), ("tip_restitution", 1.2),
])
def test_cue_validation_names_the_field(field, value):
    with pytest.raises(ValueError, match=f"cue {field} .*got {value!r}"):
        CueSpec(**{field: value})


def test_strike_validation():
    stroke = Stroke(**GOOD)
    with pytest.raises(ValueError, match="ball radius .*got -0.02"):
        strike(stroke, -0.02, M_BALL)
    with pytest.raises(ValueError, match="ball mass .*got nan"):
        strike(stroke, R, float("nan"))
    with pytest.raises(ValueError, match="scoop_rule .*'bogus'"):
        strike(stroke, R, M_BALL, scoop_rule="bogus")


def test_result_arrays_are_read_only():
    result = hit(side=0.2)
    with pytest.raises(ValueError):
        result.velocity[0] = 0.0


# ---- fuzz: any valid stroke -----------------------------------------------------------------

BALLS = [(C.POOL_BALL_RADIUS, C.POOL_BALL_MASS), (C.BLACKBALL_CUE_RADIUS, C.BLACKBALL_CUE_MASS)]


@settings(max_examples=400, deadline=None)
@given(azimuth=st.floats(-10.0, 10.0),
       elevation=st.floats(0.0, math.pi / 2),
       offset=st.floats(0.0, 0.999),
       direction=st.floats(-math.pi, math.pi),
       speed=st.floats(1e-3, C.MAX_CUE_SPEED),
       e_tip=st.floats(0.0, 1.0),
       cue_mass=st.floats(0.3, 0.7),
       end_mass=st.floats(1e-3, 0.02),
       ball=st.sampled_from(BALLS))
def test_any_valid_stroke_is_finite_and_never_gains_energy(azimuth, elevation, offset,
                                                            direction, speed, e_tip,
                                                            cue_mass, end_mass, ball):
    radius, mass = ball
    cue = CueSpec(mass=cue_mass, tip_restitution=e_tip, end_mass=end_mass)
    stroke = Stroke(azimuth=azimuth, elevation=elevation, side=offset * math.cos(direction),
                    height=offset * math.sin(direction), speed=speed)
    result = strike(stroke, radius, mass, cue)
    assert np.all(np.isfinite(result.velocity)) and np.all(np.isfinite(result.angular_velocity))
    assert math.isfinite(result.contact_angle) and math.isfinite(result.squirt_angle)
    inertia = 0.4 * mass * radius ** 2
    energy = 0.5 * mass * result.velocity @ result.velocity + \
        0.5 * inertia * result.angular_velocity @ result.angular_velocity
    # the ball's energy is (1+e)^2 qk/(q+k)^2 <= 1 of the cue's (module docstring); the
    # relative 1e-12 allows for rounding when e_tip = 1 and q = k (exact equality)
    assert energy <= 0.5 * cue_mass * speed ** 2 * (1 + 1e-12)
    # the strike never lifts the ball by itself
    assert result.velocity[2] <= 0.0
    assert result.classification in set(StrikeClass)
