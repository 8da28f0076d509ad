"""Jump shots, flight and the scoop test (issue 3), against closed forms and invariants.

Tolerances: flight is a parabola between exact event times, so times and heights agree with
the closed forms to rounding (1e-9 relative here, far above double precision, far below
anything physical)."""
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from physics_ext import (Ball, EventKind, MotionState, Params, Stroke, TableSpec, shoot,
                         simulate, strike)
from physics_ext.constants import POOL_BALL_MASS as M, POOL_BALL_RADIUS as R

TABLE = TableSpec.nine_foot()
P = Params()
REL = 1e-9


def kinds(result):
    return [EventKind(k) for k in result.events["kind"]]


def energy(result, t):
    s = result.state_at(t)
    inertia = 0.4 * M * R * R
    return float(0.5 * M * np.sum(s.velocities ** 2) + 0.5 * inertia * np.sum(s.angular_velocities ** 2)
                 + M * P.g * np.sum(s.positions[:, 2] - R))


def test_flight_is_the_closed_form_parabola():
    # A ball driven straight down at 2 m/s while moving at 1 m/s, no spin: it bounces with
    # v_z' = e_t * 2 and slate friction takes min(u_s (1+e_t) v_z, 2/7 v_x) off v_x.
    vz, vx = 2.0, 1.0
    res = simulate(TABLE, [Ball.pool(1.0, 0.6, velocity=(vx, 0.0, -vz))])
    assert kinds(res)[0] == EventKind.SLATE and res.events["time"][0] == 0.0
    up = P.e_t * vz
    vx_after = vx - min(P.u_s * (1 + P.e_t) * vz, 2.0 / 7.0 * vx)
    flight = 2 * up / P.g
    landing = res.events[1]
    assert EventKind(landing["kind"]) == EventKind.SLATE
    assert landing["time"] == pytest.approx(flight, rel=REL)
    apex = res.state_at(flight / 2)
    assert apex.positions[0, 2] == pytest.approx(R + up * up / (2 * P.g), rel=REL)
    assert apex.states[0] == MotionState.AIRBORNE
    land = res.state_at(landing["time"] - 1e-12)
    assert land.positions[0, 0] == pytest.approx(1.0 + vx_after * flight, rel=REL)
    assert landing["speed"] == pytest.approx(up, rel=REL)


def test_slate_rebound_of_an_elevated_stroke_is_e_t_v_sin_theta():
    theta = math.radians(30)
    stroke = Stroke(azimuth=0.0, elevation=theta, side=0.0, height=0.0, speed=4.0)
    res = shoot(TABLE, [Ball.pool(0.8, 0.635)], 0, stroke)
    v = np.linalg.norm(res.stroke.velocity)
    after = res.state_at(1e-9)
    assert after.velocities[0, 2] == pytest.approx(P.e_t * v * math.sin(theta), rel=1e-6)
    assert after.states[0] == MotionState.AIRBORNE


def jump_at(distance, speed=5.0, elevation=40.0):
    balls = [Ball.pool(1.0, 0.635), Ball.pool(1.0 + distance, 0.635)]
    stroke = Stroke(azimuth=0.0, elevation=math.radians(elevation), side=0.0, height=0.2,
                    speed=speed)
    return shoot(TABLE, balls, 0, stroke)


def test_a_jump_clears_a_ball_at_one_distance_and_hits_it_closer():
    far = jump_at(0.25)
    assert EventKind.PASS_OVER in kinds(far)
    assert not np.any(far.events["kind"] == EventKind.BALL_BALL)
    (flight, cls), = far.cue_flights()[:1]
    assert flight.passed_over == (1,) and cls == "legal_jump"
    near = jump_at(0.07)
    first_hit = near.events[near.events["kind"] == EventKind.BALL_BALL][0]
    assert (first_hit["ball"], first_hit["other"]) == (0, 1)
    assert first_hit["state"] == MotionState.AIRBORNE     # hit on the way up
    assert EventKind.PASS_OVER not in kinds(near)


def test_a_ball_driven_over_the_rail_leaves_the_table():
    res = jump_at(0.3, speed=7.0, elevation=45.0)
    off = res.events[res.events["kind"] == EventKind.OFF_TABLE]
    assert off.size == 1 and off["ball"][0] == 0
    assert res.final.states[0] == MotionState.OFF_TABLE


