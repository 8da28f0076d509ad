"""Orientation from angular velocity: pure math, checked against Panda3D's quaternions."""
import math

import numpy as np
import pytest
from panda3d.core import Quat, Vec3

from game.view.world import orientation as O

R = 0.05715 / 2


def _same_rotation(q1, q2, tol=1e-12):
    """q and -q are the same rotation."""
    return min(np.max(np.abs(q1 - q2)), np.max(np.abs(q1 + q2))) < tol


def test_rolling_along_x_turns_about_y_by_distance_over_radius():
    v, t, steps = 1.3, 0.8, 48
    q = np.array([O.IDENTITY])
    for _ in range(steps):
        q = O.integrate(q, [(0.0, v / R, 0.0)], t / steps)
    angle = v * t / R
    assert _same_rotation(q[0], O.from_axis_angle((0, 1, 0), angle))
    # The top of the ball moves forward (+x) first, as rolling towards +x should.
    top = O.rotate(O.from_axis_angle((0, 1, 0), 0.1), (0.0, 0.0, 1.0))
    assert top[0] > 0 and top[1] == pytest.approx(0.0)


def test_samples_with_linearly_decaying_spin_integrate_exactly():
    # A spinning ball slowing at alpha rad/s^2 about z: angle = w0 t - alpha t^2 / 2.
    w0, alpha = 30.0, 10.9
    times = np.linspace(0.0, 2.0, 9)
    omegas = np.zeros((len(times), 1, 3))
    omegas[:, 0, 2] = w0 - alpha * times
    q = O.integrate_samples(np.array([O.IDENTITY]), times, omegas)
    for t, qk in zip(times, q[:, 0]):
        assert _same_rotation(qk, O.from_axis_angle((0, 0, 1), w0 * t - alpha * t * t / 2),
                              1e-9)


def test_long_runs_stay_unit_length_and_rest_means_no_turn():
    rng = np.random.default_rng(3)
    q = np.tile(O.IDENTITY, (16, 1))
    for _ in range(2000):
        q = O.integrate(q, rng.normal(0, 40, (16, 3)), 1 / 60)
    assert np.abs(np.linalg.norm(q, axis=1) - 1) == pytest.approx(np.zeros(16), abs=1e-12)
    still = O.integrate(q, np.zeros((16, 3)), 1 / 60)
    assert np.allclose(still, q, atol=1e-15)


def test_small_rotations_use_the_series_without_loss():
    q = O.from_rotation_vector(np.array([1e-9, 0.0, 0.0]))
    assert q == pytest.approx([1.0, 0.5e-9, 0.0, 0.0], abs=1e-20)


def test_components_mean_what_panda3d_means():
    q = O.from_axis_angle((0.3, -0.5, 0.8), 1.1)
    v = np.array([0.2, 0.7, -0.4])
    panda = Quat(*q).xform(Vec3(*v))
    assert O.rotate(q, v) == pytest.approx(tuple(panda), abs=1e-6)
    # Hamilton order: multiply(a, b) rotates by b first.
    a, b = O.from_axis_angle((0, 0, 1), math.pi / 2), O.from_axis_angle((1, 0, 0), math.pi / 2)
    assert O.rotate(O.multiply(a, b), (0, 1, 0)) == pytest.approx(
        O.rotate(a, O.rotate(b, (0, 1, 0))))


def test_normalizing_a_unit_quaternion_again_changes_no_bit():
    # A saved orientation set back (the instant replay's close) must equal it exactly;
    # dividing by a norm of 1 +- 1 ulp used to move the last bit of some of them.
    rng = np.random.default_rng(7)
    q = O.normalize(rng.normal(size=(20000, 4)))
    assert np.array_equal(O.normalize(q), q)
    for _ in range(200):                        # and after many integration steps
        q = O.integrate(q, rng.normal(scale=40.0, size=(len(q), 3)), 1 / 60)
    assert np.array_equal(O.normalize(q), q)
    drifted = q * (1.0 + 1e-9)                  # a real drift is still removed
    assert np.abs(np.linalg.norm(O.normalize(drifted), axis=1) - 1.0).max() <= O.UNIT_TOL
