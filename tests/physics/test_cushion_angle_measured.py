"""The rebound angle off a pool cushion, and the spin a square rebound leaves, measured,
against the solver through the public API (issue 27, third stop).

No peer-reviewed measurement of a rebound angle or of the spin after a cushion impact was
found (physics_ext/README.md, "Ball-cushion", lists what was searched: Mathavan 2009 and
2010 filmed square impacts only, their angle and spin figures are the model's). The one
measured table of oblique rebounds on a pool table that was found is a player's:
Shinji Yamazaki, "クッションに浅い球の反射係数" (the rebound coefficient of a ball entering
the cushion at a shallow angle), blog post, November 2018,
https://www.yamazaki-shinji.com/pool/2018/11/%e3%82%af%e3%83%83%e3%82%b7%e3%83%a7%e3%83%b3%e3%81%ab%e6%b5%85%e3%81%84%e7%90%83%e3%81%ae%e5%8f%8d%e5%b0%84%e4%bf%82%e6%95%b0/
Three banks into a Brunswick pool table's cushion, filmed and tracked frame by frame
(Kinovea; the balls taken as rolling at the cushion: the post does not say, but a
centre-ball bank at these speeds rolls after its first 0.1-0.3 m); the directions of the paths before and after read off the image with a
protractor, in degrees from the cushion line; his "rebound coefficient" the ratio of the
mean frame-to-frame speed over the 14 frames after the impact to that over the 7 frames
before it (the frames of the impact left out). SHALLOW below. From his earlier measurement
on Brunswick and Diamond tables he gives "about 0.55" for balls driven nearly square into
the cushion: what is left of a rolling ball's speed once it rolls again, which the spin
the impact leaves it decides.

How the solver is compared (the post does not give the speeds or the frame rate):
- Speeds at the cushion: "lag (bank) speed" is taken as 0.8 m/s (a lag rolls about two
  table lengths, 4.6 m on a 9 ft table, from about 1 m/s, and meets the cushions between
  0.6 and 1 m/s), "faster" 1.0 m/s and "slower" 0.6 m/s. Below the knee the out angle does
  not depend on the speed, and the coefficient moves by 0.02 over this range.
- Out angle: the direction of the path once the ball rolls again. A rolling ball leaves a
  shallow impact sliding, its path curving over 3-5 cm (under two frames at 30 frames per
  second) onto the straight line a protractor reads.
- Coefficient: his ratio of mean frame speeds, at 30 frames per second (the common video
  rate).
Tolerances: ANGLE_TOL_DEG = 2 (each angle read to a degree; his two 15-degree shots agree),
RATIO_TOL = 0.04 (twice the scatter of measured cushion ratios, test_cushion_measured's
MEASURED_SD), SQUARE_TOL = 0.05 for "about 0.55". The defaults' u_w = 0.20 (with e_e = 0.90
for Sudo & Shibata's 0.856) is fixed by the out angles (constants.py); with Mathavan's
snooker u_w = 0.14 the slow shot leaves 2.3 degrees too shallow and the lag shot's
coefficient is 0.043 too lively; Han 2005 leaves them 2.8-4.4 degrees too shallow.
"""
import math

import numpy as np
import pytest

from physics_ext import Ball, EventKind, MotionState, Params, simulate
from physics_ext import constants as C
from physics_ext.api import contact_distance
from tests.physics.scenes import NINE_FOOT

R = C.POOL_BALL_RADIUS
FPS = 30.0
FRAMES_BEFORE, FRAMES_AFTER = 7, 14
LAG, FASTER, SLOWER = 0.8, 1.0, 0.6          # m/s at the cushion
# Yamazaki 2018: (speed at the cushion (m/s), degrees in, degrees out, his coefficient)
SHALLOW = ((FASTER, 15.0, 8.0, 0.85), (LAG, 15.0, 8.0, 0.83), (SLOWER, 16.0, 10.0, 0.83))
SQUARE_AFTER_ROLL = 0.55
ANGLE_TOL_DEG = 2.0
RATIO_TOL = 0.04
SQUARE_TOL = 0.05


