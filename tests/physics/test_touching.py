"""EventFlag.TOUCHING (physics_ext/README.md, "Touching a cushion"): a cushion or jaw
contact of a ball that had not gone further than VISIBLE_GAP_M from that rail since its
last contact with it. Closed forms: a ball touching a cushion face (or a jaw tip) that
slides away from it along the normal, its spin curving it back, goes s^2 / (2 u_s g) out
and is back at 2 s / (u_s g) (a constant deceleration u_s g: the slip keeps its
direction while the ball slides). Measured: a frozen ball struck into its cushion hops off
the rubber by micrometres (flagged), or, struck at an angle, leaves by millimetres (not).

Tolerances: REL = 1e-9 relative on the closed-form return time (the root of a quadratic
found by the solver's iteration); gaps sampled from ShotResult.sample every 0.05 ms (a
sampled maximum is below the true one by at most v dt, under 2 um here).
"""
import math

import numpy as np
import pytest

from physics_ext import Ball, EventFlag, EventKind, Params, simulate
from physics_ext import constants as C
from physics_ext.api import contact_distance
from physics_ext.table import Rail
from tests.physics.scenes import NINE_FOOT, R

P = Params()
DECEL = P.u_s * P.g                 # m/s^2, the cloth's pull on a sliding ball
REL = 1e-9
RHO = contact_distance(NINE_FOOT, R)
FROZEN_Y = NINE_FOOT.width - RHO    # a ball frozen to the left rails (y = width)
SAMPLE_S = 5e-5
CUSHION_KINDS = (EventKind.CUSHION, EventKind.JAW_TIP)
SLIP = 1.5                          # m/s, the slip that curves the ball back


def away_and_back(centre, u, out, along=(0.0, 0.0)):
    """A ball at `centre` sliding away along the unit vector u at the speed that takes it
    `out` metres out, (plus `along`, m/s, across u), its slip SLIP along u: the cloth
    pulls it back along -u at DECEL. Returns the Ball and the closed-form return time."""
    s = math.sqrt(2.0 * DECEL * out)
    vx, vy = s * u[0] + along[0], s * u[1] + along[1]
    # slip = v + w x (-R z) = (vx - R w_y, vy + R w_x) = SLIP u
    w = ((SLIP * u[1] - vy) / R, (vx - SLIP * u[0]) / R, 0.0)
    return Ball.pool(*centre, velocity=(vx, vy, 0.0), angular_velocity=w), 2.0 * s / DECEL


def first_contact(result, ball=0):
    ev = result.events
    return ev[np.isin(ev["kind"], CUSHION_KINDS) & (ev["ball"] == ball)][0]


@pytest.mark.parametrize("out, touching", [(0.8 * C.VISIBLE_GAP_M, True),
                                           (1.25 * C.VISIBLE_GAP_M, False)])
def test_a_ball_curving_back_to_its_cushion_touches_it_unless_it_went_a_visible_gap_out(
        out, touching):
    """Frozen to the left head rail, rolling along it at 1 m/s and drifting off it; its
    spin brings it back at 2 s / (u_s g), 0.8 mm out (it never visibly left: TOUCHING)
    or 1.25 mm out (it left: the contact counts)."""
    ball, back = away_and_back((1.0, FROZEN_Y), (0.0, -1.0), out, along=(1.0, 0.0))
    result = simulate(NINE_FOOT, [ball])
    assert result.initial_rail_contacts[0, Rail.LEFT_HEAD]
    hit = first_contact(result)
    assert hit["kind"] == EventKind.CUSHION and hit["rail"] == Rail.LEFT_HEAD
    assert hit["time"] == pytest.approx(back, rel=REL)
    assert bool(hit["flags"] & EventFlag.TOUCHING) == touching


@pytest.mark.parametrize("out, touching", [(0.8 * C.VISIBLE_GAP_M, True),
                                           (1.25 * C.VISIBLE_GAP_M, False)])
