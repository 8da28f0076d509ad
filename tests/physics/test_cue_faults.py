"""Stroke faults from the cue (issue 16, point 3): the cue's follow-through after the
momentum exchange, the push within the tip contact time, the double hit of a close cue
ball, the ferrule, the cue on another ball (physics_ext.cue).

Published figures used: the tip contact time of about 1 ms (Jacksonville Project, BD April
1999; Alciatore's FAQ on tip contact time, HSV A.77-A.81); WPA 6.7 (a cue ball close to but
not touching an object ball, the tip still on it at the contact: a foul; a frozen ball may
be played through); the referees' guideline behind WPA 6.7 (Jewett, BD January 2006: a cue
ball within a chalk's width of the object ball, 22 mm, struck full and level with a normal
stroke is hit twice); the leagues' advice (NAPA: elevating the cue to at least 45 degrees
avoids the double hit within a chalk's width). No published number was found for the gap
below which a full-ball stroke double-hits at a given speed; the model's gap follows from
the follow-through closed form below and is tested against it.
"""
import math

import numpy as np
import pytest

from physics_ext import Ball, CueSpec, Stroke, shoot
from physics_ext import constants as C
from physics_ext.cue import CueFault
from tests.physics.scenes import M, NINE_FOOT, R, nine_ball_break

CUE = CueSpec()
CHALK_WIDTH = 0.022            # m, a cube of chalk (7/8 in)
Y0 = NINE_FOOT.width / 2


def ball_speed(cue_speed, cue=CUE):
    """Ball speed of a centre-ball level stroke (PHYSICS 5, stroke.py)."""
    return (1 + cue.tip_restitution) * cue_speed / (1 + M / cue.mass)


def close_shot(gap, cut_deg=0.0, elevation_deg=0.0, speed=2.0, follow=C.CUE_FOLLOW_THROUGH,
               side=0.0, height=0.0):
    """A cue ball struck along +x that, after travelling `gap` (m), meets an object ball at
    `cut_deg` (line of centres, degrees from +x towards +y)."""
    phi = math.radians(cut_deg)
    x0 = 1.0
    target = (x0 + gap + 2 * R * math.cos(phi), Y0 + 2 * R * math.sin(phi))
    balls = [Ball.pool(x0, Y0), Ball.pool(*target)]
    return shoot(NINE_FOOT, balls, 0, Stroke(0.0, math.radians(elevation_deg), side, height,
                                             speed, follow_through=follow))


def faults(result):
    return {f.value for f in result.stroke_faults}


@pytest.mark.parametrize("speed", [0.5, 2.0, 8.0])
def test_cue_keeps_the_momentum_the_ball_did_not_take(speed):
    """V1 = V0 - m v / M: for a centre hit (M - e m) / (M + m) V0, 0.609 V0 with the
    defaults (567 g cue, 163 g ball, e_tip 0.75); the ball pulls away at e_tip V0."""
    result = close_shot(1.0, speed=speed)
    v1 = result.cue.speed_after
    e, mc = CUE.tip_restitution, CUE.mass
    assert v1 == pytest.approx((mc - e * M) / (mc + M) * speed, rel=1e-12)
    assert round(v1 / speed, 3) == 0.609
    assert result.stroke.speed - v1 == pytest.approx(e * speed, rel=1e-12)
    # the tip leaves the ball half a contact time after the impulse, and stops after its
    # follow-through minus what it covered in the contact, decelerating uniformly, or
    # CUE_FOLLOW_THROUGH_TIME after the strike if that comes first (a soft stroke: at
    # 0.5 m/s the cue goes 38 mm of its 0.1 m in 0.25 s)
    motion = result.cue
    t_sep = motion.separation_time
    assert t_sep == C.CUE_TIP_CONTACT_TIME / 2
    reach = C.CUE_FOLLOW_THROUGH - result.stroke.speed * t_sep
    if 2 * reach / v1 > C.CUE_FOLLOW_THROUGH_TIME - t_sep:
        reach = v1 * (C.CUE_FOLLOW_THROUGH_TIME - t_sep) / 2
        assert speed == 0.5 and round(reach, 4) == 0.0380
    assert motion.reach == pytest.approx(reach, rel=1e-12)
    assert motion.stop_time - t_sep == pytest.approx(2 * reach / v1, rel=1e-12)
    assert float(motion.travel(motion.stop_time)) == pytest.approx(reach, rel=1e-9)
    assert faults(result) == set()