def test_an_airborne_ball_meeting_the_cushion_nose_rebounds():
    # A low hop into the foot cushion: the nose edge turns it back onto the table.
    res = simulate(TABLE, [Ball.pool(2.40, 0.6, velocity=(2.0, 0.0, -1.2))])
    hit = res.events[res.events["kind"] == EventKind.CUSHION][0]
    assert hit["state"] in (MotionState.AIRBORNE, MotionState.SLIDING)
    after = res.state_at(hit["time"])
    assert after.velocities[0, 0] < 0
    assert res.final.states[0] == MotionState.STATIONARY


@settings(max_examples=150, deadline=None, derandomize=True)
@given(azimuth=st.floats(0, 2 * math.pi), side=st.floats(-0.5, 0.5),
       height=st.floats(-0.5, 0.5), speed=st.floats(0.2, 8.0))
def test_a_level_cue_never_lifts_the_ball(azimuth, side, height, speed):
    if side * side + height * height >= 0.25:
        return
    stroke = Stroke(azimuth=azimuth, elevation=0.0, side=side, height=height, speed=speed)
    res = shoot(TABLE, [Ball.pool(1.27, 0.635)], 0, stroke)
    assert not res.flights
    assert not np.any(res.events["state"] == MotionState.AIRBORNE)


@pytest.mark.parametrize("elevation, side, height, speed, expected", [
    (0.0, 0.0, 0.0, 3.0, None),                 # level centre hit: stays on the cloth
    (40.0, 0.0, 0.2, 5.0, "legal_jump"),        # elevated, above centre: driven into the slate
    (30.0, 0.0, 0.0, 5.0, "legal_jump"),        # elevated centre hit: contact above the equator
    (15.0, 0.0, -0.4, 6.0, "scoop"),            # elevated, contact below the equator, lifts
    (35.0, 0.0, -0.9, 6.0, "miscue"),           # miscue below centre that still lifts
    (15.0, 0.0, -0.6, 15.0, "miscue"),          # issue 16: low miscue, cue raised 15 degrees
])
def test_stroke_classification_table(elevation, side, height, speed, expected):
    stroke = Stroke(azimuth=0.0, elevation=math.radians(elevation), side=side, height=height,
                    speed=speed)
    res = shoot(TABLE, [Ball.pool(0.8, 0.635)], 0, stroke)
    classes = {cls for _, cls in res.cue_flights()}
    assert classes == (set() if expected is None else {expected})


def test_contact_angle_and_stroke_travel_with_the_result():
    stroke = Stroke(azimuth=0.0, elevation=math.radians(30), side=0.0, height=0.0, speed=4.0)
    res = shoot(TABLE, [Ball.pool(0.8, 0.635)], 0, stroke)
    assert res.stroke.contact_angle == pytest.approx(math.radians(30))
    assert res.cue_index == 0


def test_jump_shots_are_deterministic_byte_for_byte():
    a, b = jump_at(0.25), jump_at(0.25)
    assert a.events.tobytes() == b.events.tobytes()
    assert a.final.positions.tobytes() == b.final.positions.tobytes()


@settings(max_examples=120, deadline=None, derandomize=True)
@given(elevation=st.floats(5, 70), height=st.floats(-0.45, 0.45), side=st.floats(-0.3, 0.3),
       speed=st.floats(1.0, 9.0), distance=st.floats(0.06, 0.6), offset=st.floats(-0.05, 0.05))
def test_energy_never_rises_in_jump_shots(elevation, height, side, speed, distance, offset):
    balls = [Ball.pool(1.0, 0.635), Ball.pool(1.0 + distance, 0.635 + offset)]
    stroke = Stroke(azimuth=0.0, elevation=math.radians(elevation), side=side, height=height,
                    speed=speed)
    res = shoot(TABLE, balls, 0, stroke)
    struck = strike(stroke, R, M)
    inertia = 0.4 * M * R * R
    previous = (0.5 * M * struck.velocity @ struck.velocity
                + 0.5 * inertia * struck.angular_velocity @ struck.angular_velocity)
    # 1e-9 J: the snap to exact rolling or rest changes energy by ~ m * 1e-9 m/s * v
    for t in np.unique(res.events["time"]):
        e = energy(res, t)
        assert e <= previous + 1e-9
        previous = e
