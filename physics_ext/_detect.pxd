# Event detection: when does a ball next touch another ball or the table?
#
# Positions are polynomials of degree <= 2 in time, so every contact condition is a
# polynomial of degree <= 4 whose first entry into "touching" (value <= 0) is the event.
#
# The cushion is modelled by its nose: a horizontal edge at height h = cushion_height along
# each rail and jaw face; a jaw tip is a vertical cylinder of radius r_tip whose rim is at h.
# A ball on the cloth (z = R) touches the nose when its centre is rho = R cos(theta_a) from
# the nose line (sin(theta_a) = h/R - 1): a quadratic. A ball in flight touches the edge when
# its centre is R from it in 3-D (a quartic), and leaves the table when its centre crosses a
# nose line with its bottom above the nose. For a ball in flight a jaw tip is a point at
# height h on its axis, met at the 3-D distance at which a ball on the cloth meets the
# cylinder (exact on the cloth, within a fraction of a millimetre for a 5 mm rim in the air).

from libc.math cimport fabs, sqrt, INFINITY
from physics_ext._types cimport *
from physics_ext._roots cimport first_entry
from physics_ext._motion cimport eval_traj, hypot2

cdef extern from *:
    """
    /* Two surfaces closer than this are touching (m). Racks are built touching to within
       rounding (1e-16 m); a gap this small is invisible and dynamically irrelevant. */
    #define CONTACT_TOL_M 1e-9
    /* Bodies touching and closing slower than this (m/s) are creeping, not colliding: an
       impact at 0.1 mm/s moves a ball by 1e-10 m, and repeated ones never end (Zeno). */
    #define CREEP_SPEED_MPS 1e-4
    /* Depth (m) to which bodies creeping into contact may press before they collide: an
       invisible micrometre that keeps slow pressed contacts to a few events per second. */
    #define CREEP_TOL_M 1e-6
    /* Deepest press (m) that still counts as a contact: a few creep depths. A centre
       further behind a cushion face's line is in a pocket mouth, past the face's end. */
    #define PRESSED_MAX_M 4e-6
    """
    double CONTACT_TOL_M
    double CREEP_SPEED_MPS
    double CREEP_TOL_M
    double PRESSED_MAX_M

ctypedef struct Hit:
    double t          # absolute time, s
    int kind          # EV_*
    int feature       # segment, tip or pocket index
    int flags         # FLAG_*


cdef inline bint translating(int state) noexcept nogil:
    return state == ST_ROLLING or state == ST_SLIDING or state == ST_AIRBORNE


cdef inline bint in_play(int state) noexcept nogil:
    return state != ST_POCKETED and state != ST_OFF_TABLE


cdef inline double pair_contact(const Traj* Ti, const Traj* Tj, const BallProps* Bi,
                                const BallProps* Bj, double t_now) noexcept nogil:
    """Absolute time at which two balls next come into contact, approaching (3-D)."""
    cdef double D, T, tau
    cdef double ri[3]
    cdef double vi[3]
    cdef double wi[3]
    cdef double rj[3]
    cdef double vj[3]
    cdef double wj[3]
    cdef double A[3]
    cdef double Bv[3]
    cdef double Cv[3]
    cdef double c[5]
    cdef int k
    if not (in_play(Ti.state) and in_play(Tj.state)):
        return INFINITY
    if not (translating(Ti.state) or translating(Tj.state)):
        return INFINITY
    D = Bi.R + Bj.R
    # bounding boxes of both paths, grown by the contact distance, must overlap
    if (Ti.box[1] + D < Tj.box[0] or Tj.box[1] + D < Ti.box[0] or
            Ti.box[3] + D < Tj.box[2] or Tj.box[3] + D < Ti.box[2]):
        return INFINITY
    T = (Ti.t_end if Ti.t_end < Tj.t_end else Tj.t_end) - t_now
    if not (T > 0.0):
        return INFINITY
    eval_traj(Ti, Bi, t_now, ri, vi, wi)
    eval_traj(Tj, Bj, t_now, rj, vj, wj)
    for k in range(3):
        A[k] = 0.5 * (Tj.a[k] - Ti.a[k])
        Bv[k] = vj[k] - vi[k]
        Cv[k] = rj[k] - ri[k]
    # |C + B t + A t^2|^2 - D^2
    c[4] = A[0] * A[0] + A[1] * A[1] + A[2] * A[2]
    c[3] = 2.0 * (A[0] * Bv[0] + A[1] * Bv[1] + A[2] * Bv[2])
    c[2] = (Bv[0] * Bv[0] + Bv[1] * Bv[1] + Bv[2] * Bv[2]
            + 2.0 * (A[0] * Cv[0] + A[1] * Cv[1] + A[2] * Cv[2]))
    c[1] = 2.0 * (Bv[0] * Cv[0] + Bv[1] * Cv[1] + Bv[2] * Cv[2])
    c[0] = Cv[0] * Cv[0] + Cv[1] * Cv[1] + Cv[2] * Cv[2] - D * D
    return t_now + contact_entry(c, 4, T, 2.0 * D)


