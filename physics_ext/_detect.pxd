# Event detection: when does a ball next touch another ball or the table?
#
# Positions are polynomials of degree <= 2 in time, so every contact condition is a
# polynomial of degree <= 4 whose first entry into "touching" (value <= 0) is the event.
#
# The cushion is modelled by its nose: a horizontal edge at height h = cushion_height along
# each rail and jaw face; a jaw tip is a vertical cylinder of radius r_tip whose rim is at h.
# A ball on the cloth (z = R) touches the nose when its centre is rho = R cos(theta_a) from
# the nose line (sin(theta_a) = h/R - 1): a quadratic. A ball in flight touches the edge when
# its centre is R from it in 3-D (a quartic). Above the nose (of a rail or a jaw face) the
# rubber rises to the cap as a vertical face at the nose line, up to the cap's edge at the
# rail top's height: a ball in flight meets the face when its centre is R in front of the
# nose line (linear) and the cap's edge as it meets the nose edge (a quartic). Behind each
# rail nose is the rail's top, a horizontal surface at the cap's height out to the rail's
# outer edge: a ball in flight lands on it when its bottom comes down to it with the centre
# over it (a quadratic), and leaves the table when its centre crosses an outer edge with its
# bottom above the rail top. A ball on a rail top meets the top's edges (quadratics in its
# centre's position). For a ball in flight a jaw tip is a point at height h on its axis,
# met at the 3-D distance at which a ball on the cloth meets the
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
    /* Pressing contacts (sustained contacts: slow balls rolling pressed together, a ball
       driven into a cushion or a ball by its own cloth friction, a ball in the air resting
       on another): touching bodies whose relative acceleration presses them together
       (gap'' < 0) are made to part at sqrt(2 |gap''| PRESS_DEPTH_M), the speed the press
       would give them over this depth, paid for by their own motion (physics_ext._solver
       part_pair: turned, braked by the cloth, or a fall down the support), never by added
       energy. Each pressing contact is then an impact at exact contact, and the next one
       comes about 2 sqrt(2 PRESS_DEPTH_M / |gap''|) later (0.6 ms at 2 g): a sustained
       contact costs a bounded number of events, never a Zeno train, and the bodies never
       overlap. */
    #define PRESS_DEPTH_M 1e-6
    /* A press that would part them slower than this (m/s) is let be while the motions
       last: ten times the speed below which the solver snaps a ball to rest, so no parting
       impulse is snapped away. It presses with |gap''| < 5e-11 m/s^2: 1 nm takes 6 s. */
    #define PART_MIN_MPS 1e-8
    /* Touching bodies closing slower than this with nothing pressing them together are not
       colliding: the rounding noise of velocities of order 1 m/s, too small to part them
       by an impulse. Over 10 s it closes 1e-10 m, a tenth of CONTACT_TOL_M. */
    #define CLOSING_MIN_MPS 1e-11
    /* Deepest overlap (m) that still counts as a contact: balls a caller gives pressed
       together (physics_ext.api accepts 2 um). A centre further behind a cushion face's
       line is in a pocket mouth, past the face's end. */
    #define PRESSED_MAX_M 4e-6
    """
    double CONTACT_TOL_M
    double PRESS_DEPTH_M
    double PART_MIN_MPS
    double CLOSING_MIN_MPS
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


cdef inline void pair_coeffs(const Traj* Ti, const Traj* Tj, const BallProps* Bi,
                             const BallProps* Bj, double t, double* c) noexcept nogil:
    """Contact function of two balls from time t: |r_j - r_i|^2 - D^2 as c[0] + c[1] tau
    + ... + c[4] tau^4 (m^2; tau in s from t), D = R_i + R_j; its scale is 2 D."""
    cdef double D = Bi.R + Bj.R
    cdef double ri[3]
    cdef double vi[3]
    cdef double wi[3]
    cdef double rj[3]
    cdef double vj[3]
    cdef double wj[3]
    cdef double A[3]
    cdef double Bv[3]
    cdef double Cv[3]
    cdef int k
    eval_traj(Ti, Bi, t, ri, vi, wi)
    eval_traj(Tj, Bj, t, rj, vj, wj)
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


cdef inline double pair_contact(const Traj* Ti, const Traj* Tj, const BallProps* Bi,
                                const BallProps* Bj, double t_now) noexcept nogil:
    """Absolute time at which two balls next come into contact, approaching (3-D)."""
    cdef double D, T
    cdef double c[5]
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
    pair_coeffs(Ti, Tj, Bi, Bj, t_now, c)
    return t_now + contact_entry(c, 4, T, 2.0 * D)


cdef inline bint boxes_meet(const double* ball_box, double grow, const double* fb) noexcept nogil:
    return not (ball_box[1] + grow < fb[0] or fb[1] < ball_box[0] - grow or
                ball_box[3] + grow < fb[2] or fb[3] < ball_box[2] - grow)


cdef inline bint on_segment(const double* p, double x, double y) noexcept nogil:
    """Does the foot of (x, y) on segment p = (x1, y1, x2, y2) lie between its ends, or
    within PRESSED_MAX_M beyond them? A face's end is where its jaw tip's rounding is
    tangent to it: a ball touching both there (rolling round the tip onto the face,
    pressed into it) touches the face, though rounding may put the foot a hair beyond its
    end (the face was then never met, and the ball went through it)."""
    cdef double ex = p[2] - p[0], ey = p[3] - p[1]
    cdef double lam = (x - p[0]) * ex + (y - p[1]) * ey
    cdef double slack = PRESSED_MAX_M * sqrt(ex * ex + ey * ey)
    return -slack <= lam <= ex * ex + ey * ey + slack


cdef inline double part_speed(const double* c, double scale, bint squared) noexcept nogil:
    """Least parting speed (m/s) of two touching bodies with contact function c (scale
    `scale`: c ~ scale * gap): when their relative acceleration presses them together
    (gap'' < 0), the speed that acceleration gives them over PRESS_DEPTH_M,
    sqrt(2 |gap''| PRESS_DEPTH_M); 0 if nothing presses them. Below PART_MIN_MPS the press
    is too weak to act on (collides_now, contact_entry). At contact gap'' = 2 c[2] for a
    contact function that is the gap itself (a face on the cloth); for a squared distance
    (`squared`: |d|^2 - rad^2 = gap (2 rad + gap)) gap'' = (2 c[2] - 2 gap'^2) / scale,
    the normal part of the relative acceleration, the centripetal term of the turning
    line of centres included.

    (Not capped by the time the press lasts: a press that ends sooner, a ball pushed at
    its centre that soon stops sliding, say, would give less; but then every contact
    would part the pair only until that end, and a chain of such contacts, each shorter,
    would cost events without bound.)"""
    cdef double u = c[1] / scale
    cdef double g2 = (2.0 * c[2] - (2.0 * u * u if squared else 0.0)) / scale
    return sqrt(-2.0 * g2 * PRESS_DEPTH_M) if g2 < 0.0 else 0.0


cdef inline bint collides_now(const double* c, double scale, bint squared) noexcept nogil:
    """Do touching bodies with contact function c collide at once? When closing (faster
    than CLOSING_MIN_MPS), or when pressed together by their relative acceleration while
    parting slower than half their least parting speed (part_speed; every pressing contact
    leaves them parting at least that fast, so the margin keeps it from recurring at the
    same instant)."""
    cdef double u = c[1] / scale, v
    if u < -CLOSING_MIN_MPS:
        return True
    v = part_speed(c, scale, squared)
    return v >= PART_MIN_MPS and u < 0.5 * v


cdef inline double contact_entry(double* c, int deg, double T, double scale) noexcept nogil:
    """First time a contact function c(t) ~ scale * gap(t) (gap in m, negative when pressed
    in) enters contact on [0, T].

    Touching (|gap| <= CONTACT_TOL_M, or pressed in by up to PRESSED_MAX_M) and colliding
    (collides_now): now. Touching, parting slower than PART_MIN_MPS and pressed too weakly
    to be parted (part_speed below PART_MIN_MPS): never, while these motions last (they
    would meet again at once, and again, at the speed of rounding). Touching otherwise
    (parting, or moving along each other): the next time they close to where they are now.
    Otherwise (apart, or a ball behind a face's line in a pocket mouth) the first entry
    into gap <= 0, after an exit if it starts inside."""
    cdef double gap = c[0] / scale
    if -PRESSED_MAX_M <= gap <= CONTACT_TOL_M:
        if collides_now(c, scale, deg == 4):
            return 0.0
        if c[1] < PART_MIN_MPS * scale and part_speed(c, scale, deg == 4) > 0.0:
            return INFINITY
        c[0] = 0.0
    return first_entry(c, deg, T)


cdef inline void line_coeffs(const double* r, const double* v, const double* a,
                             const double* p, double nx, double ny, double rho,
                             double* c) noexcept nogil:
    """Contact function of a ball on the cloth (centre r, velocity v, acceleration a) with
    the cushion face from p along unit normal (nx, ny): n . (r - p) - rho (m, scale 1,
    degree 2)."""
    c[2] = 0.5 * (nx * a[0] + ny * a[1])
    c[1] = nx * v[0] + ny * v[1]
    c[0] = nx * (r[0] - p[0]) + ny * (r[1] - p[1]) - rho


cdef inline void circle_coeffs(const double* r, const double* v, const double* a,
                               const double* p, double rad, double* c) noexcept nogil:
    """Contact function of a ball on the cloth with the vertical circle of radius rad
    around p: |r_xy - p|^2 - rad^2 (m^2, scale 2 rad, degree 4)."""
    cdef double dx = r[0] - p[0], dy = r[1] - p[1]
    c[4] = 0.25 * (a[0] * a[0] + a[1] * a[1])
    c[3] = a[0] * v[0] + a[1] * v[1]
    c[2] = v[0] * v[0] + v[1] * v[1] + a[0] * dx + a[1] * dy
    c[1] = 2.0 * (v[0] * dx + v[1] * dy)
    c[0] = dx * dx + dy * dy - rad * rad


cdef inline void air_point_coeffs(double dx, double dy, double vx, double vy, double e0,
                                  double e1, double e2, double rad, double* c) noexcept nogil:
    """Contact function of a ball in flight with a point or a horizontal edge: |(d, e)|^2
    - rad^2 with horizontal offset d = (dx + vx t, dy + vy t) and height over the point
    e = e0 + e1 t + e2 t^2 (m^2, scale 2 rad, degree 4)."""
    c[0] = dx * dx + dy * dy + e0 * e0 - rad * rad
    c[1] = 2.0 * (dx * vx + dy * vy + e0 * e1)
    c[2] = vx * vx + vy * vy + e1 * e1 + 2.0 * e0 * e2
    c[3] = 2.0 * e1 * e2
    c[4] = e2 * e2


cdef inline double tip_air_radius(const double* tip, const BallProps* B,
                                  double cushion_height) noexcept nogil:
    """Contact distance (m) of a ball in flight to a jaw tip's rim point: the one that
    meets the cylinder model of a ball on the cloth exactly, so a ball that hops off
    touching a tip starts touching it."""
    cdef double e_rest = B.R - cushion_height     # centre height over the nose at rest
    return sqrt((tip[2] + B.rho) * (tip[2] + B.rho) + e_rest * e_rest)


cdef inline double rubber_height(const Geometry* G, double z) noexcept nogil:
    """Height (m) of the point of a rail's rubber nearest (seen along the nose line) a ball
    centre at height z: the nose edge below it, the cap's edge above it, the vertical face
    between them (z itself)."""
    if z <= G.cushion_height:
        return G.cushion_height
    if z >= G.rail_top_height:
        return G.rail_top_height
    return z


cdef inline double feature_coeffs(const Traj* Ti, const BallProps* B, const Geometry* G,
                                  int kind, int feature, double t, double* c) noexcept nogil:
    """Contact function of ball i with cushion segment or jaw tip `feature` from time t,
    as the detection below forms it (on the cloth or in flight); returns its scale."""
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    cdef double rad
    cdef const double* p
    eval_traj(Ti, B, t, r, v, w)
    if kind == EV_CUSHION:
        p = &G.seg[4 * feature]
        if Ti.state != ST_AIRBORNE:
            line_coeffs(r, v, Ti.a, p, G.seg_n[2 * feature], G.seg_n[2 * feature + 1], B.rho, c)
            c[3] = 0.0
            c[4] = 0.0
            return 1.0
        rad = rubber_height(G, r[2])
        if G.cushion_height < r[2] < G.rail_top_height:
            # level with the rubber's face: the horizontal distance alone
            air_point_coeffs(G.seg_n[2 * feature] * (r[0] - p[0]) +
                             G.seg_n[2 * feature + 1] * (r[1] - p[1]), 0.0,
                             G.seg_n[2 * feature] * v[0] + G.seg_n[2 * feature + 1] * v[1],
                             0.0, 0.0, 0.0, 0.0, B.R, c)
        else:
            air_point_coeffs(G.seg_n[2 * feature] * (r[0] - p[0]) +
                             G.seg_n[2 * feature + 1] * (r[1] - p[1]), 0.0,
                             G.seg_n[2 * feature] * v[0] + G.seg_n[2 * feature + 1] * v[1],
                             0.0, r[2] - rad, v[2], 0.5 * Ti.a[2], B.R, c)
        return 2.0 * B.R
    p = &G.tip[3 * feature]
    if Ti.state != ST_AIRBORNE:
        circle_coeffs(r, v, Ti.a, p, p[2] + B.rho, c)
        return 2.0 * (p[2] + B.rho)
    rad = tip_air_radius(p, B, G.cushion_height)
    air_point_coeffs(r[0] - p[0], r[1] - p[1], v[0], v[1], r[2] - G.cushion_height, v[2],
                     0.5 * Ti.a[2], rad, c)
    return 2.0 * rad


cdef inline void keep(Hit* h, double t, int kind, int feature, int flags) noexcept nogil:
    if t < h.t:
        h.t = t
        h.kind = kind
        h.feature = feature
        h.flags = flags


cdef inline void onto_segment(const Traj* Ti, const BallProps* B, const Geometry* G, int k,
                              const double* r, const double* v, double T, double t_now,
                              Hit* h) noexcept nogil:
    """A ball on the cloth whose contact with face k's line falls beyond the face's ends
    may yet move onto the face touching its line, or pressed into it (rolling round a jaw
    tip onto the face, driven into it by its spin): the first time its centre's foot
    crosses an end onto the face with its surface within CONTACT_TOL_M of the line, or
    inside it with the centre in front, is a contact (improves h). Without it the ball
    went through the face."""
    cdef const double* p = &G.seg[4 * k]
    cdef double ex = p[2] - p[0], ey = p[3] - p[1], tau, gap, x, y
    cdef double c[3]
    cdef double lam[3]
    cdef int end
    lam[0] = (r[0] - p[0]) * ex + (r[1] - p[1]) * ey
    lam[1] = v[0] * ex + v[1] * ey
    lam[2] = 0.5 * (Ti.a[0] * ex + Ti.a[1] * ey)
    for end in range(2):
        # how far the foot is past this end (m times the face's length), > 0 off the face
        c[0] = -lam[0] if end == 0 else lam[0] - (ex * ex + ey * ey)
        c[1] = -lam[1] if end == 0 else lam[1]
        c[2] = -lam[2] if end == 0 else lam[2]
        if not (c[0] > 0.0):
            continue
        tau = first_entry(c, 2, T)
        if not (t_now + tau < h.t):
            continue
        x = r[0] + v[0] * tau + 0.5 * Ti.a[0] * tau * tau
        y = r[1] + v[1] * tau + 0.5 * Ti.a[1] * tau * tau
        gap = G.seg_n[2 * k] * (x - p[0]) + G.seg_n[2 * k + 1] * (y - p[1]) - B.rho
        if -B.rho <= gap <= CONTACT_TOL_M:
            keep(h, t_now + tau, EV_CUSHION, k, FLAG_TOUCHING)


cdef inline void cloth_table_contact(const Traj* Ti, const BallProps* B, const Geometry* G,
                                     const double* feat_box, double t_now, Hit* h) noexcept nogil:
    """Earliest contact of a ball on the cloth with a cushion, a jaw tip or a pocket hole
    (improves h if earlier than h.t)."""
    cdef double T = Ti.t_end - t_now, tau, rad
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
        line_coeffs(r, v, Ti.a, p, G.seg_n[2 * k], G.seg_n[2 * k + 1], B.rho, c)
        tau = contact_entry(c, 2, T, 1.0)
        if not (t_now + tau < h.t):
            continue
        # the contact point must lie on the segment, not on its extension
        if on_segment(p, r[0] + v[0] * tau + 0.5 * Ti.a[0] * tau * tau,
                      r[1] + v[1] * tau + 0.5 * Ti.a[1] * tau * tau):
            keep(h, t_now + tau, EV_CUSHION, k, FLAG_TOUCHING if tau == 0.0 else 0)
            continue
        onto_segment(Ti, B, G, k, r, v, T, t_now, h)
        if tau == 0.0:
            # touching its line beyond an end now: its next entry may be on the face
            line_coeffs(r, v, Ti.a, p, G.seg_n[2 * k], G.seg_n[2 * k + 1], B.rho, c)
            c[0] = c[0] if c[0] > 0.0 else 0.0
            tau = first_entry(c, 2, T)
            if t_now + tau < h.t and on_segment(
                    p, r[0] + v[0] * tau + 0.5 * Ti.a[0] * tau * tau,
                    r[1] + v[1] * tau + 0.5 * Ti.a[1] * tau * tau):
                keep(h, t_now + tau, EV_CUSHION, k, 0)
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
        circle_coeffs(r, v, Ti.a, p, rad, c)
        if k < G.n_tip:
            tau = contact_entry(c, 4, T, 2.0 * rad)
            keep(h, t_now + tau, EV_JAW_TIP, k, FLAG_TOUCHING if tau == 0.0 else 0)
        else:
            keep(h, t_now + first_entry(c, 4, T), EV_POCKET, k - G.n_tip, 0)


cdef inline bint edge_nearest(double e0, double e1, double e2, double rise, double d1,
                              double tau) noexcept nogil:
    """May a contact of a ball in flight with a cushion's nose or cap edge at tau (s) from
    now stand? Its centre's height over the nose there is e0 + e1 tau + e2 tau^2 (m), rise
    (m) the cap's height over the nose, d1 (m/s) the centre's horizontal speed along the
    face's normal. With the centre level with the face (strictly between the edges) the
    face, not the edge, is the rubber's nearest point, where the solver resolves the
    contact (contact_normal): it stands only if the ball closes on the face (d1 < 0). Else
    a ball touching the face and sliding along it (an impact that left it no rebound)
    meets the edge's piece of the distance at once, again and again, while the impact
    along the face's normal finds it not approaching."""
    cdef double e
    if rise <= 0.0 or d1 < 0.0:
        return True
    e = e0 + (e1 + e2 * tau) * tau
    return not (0.0 < e < rise)


cdef inline void air_table_contact(const Traj* Ti, const BallProps* B, const Geometry* G,
                                   const double* feat_box, double t_now, Hit* h) noexcept nogil:
    """Earliest contact of a ball in flight with a cushion's nose edge or a jaw tip's rim,
    or its flight over a cushion off the table (improves h if earlier than h.t). Pockets
    are met on landing (the solver checks the hole under a landing ball)."""
    cdef double T = Ti.t_end - t_now, tau, d0, d1, e0, e1, e2, u0, rad
    cdef double rise = G.rail_top_height - G.cushion_height
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    cdef double c[5]
    cdef int k
    cdef const double* p
    eval_traj(Ti, B, t_now, r, v, w)
    # height of the centre over the nose: e0 + e1 t + e2 t^2; over the rail top: u0 + ...
    e0 = r[2] - G.cushion_height
    u0 = r[2] - G.rail_top_height
    e1 = v[2]
    e2 = 0.5 * Ti.a[2]
    for k in range(G.n_seg):
        if not boxes_meet(Ti.box, B.R, &feat_box[4 * k]):
            continue
        p = &G.seg[4 * k]
        # signed horizontal distance to the nose line: d0 + d1 t (no horizontal acceleration)
        d0 = G.seg_n[2 * k] * (r[0] - p[0]) + G.seg_n[2 * k + 1] * (r[1] - p[1])
        d1 = G.seg_n[2 * k] * v[0] + G.seg_n[2 * k + 1] * v[1]
        # a ball already inside this rubber's profile came in around its end (over a jaw
        # tip: the ends of the rubber above the nose are not modelled): it passes through,
        # as over the pocket, rather than meeting a nose edge that is not the rubber's
        # nearest point (its normal would not match the contact)
        rad = r[2] - rubber_height(G, r[2])
        if (d0 * d0 + rad * rad < (B.R - PRESSED_MAX_M) * (B.R - PRESSED_MAX_M)
                and on_segment(p, r[0], r[1])):
            continue
        # the nose edge: d^2 + (z - h)^2 - R^2
        air_point_coeffs(d0, 0.0, d1, 0.0, e0, e1, e2, B.R, c)
        tau = contact_entry(c, 4, T, 2.0 * B.R)
        if (t_now + tau < h.t and on_segment(p, r[0] + v[0] * tau, r[1] + v[1] * tau)
                and edge_nearest(e0, e1, e2, rise, d1, tau)):
            keep(h, t_now + tau, EV_CUSHION, k, FLAG_TOUCHING if tau == 0.0 else 0)
        if rise <= 0.0:
            continue
        # the cap's edge: d^2 + (z - h_top)^2 - R^2. The first contact with the rubber (nose
        # edge, face, cap edge) is the earliest of the three: each is a piece of the
        # distance to the rubber's profile, which is their minimum.
        air_point_coeffs(d0, 0.0, d1, 0.0, u0, e1, e2, B.R, c)
        tau = contact_entry(c, 4, T, 2.0 * B.R)
        if (t_now + tau < h.t and on_segment(p, r[0] + v[0] * tau, r[1] + v[1] * tau)
                and edge_nearest(e0, e1, e2, rise, d1, tau)):
            keep(h, t_now + tau, EV_CUSHION, k, FLAG_TOUCHING if tau == 0.0 else 0)
        # the face: d = R from the table's side, the centre between the nose and the cap
        if d1 < 0.0 and d0 >= B.R:
            tau = (d0 - B.R) / -d1
            rad = e0 + (e1 + e2 * tau) * tau
            if (tau <= T and t_now + tau < h.t and 0.0 < rad < rise
                    and on_segment(p, r[0] + v[0] * tau, r[1] + v[1] * tau)):
                keep(h, t_now + tau, EV_CUSHION, k, FLAG_TOUCHING if tau == 0.0 else 0)
    # over a rail's outer edge (or its extension), with the ball's bottom above the rail
    # top: off the table. Sides: x = x_min, x = x_max, y = y_min, y = y_max.
    for k in range(4):
        d0 = r[k // 2] - G.outer[k] if k % 2 == 0 else G.outer[k] - r[k // 2]
        d1 = v[k // 2] if k % 2 == 0 else -v[k // 2]
        if d0 > 0.0 and d1 < 0.0:
            tau = -d0 / d1
            if not (tau <= T):
                continue
            if u0 + (e1 + e2 * tau) * tau >= B.R:
                keep(h, t_now + tau, EV_OFF_TABLE, rail_of_side(G, k, r[0] + v[0] * tau), 0)
            else:
                # below the rail top past the outer edge: only over a pocket (a rail top
                # would have caught it), whose back and liner catch it
                keep(h, t_now + tau, EV_POCKET,
                     landing_pocket(G, r[0] + v[0] * tau, r[1] + v[1] * tau), 0)
    # landing on a rail top: the bottom comes down to the rail top (z = z_rail, falling)
    # with the centre over it. Once below it, a ball can only reach a rail top's side (the
    # nose edge above, or the pocket-side ends, which are not modelled).
    d0 = r[2] - B.z_rail
    d1 = v[2] * v[2] + 2.0 * d0 * (-Ti.a[2])
    if G.n_rail > 0 and d1 >= 0.0:
        # the falling root of z(t) = z_rail; none now or before (a ball leaving a rail top
        # over its end starts on it, falling)
        tau = (v[2] + sqrt(d1)) / (-Ti.a[2])
        if tau > 0.0 and t_now + tau < h.t:
            k = rail_under(G, r[0] + v[0] * tau, r[1] + v[1] * tau, 0.0)
            if k >= 0:
                keep(h, t_now + tau, EV_RAIL_TOP, k, 0)
    for k in range(G.n_tip):
        if not boxes_meet(Ti.box, B.R, &feat_box[4 * (G.n_seg + k)]):
            continue
        p = &G.tip[3 * k]
        rad = tip_air_radius(p, B, G.cushion_height)
        # |(x - cx, y - cy, z - h)|^2 - rad^2 with x, y linear and z quadratic in t
        air_point_coeffs(r[0] - p[0], r[1] - p[1], v[0], v[1], e0, e1, e2, rad, c)
        tau = contact_entry(c, 4, T, 2.0 * rad)
        keep(h, t_now + tau, EV_JAW_TIP, k, FLAG_TOUCHING if tau == 0.0 else 0)


cdef inline int rail_under(const Geometry* G, double x, double y, double tol) noexcept nogil:
    """The rail whose top lies under (x, y), or -1: strictly behind its nose line, in front
    of its outer edge and between the ends of its nose (within tol, m, if tol > 0)."""
    cdef int k
    cdef double d, lam, ex, ey
    cdef const double* p
    for k in range(G.n_rail):
        p = &G.seg[4 * k]
        d = G.seg_n[2 * k] * (x - p[0]) + G.seg_n[2 * k + 1] * (y - p[1])
        if not (-G.rail_depth - tol < d < tol):
            continue
        ex = p[2] - p[0]
        ey = p[3] - p[1]
        lam = (x - p[0]) * ex + (y - p[1]) * ey
        if -tol * sqrt(ex * ex + ey * ey) < lam < ex * ex + ey * ey + tol * sqrt(ex * ex + ey * ey):
            return k
    return -1


cdef inline double leave_entry(double c0, double c1, double c2, double T) noexcept nogil:
    """First time in [0, T] that c0 + c1 t + c2 t^2 (a ball's distance inside a boundary of
    its rail top, m) falls to <= 0: 0 if it is on the boundary (or past it by rounding)
    and leaving."""
    cdef double c[3]
    if c0 <= 0.0:
        if c1 < 0.0 or (c1 == 0.0 and c2 < 0.0):
            return 0.0
        c0 = 0.0
    c[0] = c0
    c[1] = c1
    c[2] = c2
    return first_entry(c, 2, T)


cdef inline void rail_top_contact(const Traj* Ti, const BallProps* B, const Geometry* G,
                                  double t_now, Hit* h) noexcept nogil:
    """Events of a ball moving on a rail top (improves h): its centre crosses the nose
    line (it falls back towards the table: EV_RAIL_LEAVE), the end of the rail's nose (over
    a pocket: EV_RAIL_LEAVE) or the outer edge (off the table: EV_OFF_TABLE); a ball that
    comes to rest there has come to rest off the table (EV_RAIL_REST, at once)."""
    cdef double T = Ti.t_end - t_now, tau, d0, d1, d2, s0, s1, s2, L, ex, ey
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    cdef int k
    cdef const double* p
    eval_traj(Ti, B, t_now, r, v, w)
    k = rail_under(G, r[0], r[1], PRESSED_MAX_M)
    if k < 0:
        keep(h, t_now, EV_RAIL_LEAVE, -1, 0)
        return
    if not (Ti.state == ST_SLIDING or Ti.state == ST_ROLLING):
        keep(h, t_now, EV_RAIL_REST, k, 0)
        return
    p = &G.seg[4 * k]
    d0 = G.seg_n[2 * k] * (r[0] - p[0]) + G.seg_n[2 * k + 1] * (r[1] - p[1])
    d1 = G.seg_n[2 * k] * v[0] + G.seg_n[2 * k + 1] * v[1]
    d2 = 0.5 * (G.seg_n[2 * k] * Ti.a[0] + G.seg_n[2 * k + 1] * Ti.a[1])
    ex = p[2] - p[0]
    ey = p[3] - p[1]
    L = sqrt(ex * ex + ey * ey)
    ex /= L
    ey /= L
    s0 = ex * (r[0] - p[0]) + ey * (r[1] - p[1])
    s1 = ex * v[0] + ey * v[1]
    s2 = 0.5 * (ex * Ti.a[0] + ey * Ti.a[1])
    keep(h, t_now + leave_entry(-d0, -d1, -d2, T), EV_RAIL_LEAVE, k, 0)
    keep(h, t_now + leave_entry(d0 + G.rail_depth, d1, d2, T), EV_OFF_TABLE, k, 0)
    keep(h, t_now + leave_entry(s0, s1, s2, T), EV_RAIL_LEAVE, k, 0)
    keep(h, t_now + leave_entry(L - s0, -s1, -s2, T), EV_RAIL_LEAVE, k, 0)


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
    """Unit normal at a cushion or jaw-tip contact, from the nearest point of the rubber
    (the nose edge, the face above it or the cap's edge) or of the tip's rim to the ball
    centre (Ti already advanced to the contact time). On the cloth it is (cos a n, -sin a)."""
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
    # the cushion's nearest point is on its rubber (nose edge, face, cap edge); a jaw tip's
    # rim is at the nose height
    N[2] = Ti.r[2] - (rubber_height(G, Ti.r[2]) if kind == EV_CUSHION else G.cushion_height)
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
