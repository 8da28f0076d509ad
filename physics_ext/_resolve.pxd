# Collision responses: instantaneous impulses with restitution and Coulomb friction.
# Every response here conserves or removes energy: the normal impulse restores at most the
# approach speed (e <= 1) and the friction impulse at most cancels the slip.

from libc.math cimport sqrt, exp
from physics_ext._types cimport *


cdef inline double dot3(const double* a, const double* b) noexcept nogil:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


cdef inline void cross3(const double* a, const double* b, double* out) noexcept nogil:
    out[0] = a[1] * b[2] - a[2] * b[1]
    out[1] = a[2] * b[0] - a[0] * b[2]
    out[2] = a[0] * b[1] - a[1] * b[0]


cdef inline double fixed_contact(Traj* T, const BallProps* B, const double* N,
                                 const double* rc, double e, double mu) noexcept nogil:
    """Impulse from an immovable surface (cushion nose, jaw tip, slate) on one ball.

    N: unit contact normal pointing from the surface into the ball; rc: contact point
    relative to the ball centre (= -R N for a sphere). Normal impulse (1 + e) m v_app;
    tangential impulse opposes the contact point's slip, sticking when friction allows
    (effective tangential mass 2m/7 for a solid sphere touched at distance R), Coulomb-
    limited otherwise (Han 2005 in vector form). Returns the approach speed v_app (m/s)."""
    cdef double uc[3]
    cdef double s[3]
    cdef double P[3]
    cdef double torque[3]
    cdef double v_app, PN, un, smag, PT
    cdef int k
    v_app = -dot3(T.v, N)
    if v_app <= 0.0:
        return 0.0
    PN = (1.0 + e) * B.m * v_app
    cross3(T.w, rc, uc)
    for k in range(3):
        uc[k] += T.v[k]
    un = dot3(uc, N)
    for k in range(3):
        s[k] = uc[k] - un * N[k]
    smag = sqrt(dot3(s, s))
    for k in range(3):
        P[k] = PN * N[k]
    if smag > 0.0:
        PT = 2.0 * B.m * smag / 7.0
        if PT > mu * PN:
            PT = mu * PN
        for k in range(3):
            P[k] -= PT * s[k] / smag
    cross3(rc, P, torque)
    for k in range(3):
        T.v[k] += P[k] / B.m
        T.w[k] += torque[k] / B.inertia
    return v_app


cdef inline double ball_ball(Traj* Ti, Traj* Tj, const BallProps* Bi, const BallProps* Bj,
                             const Params* P) noexcept nogil:
    """Frictional inelastic impact of two balls (Alciatore TP A.14; pooltool's
    frictional_inelastic), any radii and masses. The normal is the 3-D line of centres.
    Coulomb friction u_b(w) = u_b + u_b_slow exp(-u_b_decay w) at the contact points'
    sliding speed w (m/s) just before the impact. Returns the approach speed along the
    normal (m/s)."""
    cdef double n[3]
    cdef double wi[3]
    cdef double wj[3]
    cdef double arm[3]
    cdef double J[3]
    cdef double t1[3]
    cdef double d, vn, Jn, wn, wmag, Jt, kt, inv_m, mu
    cdef int k
    for k in range(3):
        n[k] = Tj.r[k] - Ti.r[k]
    d = sqrt(dot3(n, n))
    for k in range(3):
        n[k] /= d
    vn = Ti.v[0] * n[0] + Ti.v[1] * n[1] + Ti.v[2] * n[2] - dot3(Tj.v, n)
    if vn <= 0.0:
        return 0.0
    inv_m = 1.0 / Bi.m + 1.0 / Bj.m
    Jn = (1.0 + P.e_b) * vn / inv_m
    # relative velocity of the contact points: (v_i + w_i x R_i n) - (v_j + w_j x (-R_j n))
    for k in range(3):
        arm[k] = Bi.R * n[k]
    cross3(Ti.w, arm, wi)
    for k in range(3):
        arm[k] = -Bj.R * n[k]
    cross3(Tj.w, arm, wj)
    for k in range(3):
        wi[k] = (Ti.v[k] + wi[k]) - (Tj.v[k] + wj[k])
    wn = dot3(wi, n)
    for k in range(3):
        wi[k] -= wn * n[k]
    wmag = sqrt(dot3(wi, wi))
    # impulse on ball i: -Jn n + J_t, with J_t opposing the tangential slip w
    for k in range(3):
        J[k] = -Jn * n[k]
    if wmag > 0.0:
        kt = inv_m + Bi.R * Bi.R / Bi.inertia + Bj.R * Bj.R / Bj.inertia
        Jt = wmag / kt
        # friction at the contact's sliding speed before the impact (Alciatore TP A.14 /
        # A.28); a constant u_b has u_b_slow = 0, so mu = u_b exactly
        mu = P.u_b + P.u_b_slow * exp(-P.u_b_decay * wmag)
        if Jt > mu * Jn:
            Jt = mu * Jn
        for k in range(3):
            J[k] -= Jt * wi[k] / wmag
    for k in range(3):
        Ti.v[k] += J[k] / Bi.m
        Tj.v[k] -= J[k] / Bj.m
    # torques: ball i is pushed at R_i n by J; ball j at -R_j n by -J
    for k in range(3):
        arm[k] = Bi.R * n[k]
    cross3(arm, J, t1)
    for k in range(3):
        Ti.w[k] += t1[k] / Bi.inertia
        arm[k] = Bj.R * n[k]
    cross3(arm, J, t1)
    for k in range(3):
        Tj.w[k] += t1[k] / Bj.inertia
    return vn