cdef inline bint boxes_meet(const double* ball_box, double grow, const double* fb) noexcept nogil:
    return not (ball_box[1] + grow < fb[0] or fb[1] < ball_box[0] - grow or
                ball_box[3] + grow < fb[2] or fb[3] < ball_box[2] - grow)


cdef inline bint on_segment(const double* p, double x, double y) noexcept nogil:
    """Does the foot of (x, y) on segment p = (x1, y1, x2, y2) lie between its ends?"""
    cdef double ex = p[2] - p[0], ey = p[3] - p[1]
    cdef double lam = (x - p[0]) * ex + (y - p[1]) * ey
    return 0.0 <= lam <= ex * ex + ey * ey


cdef inline double contact_entry(double* c, int deg, double T, double scale) noexcept nogil:
    """First time a contact function c(t) ~ scale * gap(t) (gap in m, negative when pressed
    in) enters contact on [0, T].

    Touching (|gap| <= CONTACT_TOL_M) or pressed in by up to PRESSED_MAX_M, and closing
    faster than CREEP_SPEED_MPS: now. Closing slower (two slow balls rolling pressed together,
    a sliding ball driven into a cushion by its own friction), an impulse now could not part
    them and contacts would recur ever faster (Zeno): the contact waits until they have
    pressed CREEP_TOL_M deeper, by when they close fast enough to bounce apart. Touching and
    parting faster than CREEP_SPEED_MPS: the next time they close to where they are now. Otherwise (apart, or a ball
    behind a face's line in a pocket mouth) the first entry into gap <= 0, after an exit if
    it starts inside."""
    cdef double gap = c[0] / scale
    if -PRESSED_MAX_M <= gap <= CONTACT_TOL_M:
        if -c[1] > CREEP_SPEED_MPS * scale:
            return 0.0
        if c[1] > CREEP_SPEED_MPS * scale:
            c[0] = 0.0        # parting: the next contact is when they close again
        else:
            # collide at CREEP_TOL_M deep (every collision then sets the bodies touching
            # again, so no press ever exceeds that); deeper than that only if already there
            c[0] -= scale * (gap - CREEP_TOL_M if gap <= -CREEP_TOL_M else -CREEP_TOL_M)
    return first_entry(c, deg, T)


cdef inline void keep(Hit* h, double t, int kind, int feature, int flags) noexcept nogil:
    if t < h.t:
        h.t = t
        h.kind = kind
        h.feature = feature
        h.flags = flags


