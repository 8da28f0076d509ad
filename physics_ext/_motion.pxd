# Closed-form motion of one ball between events (Leckie & Greenspan 2005; PHYSICS.md s2).
# In every state each position component is a polynomial of degree <= 2 in time, which is
# what makes event times polynomial roots.

from libc.math cimport sqrt, fabs, INFINITY
from physics_ext._types cimport *

cdef extern from *:
    """
    /* Below these a speed, slip or spin is zero (snap): far below anything visible or
       audible, far above the rounding noise of quantities of order 1. */
    #define SPEED_TOL_MPS 1e-9
    #define SPIN_TOL_RADPS 1e-9
    /* A ball on the cloth given an upward speed below this stays on the cloth: its hop would
       rise under 1 mm (pooltool uses 5 mm) and only multiply events. sqrt(2 g 1 mm). */
    #define HOP_MIN_MPS 0.14
    """
    double SPEED_TOL_MPS     # m/s
    double SPIN_TOL_RADPS    # rad/s
    double HOP_MIN_MPS       # m/s


cdef inline double hypot2(double x, double y) noexcept nogil:
    return sqrt(x * x + y * y)


cdef inline double spin_z_at(double w0, double alpha, double tau) noexcept nogil:
    """omega_z after tau seconds on the cloth: decays linearly to zero and stays there."""
    cdef double m = fabs(w0) - alpha * tau
    if m <= 0.0:
        return 0.0
    return m if w0 > 0.0 else -m


cdef inline void quad_range(double p, double v, double a, double T,
                            double* lo, double* hi) noexcept nogil:
    """Range of p + v t + a t^2 / 2 over t in [0, T] (T finite)."""
    cdef double q = p + v * T + 0.5 * a * T * T
    cdef double tv, pv
    lo[0] = p if p < q else q
    hi[0] = q if p < q else p
    if a != 0.0:
        tv = -v / a
        if 0.0 < tv < T:
            pv = p + v * tv + 0.5 * a * tv * tv
            if pv < lo[0]:
                lo[0] = pv
            if pv > hi[0]:
                hi[0] = pv


cdef inline bint on_rail(const Traj* T, const BallProps* B) noexcept nogil:
    """Is a ball that is not in flight on a rail top (centre at z_rail) rather than on the
    cloth (centre at R)? The two heights are more than R apart (the nose is above R)."""
    return T.state != ST_AIRBORNE and T.r[2] > 1.5 * B.R


cdef inline void setup_traj(Traj* T, const BallProps* B, const Params* P) noexcept nogil:
    """From state, t0, r, v, w: the acceleration, spin rates, end time and bounding box.
    A ball on a rail top (on_rail) slides and rolls with the rail's friction."""
    cdef double s, ux, uy, dur = INFINITY
    cdef double u_s = P.u_s, u_r = P.u_r
    if on_rail(T, B):
        u_s = P.u_rail
        u_r = P.u_r_rail
    T.a[0] = 0.0
    T.a[1] = 0.0
    T.a[2] = 0.0
    T.dw[0] = 0.0
    T.dw[1] = 0.0
    if T.state == ST_SPINNING:
        dur = fabs(T.w[2]) / B.alpha_sp
    elif T.state == ST_ROLLING:
        s = hypot2(T.v[0], T.v[1])
        T.a[0] = -u_r * P.g * T.v[0] / s
        T.a[1] = -u_r * P.g * T.v[1] / s
        dur = s / (u_r * P.g)
    elif T.state == ST_SLIDING:
        ux = T.v[0] - B.R * T.w[1]
        uy = T.v[1] + B.R * T.w[0]
        s = hypot2(ux, uy)
        ux /= s
        uy /= s
        T.a[0] = -u_s * P.g * ux
        T.a[1] = -u_s * P.g * uy
        # torque of the friction at the contact point -R z: (5 u_s g / 2R) (z x u_hat)
        T.dw[0] = -2.5 * u_s * P.g / B.R * uy
        T.dw[1] = 2.5 * u_s * P.g / B.R * ux
        dur = 2.0 * s / (7.0 * u_s * P.g)
    elif T.state == ST_AIRBORNE:
        T.a[2] = -P.g
        # landing: z(t) = R on the way down
        dur = (T.v[2] + sqrt(T.v[2] * T.v[2] + 2.0 * P.g * (T.r[2] - B.R))) / P.g
    T.t_end = T.t0 + dur
    if dur == INFINITY:
        T.box[0] = T.r[0]
        T.box[1] = T.r[0]
        T.box[2] = T.r[1]
        T.box[3] = T.r[1]
    else:
        quad_range(T.r[0], T.v[0], T.a[0], dur, &T.box[0], &T.box[1])
        quad_range(T.r[1], T.v[1], T.a[1], dur, &T.box[2], &T.box[3])


