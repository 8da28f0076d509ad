# The per-call work of a single shot, compiled (issue 30): the balls as solver rows, the
# stroke's point impulse with its contact geometry, the quick test for a cue ball touching
# something. physics_ext.api and physics_ext.stroke hold the models and call these; the
# results are those of the numpy code they replaced, bit for bit. SI units, table frame.

from cpython.float cimport PyFloat_AS_DOUBLE
from cpython.object cimport PyObject_GenericSetAttr
from cpython.tuple cimport PyTuple_GET_ITEM
from libc.math cimport sqrt, asin

import numpy as np
cimport numpy as cnp

from physics_ext._stroke cimport strike_motion, stroke_frame, cue_ball_near
from physics_ext._arrays cimport as_c, f64

cnp.import_array()


cdef inline double number(object x) except? -1.0:
    """x as a double: a float read directly, anything else through __float__ (TypeError if
    it has none)."""
    if type(x) is float:
        return PyFloat_AS_DOUBLE(x)
    return x


cdef inline object item(object seq, Py_ssize_t k):
    """seq[k], read directly from a tuple."""
    if type(seq) is tuple:
        return <object> PyTuple_GET_ITEM(seq, k)
    return seq[k]


def ball_rows(balls, ball_type):
    """(n, 11) rows R, m, x, y, z, vx, vy, vz, wx, wy, wz of `balls` (z = R for a ball
    given on the cloth as (x, y)); ValueError for anything but a ball_type whose fields
    are numbers of the right lengths (physics_ext.api then names the problem)."""
    cdef Py_ssize_t n = len(balls), k, j, n_p
    cdef cnp.npy_intp dims[2]
    dims[0] = n
    dims[1] = 11
    cdef cnp.ndarray out = cnp.PyArray_SimpleNew(2, dims, cnp.NPY_DOUBLE)
    cdef double* o = <double*> cnp.PyArray_DATA(out)     # row k at o + 11 k
    for k in range(n):
        b = balls[k]
        if type(b) is not ball_type:
            raise ValueError("not a well-formed Ball")
        p, v, w = b.position, b.velocity, b.angular_velocity
        n_p = len(p)
        if len(v) != 3 or len(w) != 3 or n_p not in (2, 3):
            raise ValueError("not a well-formed Ball")
        try:
            o[11 * k] = number(b.radius)
            o[11 * k + 1] = number(b.mass)
            o[11 * k + 2] = number(item(p, 0))
            o[11 * k + 3] = number(item(p, 1))
            o[11 * k + 4] = number(item(p, 2)) if n_p == 3 else o[11 * k]
            for j in range(3):
                o[11 * k + 5 + j] = number(item(v, j))
                o[11 * k + 8 + j] = number(item(w, j))
        except TypeError:
            raise ValueError("not a well-formed Ball") from None
    return out


def at_rest(rows, Py_ssize_t k):
    """Whether row k's velocity and angular velocity (columns 5 to 10) of the (n, 11)
    float64 rows are all zero."""
    cdef cnp.ndarray r = as_c(rows, cnp.NPY_FLOAT64)
    if not (cnp.PyArray_NDIM(r) == 2 and cnp.PyArray_DIM(r, 1) == 11
            and 0 <= k < cnp.PyArray_DIM(r, 0)):
        raise IndexError(f"row {k} is not in the (n, 11) rows")
    cdef const double* row = f64(r) + 11 * k
    cdef int j
    for j in range(5, 11):
        if row[j] != 0.0:
            return False
    return True


cdef object readonly_vector(const double* x):
    """A read-only (3,) array holding x."""
    cdef cnp.npy_intp size = 3
    cdef cnp.ndarray out = cnp.PyArray_SimpleNew(1, &size, cnp.NPY_DOUBLE)
    cdef double* d = <double*> cnp.PyArray_DATA(out)
    d[0] = x[0]
    d[1] = x[1]
    d[2] = x[2]
    cnp.PyArray_CLEARFLAGS(out, cnp.NPY_ARRAY_WRITEABLE)
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


def cue_ball_touches(rows, int cue, seg, seg_n, tips, double cushion_height, double tol):
    """Ball `cue` of the layout rows (n, 11) may touch another ball or a cushion
    (physics_ext._stroke.cue_ball_near: within 2 tol); seg (n_seg, 2, 2), seg_n (n_seg, 2)
    and tips (n_tip, 3) the table's (TableGeometry)."""
    cdef cnp.ndarray r = as_c(rows, cnp.NPY_FLOAT64), s = as_c(seg, cnp.NPY_FLOAT64)
    cdef cnp.ndarray s_n = as_c(seg_n, cnp.NPY_FLOAT64), t = as_c(tips, cnp.NPY_FLOAT64)
    if not (0 <= cue < cnp.PyArray_DIM(r, 0)):
        raise IndexError(f"ball {cue} is not in the layout")
    return cue_ball_near(f64(r), cnp.PyArray_DIM(r, 0), cue, f64(s), f64(s_n),
                         cnp.PyArray_DIM(s, 0), f64(t), cnp.PyArray_DIM(t, 0),
                         cushion_height, tol)


