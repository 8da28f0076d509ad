# The cue stroke's point impulse, in C (physics_ext/stroke.py has the model and its
# references): the one implementation behind stroke.strike() and the batch's strokes, so
# shoot() and shoot_batch() start every cue ball bit for bit alike. SI units, table frame.

from libc.math cimport sin, cos, atan, sqrt, hypot


cdef inline double squirt(double side, double mass_ratio) noexcept nogil:
    """Squirt angle (rad) of contact side offset `side` (fraction of R) for ball mass over
    cue end mass `mass_ratio` (end-mass model, Alciatore TP A.31)."""
    return atan(2.5 * side * sqrt(1.0 - side * side)
                / (1.0 + mass_ratio + 2.5 * (1.0 - side * side)))


cdef inline bint strike_motion(double azimuth, double elevation, double side, double height,
                               double cue_speed, double R, double m, double cue_mass,
                               double tip_restitution, double end_mass, double miscue_limit,
                               double miscue_fraction, double* velocity, double* omega,
                               double* alpha) noexcept nogil:
    """The cue ball's velocity (3, m/s) and angular velocity (3, rad/s) just after a
    stroke (azimuth, elevation in rad; side, height: contact offsets as fractions of R;
    cue_speed m/s) on a resting ball of radius R (m) and mass m (kg); `alpha` gets the
    squirt angle (rad). Returns whether the offset is beyond `miscue_limit` (then the ball
    gets `miscue_fraction` of the stroke with its offset pulled back onto the limit)."""
    cdef double cos_p = cos(azimuth), sin_p = sin(azimuth)
    cdef double cos_t = cos(elevation), sin_t = sin(elevation)
    cdef double c[3]
    cdef double e_r[3]
    cdef double e_u[3]
    cdef double a = side, b = height, offset, fraction = 1.0, speed, ca, sa, spin
    cdef bint miscue
    cdef int k
    c[0] = cos_t * cos_p
    c[1] = cos_t * sin_p
    c[2] = -sin_t
    e_r[0] = sin_p
    e_r[1] = -cos_p
    e_r[2] = 0.0
    e_u[0] = cos_p * sin_t
    e_u[1] = sin_p * sin_t
    e_u[2] = cos_t
    offset = hypot(a, b)
    miscue = offset > miscue_limit
    if miscue:
        a = a * miscue_limit / offset
        b = b * miscue_limit / offset
        fraction = miscue_fraction
    speed = fraction * (1.0 + tip_restitution) * cue_speed / (
        1.0 + m / cue_mass + 2.5 * (a * a + b * b))
    alpha[0] = squirt(a, m / end_mass)
    ca = cos(alpha[0])
    sa = sin(alpha[0])
    spin = 2.5 * speed / R
    for k in range(3):
        velocity[k] = speed * (ca * c[k] - sa * e_r[k])
        omega[k] = spin * (a * e_u[k] - b * e_r[k])
    return miscue
