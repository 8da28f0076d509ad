"""Invariants of every shot (tests/physics/invariants.py), fuzzed with hypothesis over
random shots, jump shots and broken racks, and checked on the canonical breaks; and resting
balls that must stay put.

Fuzzing is derandomized (and keeps no example database) so CI runs the same examples every
time; each property sees FUZZ_EXAMPLES shots.
"""
import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from physics_ext import Ball, MotionState, simulate
from physics_ext.api import contact_distance
from tests.physics.invariants import (check_all, check_energy, check_momentum,
                                      check_no_overlap, check_on_table)
from tests.physics.scenes import (ENGLISH, NINE_FOOT, R, eight_ball_break, nine_ball_break,
                                  random_break, random_shot)

FUZZ_EXAMPLES = 500

fuzz = settings(max_examples=FUZZ_EXAMPLES, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2 ** 32 - 1)


def shot(seed, n_balls, max_elevation=0.0):
    balls = random_shot(np.random.default_rng(seed), n_balls, max_elevation=max_elevation)
    return simulate(NINE_FOOT, balls)


@pytest.mark.parametrize("check", [check_energy, check_momentum, check_no_overlap,
                                   check_on_table], ids=lambda check: check.__name__)
@fuzz
@given(seed=seeds, n_balls=st.integers(1, 16))
def test_random_shots_keep_each_invariant(check, seed, n_balls):
    """Level strokes in any direction at 0.3-12 m/s with any spin, 1-16 balls; each
    invariant a test of its own, over FUZZ_EXAMPLES shots."""
    check(shot(seed, n_balls))


@fuzz
@given(seed=seeds, n_balls=st.integers(1, 10))
def test_jump_and_masse_shots_keep_every_invariant(seed, n_balls):
    """Elevated cues (up to 40 degrees): slate bounces, flights, landings."""
    check_all(shot(seed, n_balls, max_elevation=0.7))


@fuzz
@example(seed=70)       # momentum of balls 4 and 9 moves by 3e-4 kg m/s at t = 0.146 s
@example(seed=1054)     # momentum of balls 2 and 8 moves by 4e-4 kg m/s at t = 0.226 s
@example(seed=22)       # balls 1 and 3 meet at 0.019 m/s 1 um deep, t = 0.274 s
@example(seed=15)       # ball 1, in the air, sinks 5.7 um into ball 6 at t = 0.21 s
@given(seed=seeds)
def test_broken_racks_keep_every_invariant(seed):
    check_all(simulate(*random_break(np.random.default_rng(seed))))


@pytest.mark.parametrize("speed", [4.0, 5.0, 8.0, 12.0])
@pytest.mark.parametrize("scene", [nine_ball_break, eight_ball_break])
def test_canonical_breaks_keep_every_invariant(scene, speed):
    check_all(simulate(*scene(speed=speed)))


@settings(fuzz, max_examples=FUZZ_EXAMPLES // 2)
@example(seed=18, speed=11.697713192928598)     # issue 27: a push added 3.1e-7 J here
@given(seed=seeds, speed=st.floats(1.0, 12.0))
def test_frozen_racks_broken_at_any_speed_never_gain_energy(seed, speed):
    """A tight 9-ball rack from any seed, broken from anywhere behind the head string with
    any spin at `speed` (the cascade through the frozen rack, then the slow pressed pairs
    it leaves): kinetic plus potential energy never rises at an event (issue 27: the
    pressing contacts' push added up to 3e-7 J in 2 of 300 random breaks)."""
    table, balls = random_break(np.random.default_rng(seed))
    v = np.asarray(balls[0].velocity)
    w = np.asarray(balls[0].angular_velocity)
    scale = speed / np.linalg.norm(v)
    cue = Ball(balls[0].radius, balls[0].mass, balls[0].position, tuple(v * scale),
               tuple(w * scale))
    check_energy(simulate(table, [cue] + balls[1:]))


@pytest.mark.parametrize("speed", [
    0.5,
    8.0])
def test_cue_ball_frozen_to_a_tight_rack_breaks_it_at_once(speed):
    """The cue ball starts touching the 1-ball: the whole cascade through the touching rack
    happens at t = 0, without a stall, and keeps every invariant."""
    table, balls = nine_ball_break()
    one = balls[1].position
    cue = Ball.pool(one[0] - 2 * R * (1 + 1e-12), one[1], velocity=(speed, 0, 0))
    result = simulate(table, [cue] + balls[1:])
    assert result.events["time"][0] == 0.0
    check_all(result)


@pytest.mark.parametrize("scene", [nine_ball_break, eight_ball_break])
def test_a_rack_at_rest_produces_no_events(scene):
    """Touching balls at rest (and a cue ball with nothing to do) never collide."""
    table, balls = scene()
    at_rest = [Ball(b.radius, b.mass, b.position) for b in balls]
    result = simulate(table, at_rest)
    assert len(result.events) == 0
    np.testing.assert_array_equal(result.final.positions, result.state_at(0.0).positions)
    np.testing.assert_array_equal(result.final.states, MotionState.STATIONARY)


def test_a_rack_frozen_to_a_cushion_at_rest_produces_no_events():
    """A tight cluster against the foot cushion: every ball touches its neighbours, the
    first column the rail too."""
    rho = contact_distance(NINE_FOOT, R)
    spots = [(NINE_FOOT.length - rho, 0.5 + 2 * R * k) for k in range(4)]
    spots += [(NINE_FOOT.length - rho - 2 * R * np.sqrt(0.75), 0.5 + R + 2 * R * k)
              for k in range(3)]
    result = simulate(NINE_FOOT, [Ball.pool(*p) for p in spots])
    assert len(result.events) == 0


def test_frozen_rack_is_undisturbed_by_a_ball_rolling_past_it():
    """A ball rolling elsewhere on the English table never disturbs the rack it misses."""
    table, balls = eight_ball_break()
    rack = [Ball(b.radius, b.mass, b.position) for b in balls[1:]]
    passer = Ball(balls[0].radius, balls[0].mass, (0.2, 0.1), velocity=(0.3, 0, 0),
                  angular_velocity=(0, 0.3 / balls[0].radius, 0))
    result = simulate(ENGLISH, [passer] + rack)
    assert np.all(result.events["ball"] == 0)
    np.testing.assert_array_equal(result.final.positions[1:], result.state_at(0).positions[1:])
