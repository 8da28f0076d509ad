"""Sampling a finished shot: positions continuous through every event, states consistent
with the event log and with the motion laws, many times at once equal to one at a time.

Tolerances: POS_TOL_M = 1e-12 m, a few ulps of coordinates of order 1 m (an impulse moves
no ball: position continuity is exact up to re-basing a piece). SNAP_MPS = 1e-9 m/s, the
solver's documented snap of slips and speeds to exactly zero, bounds the velocity jump at a
motion transition. FD_TOL_MPS = 1e-8 m/s for a central difference of step 1e-4 s: exact for
quadratic motion, so only rounding remains (1e-16 m / 1e-4 s, with margin).
"""
import functools

import numpy as np
import pytest

from physics_ext import EventKind, MotionState, simulate
from tests.physics import probes
from tests.physics.scenes import (NINE_FOOT, eight_ball_break, nine_ball_break, pressed_pair,
                                  random_break, random_shot)

POS_TOL_M = 1e-12
SNAP_MPS = 1e-9
FD_TOL_MPS = 1e-8
FD_STEP_S = 1e-4


SCENES = ["nine_ball_break", "eight_ball_break", "random_shot_1", "random_shot_2",
          "random_shot_3", "pressed_pair", "random_break_59"]


@functools.lru_cache(maxsize=None)
def shot(name):
    """The finished shot of a named scene (simulated once per test session)."""
    if name == "nine_ball_break":
        return simulate(*nine_ball_break())
    if name == "eight_ball_break":
        return simulate(*eight_ball_break())
    if name == "pressed_pair":
        return simulate(NINE_FOOT, pressed_pair())
    seed = int(name.rsplit("_", 1)[1])
    if name.startswith("random_break"):
        return simulate(*random_break(np.random.default_rng(seed)))
    return simulate(NINE_FOOT, random_shot(np.random.default_rng(seed)))


@pytest.fixture(params=SCENES)
def result(request):
    return shot(request.param)


def test_positions_are_continuous_through_every_event(result):
    """No event moves a ball: balls never press into each other, so no impact has to part
    them first (the solver's unpress acts only on balls given overlapping)."""
    for events, before, after in probes.steps(result):
        jump = np.linalg.norm(after.positions - before.positions, axis=1)
        assert np.all(jump <= POS_TOL_M), (events, jump)


def test_transitions_change_no_velocity(result):
    """slide -> roll, roll -> spin/rest, spin -> rest: the motion law changes, the velocity
    does not (beyond the snap to zero)."""
    for events, before, after in probes.steps(result):
        if len(events) and events["kind"][0] == EventKind.TRANSITION:
            np.testing.assert_allclose(after.velocities, before.velocities, rtol=0,
                                       atol=SNAP_MPS)


def test_event_states_match_the_sampled_states(result):
    ev = result.events
    for k, (events, before, after) in enumerate(probes.steps(result)):
        for event in events:
            assert after.states[event["ball"]] == event["state"], (k, event)
    # between events every ball is in the state its last event left it in (the log gives
    # the state of `ball` only, not of `other`)
    times = np.unique(ev["time"])
    middles = (times[:-1] + times[1:]) / 2
    sampled = result.sample(middles).states
    for q, t in enumerate(middles):
        for ball in range(result.n_balls):
            mine = ev[((ev["ball"] == ball) | (ev["other"] == ball)) & (ev["time"] < t)]
            if len(mine) and mine["ball"][-1] == ball:
                assert sampled[q, ball] == mine["state"][-1]


def test_states_obey_their_motion_laws(result):
    s = result.sample(np.linspace(0.0, result.duration, 500))
    R = result.ball_rows[:, 0]
    state, v, w = s.states, s.velocities, s.angular_velocities
    resting = np.isin(state, (MotionState.STATIONARY, MotionState.SPINNING,
                              MotionState.POCKETED))
    assert np.all(v[resting] == 0.0)
    assert np.all(w[resting][:, :2] == 0.0)
    assert np.all(w[state == MotionState.STATIONARY] == 0.0)
    rolling = state == MotionState.ROLLING
    # rolling: the contact point rests, omega_xy = z x v / R (PHYSICS 0)
    slip = v[..., :2] + (R[None, :, None] * np.stack([-w[..., 1], w[..., 0]], axis=-1))
    assert np.all(np.abs(slip[rolling]) <= SNAP_MPS)
    assert np.all(np.abs(slip[state == MotionState.SLIDING]).max(axis=-1) > 0)
    on_cloth = state != MotionState.AIRBORNE
    np.testing.assert_allclose(s.positions[..., 2][on_cloth],
                               np.broadcast_to(R, state.shape)[on_cloth], rtol=0, atol=0)


def test_sampled_velocity_is_the_derivative_of_sampled_position(result):
    times = np.unique(result.events["time"])
    middles = (times[:-1] + times[1:]) / 2
    middles = middles[np.diff(times) > 4 * FD_STEP_S]       # no event inside the stencil
    ahead = result.sample(middles + FD_STEP_S).positions
    behind = result.sample(middles - FD_STEP_S).positions
    central = (ahead - behind) / (2 * FD_STEP_S)
    np.testing.assert_allclose(central, result.sample(middles).velocities, rtol=0,
                               atol=FD_TOL_MPS)


def test_sampling_many_times_equals_one_at_a_time(result):
    rng = np.random.default_rng(0)
    times = np.concatenate((rng.uniform(0.0, result.duration, 40), result.events["time"][:20],
                            [0.0, result.duration, result.duration + 5.0]))
    many = result.sample(times)
    for q, t in enumerate(times):
        one = result.state_at(t)
        np.testing.assert_array_equal(many.positions[q], one.positions)
        np.testing.assert_array_equal(many.velocities[q], one.velocities)
        np.testing.assert_array_equal(many.angular_velocities[q], one.angular_velocities)
        np.testing.assert_array_equal(many.states[q], one.states)


def test_sample_times_in_any_order_and_out_of_range(result):
    """Times need not be sorted; before 0 clamps to the start, after the last event the
    balls rest where `final` has them."""
    times = np.array([result.duration / 2, 0.0, result.duration / 3, -1.0, 1e6])
    s = result.sample(times)
    np.testing.assert_array_equal(s.positions[1], s.positions[3])
    np.testing.assert_array_equal(s.positions[4], result.final.positions)
    np.testing.assert_array_equal(s.positions[0], result.state_at(result.duration / 2).positions)
    assert np.all(np.isin(result.final.states, (MotionState.STATIONARY, MotionState.POCKETED)))


def test_non_finite_sample_times_are_refused():
    result = shot("nine_ball_break")
    with pytest.raises(ValueError, match="finite"):
        result.sample([0.1, np.nan])
