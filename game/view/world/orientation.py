"""Ball orientation from angular velocity: unit quaternions, pure NumPy (no Panda3D).

A quaternion is (w, x, y, z) with w the scalar part, the component order of Panda3D's
`Quat(r, i, j, k)`. It rotates a vector from the ball's own frame into the table frame.
Angular velocities are (x, y, z) in rad/s in the table frame (right-hand rule; a ball
rolling towards +x at speed v has omega_y = +v / R), so a step left-multiplies:
q(t + dt) = exp(omega dt / 2) q(t).
"""
from __future__ import annotations

import numpy as np

IDENTITY = np.array([1.0, 0.0, 0.0, 0.0])

# A ball's resting orientation: its +x (a number circle) up and its +z (the stripe's axis)
# along the table's +x, so numbers face up and read upright from the head end.
REST_ORIENTATION = np.array([0.0, np.sqrt(0.5), 0.0, np.sqrt(0.5)])

# Below this rotation angle (rad) per step, exp() uses its series: sin(a)/a is ill-defined
# at 0 and its series is exact to double precision well beyond 1e-6 rad.
SMALL_ANGLE_RAD = 1e-6


def multiply(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Hamilton product a b of (..., 4) quaternions: rotate by b, then by a."""
    aw, ax, ay, az = np.moveaxis(np.asarray(a, dtype=np.float64), -1, 0)
    bw, bx, by, bz = np.moveaxis(np.asarray(b, dtype=np.float64), -1, 0)
    return np.stack([aw * bw - ax * bx - ay * by - az * bz,
                     aw * bx + ax * bw + ay * bz - az * by,
                     aw * by - ax * bz + ay * bw + az * bx,
                     aw * bz + ax * by - ay * bx + az * bw], axis=-1)


def from_rotation_vector(rotvec: np.ndarray) -> np.ndarray:
    """Quaternions (..., 4) for rotations given as axis * angle (..., 3), angle in rad."""
    v = np.asarray(rotvec, dtype=np.float64)
    angle = np.linalg.norm(v, axis=-1, keepdims=True)
    half = angle / 2
    small = angle < SMALL_ANGLE_RAD
    # sin(angle / 2) / angle, with its series 1/2 - angle^2 / 48 near zero.
    k = np.where(small, 0.5 - angle * angle / 48.0,
                 np.sin(half) / np.where(small, 1.0, angle))
    return np.concatenate([np.cos(half), v * k], axis=-1)


def from_axis_angle(axis, angle: float) -> np.ndarray:
    """The quaternion turning by `angle` rad about `axis` (any length > 0)."""
    axis = np.asarray(axis, dtype=np.float64)
    return from_rotation_vector(axis / np.linalg.norm(axis) * angle)


UNIT_TOL = 8 * np.finfo(np.float64).eps     # a length within this of 1 is unit already


def normalize(q: np.ndarray) -> np.ndarray:
    """Quaternions scaled to unit length (rounding drift removed). One already of unit
    length to rounding (within UNIT_TOL) is kept bit for bit: dividing it by its norm
    again could move its last bit, and a saved orientation must come back exactly."""
    q = np.asarray(q, dtype=np.float64)
    norm = np.linalg.norm(q, axis=-1, keepdims=True)
    return q / np.where(np.abs(norm - 1.0) <= UNIT_TOL, 1.0, norm)


def rotate(q: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Vectors v (..., 3) rotated by unit quaternions q (..., 4)."""
    q = np.asarray(q, dtype=np.float64)
    v = np.asarray(v, dtype=np.float64)
    w, u = q[..., :1], q[..., 1:]
    t = 2.0 * np.cross(u, v)
    return v + w * t + np.cross(u, t)


def integrate(q: np.ndarray, omega: np.ndarray, dt: float) -> np.ndarray:
    """Orientations (N, 4) after spinning at constant omega (N, 3) rad/s for dt seconds.

    Exact for constant angular velocity; the result is renormalized so long runs of
    frames do not drift off unit length.
    """
    step = from_rotation_vector(np.asarray(omega, dtype=np.float64) * dt)
    return normalize(multiply(step, q))


def integrate_samples(q0: np.ndarray, times: np.ndarray, omegas: np.ndarray) -> np.ndarray:
    """Orientations (T, N, 4) at sample times (T,) s, from orientations q0 (N, 4) at
    times[0] and angular velocities (T, N, 3) rad/s sampled at those times.

    Each interval uses the mean of its two end samples: exact when omega changes
    linearly in magnitude along a fixed axis, as it does while a ball slides or spins
    down between events; a second-order approximation otherwise.
    """
    times = np.asarray(times, dtype=np.float64)
    omegas = np.asarray(omegas, dtype=np.float64)
    out = np.empty(omegas.shape[:2] + (4,))
    out[0] = normalize(q0)
    for k in range(1, len(times)):
        mean = (omegas[k - 1] + omegas[k]) / 2
        out[k] = integrate(out[k - 1], mean, times[k] - times[k - 1])
    return out