def any_equal(const int[::1] values, int value):
    """Whether any of `values` equals `value` (np.any(values == value), without the
    temporary array)."""
    cdef Py_ssize_t k
    for k in range(values.shape[0]):
        if values[k] == value:
            return True
    return False


def new_instance(cls, dict fields):
    """An instance of `cls` (a plain class, or a frozen dataclass without __post_init__)
    with each of `fields` (name: value) set by object.__setattr__, compiled: the values
    stay in the instance, with no __dict__ made (one object fewer for the garbage
    collector to walk in every result a caller keeps: issue 30)."""
    obj = object.__new__(cls)
    for name, value in fields.items():
        PyObject_GenericSetAttr(obj, name, value)
    return obj


def balls_of_rows(rows, ball_type):
    """The balls of the (n, 11) float64 rows R, m, x, y, z, vx, vy, vz, wx, wy, wz as a
    tuple of `ball_type` (physics_ext.Ball) made as new_instance makes them: radius, mass
    (floats), position (x, y, z), velocity and angular_velocity (tuples of floats), what
    ball_rows reads back as the same rows."""
    cdef cnp.ndarray r = as_c(rows, cnp.NPY_FLOAT64)
    if not (cnp.PyArray_NDIM(r) == 2 and cnp.PyArray_DIM(r, 1) == 11):
        raise ValueError("ball rows must be an (n, 11) array")
    cdef Py_ssize_t n = cnp.PyArray_DIM(r, 0), k
    cdef const double* p
    out = []
    for k in range(n):
        p = f64(r) + 11 * k
        ball = object.__new__(ball_type)
        PyObject_GenericSetAttr(ball, "radius", p[0])
        PyObject_GenericSetAttr(ball, "mass", p[1])
        PyObject_GenericSetAttr(ball, "position", (p[2], p[3], p[4]))
        PyObject_GenericSetAttr(ball, "velocity", (p[5], p[6], p[7]))
        PyObject_GenericSetAttr(ball, "angular_velocity", (p[8], p[9], p[10]))
        out.append(ball)
    return tuple(out)


cdef extern from "numpy/arrayobject.h":
    object PyArray_Scalar(void* data, cnp.dtype descr, object base)

cdef cnp.dtype FLOAT64 = np.dtype(np.float64)


cdef object float64_scalar(double x):
    """x as a numpy float64 scalar (what iterating a float64 array gives)."""
    return PyArray_Scalar(&x, FLOAT64, None)


def struck_ball(ball, rows, Py_ssize_t k, ball_type):
    """`ball` (a `ball_type`) moving as row k of the (n, 11) float64 `rows` says after the
    strike: its radius, mass and position, velocity and angular_velocity the tuples of
    numpy float64 scalars tuple(rows[k, 5:8]) and tuple(rows[k, 8:11]) give, made as
    new_instance makes it."""
    cdef cnp.ndarray r = as_c(rows, cnp.NPY_FLOAT64)
    if not (cnp.PyArray_NDIM(r) == 2 and cnp.PyArray_DIM(r, 1) == 11
            and 0 <= k < cnp.PyArray_DIM(r, 0)):
        raise IndexError(f"row {k} is not in the (n, 11) rows")
    cdef const double* p = f64(r) + 11 * k
    out = object.__new__(ball_type)
    PyObject_GenericSetAttr(out, "radius", ball.radius)
    PyObject_GenericSetAttr(out, "mass", ball.mass)
    PyObject_GenericSetAttr(out, "position", ball.position)
    PyObject_GenericSetAttr(out, "velocity", (float64_scalar(p[5]), float64_scalar(p[6]),
                                              float64_scalar(p[7])))
    PyObject_GenericSetAttr(out, "angular_velocity", (float64_scalar(p[8]),
                                                      float64_scalar(p[9]),
                                                      float64_scalar(p[10])))
    return out


def set_motion(double[:, ::1] rows, Py_ssize_t k, velocity, omega):
    """Row k of the (n, 11) rows moving with `velocity` (3,) m/s and angular velocity
    `omega` (3,) rad/s (columns 5 to 10), as rows[k, 5:8] = velocity and
    rows[k, 8:11] = omega set them."""
    cdef cnp.ndarray v = as_c(velocity, cnp.NPY_FLOAT64), w = as_c(omega, cnp.NPY_FLOAT64)
    if cnp.PyArray_SIZE(v) != 3 or cnp.PyArray_SIZE(w) != 3:
        raise ValueError("velocity and omega must have 3 components")
    cdef int j
    for j in range(3):
        rows[k, 5 + j] = f64(v)[j]
        rows[k, 8 + j] = f64(w)[j]