cdef inline void cloth_table_contact(const Traj* Ti, const BallProps* B, const Geometry* G,
                                     const double* feat_box, double t_now, Hit* h) noexcept nogil:
    """Earliest contact of a ball on the cloth with a cushion, a jaw tip or a pocket hole
    (improves h if earlier than h.t)."""
    cdef double T = Ti.t_end - t_now, tau, nx, ny, dx, dy, rad
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    cdef double c[5]
    cdef int k
    cdef const double* p
    eval_traj(Ti, B, t_now, r, v, w)
    # straight cushion faces: n . (p(t) - p1) - rho, a quadratic
    for k in range(G.n_seg):
        if not boxes_meet(Ti.box, B.rho, &feat_box[4 * k]):
            continue
        p = &G.seg[4 * k]
        nx = G.seg_n[2 * k]
        ny = G.seg_n[2 * k + 1]
        c[2] = 0.5 * (nx * Ti.a[0] + ny * Ti.a[1])
        c[1] = nx * v[0] + ny * v[1]
        c[0] = nx * (r[0] - p[0]) + ny * (r[1] - p[1]) - B.rho
        tau = contact_entry(c, 2, T, 1.0)
        if not (t_now + tau < h.t):
            continue
        # the contact point must lie on the segment, not on its extension
        if on_segment(p, r[0] + v[0] * tau + 0.5 * Ti.a[0] * tau * tau,
                      r[1] + v[1] * tau + 0.5 * Ti.a[1] * tau * tau):
            keep(h, t_now + tau, EV_CUSHION, k, FLAG_TOUCHING if tau == 0.0 else 0)
    # rounded jaw tips (vertical cylinders) and pocket holes: |p(t) - c|^2 - rad^2
    for k in range(G.n_tip + G.n_pocket):
        if k < G.n_tip:
            p = &G.tip[3 * k]
            rad = p[2] + B.rho
        else:
            p = &G.pocket[3 * (k - G.n_tip)]
            rad = p[2]
        if not boxes_meet(Ti.box, B.rho if k < G.n_tip else 0.0, &feat_box[4 * (G.n_seg + k)]):
            continue
        dx = r[0] - p[0]
        dy = r[1] - p[1]
        c[4] = 0.25 * (Ti.a[0] * Ti.a[0] + Ti.a[1] * Ti.a[1])
        c[3] = Ti.a[0] * v[0] + Ti.a[1] * v[1]
        c[2] = v[0] * v[0] + v[1] * v[1] + Ti.a[0] * dx + Ti.a[1] * dy
        c[1] = 2.0 * (v[0] * dx + v[1] * dy)
        c[0] = dx * dx + dy * dy - rad * rad
        if k < G.n_tip:
            tau = contact_entry(c, 4, T, 2.0 * rad)
            keep(h, t_now + tau, EV_JAW_TIP, k, FLAG_TOUCHING if tau == 0.0 else 0)
        else:
            keep(h, t_now + first_entry(c, 4, T), EV_POCKET, k - G.n_tip, 0)


