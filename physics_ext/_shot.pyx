# The per-call work of a single shot, compiled (issue 30): the balls as solver rows, the
# stroke's point impulse with its contact geometry, the quick test for a cue ball touching
# something. physics_ext.api and physics_ext.stroke hold the models and call these; the
# results are those of the numpy code they replaced, bit for bit. SI units, table frame.

from libc.math cimport sqrt, asin, isfinite

import numpy as np

from physics_ext._stroke cimport strike_motion, stroke_frame, cue_ball_near


def ball_rows(balls, ball_type):
    """(n, 11) rows R, m, x, y, z, vx, vy, vz, wx, wy, wz of `balls` (z = R for a ball
    given on the cloth as (x, y)); ValueError for anything but a ball_type whose fields
    are numbers of the right lengths (physics_ext.api then names the problem)."""
    cdef Py_ssize_t n = len(balls), k, j
    out = np.empty((n, 11))
    cdef double[:, ::1] o = out
    for k in range(n):
        b = balls[k]
        if type(b) is not ball_type:
            raise ValueError("not a well-formed Ball")
        p, v, w = b.position, b.velocity, b.angular_velocity
        if len(v) != 3 or len(w) != 3 or len(p) not in (2, 3):
            raise ValueError("not a well-formed Ball")
        try:
            o[k, 0] = b.radius
            o[k, 1] = b.mass
            o[k, 2] = p[0]
            o[k, 3] = p[1]
            o[k, 4] = p[2] if len(p) == 3 else b.radius
            for j in range(3):
                o[k, 5 + j] = v[j]
                o[k, 8 + j] = w[j]
        except TypeError:
            raise ValueError("not a well-formed Ball") from None
    return out


cdef object readonly_vector(const double* x):
    """A read-only (3,) array holding x."""
    out = np.empty(3)
    cdef double[::1] d = out
    d[0] = x[0]
    d[1] = x[1]
    d[2] = x[2]
    out.flags.writeable = False
    return out


def point_strike(double azimuth, double elevation, double side, double height, double speed,
                 double R, double m, double cue_mass, double tip_restitution,
                 double end_mass, double miscue_limit, double miscue_fraction,
                 double shaft_radius):
    """The point impulse of a stroke on a resting ball of radius R and mass m, with its
    contact geometry (physics_ext.stroke, steps 1 to 3 of the classification): velocity,
    angular velocity, cue direction and contact point (read-only (3,) arrays), squirt
    angle, miscue, contact angle, contact height, tip-cloth contact, and sin of the
    contact's angle above the equator."""
    cdef double velocity[3]
    cdef double omega[3]
    cdef double c[3]
    cdef double e_r[3]
    cdef double e_u[3]
    cdef double contact[3]
    cdef double alpha = 0.0, s, sin_contact, contact_height, cos_t
    cdef bint miscue
    cdef int k
    miscue = strike_motion(azimuth, elevation, side, height, speed, R, m, cue_mass,
                           tip_restitution, end_mass, miscue_limit, miscue_fraction,
                           velocity, omega, &alpha)
    stroke_frame(azimuth, elevation, c, e_r, e_u)
    s = sqrt(1.0 - side * side - height * height)
    for k in range(3):
        contact[k] = R * (side * e_r[k] + height * e_u[k] - s * c[k])
    # sin of the contact's angle above the equator; min/max guard asin against rounding
    sin_contact = height * e_u[2] + s * -c[2]
    if not sin_contact < 1.0:
        sin_contact = 1.0
    if not sin_contact > -1.0:
        sin_contact = -1.0
    contact_height = R * (1.0 + sin_contact)
    cos_t = e_u[2]
    return (readonly_vector(velocity), readonly_vector(omega), readonly_vector(c),
            readonly_vector(contact), alpha, miscue, asin(sin_contact), contact_height,
            contact_height - shaft_radius * cos_t <= 0.0, sin_contact)


def cue_ball_touches(const double[:, ::1] rows, int cue, const double[:, :, ::1] seg,
                     const double[:, ::1] seg_n, const double[:, ::1] tips,
                     double cushion_height, double tol):
    """Ball `cue` of the layout rows (n, 11) may touch another ball or a cushion
    (physics_ext._stroke.cue_ball_near: within 2 tol)."""
    return cue_ball_near(&rows[0, 0], rows.shape[0], cue, &seg[0, 0, 0], &seg_n[0, 0],
                         seg.shape[0], &tips[0, 0], tips.shape[0], cushion_height, tol)


def any_equal(const int[::1] values, int value):
    """Whether any of `values` equals `value` (np.any(values == value), without the
    temporary array)."""
    cdef Py_ssize_t k
    for k in range(values.shape[0]):
        if values[k] == value:
            return True
    return False