@pytest.mark.parametrize("cue_speed", [1.0, 2.0, 4.0])
def test_push_when_the_gap_closes_within_the_contact_time(cue_speed):
    """WPA 6.7: the tip still on the cue ball when it meets the object ball is a foul. With
    the tip on the ball for tau = 1 ms the ball covers v tau / 2 before the tip leaves:
    gaps below that are pushes, gaps above are not."""
    limit = ball_speed(cue_speed) * C.CUE_TIP_CONTACT_TIME / 2
    assert CueFault.PUSH in close_shot(0.9 * limit, speed=cue_speed).stroke_faults
    assert CueFault.PUSH not in close_shot(1.1 * limit, speed=cue_speed).stroke_faults


@pytest.mark.parametrize("cue_speed", [0.5, 2.0, 8.0])
def test_push_begins_where_the_ball_is_no_longer_frozen(cue_speed):
    """WPA 6.7: a frozen object ball may be played through, a ball a hair away is pushed.
    The one gap CUE_FROZEN_GAP decides both the joint stroke and the cue's push check."""
    for gap in (0.5 * C.CUE_FROZEN_GAP, 0.99 * C.CUE_FROZEN_GAP):
        frozen = close_shot(gap, speed=cue_speed)
        assert frozen.stroke.joint and faults(frozen) == set()
    for gap in (1.01 * C.CUE_FROZEN_GAP, 2 * C.CUE_FROZEN_GAP):
        apart = close_shot(gap, speed=cue_speed)
        assert not apart.stroke.joint and faults(apart) == {"push"}


def test_push_is_one_prolonged_contact_not_a_double_hit():
    result = close_shot(0.0005, speed=2.0)
    assert faults(result) == {"push"}
    (push,) = result.cue.contacts
    assert push.ball == 1 and push.time < result.cue.separation_time


@pytest.mark.parametrize("cue_speed", [0.5, 2.0, 8.0])
@pytest.mark.parametrize("gap", [0.006, 0.01, CHALK_WIDTH])
def test_full_level_stroke_within_a_chalks_width_double_hits(cue_speed, gap):
    """The referees' guideline (Jewett, BD Jan 2006): a level full hit with a cue ball
    within a chalk's width of the object ball is hit twice: the cue ball stops dead at the
    object ball and the following cue catches it. (Gaps from 6 mm: closer than v tau / 2,
    5.4 mm at 8 m/s, it is a push.)"""
    result = close_shot(gap, speed=cue_speed)
    assert faults(result) == {"double_hit"}
    (hit,) = result.cue.contacts
    assert hit.ball == 0 and hit.part == "tip"
    assert result.cue.separation_time < hit.time <= result.cue.stop_time


def critical_gap(speed, follow):
    """Largest gap (m, to 0.1 mm) at which the full level stroke still double-hits."""
    lo, hi = 0.006, follow
    while hi - lo > 1e-4:
        mid = 0.5 * (lo + hi)
        if CueFault.DOUBLE_HIT in close_shot(mid, speed=speed, follow=follow).stroke_faults:
            lo = mid
        else:
            hi = mid
    return lo


def brute_force_gap(result, samples=40001):
    """Smallest gap (m) between the cue's tip and the cue ball over the follow-through,
    along the cue's line (a full level stroke: everything happens on y = Y0, z = R), from
    a dense uniform sampling of the solver's exact trajectory."""
    motion = result.cue
    # from 1 ms on: at separation the tip touches the ball by construction
    t = np.linspace(motion.separation_time + 1e-3, motion.stop_time, samples)
    ball = result.sample(t).positions[:, 0, 0]
    tip_front = motion.tip_centre(t)[:, 0] + CUE.tip_radius
    return float(np.min(ball - R - tip_front))


