# Ball-cushion impact: Mathavan, Jackson & Parkin 2010 (Proc. IMechE C 224:1863), the
# default, or Han 2005 (fixed_contact in _resolve.pxd). Units SI; the vectors are in the
# table frame (x along the table, y across, z up); README "Ball-cushion".
#
# Mathavan's model: the ball touches the rubber at I (unit normal N from I to the centre)
# and, on the cloth, the slate at C below its centre. The normal impulse P at I grows in
# steps dP; each step adds Coulomb sliding friction u_w dP at I against the slip of I, and
# at C a normal reaction that keeps the centre on the cloth (it takes the downward part of
# the impulse at I) with sliding friction u_s times it against the slip of C. The slip
# directions are re-read at every step. Compression ends when the centre stops approaching
# along N; restitution ends when the work of the normal force at I while parting reaches
# e_e^2 times the work done on it while compressing. Rigid cushion: at low speed the measured
# rebounds follow the model with e_e constant; above Params.e_e_knee (2.1 m/s, fitted to
# Mathavan 2010 Fig. 7(a)) the rubber's give lowers the rebound, taken here as e_e falling
# linearly with the normal speed (README, constants.py).
#
# A ball in flight meets the rubber with no table contact: the same law at I alone, with
# its 3-D normal. Every step's friction at a contact at most stops that contact's slip, and
# the two guards below only cancel an approach: no step adds energy.

from libc.math cimport sqrt
from physics_ext._types cimport *
from physics_ext._resolve cimport dot3, fixed_contact

cdef extern from *:
    """
    /* The top of the measured range of cushion rebounds (Mathavan 2009: a rolling ball at
       normal speeds up to 3.4 m/s, m/s). e_e falls with speed up to it and is held there
       beyond: the linear fall is a fit to the measured points, not a law to extrapolate
       (carried on, it would leave a break-speed ball 0.2 of its speed off the cushion). */
    #define E_E_TOP_MPS 3.4
    """
    double E_E_TOP_MPS

cdef enum:
    # steps of dP per phase for an impact of the estimated compression impulse: the rebound
    # speed, angle and spin are then within 0.4 %, 0.15 deg and 0.025 V/R of the converged
    # solution (first order in dP; the measured rebound ratio scatters by 0.02)
    MATHAVAN_STEPS = 20
    # at most this many steps per phase (a phase that friction stalls is then closed by a
    # frictionless normal impulse): the cost of an impact is bounded
    MATHAVAN_MAX_STEPS = 80


cdef inline void mathavan_impulse(const double* v, const double* w, const double* N,
                                  const BallProps* B, double u_w, double u_s, bint cloth,
                                  double dP, double* J, double* JC) noexcept nogil:
    """The impulses (N s) of one step of normal impulse dP at I, from the slips at the
    step's start: J at I (normal and friction), JC at C (the slate's reaction and friction,
    zero off the cloth)."""
    cdef double u[3]
    cdef double un, sm, f, cx, cy, cm
    cdef double stop = 2.0 * B.m / 7.0     # impulse per m/s of slip that stops a contact
    cdef int k
    # velocity of I: v + w x (-R N)
    u[0] = v[0] - B.R * (w[1] * N[2] - w[2] * N[1])
    u[1] = v[1] - B.R * (w[2] * N[0] - w[0] * N[2])
    u[2] = v[2] - B.R * (w[0] * N[1] - w[1] * N[0])
    un = dot3(u, N)
    for k in range(3):
        u[k] -= un * N[k]          # slip of I in the tangent plane
        J[k] = dP * N[k]
        JC[k] = 0.0
    sm = sqrt(dot3(u, u))
    if sm > 0.0:
        # sliding friction, or the impulse that stops the slip (tangential mass 2m/7)
        f = u_w * dP
        if f > stop * sm:
            f = stop * sm
        f /= sm
        for k in range(3):
            J[k] -= f * u[k]
    if cloth and J[2] < 0.0:
        JC[2] = -J[2]              # the slate holds the centre on the cloth
        cx = v[0] - B.R * w[1]     # slip of C = v + w x (0, 0, -R)
        cy = v[1] + B.R * w[0]
        cm = sqrt(cx * cx + cy * cy)
        if cm > 0.0:
            f = u_s * JC[2]
            if f > stop * cm:
                f = stop * cm
            f /= cm
            JC[0] = -f * cx
            JC[1] = -f * cy


cdef inline void apply_impulses(double* v, double* w, const double* N, double inv_m,
                                double arm, const double* J, const double* JC) noexcept nogil:
    """v, w after impulse J at I (at -R N from the centre) and JC at C (at -R z); inv_m the
    ball's 1/m (1/kg), arm its R/I (1/(kg m))."""
    # torque of J: (-R N) x J; of JC: (0, 0, -R) x JC
    w[0] -= arm * (N[1] * J[2] - N[2] * J[1] - JC[1])
    w[1] -= arm * (N[2] * J[0] - N[0] * J[2] + JC[0])
    w[2] -= arm * (N[0] * J[1] - N[1] * J[0])
    v[0] += (J[0] + JC[0]) * inv_m
    v[1] += (J[1] + JC[1]) * inv_m
    v[2] += (J[2] + JC[2]) * inv_m