def bank(speed, incidence_deg, params=Params()):
    """A pool ball rolling into the foot cushion (normal -x) of the 9 ft table, `speed`
    (m/s) at the impact and `incidence_deg` from the cushion line, started a frame more
    than FRAMES_BEFORE ahead of it. Returns the shot and the impact's time (s)."""
    a = math.radians(incidence_deg)
    ux, uy = math.sin(a), math.cos(a)
    lead = (FRAMES_BEFORE + 1) / FPS
    decel = params.u_r * params.g
    v0 = speed + decel * lead                    # rolling: uniform deceleration u_r g
    d = v0 * lead - 0.5 * decel * lead ** 2
    x = NINE_FOOT.length - contact_distance(NINE_FOOT, R) - d * ux
    ball = Ball.pool(x, 0.3 - d * uy, (v0 * ux, v0 * uy, 0.0), (-v0 * uy / R, v0 * ux / R, 0.0))
    result = simulate(NINE_FOOT, [ball], params)
    k = int(np.flatnonzero(result.events["kind"] == EventKind.CUSHION)[0])
    return result, float(result.events["time"][k])


def frame_ratio(result, t_hit):
    """Yamazaki's coefficient: mean frame-to-frame speed over FRAMES_AFTER frames after the
    impact over that over FRAMES_BEFORE frames before it."""
    def mean_speed(frames, sign):
        t = t_hit + sign * np.arange(frames + 1) / FPS
        p = result.sample(np.sort(t)).positions[:, 0, :2]
        return float(np.mean(np.linalg.norm(np.diff(p, axis=0), axis=1))) * FPS
    return mean_speed(FRAMES_AFTER, 1) / mean_speed(FRAMES_BEFORE, -1)


def rolling_again(result, t_hit):
    """The ball's velocity (m/s, table frame) when it rolls again after the impact."""
    ev = result.events
    k = np.flatnonzero((ev["kind"] == EventKind.TRANSITION) & (ev["time"] > t_hit)
                       & (ev["state"] == MotionState.ROLLING))[0]
    return result.state_at(float(ev["time"][k])).velocities[0, :2]


def out_angle_deg(result, t_hit):
    """Direction of the rolling path after the impact, degrees from the cushion line."""
    v = rolling_again(result, t_hit)
    return math.degrees(math.atan2(-v[0], v[1]))


@pytest.mark.parametrize("speed, into, out, ratio", SHALLOW)
def test_a_shallow_bank_leaves_at_the_measured_angle(speed, into, out, ratio):
    result, t_hit = bank(speed, into)
    assert out_angle_deg(result, t_hit) == pytest.approx(out, abs=ANGLE_TOL_DEG)


@pytest.mark.parametrize("speed, into, out, ratio", SHALLOW)
def test_a_shallow_bank_keeps_the_measured_share_of_its_speed(speed, into, out, ratio):
    result, t_hit = bank(speed, into)
    assert frame_ratio(result, t_hit) == pytest.approx(ratio, abs=RATIO_TOL)


@pytest.mark.parametrize("speed", [SLOWER, LAG, FASTER])
def test_a_square_rebound_rolls_on_at_the_measured_055(speed):
    """The speed a rolling ball driven square into the cushion rolls back at, over its
    speed in: its rebound speed and the forward spin the impact leaves it (which the
    cloth turns into backward roll) together. Measured: about 0.55; and the frame ratio
    the measurement reads is the same within its tolerance."""
    result, t_hit = bank(speed, 90.0)
    assert np.linalg.norm(rolling_again(result, t_hit)) / speed == pytest.approx(
        SQUARE_AFTER_ROLL, abs=SQUARE_TOL)
    assert frame_ratio(result, t_hit) == pytest.approx(SQUARE_AFTER_ROLL, abs=SQUARE_TOL)


def test_mathavans_snooker_grip_and_han_leave_the_slow_bank_too_shallow():
    """The measurement separates the cushion laws: the slow 16-degree bank (out at 10)
    leaves more than ANGLE_TOL_DEG too shallow with Mathavan's snooker u_w = 0.14 (e_e
    set for Sudo & Shibata's 0.856) and with Han 2005."""
    speed, into, out, _ = SHALLOW[2]
    for params in (Params(u_w=C.MATHAVAN_U_W, e_e=0.867), Params(cushion_model="han_2005")):
        result, t_hit = bank(speed, into, params)
        assert out - out_angle_deg(result, t_hit) > ANGLE_TOL_DEG