@pytest.mark.parametrize("follow", [0.05, 0.10, 0.20])
@pytest.mark.parametrize("cue_speed", [1.0, 4.0])
def test_double_hit_gap_against_the_follow_through(follow, cue_speed):
    """The cue ball, stopped dead by a full hit, creeps on with the topspin it gained on
    the way; the tip travels its follow-through less the v tau / 2 it covered in the
    contact (its reach), slowing to a stop, or less if CUE_FOLLOW_THROUGH_TIME stops it
    first (at 1 m/s: 76 mm instead of 99 or 199 mm). So the largest gap that double-hits
    lies below the reach, nearer to it at speed (less time to gain topspin and creep): above
    0.7 of the reach, and above 0.9 of it at 4 m/s. Either side of it, a dense sampling of
    the trajectory agrees with the search (no contact missed or invented)."""
    reach = follow - ball_speed(cue_speed) * C.CUE_TIP_CONTACT_TIME / 2
    v1 = close_shot(1.0, speed=cue_speed).cue.speed_after
    reach = min(reach, v1 * (C.CUE_FOLLOW_THROUGH_TIME - C.CUE_TIP_CONTACT_TIME / 2) / 2)
    assert close_shot(1.0, speed=cue_speed, follow=follow).cue.reach == pytest.approx(reach)
    gap = critical_gap(cue_speed, follow)
    assert (0.9 if cue_speed == 4.0 else 0.7) * reach <= gap <= reach
    assert brute_force_gap(close_shot(gap - 2e-4, speed=cue_speed, follow=follow)) <= 0.0
    assert brute_force_gap(close_shot(gap + 2e-4, speed=cue_speed, follow=follow)) > 0.0


def critical_cut_deg(cue_speed=2.0):
    """Cut angle beyond which the cue ball outruns the following cue along its line:
    v (sin^2 phi + (1 - e_b)/2 cos^2 phi) = V1 (stun, ignoring throw)."""
    v = ball_speed(cue_speed)
    v1 = (CUE.mass - CUE.tip_restitution * M) / (CUE.mass + M) * cue_speed
    e = 0.95
    s2 = (v1 / v - (1 - e) / 2) / (1 - (1 - e) / 2)
    return math.degrees(math.asin(math.sqrt(s2)))


def test_cutting_the_object_ball_thin_enough_avoids_the_double_hit():
    """Beyond a cut of about 41 deg (the closed form above) the cue ball keeps ahead of the
    cue along its line, whatever the gap; thicker cuts at a 2 mm gap are hit twice (its
    sideways motion clears the cue a little earlier, from about 39 deg)."""
    phi = critical_cut_deg()
    assert round(phi, 1) == 41.2
    for gap in (0.002, 0.005, 0.02, 0.05):
        assert CueFault.DOUBLE_HIT not in close_shot(gap, cut_deg=phi + 2).stroke_faults
    for cut in (0.0, 20.0, 30.0):
        assert CueFault.DOUBLE_HIT in close_shot(0.002, cut_deg=cut).stroke_faults


@pytest.mark.parametrize("cue_speed", [2.0, 4.0])
def test_elevating_the_cue_45_degrees_avoids_the_double_hit(cue_speed):
    """League advice (NAPA rule on close balls): elevate the cue at least 45 deg to avoid
    the double hit within a chalk's width. In the model the ball is driven into the slate
    and rebounds into the descending tip inside the contact, which stops the cue's advance;
    at 35 deg a 1 cm gap still double-hits."""
    for gap in (0.003, 0.01, CHALK_WIDTH):
        assert CueFault.DOUBLE_HIT not in close_shot(gap, elevation_deg=45.0,
                                                     speed=cue_speed).stroke_faults
    assert CueFault.DOUBLE_HIT in close_shot(0.01, elevation_deg=35.0,
                                             speed=cue_speed).stroke_faults


def test_frozen_ball_may_be_played_straight_through():
    """WPA 6.7 and R9-22: a cue ball touching the object ball may be stroked straight into
    it; the tip pushes both balls in one contact: neither a push nor a double hit."""
    balls = [Ball.pool(1.0, Y0), Ball.pool(1.0 + 2 * R, Y0)]
    result = shoot(NINE_FOOT, balls, 0, Stroke(0.0, 0.0, 0.0, 0.0, 2.0))
    assert result.stroke_faults == frozenset()