cdef inline void eval_traj(const Traj* T, const BallProps* B, double t,
                           double* r, double* v, double* w) noexcept nogil:
    """Position, velocity and angular velocity at time t (clamped to [t0, t_end])."""
    cdef double tau = t - T.t0
    cdef int k
    if tau < 0.0:
        tau = 0.0
    if T.t_end < INFINITY and tau > T.t_end - T.t0:
        tau = T.t_end - T.t0
    for k in range(3):
        r[k] = T.r[k] + T.v[k] * tau + 0.5 * T.a[k] * tau * tau
        v[k] = T.v[k] + T.a[k] * tau
        w[k] = T.w[k]
    if T.state == ST_SLIDING:
        w[0] = T.w[0] + T.dw[0] * tau
        w[1] = T.w[1] + T.dw[1] * tau
    elif T.state == ST_ROLLING:
        w[0] = -v[1] / B.R
        w[1] = v[0] / B.R
    if T.state == ST_SLIDING or T.state == ST_ROLLING or T.state == ST_SPINNING:
        w[2] = spin_z_at(T.w[2], B.alpha_sp, tau)


cdef inline void classify_on_cloth(Traj* T, const BallProps* B) noexcept nogil:
    """Motion state of a ball resting on the cloth (z = R, v_z = 0) from its v and w; snaps
    quantities below tolerance to exactly zero and a rolling ball's spin to v / R."""
    classify_on_surface(T, B, B.R)


cdef inline void classify_on_surface(Traj* T, const BallProps* B, double z) noexcept nogil:
    """classify_on_cloth for a ball resting on a surface with its centre at height z (the
    cloth, R, or a rail top, z_rail)."""
    cdef double ux, uy
    T.r[2] = z
    T.v[2] = 0.0
    ux = T.v[0] - B.R * T.w[1]
    uy = T.v[1] + B.R * T.w[0]
    if hypot2(ux, uy) > SPEED_TOL_MPS:
        T.state = ST_SLIDING
    elif hypot2(T.v[0], T.v[1]) > SPEED_TOL_MPS:
        T.state = ST_ROLLING
        T.w[0] = -T.v[1] / B.R
        T.w[1] = T.v[0] / B.R
    else:
        T.v[0] = 0.0
        T.v[1] = 0.0
        T.w[0] = 0.0
        T.w[1] = 0.0
        if fabs(T.w[2]) > SPIN_TOL_RADPS:
            T.state = ST_SPINNING
        else:
            T.w[2] = 0.0
            T.state = ST_STATIONARY


cdef inline void freeze(Traj* T) noexcept nogil:
    """Stop every motion (a pocketed or off-table ball)."""
    cdef int k
    for k in range(3):
        T.v[k] = 0.0
        T.w[k] = 0.0


cdef inline double contact_rho(double R, double h) noexcept nogil:
    """Horizontal distance (m) from the centre of a ball of radius R on the cloth to a
    cushion nose at height h when they touch: R cos(theta_a), sin(theta_a) = h/R - 1."""
    cdef double s = h / R - 1.0
    return R * sqrt(1.0 - s * s)


cdef inline void fill_props(BallProps* B, double R, double m, double h, const Params* P) noexcept nogil:
    """A ball's constants from its radius R, mass m and the cushion nose height h (m);
    z_rail is the solver's to set (it knows the rail top)."""
    B.R = R
    B.m = m
    B.inertia = 0.4 * m * R * R
    B.sin_a = h / R - 1.0
    B.cos_a = sqrt(1.0 - B.sin_a * B.sin_a)
    B.rho = contact_rho(R, h)
    B.alpha_sp = 2.5 * P.u_sp * P.g / R
    B.z_rail = INFINITY


cdef inline Params make_params(const double[::1] p):
    """Params from the array u_s, u_r, u_sp, e_b, u_b, e_c, u_c, e_t, g, u_b_slow, u_b_decay,
    e_rail, u_rail, u_r_rail, cushion_model, e_e, u_w, e_e_knee, e_e_fall
    (physics_ext.types.Params.solver_array)."""
    return params_of(&p[0])


cdef inline Params params_of(const double* p) noexcept nogil:
    """make_params of the array's data (19 values), for a caller holding the array by
    pointer (issue 30: no memoryview to acquire per shot)."""
    cdef Params P
    P.u_s, P.u_r, P.u_sp, P.e_b, P.u_b, P.e_c, P.u_c, P.e_t, P.g = (
        p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8])
    P.u_b_slow, P.u_b_decay = p[9], p[10]
    P.e_rail, P.u_rail, P.u_r_rail = p[11], p[12], p[13]
    P.cushion_model = <int>p[14]
    P.e_e, P.u_w, P.e_e_knee, P.e_e_fall = p[15], p[16], p[17], p[18]
    return P


cdef inline void load_piece(Traj* Tr, const BallProps* B, const Params* P, int state,
                            double t0, const double* rvw) noexcept nogil:
    """A recorded piece (state, start time, 9 values r v w) as a ready trajectory."""
    cdef int k
    Tr.state = state
    Tr.t0 = t0
    for k in range(3):
        Tr.r[k] = rvw[k]
        Tr.v[k] = rvw[3 + k]
        Tr.w[k] = rvw[6 + k]
    setup_traj(Tr, B, P)