cdef inline void cancel_approach(double* v, const double* N, const BallProps* B,
                                 bint cloth) noexcept nogil:
    """A frictionless normal impulse at I that stops the centre approaching along N (the
    slate taking its downward part on the cloth): it only removes energy."""
    cdef double vn = dot3(v, N)
    cdef double mob = 1.0
    cdef int k
    if vn >= 0.0:
        return
    if cloth and N[2] < 0.0:
        mob = 1.0 - N[2] * N[2]
        v[0] -= vn * N[0] / mob
        v[1] -= vn * N[1] / mob
    else:
        for k in range(3):
            v[k] -= vn * N[k]


cdef inline double mathavan_restitution(const double* v, const double* N,
                                        const Params* P) noexcept nogil:
    """e_e at this impact: Params.e_e up to the knee speed, then falling by e_e_fall per
    m/s of the centre's horizontal speed towards the rubber (the rigid model's limit), up
    to E_E_TOP_MPS, the fastest measured, and held there beyond it."""
    cdef double h = sqrt(N[0] * N[0] + N[1] * N[1])
    cdef double vn, e
    if h <= 0.0:
        return P.e_e
    vn = -(v[0] * N[0] + v[1] * N[1]) / h
    e = P.e_e
    if vn > E_E_TOP_MPS:
        vn = E_E_TOP_MPS
    if vn > P.e_e_knee:
        e *= 1.0 - P.e_e_fall * (vn - P.e_e_knee)
        if e < 0.0:
            e = 0.0
    return e


cdef inline double mathavan_contact(Traj* T, const BallProps* B, const double* N,
                                    const Params* P, bint cloth) noexcept nogil:
    """Mathavan 2010's impact at the rubber (see above) on ball T; cloth: the ball is on the
    slate. Returns the approach speed along N (m/s). At most 2 MATHAVAN_MAX_STEPS + 2 steps
    of about 80 flops and two square roots each."""
    cdef double v[3]
    cdef double w[3]
    cdef double J[3]
    cdef double JC[3]
    cdef double a, a1, dP, p, work, target, dw, kr, rem, e
    cdef double inv_m = 1.0 / B.m
    cdef double arm = B.R / B.inertia
    cdef double v_app = -dot3(T.v, N)
    cdef int k, n
    if v_app <= 0.0:
        return 0.0
    for k in range(3):
        v[k] = T.v[k]
        w[k] = T.w[k]
    e = mathavan_restitution(v, N, P)
    # compression impulse of a frictionless impact: m v_app, over (1 - N_z^2) on the cloth
    dP = B.m * v_app / MATHAVAN_STEPS
    if cloth and N[2] < 0.0:
        dP /= 1.0 - N[2] * N[2]
    # compression: until the centre stops approaching; work of the normal force at I
    work = 0.0
    a = v_app
    for n in range(MATHAVAN_MAX_STEPS):
        mathavan_impulse(v, w, N, B, P.u_w, P.u_s, cloth, dP, J, JC)
        a1 = a - (dot3(J, N) + dot3(JC, N)) * inv_m
        if a1 <= 0.0:
            # the last, partial step: the approach speed falls linearly within a step
            p = dP * a / (a - a1)
            mathavan_impulse(v, w, N, B, P.u_w, P.u_s, cloth, p, J, JC)
            apply_impulses(v, w, N, inv_m, arm, J, JC)
            work += 0.5 * p * a
            break
        apply_impulses(v, w, N, inv_m, arm, J, JC)
        work += 0.5 * dP * (a + a1)
        a = a1
    cancel_approach(v, N, B, cloth)
    # restitution: until the parting work reaches e^2 times the compression work
    target = e * e * work
    work = 0.0
    a = dot3(v, N)
    for n in range(MATHAVAN_MAX_STEPS):
        if work >= target:
            break
        mathavan_impulse(v, w, N, B, P.u_w, P.u_s, cloth, dP, J, JC)
        a1 = a + (dot3(J, N) + dot3(JC, N)) * inv_m
        dw = 0.5 * dP * (a + a1)
        if work + dw >= target:
            # the last, partial step: the parting speed a + kr p grows linearly within a
            # step, so its work a p + kr p^2 / 2 reaches the remainder at p below
            kr = (a1 - a) / dP
            rem = target - work
            p = a * a + 2.0 * kr * rem
            if kr != 0.0 and p >= 0.0:
                p = (sqrt(p) - a) / kr
            else:
                p = rem / a if a > 0.0 else dP
            if p > dP:
                p = dP
            mathavan_impulse(v, w, N, B, P.u_w, P.u_s, cloth, p, J, JC)
            apply_impulses(v, w, N, inv_m, arm, J, JC)
            break
        apply_impulses(v, w, N, inv_m, arm, J, JC)
        work += dw
        a = a1
    cancel_approach(v, N, B, cloth)
    for k in range(3):
        T.v[k] = v[k]
        T.w[k] = w[k]
    return v_app


cdef inline double cushion_contact(Traj* T, const BallProps* B, const double* N,
                                   const Params* P) noexcept nogil:
    """The impact of ball T on a cushion nose, jaw face or jaw tip with unit normal N (from
    the rubber to the centre), by Params.cushion_model. Returns the approach speed along N
    (m/s)."""
    cdef double rc[3]
    if P.cushion_model == CUSHION_MATHAVAN_2010:
        return mathavan_contact(T, B, N, P, T.state != ST_AIRBORNE)
    rc[0] = -B.R * N[0]
    rc[1] = -B.R * N[1]
    rc[2] = -B.R * N[2]
    return fixed_contact(T, B, N, rc, P.e_c, P.u_c)