@pytest.mark.parametrize("elevation_deg", [0.0, 45.0, 70.0])
def test_ferrule_meets_the_ball_beyond_the_tips_rim(elevation_deg):
    """The tip is a 10.6 mm dome on a 6.5 mm ferrule: its rim is at sin = r_s / r_tip =
    0.613 of the contact normal from the cue axis. A (miscued) contact further out meets
    the ferrule's edge; one inside it does not."""
    far, near = 0.65, 0.55
    assert CUE.shaft_radius / CUE.tip_radius == pytest.approx(0.613, abs=5e-4)
    balls = [Ball.pool(1.0, Y0), Ball.pool(2.0, Y0)]
    for offset, expected in ((far, {"ferrule"}), (near, set())):
        stroke = Stroke(0.0, math.radians(elevation_deg), offset, 0.0, 3.0)
        result = shoot(NINE_FOOT, balls, 0, stroke)
        assert result.stroke.miscue
        assert faults(result) == expected


def test_follow_through_reaches_a_ball_the_cue_ball_got_out_of_the_way_of():
    """The cue is never wider than the cue ball's shadow (its line is a (R + r_tip) from the
    centre, 6.5 mm thick), so it reaches another ball only where the cue ball is no more:
    a 50 deg cut from 3 mm sends the cue ball off at about 40 deg to the right of the cue's
    line, clear of a ball 95 mm straight ahead, and the tip's 0.1 m follow-through runs into
    that ball: the cue touches another ball (R8-23, R9-B03). A 5 cm follow-through stops
    short of it."""
    phi, gap = math.radians(50.0), 0.003
    balls = [Ball.pool(1.0, Y0),
             Ball.pool(1.0 + gap + 2 * R * math.cos(phi), Y0 + 2 * R * math.sin(phi)),
             Ball.pool(1.095, Y0)]
    result = shoot(NINE_FOOT, balls, 0, Stroke(0.0, 0.0, 0.0, 0.0, 2.0))
    impacts = result.events[result.events["kind"] == 0]
    assert not np.any((impacts["ball"] == 0) & (impacts["other"] == 2))
    assert faults(result) == {"struck_other_ball"}
    (touch,) = result.cue.contacts
    assert touch.ball == 2 and touch.part == "tip"
    short = shoot(NINE_FOOT, balls, 0, Stroke(0.0, 0.0, 0.0, 0.0, 2.0, follow_through=0.05))
    assert short.stroke_faults == frozenset()


def test_break_and_ordinary_shots_have_no_stroke_faults():
    table, balls = nine_ball_break()
    rest = [Ball.pool(*b.position[:2]) if k == 0 else b for k, b in enumerate(balls)]
    result = shoot(table, rest, 0, Stroke(0.0, 0.0, 0.0, 0.1, 8.0))
    assert result.stroke_faults == frozenset()
    for elevation in (0.0, 15.0, 30.0):
        assert close_shot(0.5, elevation_deg=elevation).stroke_faults == frozenset()


def test_cue_contacts_are_deterministic():
    first, second = (close_shot(0.01, cut_deg=15.0, elevation_deg=20.0) for _ in range(2))
    assert first.cue.contacts == second.cue.contacts
    assert np.array_equal(first.cue.tip_at_separation, second.cue.tip_at_separation)


@pytest.mark.parametrize("bad", [dict(follow_through=-0.1), dict(follow_through=0.6)])
def test_follow_through_is_validated(bad):
    with pytest.raises(ValueError, match="follow_through"):
        Stroke(0.0, 0.0, 0.0, 0.0, 2.0, **bad)


def test_cue_spec_contact_time_and_shape_are_validated():
    with pytest.raises(ValueError, match="tip_contact_time"):
        CueSpec(tip_contact_time=0.0)
    with pytest.raises(ValueError, match="shaft_radius"):
        CueSpec(shaft_radius=0.011)