def test_a_ball_curving_back_to_a_jaw_tip_touches_it_unless_it_went_a_visible_gap_out(
        out, touching):
    """The same off a side pocket's jaw tip, along the radius 30 degrees round from the
    rail's normal towards the pocket: the gap to the tip's round is the distance along
    the radius."""
    geo = NINE_FOOT.geometry()
    k = next(k for k in range(len(geo.tips)) if geo.tip_rails[k] == Rail.LEFT_HEAD
             and geo.tips[k][0] > NINE_FOOT.length / 4)          # the side pocket's
    cx, cy, r_tip = geo.tips[k]
    turn = math.radians(30.0) * (1.0 if cx < NINE_FOOT.length / 2 else -1.0)
    u = (math.sin(turn), -math.cos(turn))                        # into the table
    reach = r_tip + RHO
    ball, back = away_and_back((cx + reach * u[0], cy + reach * u[1]), u, out)
    result = simulate(NINE_FOOT, [ball])
    hit = first_contact(result)
    assert hit["kind"] == EventKind.JAW_TIP and hit["feature"] == k
    assert hit["time"] == pytest.approx(back, rel=REL)
    assert bool(hit["flags"] & EventFlag.TOUCHING) == touching


def struck_frozen(speed, angle_deg=0.0):
    """A cue ball 0.3 m off, sliding at `speed` into a ball frozen to the left head rail,
    along a line `angle_deg` from the rail's normal through the frozen ball's centre."""
    a = math.radians(angle_deg)
    cue = Ball.pool(1.0 - 0.3 * math.sin(a), FROZEN_Y - 0.3 * math.cos(a),
                    velocity=(speed * math.sin(a), speed * math.cos(a), 0.0))
    return simulate(NINE_FOOT, [cue, Ball.pool(1.0, FROZEN_Y)])


def contacts_and_gaps(result, ball=1, rail=Rail.LEFT_HEAD):
    """The ball's contacts with the rail (which it touches at the start), and its largest
    sampled gap from the rail's nose before each contact (since the one before, or the
    start)."""
    ev = result.events
    hits = ev[np.isin(ev["kind"], CUSHION_KINDS) & (ev["ball"] == ball) & (ev["rail"] == rail)]
    gaps = []
    for t0, t1 in zip(np.append(0.0, hits["time"][:-1]), hits["time"]):
        y = result.sample(np.append(np.arange(t0, t1, SAMPLE_S), t1)).positions[:, ball, 1]
        gaps.append(float(np.max(FROZEN_Y - y)))
    return hits, np.array(gaps)


@pytest.mark.parametrize("speed, angle", [(0.8, 0), (1, 0), (2, 0), (4, 0), (6, 0),
                                          (1, 5), (4, 5)])
def test_a_frozen_ball_struck_into_its_cushion_hops_invisibly_and_touches_it(speed, angle):
    """The struck ball leaves the rubber at a few mm/s (its rebound shared with the cue
    ball) and its spin brings it back: returns under VISIBLE_GAP_M out (1-13 um at
    0.8-2 m/s, up to 0.7 mm at 6 m/s), every one TOUCHING."""
    hits, gaps = contacts_and_gaps(struck_frozen(speed, angle))
    assert len(hits) >= 2 and np.all(hits["flags"] & EventFlag.TOUCHING)
    # returns from apart (PRESS_DEPTH_M, 1 um, is the least) and none a visible gap out
    assert np.all(gaps < C.VISIBLE_GAP_M) and np.any(gaps > 0.9e-6)


def test_a_frozen_ball_struck_at_an_angle_that_leaves_its_cushion_comes_back_to_it():
    """Struck at 4 m/s 10 degrees off square, the ball bounces 3 mm off its rail while
    running along it and its spin brings it back: that return is a contact, not TOUCHING
    (and everything before it was)."""
    hits, gaps = contacts_and_gaps(struck_frozen(4.0, 10.0))
    back = np.flatnonzero(gaps > C.VISIBLE_GAP_M)
    assert len(back) >= 1 and gaps[back[0]] > 2e-3
    assert np.all(hits["flags"][:back[0]] & EventFlag.TOUCHING)
    assert not hits["flags"][back[0]] & EventFlag.TOUCHING


def test_a_ball_that_crosses_the_table_and_returns_to_the_same_rail_counts():
    """A bank across the table and back to the rail the ball started frozen to: the
    return is far past any visible gap, a fresh contact."""
    ball = Ball.pool(0.6, FROZEN_Y, velocity=(0.3, -3.0, 0.0))
    result = simulate(NINE_FOOT, [ball])
    assert result.initial_rail_contacts[0, Rail.LEFT_HEAD]
    hits, gaps = contacts_and_gaps(result, ball=0)
    assert len(hits) >= 1 and gaps[0] > 1.0
    assert not hits["flags"][0] & EventFlag.TOUCHING
