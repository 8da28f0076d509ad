"""Passing over a ball in flight (issue 27, point 5; physics_ext.flight, PASS_OVER events).

A flying ball passes over another when their outlines overlap seen from above, touched in
the flight or not: a cue ball that meets a ball in the air and flies on over it has passed
over it (the issue's case: it met a red 28 mm above the cloth and flew on, centres 4.7 mm
apart). Meeting a ball from a little above overlaps the outlines at the contact without
either going over the other, so a touched ball counts where the overlap goes deeper than at
the contact. The rules decide what a pass over means (tests/rules/test_pass_over_scenarios.py).
"""
import math

import numpy as np
import pytest

from physics_ext import Ball, EventKind, MotionState, Stroke, shoot, simulate
from physics_ext.flight import TOUCH_DEPTH_M
from tests.physics.scenes import NINE_FOOT, R

Y0 = NINE_FOOT.width / 2
X0 = 0.9
_AIR = int(MotionState.AIRBORNE)


def jump_into(gap, elevation=0.70, speed=2.84, height=-0.1, x0=X0):
    """An elevated stroke along +x from a cue ball at x0 (m) at a ball `gap` (m) beyond
    touching."""
    balls = [Ball.pool(x0, Y0), Ball.pool(x0 + 2 * R + gap, Y0)]
    return shoot(NINE_FOOT, balls, 0, Stroke(0.0, elevation, 0.0, height, speed))


def first_hit(result):
    bb = result.events[result.events["kind"] == EventKind.BALL_BALL]
    return bb[(bb["ball"] == 0) & (bb["other"] == 1)][0]


def plan_distance(result, times):
    """Horizontal distance (m) between the two balls' centres at `times` (s)."""
    p = result.sample(times).positions
    return np.hypot(*(p[:, 0, :2] - p[:, 1, :2]).T)


def first_over_by_sampling(result, flight, other, d_contact, samples=200001):
    """The first of `samples` times in the flight at which ball 0's outline overlaps
    `other`'s while it is above it (its centre at or above the other's top) or further over
    it than at the contact (plan distance below d_contact by TOUCH_DEPTH_M); and the step."""
    t = np.linspace(flight.start, flight.end, samples)
    p = result.sample(t).positions
    plan = np.hypot(*(p[:, 0, :2] - p[:, other, :2]).T)
    above = p[:, 0, 2] - p[:, other, 2] >= R
    over = (plan < 2 * R) & (above | (plan < d_contact - TOUCH_DEPTH_M))
    return float(t[np.argmax(over)]) if over.any() else None, float(t[1] - t[0])


def test_a_ball_met_in_the_air_and_flown_over_is_passed_over():
    """The issue's case: the airborne cue ball meets the ball with its bottom 28 mm above
    the cloth, is thrown up over it and comes down on top of it (centres 4.8 mm apart in
    plan, its centre 57 mm above the ball's): it was over the ball. PASS_OVER is reported,
    in the log and in the flight, at the first time it was over it (checked against a
    dense sampling of the trajectory); before issue 27 the touched ball was left out."""
    result = jump_into(0.048, 0.72, 3.72, 0.12)
    hit = first_hit(result)
    t = float(hit["time"])
    assert hit["state"] == _AIR
    assert result.state_at(t).positions[0, 2] - R == pytest.approx(0.028, abs=1e-3)
    (flight, cls), = result.cue_flights()[:1]
    assert flight.start < t < flight.end and cls == "legal_jump"
    contacts = result.events[(result.events["kind"] == EventKind.BALL_BALL)
                             & (result.events["time"] <= flight.end)]
    on_top = [e for e in contacts
              if np.subtract(*result.state_at(e["time"]).positions[:2, 2]) >= R]
    assert on_top and float(plan_distance(result, [on_top[0]["time"]])[0]) < 0.005
    assert flight.passed_over == (1,)
    (over,) = result.events[result.events["kind"] == EventKind.PASS_OVER]
    assert (over["ball"], over["other"]) == (0, 1)
    assert over["time"] in flight.passed_over_times
    d_contact = min(float(plan_distance(result, [e["time"]])[0]) for e in contacts)
    sampled, step = first_over_by_sampling(result, flight, 1, d_contact)
    assert t < over["time"] <= sampled <= over["time"] + step


@pytest.mark.parametrize("elevation_deg, gap, speed", [(20.0, 0.003, 1.0), (30.0, 0.01, 2.0),
                                                       (45.0, 0.01, 2.0), (60.0, 0.03, 1.0)])
def test_a_ball_hit_from_a_little_above_is_not_passed_over(elevation_deg, gap, speed):
    """An elevated stroke hops the cue ball off the slate into a close ball: at the contact
    its centre is a little higher, so the outlines overlap in plan by dz^2 / 4R (3 um at
    20 deg and 3 mm, 2.7 mm at 60 deg and 3 cm), and it rebounds: it hit the ball, it did
    not go over it. The plan distance never comes below its value at the contact."""
    result = jump_into(gap, math.radians(elevation_deg), speed, 0.0)
    hit = first_hit(result)
    assert hit["state"] == _AIR
    t = float(hit["time"])
    d_hit = float(plan_distance(result, [t])[0])
    assert d_hit < 2 * R                                     # outlines overlap at the hit
    flight = next(f for f in result.flights if f.ball == 0 and f.start <= t <= f.end)
    span = np.linspace(flight.start, flight.end, 20001)
    assert plan_distance(result, span).min() >= d_hit - TOUCH_DEPTH_M
    assert 1 not in flight.passed_over
    assert EventKind.PASS_OVER not in result.events["kind"]