cdef inline void air_table_contact(const Traj* Ti, const BallProps* B, const Geometry* G,
                                   const double* feat_box, double t_now, Hit* h) noexcept nogil:
    """Earliest contact of a ball in flight with a cushion's nose edge or a jaw tip's rim,
    or its flight over a cushion off the table (improves h if earlier than h.t). Pockets
    are met on landing (the solver checks the hole under a landing ball)."""
    cdef double T = Ti.t_end - t_now, tau, d0, d1, e0, e1, e2, dx, dy, rad
    cdef double e_rest = B.R - G.cushion_height     # centre height over the nose at rest
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    cdef double c[5]
    cdef int k
    cdef const double* p
    eval_traj(Ti, B, t_now, r, v, w)
    # height of the centre over the nose: e0 + e1 t + e2 t^2
    e0 = r[2] - G.cushion_height
    e1 = v[2]
    e2 = 0.5 * Ti.a[2]
    for k in range(G.n_seg):
        if not boxes_meet(Ti.box, B.R, &feat_box[4 * k]):
            continue
        p = &G.seg[4 * k]
        # signed horizontal distance to the nose line: d0 + d1 t (no horizontal acceleration)
        d0 = G.seg_n[2 * k] * (r[0] - p[0]) + G.seg_n[2 * k + 1] * (r[1] - p[1])
        d1 = G.seg_n[2 * k] * v[0] + G.seg_n[2 * k + 1] * v[1]
        # the nose edge: d^2 + (z - h)^2 - R^2
        c[0] = d0 * d0 + e0 * e0 - B.R * B.R
        c[1] = 2.0 * (d0 * d1 + e0 * e1)
        c[2] = d1 * d1 + e1 * e1 + 2.0 * e0 * e2
        c[3] = 2.0 * e1 * e2
        c[4] = e2 * e2
        tau = contact_entry(c, 4, T, 2.0 * B.R)
        if t_now + tau < h.t and on_segment(p, r[0] + v[0] * tau, r[1] + v[1] * tau):
            keep(h, t_now + tau, EV_CUSHION, k, FLAG_TOUCHING if tau == 0.0 else 0)
    # over a nose line, or its extension across a pocket mouth, with the ball's bottom above
    # the nose: off the table. Sides: x = x_min, x = x_max, y = y_min, y = y_max.
    for k in range(4):
        d0 = r[k // 2] - G.inner[k] if k % 2 == 0 else G.inner[k] - r[k // 2]
        d1 = v[k // 2] if k % 2 == 0 else -v[k // 2]
        if d0 > 0.0 and d1 < 0.0:
            tau = -d0 / d1
            if tau <= T and e0 + (e1 + e2 * tau) * tau >= B.R:
                keep(h, t_now + tau, EV_OFF_TABLE, rail_of_side(G, k, r[0] + v[0] * tau), 0)
    for k in range(G.n_tip):
        if not boxes_meet(Ti.box, B.R, &feat_box[4 * (G.n_seg + k)]):
            continue
        p = &G.tip[3 * k]
        # contact distance to the rim point: the one that meets the cylinder model of a ball
        # on the cloth exactly, so a ball that hops off touching a tip starts touching it
        rad = sqrt((p[2] + B.rho) * (p[2] + B.rho) + e_rest * e_rest)
        dx = r[0] - p[0]
        dy = r[1] - p[1]
        # |(x - cx, y - cy, z - h)|^2 - rad^2 with x, y linear and z quadratic in t
        c[0] = dx * dx + dy * dy + e0 * e0 - rad * rad
        c[1] = 2.0 * (dx * v[0] + dy * v[1] + e0 * e1)
        c[2] = v[0] * v[0] + v[1] * v[1] + e1 * e1 + 2.0 * e0 * e2
        c[3] = 2.0 * e1 * e2
        c[4] = e2 * e2
        tau = contact_entry(c, 4, T, 2.0 * rad)
        keep(h, t_now + tau, EV_JAW_TIP, k, FLAG_TOUCHING if tau == 0.0 else 0)


cdef inline int rail_of_side(const Geometry* G, int side, double x) noexcept nogil:
    """The rail (physics_ext.table.Rail; also its nose segment's index) along a side of the
    table: 0 x = x_min, 1 x = x_max, 2 y = y_min, 3 y = y_max; x picks the half."""
    cdef bint head_half = x < 0.5 * (G.inner[0] + G.inner[1])
    if side == 0:
        return RAIL_HEAD
    if side == 1:
        return RAIL_FOOT
    if side == 2:
        return RAIL_RIGHT_HEAD if head_half else RAIL_RIGHT_FOOT
    return RAIL_LEFT_HEAD if head_half else RAIL_LEFT_FOOT


cdef inline void contact_normal(const Traj* Ti, const BallProps* B, const Geometry* G,
                                int kind, int feature, double* N) noexcept nogil:
    """Unit normal at a cushion or jaw-tip contact, from the nose edge to the ball centre
    (Ti already advanced to the contact time). On the cloth it is (cos a n, -sin a)."""
    cdef double d, dx, dy, q
    cdef const double* p
    if kind == EV_CUSHION:
        p = &G.seg[4 * feature]
        d = G.seg_n[2 * feature] * (Ti.r[0] - p[0]) + G.seg_n[2 * feature + 1] * (Ti.r[1] - p[1])
        N[0] = d * G.seg_n[2 * feature]
        N[1] = d * G.seg_n[2 * feature + 1]
    else:
        p = &G.tip[3 * feature]
        dx = Ti.r[0] - p[0]
        dy = Ti.r[1] - p[1]
        d = hypot2(dx, dy)
        # on the cloth the rim is the cylinder's edge; in flight its nearest point (above)
        q = (d - p[2]) / d if Ti.state != ST_AIRBORNE else 1.0
        N[0] = q * dx
        N[1] = q * dy
    N[2] = Ti.r[2] - G.cushion_height
    q = sqrt(N[0] * N[0] + N[1] * N[1] + N[2] * N[2])
    N[0] /= q
    N[1] /= q
    N[2] /= q


cdef inline int landing_pocket(const Geometry* G, double x, double y) noexcept nogil:
    """The pocket a ball landing at (x, y) drops into, or -1 if slate is under it: over a
    hole; or outside the nose lines and not over a hole, which is the pocket's back and
    liner (a ball on the cloth never gets there: the jaws lead it into the hole)."""
    cdef int k, nearest = -1
    cdef double d, best = INFINITY
    for k in range(G.n_pocket):
        d = hypot2(x - G.pocket[3 * k], y - G.pocket[3 * k + 1])
        if d < G.pocket[3 * k + 2]:
            return k
        if d < best:
            best = d
            nearest = k
    if G.inner[0] <= x <= G.inner[1] and G.inner[2] <= y <= G.inner[3]:
        return -1
    return nearest