def test_a_ball_flown_over_untouched_is_passed_over():
    """The clear jump: no contact, the outlines overlap while the cue ball is in the air."""
    result = jump_into(0.25, math.radians(40.0), 5.0, 0.2)
    assert not np.any(result.events["kind"] == EventKind.BALL_BALL)
    (flight, _), = result.cue_flights()[:1]
    assert flight.passed_over == (1,)
    t = flight.passed_over_times[0]
    assert float(plan_distance(result, [t])[0]) == pytest.approx(2 * R, abs=1e-9)


def test_a_ball_dropped_onto_a_ball_from_above_passes_over_it():
    """A ball coming down onto the top of another (its centre above the other's top at the
    contact, 4.5 mm from it in plan) was over it from the first overlap of their outlines
    (here from the start, 45 mm apart in plan): passed over from then, before the contact."""
    falling = Ball(R, 0.17, (1.0 - 0.04, Y0, 3 * R + 0.05), (0.4, 0.0, 0.0), (0.0, 0.0, 0.0))
    below = Ball.pool(1.0 + 0.005, Y0)
    result = simulate(NINE_FOOT, [falling, below])
    hit = result.events[result.events["kind"] == EventKind.BALL_BALL][0]
    flight = next(f for f in result.flights if f.ball == 0)
    assert flight.start == 0.0 and float(hit["time"]) <= flight.end
    d_hit = float(plan_distance(result, [float(hit["time"])])[0])
    before = np.linspace(0.0, float(hit["time"]), 2001)
    assert plan_distance(result, before).min() == pytest.approx(d_hit, abs=1e-6)
    assert d_hit < 0.005
    assert flight.passed_over == (1,)
    assert flight.passed_over_times == (0.0,)


def test_a_ball_touched_low_and_later_flown_high_over_is_passed_over():
    """A scoop lifts the cue ball into the ball 7 cm ahead, meeting it 10 mm above the cloth
    (not over it); the ball, 0.79 m from the foot cushion, comes back off it and passes
    under the cue ball, then 35 cm up, in the same flight: the cue ball is above it from
    the first overlap of their outlines, 0.3 ms before it is further over it than at the
    contact. (The ball meets the cushion at 7.5 m/s; near enough, it is back under the cue
    ball before the cue ball lands with either cushion model: 0.33 s after the strike with
    Mathavan's, whose rebound ratio falls above 2.5 m/s, 0.22 s with Han's.)"""
    result = jump_into(0.0659, 0.279, 8.619, -0.31, x0=1.6)
    hit = first_hit(result)
    t = float(hit["time"])
    at_hit = result.state_at(t).positions
    assert hit["state"] == _AIR and at_hit[0, 2] - at_hit[1, 2] < R
    (flight, cls), = result.cue_flights()[:1]
    assert cls == "scoop" and flight.passed_over == (1,)
    d_contact = float(plan_distance(result, [t])[0])
    sampled, step = first_over_by_sampling(result, flight, 1, d_contact)
    over = flight.passed_over_times[0]
    assert over <= sampled <= over + step
    assert result.state_at(over).positions[0, 2] - result.state_at(over).positions[1, 2] > 0.25
    assert float(plan_distance(result, [over])[0]) == pytest.approx(2 * R, abs=1e-9)


def test_the_stretches_where_a_quadratic_is_not_negative():
    """The stretches first_above searches (_flight.at_least_zero) against a dense sampling,
    for random quadratics (rising, falling, level, with and without roots in the span)."""
    from physics_ext._flight import at_least_zero
    rng = np.random.default_rng(27)
    u = np.linspace(0.0, 1.0, 10001)
    for _ in range(500):
        c2, c1, c0 = rng.normal(size=3) * rng.choice([0.0, 1.0], size=3, p=[0.2, 0.8])
        stretches = at_least_zero(c2, c1, c0, 1.0)
        inside = np.zeros(u.size, dtype=bool)
        for u0, u1 in stretches:
            assert 0.0 <= u0 <= u1 <= 1.0
            inside |= (u >= u0) & (u <= u1)
        value = (c2 * u + c1) * u + c0
        assert np.all(value[~inside] < 1e-12)
        assert np.all(value[inside] > -1e-9)


def test_the_pieces_the_flights_are_found_on_are_the_sampled_trajectory():
    """flight.Pieces (compiled: physics_ext._flight.pieces) of a jump shot over a ball: each
    piece ends where the next piece of its ball begins (the last never), and its constant
    acceleration carries its start to the state sample() gives inside it, to rounding."""
    from physics_ext.flight import Pieces
    result = jump_into(0.25, math.radians(40.0), 5.0, 0.2)
    motion = Pieces.of(result.pieces, result.ball_rows[:, :2], result.params.solver_array(),
                       result.table.cushion_height)
    for b in range(result.n_balls):
        mine = np.flatnonzero(motion.ball == b)
        assert np.array_equal(motion.t1[mine[:-1]], motion.t0[mine[1:]])
        assert motion.t1[mine[-1]] == math.inf
    assert _AIR in motion.state
    for q in np.flatnonzero(motion.t1 > motion.t0):
        end = min(motion.t1[q], motion.t0[q] + 1.0)
        for t in np.linspace(motion.t0[q], end, 6)[1:-1]:          # inside the piece
            dt = t - motion.t0[q]
            r, v, a = motion.rva[q]
            at = result.sample([t])
            assert np.allclose(r + v * dt + 0.5 * a * dt * dt, at.positions[0, motion.ball[q]],
                               rtol=0.0, atol=1e-12)
            assert np.allclose(v + a * dt, at.velocities[0, motion.ball[q]], rtol=0.0,
                               atol=1e-12)
