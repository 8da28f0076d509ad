# The event loop: detect -> advance -> resolve -> record, all on C data without the GIL.
#
# Each ball carries its own closed-form trajectory piece (Traj) from the time it last
# changed; nothing is stepped. The next event of every pair of balls is cached in an n x n
# table, with each row's minimum, and only the rows of the balls an event touched are
# recomputed, so an event costs O(n) (a row) instead of O(n^2). Ties are broken by ball
# index, so the event log is the same, bit for bit, on every run.

from cython.parallel cimport prange, threadid
from libc.math cimport sqrt, fabs, acos, atan2, sin, cos, INFINITY, NAN
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memset, memcpy

from cpython.ref cimport Py_INCREF

import numpy as np
cimport numpy as cnp

from physics_ext import constants as C
from physics_ext.types import EVENT_DTYPE

cnp.import_array()

from physics_ext._types cimport *
from physics_ext._motion cimport (setup_traj, eval_traj, classify_on_cloth, freeze,
                                  hypot2, fill_props, make_params, HOP_MIN_MPS, on_rail,
                                  classify_on_surface, load_piece, quad_range)
from physics_ext._roots cimport poly_eval, roots_in
from physics_ext._stroke cimport (strike_motion, squirt, joint_strike as _joint_strike,
                                  cue_ball_near, JOINT_BALLS, JOINT_CONTACTS, LAW_SIZE)
from physics_ext._resolve cimport fixed_contact, ball_ball
from physics_ext._cushion cimport cushion_contact
from physics_ext._query cimport problem_of, frozen_into
from physics_ext._detect cimport (Hit, in_play, translating, pair_contact, cloth_table_contact,
                                  air_table_contact, contact_normal, landing_pocket,
                                  pair_coeffs, feature_coeffs, part_speed, PART_MIN_MPS,
                                  rail_under, rail_top_contact, rubber_height, CONTACT_TOL_M,
                                  PRESSED_MAX_M, on_segment, circle_coeffs)


cdef extern from *:
    """
    /* Events closer in time than this count as "the same instant" for the stall guard (s). */
    #define SAME_TIME_S 1e-12
    /* A pressing contact raises the parting speed, and the motion states it changes may
       press harder: re-measured at most this many times (it settles in one or two). */
    #define PART_ROUNDS 4
    /* A ball in flight pressed by gravity slides down its support by the height that pays
       for its parting at this much more than the least parting speed's energy (so that
       the turned normal makes up for it); and never further than SLIDE_MAX_M along it (m).
       The height is under 1 um (the press depth), so the slide is under 1 um but near the
       very top of a ball, where it reaches sqrt(2 D 1 um) = 0.34 mm on the top itself. */
    #define PART_MARGIN 1.05
    #define SLIDE_MAX_M 1e-3
    /* An instant may hold this many events per ball (a cue ball into a frozen rack is a
       cascade of zero-gap impacts) before the solver declares it cannot progress. */
    #define STALL_EVENTS_PER_BALL 200
    /* Pressing contacts repeating this many times per ball at one instant are a wedge
       (balls jammed between each other and the jaws of a pocket's mouth, say): the cloth
       then brakes their slip or roll to its end at once, as the jam holds them. */
    #define WEDGE_EVENTS_PER_BALL 10
    """
    double SAME_TIME_S
    int STALL_EVENTS_PER_BALL
    int WEDGE_EVENTS_PER_BALL
    int PART_ROUNDS
    double PART_MARGIN
    double SLIDE_MAX_M

# An event of the log: a row of EVENT_DTYPE, packed as numpy lays it out (_types.pxd), so
# the log is copied out in one block.
ctypedef EventRow Event

ctypedef struct Piece:      # a trajectory piece as recorded for sampling
    int ball
    int state
    double t0
    double r[3]
    double v[3]
    double w[3]

# A ball's contacts with the table are followed rail by rail (physics_ext.table.Rail): a
# contact with a rail the ball has not left by more than VISIBLE_GAP_M since its last
# contact with it is flagged TOUCHING (follow_touches).
cdef enum:
    N_RAIL_SIDES = 6

ctypedef struct Touch:      # a ball's last contact with one rail
    int kind                # EV_CUSHION or EV_JAW_TIP; EV_NONE: none, or the ball has left
    int feature             # the segment or tip it touched

# m: a ball that has not gone further than this from the cushion it last touched has not
# left it (EventFlag.TOUCHING; constants.py)
cdef double VISIBLE_GAP_M = C.VISIBLE_GAP_M

cdef enum:
    OK = 0
    ERR_EVENT_CAP = 1
    ERR_STALLED = 2
    ERR_NO_MEMORY = 3


ctypedef struct Sim:
    int n
    Params P
    Geometry G
    BallProps* B
    Traj* T
    double* pair_t          # n x n next-collision times (symmetric), INFINITY if none
    double* row_t           # row minimum of pair_t
    int* row_j              # ... and the ball it is with
    double* own_t           # next event of the ball alone (cushion, pocket, transition, slate)
    int* own_kind
    int* own_feature
    int* own_flags
    Touch* touch            # (n, N_RAIL_SIDES) each ball's last contact with each rail
    double* feat_box        # (n_seg + n_tip + n_pocket, 4) bounding boxes of features
    Event* events
    int n_events
    int cap_events
    Piece* pieces
    int n_pieces
    int cap_pieces
    int max_events
    double t_now
    int err_a
    int err_b
    int same                # events so far at the current instant (stall guard, wedges)


# ---------------------------------------------------------------------------------------
# Recording
# ---------------------------------------------------------------------------------------

cdef void* grown(void* buffer, int used, int* capacity, size_t item) noexcept nogil:
    """`buffer` with room for one more item (capacity doubled when full); NULL if out of
    memory, the old buffer then still valid."""
    cdef void* bigger
    if used < capacity[0]:
        return buffer
    bigger = realloc(buffer, 2 * capacity[0] * item)
    if bigger != NULL:
        capacity[0] *= 2
    return bigger


cdef int record_piece(Sim* S, int i) noexcept nogil:
    cdef Piece* p = <Piece*> grown(S.pieces, S.n_pieces, &S.cap_pieces, sizeof(Piece))
    cdef int k
    if p == NULL:
        return ERR_NO_MEMORY
    S.pieces = p
    p = &S.pieces[S.n_pieces]
    p.ball = i
    p.state = S.T[i].state
    p.t0 = S.T[i].t0
    for k in range(3):
        p.r[k] = S.T[i].r[k]
        p.v[k] = S.T[i].v[k]
        p.w[k] = S.T[i].w[k]
    S.n_pieces += 1
    return OK


cdef int record_event(Sim* S, double t, int kind, int i, int j, int feature, int rail,
                      double speed, int flags) noexcept nogil:
    cdef Event* e = <Event*> grown(S.events, S.n_events, &S.cap_events, sizeof(Event))
    if e == NULL:
        return ERR_NO_MEMORY
    S.events = e
    e = &S.events[S.n_events]
    e.time = t
    e.kind = kind
    e.ball = i
    e.other = j
    e.feature = feature
    e.rail = rail
    e.state = S.T[i].state
    e.speed = speed
    e.flags = flags
    S.n_events += 1
    return OK


# ---------------------------------------------------------------------------------------
# Touching a cushion (EventFlag.TOUCHING): has a ball left the cushion it last touched?
# ---------------------------------------------------------------------------------------

cdef double widest_gap(const Sim* S, int i, int kind, int feature, double t) noexcept nogil:
    """Largest gap (m) between ball i and cushion face or jaw tip `feature` over its
    current trajectory piece, from its start to time t, seen from above (its centre's
    horizontal distance from the feature less the touching distance rho), exactly: a
    face's gap n . (p(t) - p1) - rho is quadratic in t, greatest at an end or at its
    vertex; a tip's |p(t) - c| - (r_tip + rho) is the root of a quartic, greatest at an
    end or at a root of the quartic's derivative."""
    cdef const Traj* Ti = &S.T[i]
    cdef double T = (t if t < Ti.t_end else Ti.t_end) - Ti.t0, lo, hi, q
    cdef double c[5]
    cdef double d[4]
    cdef double crit[4]
    cdef const double* p
    cdef int k, m
    if not (T > 0.0):
        T = 0.0
    if kind == EV_CUSHION:
        p = &S.G.seg[4 * feature]
        quad_range(S.G.seg_n[2 * feature] * (Ti.r[0] - p[0]) +
                   S.G.seg_n[2 * feature + 1] * (Ti.r[1] - p[1]) - S.B[i].rho,
                   S.G.seg_n[2 * feature] * Ti.v[0] + S.G.seg_n[2 * feature + 1] * Ti.v[1],
                   S.G.seg_n[2 * feature] * Ti.a[0] + S.G.seg_n[2 * feature + 1] * Ti.a[1],
                   T, &lo, &hi)
        return hi
    p = &S.G.tip[3 * feature]
    circle_coeffs(Ti.r, Ti.v, Ti.a, p, 0.0, c)
    q = poly_eval(c, 4, T)
    hi = c[0] if c[0] > q else q
    for k in range(4):
        d[k] = (k + 1) * c[k + 1]
    m = roots_in(d, 3, 0.0, T, crit)
    for k in range(m):
        q = poly_eval(c, 4, crit[k])
        if q > hi:
            hi = q
    return sqrt(hi) - p[2] - S.B[i].rho


cdef void follow_touches(Sim* S, int i, double t) noexcept nogil:
    """Ball i's current trajectory piece ends at time t: each rail whose last contact it
    has not left (Touch) is let go if the ball went further than VISIBLE_GAP_M from the
    face or tip it touched during the piece, or if the piece is on a rail top (it went
    over the cushion)."""
    cdef Touch* row = &S.touch[N_RAIL_SIDES * i]
    cdef bint over = on_rail(&S.T[i], &S.B[i])
    cdef int k
    for k in range(N_RAIL_SIDES):
        if row[k].kind != EV_NONE and (
                over or widest_gap(S, i, row[k].kind, row[k].feature, t) > VISIBLE_GAP_M):
            row[k].kind = EV_NONE


cdef int touch_rail(Sim* S, int i, int kind, int feature, int rail) noexcept nogil:
    """Ball i's contact with face or tip `feature` of `rail` begins now (its pieces up to
    now followed): FLAG_TOUCHING if the ball had not left that rail since its last contact
    with it (by more than VISIBLE_GAP_M), else 0. The contact becomes the rail's last."""
    cdef Touch* touch
    cdef int flags
    if not (0 <= rail < N_RAIL_SIDES):
        return 0
    touch = &S.touch[N_RAIL_SIDES * i + rail]
    flags = FLAG_TOUCHING if touch.kind != EV_NONE else 0
    touch.kind = kind
    touch.feature = feature
    return flags


# ---------------------------------------------------------------------------------------
# Detection: time of the next event of a pair, or of one ball with the table
# ---------------------------------------------------------------------------------------

cdef double pair_time(Sim* S, int i, int j) noexcept nogil:
    return pair_contact(&S.T[i], &S.T[j], &S.B[i], &S.B[j], S.t_now)


cdef void own_event(Sim* S, int i) noexcept nogil:
    """The next event of ball i alone: its own state change, or contact with the table."""
    cdef Traj* Ti = &S.T[i]
    cdef Hit h
    h.t = INFINITY
    h.kind = EV_NONE
    h.feature = -1
    h.flags = 0
    if in_play(Ti.state) and Ti.t_end < INFINITY:
        h.t = Ti.t_end
        h.kind = EV_SLATE if Ti.state == ST_AIRBORNE else EV_TRANSITION
    if Ti.state == ST_AIRBORNE:
        air_table_contact(Ti, &S.B[i], &S.G, S.feat_box, S.t_now, &h)
    elif in_play(Ti.state) and on_rail(Ti, &S.B[i]):
        rail_top_contact(Ti, &S.B[i], &S.G, S.t_now, &h)
    elif translating(Ti.state):
        cloth_table_contact(Ti, &S.B[i], &S.G, S.feat_box, S.t_now, &h)
    S.own_t[i] = h.t
    S.own_kind[i] = h.kind
    S.own_feature[i] = h.feature
    S.own_flags[i] = h.flags


cdef void rescan_row(Sim* S, int i) noexcept nogil:
    cdef int j, n = S.n
    cdef double best = INFINITY
    cdef int arg = -1
    for j in range(n):
        if S.pair_t[i * n + j] < best:
            best = S.pair_t[i * n + j]
            arg = j
    S.row_t[i] = best
    S.row_j[i] = arg


cdef void refresh_ball(Sim* S, int i, int done) noexcept nogil:
    """Ball i's trajectory changed: recompute its own event and its row of pair times.
    done: a ball whose pair with i is already recomputed on the present trajectories (the
    other ball of an impact, refreshed just before: the same time again would change
    neither row), or -1."""
    cdef int j, n = S.n
    cdef double t, old
    own_event(S, i)
    for j in range(n):
        if j == i or j == done:
            continue
        t = pair_time(S, i, j)
        old = S.pair_t[j * n + i]
        S.pair_t[i * n + j] = t
        S.pair_t[j * n + i] = t
        if t < S.row_t[j] or (t == S.row_t[j] and i < S.row_j[j]):
            S.row_t[j] = t
            S.row_j[j] = i
        elif S.row_j[j] == i and t != old:
            rescan_row(S, j)
    rescan_row(S, i)


# ---------------------------------------------------------------------------------------
# Resolution
# ---------------------------------------------------------------------------------------

cdef inline void advance(Sim* S, int i, double t) noexcept nogil:
    """Re-base ball i's trajectory at time t (its state there becomes the new t0 state)."""
    cdef Traj* Ti = &S.T[i]
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    cdef int k
    eval_traj(Ti, &S.B[i], t, r, v, w)
    for k in range(3):
        Ti.r[k] = r[k]
        Ti.v[k] = v[k]
        Ti.w[k] = w[k]
    Ti.t0 = t


cdef void settle(Sim* S, int i, bint was_airborne, bint landing) noexcept nogil:
    """After an impulse: decide whether ball i flies or stays on the cloth, and set up its
    new trajectory. A ball landing on the slate (or driven into it by the cue) bounces with
    e_t and slate friction u_s (PHYSICS 4.4). A ball already on the cloth that an impact
    pushes down is held by the slate, which takes the vertical speed (as Han 2005 and
    pooltool treat the cushion's downward impulse). A ball lifted by less than HOP_MIN_MPS
    stays on the cloth. A ball on a rail top (centre at z_rail: it landed there, or was
    there) is held and bounced by the rail top alike, with e_rail and u_rail."""
    cdef Traj* Ti = &S.T[i]
    cdef BallProps* B = &S.B[i]
    cdef double N[3]
    cdef double rc[3]
    cdef bint rail = Ti.r[2] > 1.5 * B.R
    cdef double floor = B.z_rail if rail else B.R
    if not was_airborne or landing or Ti.r[2] <= B.R:
        Ti.r[2] = floor
        if Ti.v[2] < 0.0:
            if landing:
                N[0] = 0.0
                N[1] = 0.0
                N[2] = 1.0
                rc[0] = 0.0
                rc[1] = 0.0
                rc[2] = -B.R
                if rail:
                    fixed_contact(Ti, B, N, rc, S.P.e_rail, S.P.u_rail)
                else:
                    fixed_contact(Ti, B, N, rc, S.P.e_t, S.P.u_s)
            else:
                Ti.v[2] = 0.0
        if Ti.v[2] > HOP_MIN_MPS:
            Ti.state = ST_AIRBORNE
        else:
            classify_on_surface(Ti, B, floor)
    else:
        Ti.state = ST_AIRBORNE
    setup_traj(Ti, B, &S.P)


cdef void land_clear_of_cushions(Sim* S, int i) noexcept nogil:
    """A ball landing from the air within reach of a cushion face or jaw tip (it came down
    past the nose edge, which the edge model of a flying ball allows by a hair) is set
    touching it instead of inside it."""
    cdef int k
    cdef double s, ex, ey, lam
    cdef const double* p
    if S.T[i].state == ST_AIRBORNE:
        return
    for k in range(S.G.n_seg):
        p = &S.G.seg[4 * k]
        ex = p[2] - p[0]
        ey = p[3] - p[1]
        lam = (S.T[i].r[0] - p[0]) * ex + (S.T[i].r[1] - p[1]) * ey
        s = S.G.seg_n[2 * k] * (S.T[i].r[0] - p[0]) + S.G.seg_n[2 * k + 1] * (S.T[i].r[1] - p[1])
        if 0.0 <= lam <= ex * ex + ey * ey and -S.B[i].rho < s < S.B[i].rho:
            unpress_table(S, i, EV_CUSHION, k)
    for k in range(S.G.n_tip):
        unpress_table(S, i, EV_JAW_TIP, k)
    setup_traj(&S.T[i], &S.B[i], &S.P)


cdef double hit_table(Sim* S, int i, int kind, int feature) noexcept nogil:
    """Ball i hits cushion segment or jaw tip `feature`: the impact along the contact normal
    from the rubber to the ball centre, by Params.cushion_model (_cushion.pxd)."""
    cdef double N[3]
    contact_normal(&S.T[i], &S.B[i], &S.G, kind, feature, N)
    return cushion_contact(&S.T[i], &S.B[i], N, &S.P)


cdef void end_of_piece(Sim* S, int i) noexcept nogil:
    """Ball i reached the end of its motion law by itself: slide -> roll, roll -> spin or
    rest, spin -> rest. The end state is exact, so it is imposed, not re-measured."""
    cdef Traj* Ti = &S.T[i]
    cdef BallProps* B = &S.B[i]
    if Ti.state == ST_SLIDING:
        Ti.w[0] = -Ti.v[1] / B.R
        Ti.w[1] = Ti.v[0] / B.R
    elif Ti.state == ST_ROLLING:
        Ti.v[0] = 0.0
        Ti.v[1] = 0.0
        Ti.w[0] = 0.0
        Ti.w[1] = 0.0
    elif Ti.state == ST_SPINNING:
        Ti.w[2] = 0.0
    classify_on_surface(Ti, B, B.z_rail if on_rail(Ti, B) else B.R)
    setup_traj(Ti, B, &S.P)


cdef bint at_cushion(Sim* S, int i) noexcept nogil:
    """Is ball i, on the cloth, touching (or pressed within PRESSED_MAX_M into) a cushion
    face or a jaw tip?"""
    return cushions_touched(S, i, NULL)


cdef bint cushions_touched(Sim* S, int i, Touch* row) noexcept nogil:
    """at_cushion; with a row of N_RAIL_SIDES Touch (not NULL), every face and tip ball i
    touches is also recorded in it as the rail's last contact."""
    cdef int k, rail
    cdef bint found = False
    cdef double s = S.B[i].rho + PRESSED_MAX_M
    cdef const double* p
    # every face and tip lies on or behind the nose lines (physics_ext/table.py): a ball
    # further than s in front of all four touches none
    if (S.G.inner[0] + s < S.T[i].r[0] < S.G.inner[1] - s and
            S.G.inner[2] + s < S.T[i].r[1] < S.G.inner[3] - s):
        return False
    for k in range(S.G.n_seg + S.G.n_tip):
        if k < S.G.n_seg:
            p = &S.G.seg[4 * k]
            s = (S.G.seg_n[2 * k] * (S.T[i].r[0] - p[0]) +
                 S.G.seg_n[2 * k + 1] * (S.T[i].r[1] - p[1]) - S.B[i].rho)
            if not (fabs(s) <= PRESSED_MAX_M and on_segment(p, S.T[i].r[0], S.T[i].r[1])):
                continue
        else:
            p = &S.G.tip[3 * (k - S.G.n_seg)]
            s = hypot2(S.T[i].r[0] - p[0], S.T[i].r[1] - p[1]) - p[2] - S.B[i].rho
            if not (fabs(s) <= PRESSED_MAX_M):
                continue
        if row == NULL:
            return True
        found = True
        rail = S.G.seg_rail[k] if k < S.G.n_seg else S.G.tip_rail[k - S.G.n_seg]
        if 0 <= rail < N_RAIL_SIDES:
            row[rail].kind = EV_CUSHION if k < S.G.n_seg else EV_JAW_TIP
            row[rail].feature = k if k < S.G.n_seg else k - S.G.n_seg
    return found


cdef void unpress(Sim* S, int i, int j) noexcept nogil:
    """Balls i and j given pressed a few micrometres into each other (positions from an
    older solver's creep rule; this one never presses them in) are moved apart to touch
    exactly at their first impact. On the cloth both move horizontally (inversely to their
    masses; only the other if one touches a cushion or jaw, which it would be pressed
    into); a ball in flight moves along the line of centres, one on the cloth stays."""
    cdef Traj* Ti = &S.T[i]
    cdef Traj* Tj = &S.T[j]
    cdef double d[3]
    cdef double D = S.B[i].R + S.B[j].R, dist, want, wi
    cdef bint air_i = Ti.state == ST_AIRBORNE, air_j = Tj.state == ST_AIRBORNE
    cdef int k, dims = 3 if (air_i or air_j) else 2
    for k in range(3):
        d[k] = Tj.r[k] - Ti.r[k]
    if dims == 2:
        want = sqrt(D * D - d[2] * d[2])
        d[2] = 0.0
    else:
        want = D
        wi = S.B[j].m / (S.B[i].m + S.B[j].m) if (air_i and air_j) else (1.0 if air_i else 0.0)
    dist = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2])
    if dist >= want or dist == 0.0:
        return
    if dims == 2:
        wi = S.B[j].m / (S.B[i].m + S.B[j].m)
        # a ball touching a cushion or jaw stays: moving it would press it in
        if at_cushion(S, i) and not at_cushion(S, j):
            wi = 0.0
        elif at_cushion(S, j) and not at_cushion(S, i):
            wi = 1.0
    for k in range(dims):
        Ti.r[k] -= wi * (want - dist) * d[k] / dist
        Tj.r[k] += (1.0 - wi) * (want - dist) * d[k] / dist
    if Ti.r[2] < S.B[i].R:
        Ti.r[2] = S.B[i].R
    if Tj.r[2] < S.B[j].R:
        Tj.r[2] = S.B[j].R


cdef void unpress_table(Sim* S, int i, int kind, int feature) noexcept nogil:
    """Ball i on the cloth pressed a few micrometres into a cushion face or jaw tip (given
    so, or landing from the air past the nose edge) is moved out to touch it exactly (as
    unpress does for two balls)."""
    cdef Traj* Ti = &S.T[i]
    cdef double press, dx, dy, d
    cdef const double* p
    if Ti.state == ST_AIRBORNE:
        return
    if kind == EV_CUSHION:
        p = &S.G.seg[4 * feature]
        press = S.B[i].rho - (S.G.seg_n[2 * feature] * (Ti.r[0] - p[0]) +
                              S.G.seg_n[2 * feature + 1] * (Ti.r[1] - p[1]))
        if press > 0.0:
            Ti.r[0] += press * S.G.seg_n[2 * feature]
            Ti.r[1] += press * S.G.seg_n[2 * feature + 1]
    else:
        p = &S.G.tip[3 * feature]
        dx = Ti.r[0] - p[0]
        dy = Ti.r[1] - p[1]
        d = hypot2(dx, dy)
        press = p[2] + S.B[i].rho - d
        if press > 0.0 and d > 0.0:
            Ti.r[0] += press * dx / d
            Ti.r[1] += press * dy / d


cdef inline bint wedged(const Sim* S) noexcept nogil:
    """Have pressing contacts repeated WEDGE_EVENTS_PER_BALL times per ball at this
    instant (balls jammed against each other and the table)? Their parting is then paid
    by braking to the end of the motion law (brake), not by turning, which only moves
    them from one contact to the next."""
    return S.same > WEDGE_EVENTS_PER_BALL * S.n


cdef bint frictional(const Traj* T) noexcept nogil:
    """Does the ball's own motion law brake it by cloth (or rail-top) friction: sliding,
    or rolling against the rolling resistance?"""
    return T.state == ST_SLIDING or T.state == ST_ROLLING


cdef void brake(Sim* S, int i, double tau) noexcept nogil:
    """Give ball i (frictional) the velocity and spin its own motion law reaches tau
    seconds on, where it is: the impulse its cloth friction (or rolling resistance) gives
    it over tau, applied at once. That law only ever removes energy. Past the end of the
    law the end state is imposed (end_of_piece)."""
    cdef Traj* Ti = &S.T[i]
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    cdef int k
    cdef bint done = Ti.t0 + tau >= Ti.t_end
    eval_traj(Ti, &S.B[i], Ti.t_end if done else Ti.t0 + tau, r, v, w)
    for k in range(3):
        Ti.v[k] = v[k]
        Ti.w[k] = w[k]
    if done:
        end_of_piece(S, i)
    else:
        classify_on_surface(Ti, &S.B[i], S.B[i].z_rail if on_rail(Ti, &S.B[i]) else S.B[i].R)
        setup_traj(Ti, &S.B[i], &S.P)


cdef bint turn(double* q, const double* n, double want, int dims) noexcept nogil:
    """Turn the relative velocity q (dims components) so that its part along the unit
    normal n is `want`, keeping its length (so the kinetic energy of the relative motion),
    the part across n giving way: the contact's friction turning sliding past each other
    into parting. False (q unchanged) if q is slower than `want`."""
    cdef double qn = 0.0, q2 = 0.0, t2 = 0.0, keep
    cdef double t[3]
    cdef int k
    for k in range(dims):
        qn += q[k] * n[k]
        q2 += q[k] * q[k]
    # a hair under the length: no rounding may add energy
    keep = q2 * (1.0 - 1e-12) - want * want
    for k in range(dims):
        t[k] = q[k] - qn * n[k]
        t2 += t[k] * t[k]
    if not (keep >= 0.0 and t2 > 0.0):
        return False
    keep = sqrt(keep / t2)
    for k in range(dims):
        q[k] = want * n[k] + keep * t[k]
    return True


cdef inline double dist3(const double* x, const double* y) noexcept nogil:
    return sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) +
                (x[2] - y[2]) * (x[2] - y[2]))


cdef double slide_down(Sim* S, int a, int support, const double* c,
                       double need) noexcept nogil:
    """Ball a, in flight and pressed by gravity on a support whose nearest point is c (the
    centre of a ball the slate holds, the nearest point of a cushion's nose or cap edge, a
    jaw tip's rim point), slides down the support's surface: its centre turns about c in
    the vertical plane through both (square to a cushion's edge), its distance kept, until
    it has come down by `need` (m), the potential energy that pays for its parting (what
    a sustained contact does: the support holds it while gravity moves it along). Returns
    how far it came down (m); 0 (nothing moved) when it cannot: not above c, on its very
    top (it would move more than SLIDE_MAX_M), into the slate, or into another ball than
    `support` (its index, -1 for a cushion)."""
    cdef Traj* Ta = &S.T[a]
    cdef double d[3]
    cdef double old[3]
    cdef double q[3]
    cdef double v[3]
    cdef double w[3]
    cdef double D, h, nz, beta
    cdef int k, m
    for k in range(3):
        d[k] = Ta.r[k] - c[k]
        old[k] = Ta.r[k]
    D = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2])
    h = sqrt(d[0] * d[0] + d[1] * d[1]) / D
    nz = d[2] / D
    if not (need > 0.0 and nz > 0.0 and h > 0.0 and nz - need / D > -1.0):
        return 0.0
    beta = acos(nz - need / D)
    if D * (beta - atan2(h, nz)) > SLIDE_MAX_M:
        return 0.0
    Ta.r[0] = c[0] + D * sin(beta) * d[0] / (h * D)
    Ta.r[1] = c[1] + D * sin(beta) * d[1] / (h * D)
    Ta.r[2] = c[2] + D * cos(beta)
    if Ta.r[2] < S.B[a].R:
        for k in range(3):
            Ta.r[k] = old[k]
        return 0.0
    for m in range(S.n):
        if m == a or m == support or not in_play(S.T[m].state):
            continue
        eval_traj(&S.T[m], &S.B[m], S.t_now, q, v, w)
        if (dist3(Ta.r, q) < S.B[a].R + S.B[m].R - CONTACT_TOL_M and
                dist3(Ta.r, q) < dist3(old, q)):
            for k in range(3):
                Ta.r[k] = old[k]
            return 0.0
    return old[2] - Ta.r[2]


cdef int part_pair(Sim* S, int i, int j) noexcept nogil:
    """After the impact of balls i and j (settled): if their relative acceleration presses
    them together and they part slower than part_speed (a pressing contact: pushed by cloth
    friction, rolling resistance or gravity), they are made to part at it, so that they
    stay apart until their next contact instead of sinking into each other or meeting
    again at once, without any gain of energy:
    1. sliding past each other, their relative velocity (its horizontal part unless both
       are in flight: the slate holds a ball on the cloth) is turned towards the normal,
       its length kept (turn: equal and opposite, momentum and energy kept);
    2. else, pressed by cloth friction or rolling resistance, each such ball is given the
       braking its friction gives it over the time tau the press needs to close them at
       part_speed / e (brake: only removes energy), and the impact is resolved again;
    3. else, gravity pressing a ball in flight on one the slate holds, it slides down the
       other (slide_down) by the height whose potential energy pays for the parting.
    A pair still closing at part_speed or faster (the slate held one of them) is parted by
    a normal impulse, which takes energy out; so is, as a last resort, a press none of
    these can pay for (a ball in flight on the very top of a resting ball: the one gain
    of energy left, physics_ext/README.md, "Pressing contacts").
    Re-measured after the motion states it changes, PART_ROUNDS times at most. Returns
    FLAG_PRESSED if it acted, else 0."""
    cdef Traj* Ti = &S.T[i]
    cdef Traj* Tj = &S.T[j]
    cdef double c[5]
    cdef double n[3]
    cdef double q[3]
    cdef double scale = 2.0 * (S.B[i].R + S.B[j].R), u, want, d, J, ki, kj, g_fin, h, tau
    cdef double mu_i, mu_j
    cdef bint air_i, air_j
    cdef int k, a, b, rounds, dims, flags = 0
    for rounds in range(PART_ROUNDS):
        if not (in_play(Ti.state) and in_play(Tj.state)):
            break
        pair_coeffs(Ti, Tj, &S.B[i], &S.B[j], S.t_now, c)
        u = c[1] / scale
        want = part_speed(c, scale, True)
        if not (want >= PART_MIN_MPS and u < want):
            break
        flags = FLAG_PRESSED
        for k in range(3):
            n[k] = Tj.r[k] - Ti.r[k]
        d = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
        for k in range(3):
            n[k] /= d
        air_i = Ti.state == ST_AIRBORNE
        air_j = Tj.state == ST_AIRBORNE
        ki = (1.0 if air_i else 1.0 - n[2] * n[2]) / S.B[i].m
        kj = (1.0 if air_j else 1.0 - n[2] * n[2]) / S.B[j].m
        # still closing at least as fast (the slate held one of them): a normal impulse
        # that parts them at `want` takes energy out, (u^2 - want^2) / 2k
        if u * u >= want * want:
            push_pair(S, i, j, n, (want - u) / (ki + kj))
            continue
        # 1. turn their relative velocity: in 3-D for two balls in flight; else its
        # horizontal part (the slate holds a ball on the cloth), whose normal part must
        # then make up what the vertical part of the normal does not
        for k in range(3):
            q[k] = Tj.v[k] - Ti.v[k]
        h = sqrt(n[0] * n[0] + n[1] * n[1])
        dims = 3 if (air_i and air_j) else 2
        if dims == 3:
            d = want
            h = 1.0
        else:
            d = (want - q[2] * n[2]) / h if h > 0.0 else INFINITY
        if h > 0.0 and not wedged(S):
            for k in range(dims):
                n[k] /= h
            if turn(q, n, d, dims):
                mu_i = S.B[j].m / (S.B[i].m + S.B[j].m)
                mu_j = S.B[i].m / (S.B[i].m + S.B[j].m)
                for k in range(dims):
                    d = q[k] - (Tj.v[k] - Ti.v[k])
                    Ti.v[k] -= mu_i * d
                    Tj.v[k] += mu_j * d
                settle(S, i, air_i, False)
                settle(S, j, air_j, False)
                continue
            for k in range(dims):
                n[k] *= h
        # 2. brake the balls the cloth presses together, then the impact again
        g_fin = 0.0
        for k in range(3):
            g_fin += n[k] * ((Tj.a[k] if frictional(Tj) else 0.0) -
                             (Ti.a[k] if frictional(Ti) else 0.0))
        if g_fin < 0.0 and 2.0 * c[2] / scale > 4.0 * g_fin:
            tau = (want / (S.P.e_b if S.P.e_b > 0.5 else 0.5) + u) / -g_fin
            if wedged(S):
                tau = INFINITY
            if frictional(Ti):
                brake(S, i, tau)
            if frictional(Tj):
                brake(S, j, tau)
            ball_ball(Ti, Tj, &S.B[i], &S.B[j], &S.P)
            settle(S, i, air_i, False)
            settle(S, j, air_j, False)
            continue
        # 3. gravity presses a ball in flight on one the slate holds: it slides down the
        # other's surface by the height whose potential energy pays for the parting
        # (kinetic energy of the normal motion u^2 / 2k, k = ki + kj), then is parted
        if air_i != air_j:
            a = i if air_i else j
            b = j if air_i else i
            h = slide_down(S, a, b, &S.T[b].r[0],
                           PART_MARGIN * (want * want - u * u) / (2.0 * (ki + kj))
                           / (S.B[a].m * S.P.g))
            if h > 0.0:
                pair_coeffs(Ti, Tj, &S.B[i], &S.B[j], S.t_now, c)
                u = c[1] / scale
                for k in range(3):
                    n[k] = Tj.r[k] - Ti.r[k]
                d = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
                for k in range(3):
                    n[k] /= d
                ki = (1.0 if air_i else 1.0 - n[2] * n[2]) / S.B[i].m
                kj = (1.0 if air_j else 1.0 - n[2] * n[2]) / S.B[j].m
                d = sqrt(u * u + 2.0 * (ki + kj) * S.B[a].m * S.P.g * h)
                push_pair(S, i, j, n, ((want if want < d else d) - u) / (ki + kj))
                continue
        # 4. none of these: the parting impulse along the line of centres
        push_pair(S, i, j, n, (want - u) / (ki + kj))
    return flags


cdef void push_pair(Sim* S, int i, int j, const double* n, double J) noexcept nogil:
    """Normal impulse J (N s, >= 0 parts them) on balls i and j along the unit line of
    centres n (from i to j), equal and opposite; the slate takes the vertical part on a
    ball on the cloth. Both settled after."""
    cdef Traj* Ti = &S.T[i]
    cdef Traj* Tj = &S.T[j]
    cdef bint air_i = Ti.state == ST_AIRBORNE, air_j = Tj.state == ST_AIRBORNE
    cdef int k
    if J > 0.0:
        for k in range(3):
            if k < 2 or air_i:
                Ti.v[k] -= J * n[k] / S.B[i].m
            if k < 2 or air_j:
                Tj.v[k] += J * n[k] / S.B[j].m
    settle(S, i, air_i, False)
    settle(S, j, air_j, False)


cdef int part_table(Sim* S, int i, int kind, int feature) noexcept nogil:
    """After ball i's impact on cushion segment or jaw tip `feature` (settled): as
    part_pair, for a ball pressed into the cushion (by its own cloth friction, say): its
    velocity is turned to part along the contact normal (horizontal on the cloth) at
    part_speed, its speed kept; else its friction brakes it over the time the press needs
    and the impact is resolved again; else (gravity alone, a ball in flight resting on
    the nose or a jaw tip) it slides down round the edge (slide_table). A ball still
    closing at part_speed or faster, or one none of these can part, gets a normal impulse.
    Returns FLAG_PRESSED if it acted, else 0."""
    cdef Traj* Ti = &S.T[i]
    cdef double c[5]
    cdef double N[3]
    cdef double scale, u, want, q, g_fin, tau
    cdef bint air
    cdef int k, rounds, flags = 0
    for rounds in range(PART_ROUNDS):
        if not in_play(Ti.state):
            break
        air = Ti.state == ST_AIRBORNE
        scale = feature_coeffs(Ti, &S.B[i], &S.G, kind, feature, S.t_now, c)
        u = c[1] / scale
        # a face on the cloth has the gap itself for contact function; the rest, squares
        want = part_speed(c, scale, air or kind != EV_CUSHION)
        if not (want >= PART_MIN_MPS and u < want):
            break
        flags = FLAG_PRESSED
        contact_normal(Ti, &S.B[i], &S.G, kind, feature, N)
        if not air:
            N[2] = 0.0
            q = sqrt(N[0] * N[0] + N[1] * N[1])
            N[0] /= q
            N[1] /= q
        if u * u < want * want and not wedged(S) and turn(Ti.v, N, want, 3 if air else 2):
            settle(S, i, air, False)
            continue
        g_fin = (Ti.a[0] * N[0] + Ti.a[1] * N[1] + Ti.a[2] * N[2]) if frictional(Ti) else 0.0
        if u * u < want * want and g_fin < 0.0 and 2.0 * c[2] / scale > 4.0 * g_fin:
            tau = (want / (S.P.e_c if S.P.e_c > 0.5 else 0.5) + u) / -g_fin
            brake(S, i, INFINITY if wedged(S) else tau)
            hit_table(S, i, kind, feature)
            settle(S, i, air, False)
            continue
        if u * u < want * want and air and slide_table(S, i, kind, feature, want, u):
            continue
        for k in range(3):
            Ti.v[k] += (want - u) * N[k]
        settle(S, i, air, False)
    return flags


cdef bint slide_table(Sim* S, int i, int kind, int feature, double want,
                      double u) noexcept nogil:
    """Ball i in flight, pressed by gravity on a cushion's nose or cap edge or a jaw tip's
    rim and parting at u, slower than `want`: it slides down round the edge (slide_down)
    by the height whose potential energy pays for parting at `want`, and is parted along
    the new contact normal. False if it cannot slide."""
    cdef Traj* Ti = &S.T[i]
    cdef double c[3]
    cdef double N[3]
    cdef double d, h, v
    cdef const double* p
    cdef int k
    if kind == EV_CUSHION:
        p = &S.G.seg[4 * feature]
        d = S.G.seg_n[2 * feature] * (Ti.r[0] - p[0]) + S.G.seg_n[2 * feature + 1] * (Ti.r[1] - p[1])
        c[0] = Ti.r[0] - d * S.G.seg_n[2 * feature]
        c[1] = Ti.r[1] - d * S.G.seg_n[2 * feature + 1]
        c[2] = rubber_height(&S.G, Ti.r[2])
    else:
        p = &S.G.tip[3 * feature]
        c[0] = p[0]
        c[1] = p[1]
        c[2] = S.G.cushion_height
    h = slide_down(S, i, -1, c, PART_MARGIN * (want * want - u * u) / (2.0 * S.P.g))
    if not (h > 0.0):
        return False
    contact_normal(Ti, &S.B[i], &S.G, kind, feature, N)
    u = Ti.v[0] * N[0] + Ti.v[1] * N[1] + Ti.v[2] * N[2]
    v = sqrt(u * u + 2.0 * S.P.g * h)
    if v > want:
        v = want
    if v > u:
        for k in range(3):
            Ti.v[k] += (v - u) * N[k]
    settle(S, i, True, False)
    return True


cdef inline bint before(double x, double y, double bx, double by) noexcept nogil:
    return x < bx or (x == bx and y < by)


cdef void first_at_instant(Sim* S, double t, int* bi, int* bj) noexcept nogil:
    """Of all the events due at exactly time t (a cue ball into a frozen rack sets off a
    cascade of impacts at one instant), the one whose contact point (a ball's centre for
    an event of one ball) comes first in x, then y. Simultaneous impacts are resolved one
    after another, so their order matters: tying it to the table, not to the balls'
    numbers, makes the break of a rack the same whatever numbers its balls carry."""
    cdef int i, j, n = S.n, ties = 0
    cdef double x, y, bx = INFINITY, by = INFINITY
    cdef double r[3]
    cdef double q[3]
    cdef double v[3]
    cdef double w[3]
    for i in range(n):
        ties += (S.own_t[i] == t) + (S.row_t[i] == t)
    if ties <= 2:            # one event (a pair is in two rows), or one ball's own event
        if ties <= 1 or S.row_t[bi[0]] == t:
            return
    for i in range(n):
        if S.own_t[i] == t:
            eval_traj(&S.T[i], &S.B[i], t, r, v, w)
            if before(r[0], r[1], bx, by):
                bx, by, bi[0], bj[0] = r[0], r[1], i, -1
        if S.row_t[i] != t:
            continue
        for j in range(i + 1, n):
            if S.pair_t[i * n + j] == t:
                eval_traj(&S.T[i], &S.B[i], t, r, v, w)
                eval_traj(&S.T[j], &S.B[j], t, q, v, w)
                x = 0.5 * (r[0] + q[0])
                y = 0.5 * (r[1] + q[1])
                if before(x, y, bx, by):
                    bx, by, bi[0], bj[0] = x, y, i, j


cdef bint landing_now(Sim* S, int i, double t) noexcept nogil:
    """Is ball i, in flight, falling with its bottom within CONTACT_TOL_M of the slate at
    time t (touching it)?"""
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    eval_traj(&S.T[i], &S.B[i], t, r, v, w)
    return S.T[i].state == ST_AIRBORNE and v[2] < 0.0 and r[2] - S.B[i].R <= CONTACT_TOL_M


cdef int step(Sim* S) noexcept nogil:
    """Find and process the next event. Returns OK, or -1 when every ball is at rest."""
    cdef int i, best_i = -1, j = -1, kind, feature, flags, rail, err
    cdef double best = INFINITY, t, speed = 0.0
    cdef Traj* Ti
    cdef bint air
    for i in range(S.n):
        if S.own_t[i] < best:
            best = S.own_t[i]
            best_i = i
            j = -1
        if S.row_t[i] < best:
            best = S.row_t[i]
            best_i = i
            j = S.row_j[i]
    if best_i < 0 or best == INFINITY:
        return -1
    first_at_instant(S, best, &best_i, &j)
    # a ball in flight touching a ball within CONTACT_TOL_M of the slate, falling, lands
    # first, now: else a ball dropping between two touching balls (its contacts with them
    # grazing as it reaches the cloth) meets them again and again without landing
    for i in range(2 if j >= 0 else 0):
        i = best_i if i == 0 else j
        if S.own_kind[i] == EV_SLATE and landing_now(S, i, best):
            best_i = i
            j = -1
            break
    i = best_i
    t = best
    S.t_now = t
    Ti = &S.T[i]
    if j >= 0:
        follow_touches(S, i, t)
        follow_touches(S, j, t)
        advance(S, i, t)
        advance(S, j, t)
        unpress(S, i, j)
        air = Ti.state == ST_AIRBORNE
        speed = ball_ball(Ti, &S.T[j], &S.B[i], &S.B[j], &S.P)
        settle(S, i, air, False)
        settle(S, j, S.T[j].state == ST_AIRBORNE, False)
        flags = part_pair(S, i, j)
        err = record_event(S, t, EV_BALL_BALL, i, j, -1, -1, speed, flags)
        err = err or record_piece(S, i) or record_piece(S, j)
        S.err_a = i
        S.err_b = j
        refresh_ball(S, i, -1)
        refresh_ball(S, j, i)
        return err
    kind = S.own_kind[i]
    feature = S.own_feature[i]
    flags = S.own_flags[i]
    rail = -1
    follow_touches(S, i, t)
    advance(S, i, t)
    air = Ti.state == ST_AIRBORNE
    if kind == EV_CUSHION or kind == EV_JAW_TIP:
        unpress_table(S, i, kind, feature)
        rail = S.G.seg_rail[feature] if kind == EV_CUSHION else S.G.tip_rail[feature]
        flags |= touch_rail(S, i, kind, feature, rail)
        speed = hit_table(S, i, kind, feature)
        settle(S, i, air, False)
        flags |= part_table(S, i, kind, feature)
    elif kind == EV_POCKET:
        speed = hypot2(Ti.v[0], Ti.v[1])
        Ti.state = ST_POCKETED
        freeze(Ti)
        setup_traj(Ti, &S.B[i], &S.P)
    elif kind == EV_SLATE:
        Ti.r[2] = S.B[i].R
        feature = landing_pocket(&S.G, Ti.r[0], Ti.r[1])
        if feature >= 0:
            kind = EV_POCKET
            speed = hypot2(Ti.v[0], Ti.v[1])
            Ti.state = ST_POCKETED
            freeze(Ti)
            setup_traj(Ti, &S.B[i], &S.P)
        else:
            speed = -Ti.v[2]
            settle(S, i, False, True)
            land_clear_of_cushions(S, i)
    elif kind == EV_RAIL_TOP:
        # lands on rail `feature`'s top: bounces with e_rail and u_rail (as on the slate)
        Ti.r[2] = S.B[i].z_rail
        rail = feature
        speed = -Ti.v[2]
        settle(S, i, True, True)
    elif kind == EV_OFF_TABLE or kind == EV_RAIL_REST:
        # over a rail's outer edge, or at rest on a rail top: off the table (BCA 3.28,
        # WEPF U: a ball that comes to rest on a cushion top or rail is off the table)
        kind = EV_OFF_TABLE
        rail = S.G.seg_rail[feature]
        speed = hypot2(Ti.v[0], Ti.v[1])
        Ti.state = ST_OFF_TABLE
        freeze(Ti)
        setup_traj(Ti, &S.B[i], &S.P)
    elif kind == EV_RAIL_LEAVE:
        # its centre passed the rail top's edge: it falls, towards the cloth (meeting the
        # nose as a flight) or into a pocket
        kind = EV_TRANSITION
        rail = feature
        Ti.v[2] = 0.0
        Ti.state = ST_AIRBORNE
        setup_traj(Ti, &S.B[i], &S.P)
    else:
        end_of_piece(S, i)
    err = record_event(S, t, kind, i, -1, feature, rail, speed, flags) or record_piece(S, i)
    S.err_a = i
    S.err_b = -1
    refresh_ball(S, i, -1)
    return err


# ---------------------------------------------------------------------------------------
# One shot, in C: the one solver that run() and run_batch() share
# ---------------------------------------------------------------------------------------

cdef Geometry make_geometry(const double[:, :, ::1] seg, const double[:, ::1] seg_n,
                            const int[::1] seg_rail, const double[:, ::1] tip,
                            const int[::1] tip_rail, const double[:, ::1] pocket,
                            double length, double width, double cushion_height,
                            double rail_depth, double rail_top_height):
    """The table boundary as the solver reads it; it points into the arrays, which must
    outlive every Sim that uses it."""
    cdef Geometry G
    memset(&G, 0, sizeof(Geometry))
    G.n_seg = seg.shape[0]
    G.n_tip = tip.shape[0]
    G.n_pocket = pocket.shape[0]
    G.seg = &seg[0, 0, 0]
    G.seg_n = &seg_n[0, 0]
    G.seg_rail = &seg_rail[0]
    G.tip = &tip[0, 0] if G.n_tip > 0 else NULL
    G.tip_rail = &tip_rail[0] if G.n_tip > 0 else NULL
    G.pocket = &pocket[0, 0]
    G.cushion_height = cushion_height
    G.rail_top_height = rail_top_height
    G.inner[0] = 0.0
    G.inner[1] = length
    G.inner[2] = 0.0
    G.inner[3] = width
    G.rail_depth = rail_depth
    G.n_rail = 6 if rail_depth > 0.0 and G.n_seg >= 6 else 0
    G.outer[0] = -rail_depth
    G.outer[1] = length + rail_depth
    G.outer[2] = -rail_depth
    G.outer[3] = width + rail_depth
    return G


cdef void sim_close(Sim* S) noexcept nogil:
    """Free what sim_open allocated (safe on a partly opened Sim)."""
    free(S.B)
    free(S.T)
    free(S.pair_t)
    free(S.row_t)
    free(S.row_j)
    free(S.own_t)
    free(S.own_kind)
    free(S.own_feature)
    free(S.own_flags)
    free(S.touch)
    free(S.feat_box)
    free(S.events)
    free(S.pieces)
    memset(S, 0, sizeof(Sim))


cdef int sim_open(Sim* S, int n, const Params* P, const Geometry* G,
                  int max_events) noexcept nogil:
    """An empty Sim of n balls with its tables allocated. Returns OK or ERR_NO_MEMORY
    (then sim_close still frees what was allocated)."""
    cdef int n_feat = G.n_seg + G.n_tip + G.n_pocket
    memset(S, 0, sizeof(Sim))
    S.n = n
    S.P = P[0]
    S.G = G[0]
    S.max_events = max_events
    S.B = <BallProps*> malloc(n * sizeof(BallProps))
    S.T = <Traj*> malloc(n * sizeof(Traj))
    S.pair_t = <double*> malloc(n * n * sizeof(double))
    S.row_t = <double*> malloc(n * sizeof(double))
    S.row_j = <int*> malloc(n * sizeof(int))
    S.own_t = <double*> malloc(n * sizeof(double))
    S.own_kind = <int*> malloc(n * sizeof(int))
    S.own_feature = <int*> malloc(n * sizeof(int))
    S.own_flags = <int*> malloc(n * sizeof(int))
    S.touch = <Touch*> malloc(N_RAIL_SIDES * n * sizeof(Touch))
    S.feat_box = <double*> malloc(4 * n_feat * sizeof(double))
    if (S.B == NULL or S.T == NULL or S.pair_t == NULL or S.row_t == NULL or
            S.row_j == NULL or S.own_t == NULL or S.own_kind == NULL or
            S.own_feature == NULL or S.own_flags == NULL or S.touch == NULL or
            S.feat_box == NULL):
        return ERR_NO_MEMORY
    return open_logs(S)


cdef int open_logs(Sim* S) noexcept nogil:
    """Empty event and piece logs for a shot, allocated when S has none. Returns OK or
    ERR_NO_MEMORY."""
    S.n_events = 0
    S.n_pieces = 0
    if S.events == NULL:
        S.cap_events = 256
        S.events = <Event*> malloc(S.cap_events * sizeof(Event))
    if S.pieces == NULL:
        S.cap_pieces = 256 if 2 * S.n < 256 else 2 * S.n
        S.pieces = <Piece*> malloc(S.cap_pieces * sizeof(Piece))
    if S.events == NULL or S.pieces == NULL:
        return ERR_NO_MEMORY
    return OK


cdef int sim_run(Sim* S, const double* balls) noexcept nogil:
    """Simulate one shot in an opened Sim until every ball rests. `balls`: n rows of 11
    (R, m, x, y, z, vx, vy, vz, wx, wy, wz; SI, table frame), validated by physics_ext.api.
    Leaves the events and pieces in S; returns OK, ERR_EVENT_CAP, ERR_STALLED or
    ERR_NO_MEMORY. Touches nothing but S (re-entrant: shots may run on many threads)."""
    cdef int n = S.n, i, k, status = OK
    cdef double last_t = 0.0
    cdef const double* fp
    cdef const double* row
    # bounding boxes of the table features
    for k in range(S.G.n_seg):
        fp = &S.G.seg[4 * k]
        S.feat_box[4 * k] = fp[0] if fp[0] < fp[2] else fp[2]
        S.feat_box[4 * k + 1] = fp[2] if fp[0] < fp[2] else fp[0]
        S.feat_box[4 * k + 2] = fp[1] if fp[1] < fp[3] else fp[3]
        S.feat_box[4 * k + 3] = fp[3] if fp[1] < fp[3] else fp[1]
    for k in range(S.G.n_tip + S.G.n_pocket):
        fp = &S.G.tip[3 * k] if k < S.G.n_tip else &S.G.pocket[3 * (k - S.G.n_tip)]
        S.feat_box[4 * (S.G.n_seg + k)] = fp[0] - fp[2]
        S.feat_box[4 * (S.G.n_seg + k) + 1] = fp[0] + fp[2]
        S.feat_box[4 * (S.G.n_seg + k) + 2] = fp[1] - fp[2]
        S.feat_box[4 * (S.G.n_seg + k) + 3] = fp[1] + fp[2]
    # initial states: a ball on the cloth pushed into the slate bounces off it now
    for i in range(n):
        row = &balls[11 * i]
        fill_props(&S.B[i], row[0], row[1], S.G.cushion_height, &S.P)
        S.B[i].z_rail = S.G.rail_top_height + row[0]
        S.T[i].t0 = 0.0
        for k in range(3):
            S.T[i].r[k] = row[2 + k]
            S.T[i].v[k] = row[5 + k]
            S.T[i].w[k] = row[8 + k]
        k = rail_under(&S.G, S.T[i].r[0], S.T[i].r[1], 0.0)
        if S.T[i].r[2] <= S.B[i].R and S.T[i].v[2] < 0.0:
            S.T[i].r[2] = S.B[i].R
            settle(S, i, False, True)
            status = status or record_event(S, 0.0, EV_SLATE, i, -1, -1, -1, -row[7], 0)
        elif k >= 0 and S.T[i].r[2] <= S.B[i].z_rail and S.T[i].v[2] <= 0.0:
            # given on a rail top (physics_ext.api allows it up to OVERLAP_TOL_M in)
            S.T[i].r[2] = S.B[i].z_rail
            settle(S, i, S.T[i].v[2] < 0.0, S.T[i].v[2] < 0.0)
            if row[7] < 0.0:
                status = status or record_event(S, 0.0, EV_RAIL_TOP, i, -1, k, k, -row[7], 0)
        else:
            settle(S, i, S.T[i].r[2] > S.B[i].R, False)
        status = status or record_piece(S, i)
        # the cushions it touches at the start: it has not left them
        for k in range(N_RAIL_SIDES):
            S.touch[N_RAIL_SIDES * i + k].kind = EV_NONE
        if S.T[i].state != ST_AIRBORNE and not on_rail(&S.T[i], &S.B[i]):
            cushions_touched(S, i, &S.touch[N_RAIL_SIDES * i])
    for i in range(n * n):
        S.pair_t[i] = INFINITY
    for i in range(n):
        S.row_t[i] = INFINITY
        S.row_j[i] = -1
    for i in range(n):
        refresh_ball(S, i, -1)
    while status == OK:
        if S.n_events >= S.max_events:
            status = ERR_EVENT_CAP
            break
        k = step(S)
        if k < 0:
            break
        status = k
        if S.t_now - last_t <= SAME_TIME_S:
            S.same += 1
            if S.same > STALL_EVENTS_PER_BALL * n:
                status = ERR_STALLED
        else:
            S.same = 0
            last_t = S.t_now
    return status


# ---------------------------------------------------------------------------------------
# Python entry points
# ---------------------------------------------------------------------------------------

# The C Event struct is EVENT_DTYPE's row (EventRow): the log is copied in one block. The
# arrays are made through numpy's C API (a Python np.empty call and a buffer view per array
# cost a microsecond each: issue 30).
cdef cnp.dtype EVENT_DESCR = EVENT_DTYPE

cdef extern from "numpy/arrayobject.h":
    object PyArray_Empty(int nd, cnp.npy_intp* dims, cnp.dtype descr, int fortran)


cdef cnp.ndarray new_array(int nd, cnp.npy_intp* dims, int type_num):
    return cnp.PyArray_SimpleNew(nd, dims, type_num)


cdef object log_arrays(const Sim* S):
    """(events, pieces) of a finished Sim as run() returns them."""
    cdef cnp.npy_intp dims[2]
    cdef int k, i
    cdef const Piece* pc = S.pieces
    dims[0] = S.n_events
    Py_INCREF(EVENT_DESCR)                   # PyArray_Empty steals a reference
    cdef cnp.ndarray events = PyArray_Empty(1, dims, EVENT_DESCR, 0)
    if S.n_events:
        memcpy(cnp.PyArray_DATA(events), S.events, S.n_events * sizeof(EventRow))
    dims[0] = S.n_pieces
    dims[1] = 9
    cdef cnp.ndarray piece_ball = new_array(1, dims, cnp.NPY_INT32)
    cdef cnp.ndarray piece_state = new_array(1, dims, cnp.NPY_INT32)
    cdef cnp.ndarray piece_t0 = new_array(1, dims, cnp.NPY_FLOAT64)
    cdef cnp.ndarray piece_rvw = new_array(2, dims, cnp.NPY_FLOAT64)
    cdef int* ball = <int*> cnp.PyArray_DATA(piece_ball)
    cdef int* state = <int*> cnp.PyArray_DATA(piece_state)
    cdef double* t0 = <double*> cnp.PyArray_DATA(piece_t0)
    cdef double* rvw = <double*> cnp.PyArray_DATA(piece_rvw)
    for k in range(S.n_pieces):
        ball[k] = pc[k].ball
        state[k] = pc[k].state
        t0[k] = pc[k].t0
        for i in range(3):
            rvw[9 * k + i] = pc[k].r[i]
            rvw[9 * k + 3 + i] = pc[k].v[i]
            rvw[9 * k + 6 + i] = pc[k].w[i]
    return events, (piece_ball, piece_state, piece_t0, piece_rvw)


def run(const double[:, ::1] balls, const double[::1] params,
        const double[:, :, ::1] seg, const double[:, ::1] seg_n, const int[::1] seg_rail,
        const double[:, ::1] tip, const int[::1] tip_rail, const double[:, ::1] pocket,
        double length, double width, double cushion_height, double rail_depth,
        double rail_top_height, int max_events):
    """Simulate one shot until every ball rests. Inputs are validated by physics_ext.api.

    balls: (n, 11) rows R, m, x, y, z, vx, vy, vz, wx, wy, wz (SI units, table frame).
    params: Params.solver_array (make_params).
    rail_depth: width of the rail tops (nose line to outer edge, m) along the rail noses
    (segments 0-5); 0 for no rail tops. rail_top_height: their height above the cloth (m,
    at least cushion_height: the rubber rises to it at the nose line).
    Returns (events, pieces, status, ball_a, ball_b, t): events as an EVENT_DTYPE array;
    pieces as (ball, state, t0, rvw) arrays; status 0 when finished.
    """
    cdef Sim S
    cdef Params P = make_params(params)
    cdef Geometry G = make_geometry(seg, seg_n, seg_rail, tip, tip_rail, pocket, length,
                                    width, cushion_height, rail_depth, rail_top_height)
    cdef int status
    try:
        if sim_open(&S, balls.shape[0], &P, &G, max_events) != OK:
            raise MemoryError("physics_ext: cannot allocate the solver's tables")
        with nogil:
            status = sim_run(&S, &balls[0, 0])
        events, pieces = log_arrays(&S)
        return events, pieces, status, S.err_a, S.err_b, S.t_now
    finally:
        sim_close(&S)


cdef class SingleShot:
    """One table and one Params bound once for single shots (issue 30: a call's fixed cost
    near the batch's): check() validates balls as simulate() does and, when they have no
    problem, solves them and finds the starting rail contacts, in one call. The arrays are
    TableGeometry's (and Params.solver_array), kept alive here; units and frames as run()'s.
    """
    cdef const double[:, :, ::1] seg
    cdef const double[:, ::1] seg_n
    cdef const int[::1] seg_rail
    cdef const double[:, ::1] outline
    cdef const double[:, ::1] tip
    cdef const int[::1] tip_rail
    cdef const double[:, ::1] pocket
    cdef const double[::1] params
    cdef Params P
    cdef Geometry G
    cdef int max_events, n_rails
    cdef double tol, max_speed, frozen_tol
    cdef Sim S              # the solver's tables, kept from call to call as a batch thread's
    cdef bint busy          # a call is using S (a call from another thread opens its own)

    def __dealloc__(self):
        sim_close(&self.S)

    def __init__(self, const double[::1] params, const double[:, :, ::1] seg,
                 const double[:, ::1] seg_n, const int[::1] seg_rail,
                 const double[:, ::1] outline, const double[:, ::1] tip,
                 const int[::1] tip_rail, const double[:, ::1] pocket, double length,
                 double width, double cushion_height, double rail_depth,
                 double rail_top_height, int max_events, double tol, double max_speed,
                 int n_rails, double frozen_tol):
        """params, the table arrays and sizes as run() takes them; outline as
        _query.first_problem; tol the overlap tolerance and max_speed the speed limit of
        the check (m, m/s); n_rails and frozen_tol (m) those of _query.frozen_rails."""
        self.params, self.seg, self.seg_n, self.seg_rail = params, seg, seg_n, seg_rail
        self.outline, self.tip, self.tip_rail, self.pocket = outline, tip, tip_rail, pocket
        self.P = make_params(params)
        self.G = make_geometry(seg, seg_n, seg_rail, tip, tip_rail, pocket, length, width,
                               cushion_height, rail_depth, rail_top_height)
        self.max_events, self.tol, self.max_speed = max_events, tol, max_speed
        self.n_rails, self.frozen_tol = n_rails, frozen_tol

    def check(self, const double[:, ::1] balls):
        """(problem, ball, detail) as _query.first_problem when `balls` (n, 11 rows) have a
        problem; else (0, events, pieces, status, ball_a, ball_b, t, frozen, airborne) with
        run()'s answer (events read-only), _query.frozen_rails' read-only (n, n_rails) bool
        array, and whether any piece is AIRBORNE."""
        cdef Sim own
        cdef Sim* S = &own
        cdef bint shared
        cdef int status, problem, k = -1, detail = -1, n = balls.shape[0]
        cdef cnp.npy_intp dims[2]
        cdef cnp.ndarray frozen, events
        cdef bint airborne = False
        cdef int i, err_a, err_b
        cdef double t_now
        with nogil:
            problem = problem_of(balls, self.seg, self.seg_n, self.outline, self.tip,
                                 self.pocket, self.G.cushion_height, self.tol, self.max_speed,
                                 self.G.rail_depth, self.G.rail_top_height, &k, &detail)
        if problem != 0:
            return problem, k, detail
        dims[0] = n
        dims[1] = self.n_rails
        frozen = cnp.PyArray_ZEROS(2, dims, cnp.NPY_BOOL, 0)
        memset(&own, 0, sizeof(Sim))
        shared = not self.busy           # tested and set holding the GIL, in one step
        if shared:
            self.busy = True
            S = &self.S
        try:
            if S.n == n and S.B != NULL:     # re-used as batch_shot does: sim_run sets the rest
                status = open_logs(S)
                S.t_now = 0.0
                S.err_a = 0
                S.err_b = 0
                S.same = 0
            else:
                sim_close(S)
                status = sim_open(S, n, &self.P, &self.G, self.max_events)
            if status != OK:
                sim_close(S)
                raise MemoryError("physics_ext: cannot allocate the solver's tables")
            with nogil:
                frozen_into(balls, self.seg, self.seg_n, self.seg_rail, self.n_rails,
                            self.G.cushion_height, self.frozen_tol,
                            <unsigned char*> cnp.PyArray_DATA(frozen))
                status = sim_run(S, &balls[0, 0])
            events, pieces = log_arrays(S)
            err_a, err_b, t_now = S.err_a, S.err_b, S.t_now
            for i in range(S.n_pieces):
                if S.pieces[i].state == ST_AIRBORNE:
                    airborne = True
                    break
        finally:
            if shared:
                self.busy = False
            else:
                sim_close(&own)
        cnp.PyArray_CLEARFLAGS(frozen, cnp.NPY_ARRAY_WRITEABLE)
        cnp.PyArray_CLEARFLAGS(events, cnp.NPY_ARRAY_WRITEABLE)
        return 0, events, pieces, status, err_a, err_b, t_now, frozen, airborne


# ---------------------------------------------------------------------------------------
# Many shots at once: the same solver on every shot, spread over threads
# ---------------------------------------------------------------------------------------

ctypedef struct ShotOut:        # where one shot's compact results go (rows of the outputs)
    double* position            # (n, 3) every ball at rest, m
    int* state                  # (n,) MotionState at the end
    int* pocket                 # (n,) Pocket of a ball's POCKET event, -1 if none
    double* pocket_time         # (n,) its time, s (NaN if none)
    int* cushions               # (n,) CUSHION and JAW_TIP events of the ball
    int* summary                # first contact, events, error, error ball a, error ball b
    double* duration            # time of the last event, s
    Event** events              # the event log, kept when logs are asked for (else NULL)
    Piece** pieces              # ... and the trajectory pieces
    int* n_pieces


cdef void summarise(const Sim* S, int cue, ShotOut* out) noexcept nogil:
    """The compact results of a finished shot, read from its event log and last pieces:
    final state of every ball as ShotResult.final gives it (the last piece evaluated at
    the last event's time), pockets, the cue ball's first contact, cushion contacts."""
    cdef int n = S.n, i, j, k, first = -1
    cdef const Event* e
    cdef BallProps B
    cdef Traj Tr
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    cdef double t = S.events[S.n_events - 1].time if S.n_events > 0 else 0.0
    for i in range(n):
        out.pocket[i] = -1
        out.pocket_time[i] = NAN
        out.cushions[i] = 0
    for k in range(S.n_events):
        e = &S.events[k]
        if e.kind == EV_BALL_BALL and first < 0 and (e.ball == cue or e.other == cue):
            first = e.other if e.ball == cue else e.ball
        elif e.kind == EV_CUSHION or e.kind == EV_JAW_TIP:
            out.cushions[e.ball] += 1
        elif e.kind == EV_POCKET:
            out.pocket[e.ball] = e.feature
            out.pocket_time[e.ball] = e.time
    for k in range(S.n_pieces - 1, -1, -1):     # the last piece of each ball
        i = S.pieces[k].ball
        if out.state[i] >= 0:
            continue
        fill_props(&B, S.B[i].R, S.B[i].m, S.G.cushion_height, &S.P)
        load_piece(&Tr, &B, &S.P, S.pieces[k].state, S.pieces[k].t0, &S.pieces[k].r[0])
        eval_traj(&Tr, &B, t, r, v, w)
        for j in range(3):
            out.position[3 * i + j] = r[j]
        out.state[i] = Tr.state
    out.summary[0] = first
    out.summary[1] = S.n_events
    out.duration[0] = t


cdef void batch_shot(Sim* S, const double* balls, int cue, ShotOut* out) noexcept nogil:
    """One shot of a batch in this thread's workspace S (a Sim opened for the batch's
    balls, table and params; its tables are re-used from shot to shot, sim_run setting
    every entry it reads): solve, summarise, hand the log over if asked."""
    cdef int status = open_logs(S), i
    S.t_now = 0.0
    S.err_a = 0
    S.err_b = 0
    S.same = 0
    for i in range(S.n):
        out.state[i] = -1
    if status == OK:
        status = sim_run(S, balls)
    out.summary[2] = status
    out.summary[3] = S.err_a
    out.summary[4] = S.err_b
    out.duration[0] = S.t_now
    if status == OK:
        summarise(S, cue, out)
        if out.events != NULL:
            out.events[0] = S.events
            out.pieces[0] = S.pieces
            out.summary[1] = S.n_events
            out.n_pieces[0] = S.n_pieces
            S.events = NULL          # handed over: freed after copying out
            S.pieces = NULL


cdef void checked_shot(Sim* S, const double[:, ::1] balls, int cue, ShotOut* out,
                       const double[:, :, ::1] seg, const double[:, ::1] seg_n,
                       const double[:, ::1] outline, const double[:, ::1] tip,
                       const double[:, ::1] pocket, double tol, double max_speed,
                       int* problem) noexcept nogil:
    """One shot of a batch checked as simulate() checks it (_query.problem_of: the
    problem, ball and detail written to problem[0:3]), then, when it has no problem,
    solved by batch_shot."""
    problem[0] = problem_of(balls, seg, seg_n, outline, tip, pocket, S.G.cushion_height,
                            tol, max_speed, S.G.rail_depth, S.G.rail_top_height,
                            &problem[1], &problem[2])
    if problem[0] == 0:
        batch_shot(S, &balls[0, 0], cue, out)


def run_batch(const double[:, :, ::1] balls, const signed char[::1] todo,
              const double[::1] params, const double[:, :, ::1] seg,
              const double[:, ::1] seg_n, const int[::1] seg_rail, const double[:, ::1] tip,
              const int[::1] tip_rail, const double[:, ::1] pocket, double length,
              double width, double cushion_height, double rail_depth,
              double rail_top_height, int max_events, int cue, int threads, bint logs,
              const double[:, ::1] outline, double tol, double max_speed,
              int[:, ::1] problems, double[:, :, ::1] position,
              int[:, ::1] state, int[:, ::1] pocket_of, double[:, ::1] pocket_time,
              int[:, ::1] cushions, int[:, ::1] summary, double[::1] duration):
    """Validate and simulate the shots balls[s] (N, n, 11 rows as for run()) with
    todo[s] != 0, each exactly as run() does, on `threads` threads without the GIL. Each
    shot is first checked as _query.first_problem checks it (outline, tol, max_speed as
    there; the other arguments are validated by physics_ext.batch): its problem goes to
    problems[s] (PROBLEM_*, ball, detail), and a shot with one is not simulated. Writes
    per simulated shot: position (N, n, 3), state (N, n), pocket_of and pocket_time (N, n),
    cushions (N, n), summary (N, 5: first contact of ball `cue`, events, status, the
    status's balls a and b) and duration (N,). Other shots are left alone. Returns, when
    `logs`, a list of (events, pieces) per shot (None for a shot not simulated or failed),
    else None.

    Each thread solves its shots in one workspace (a Sim allocated once), and takes them
    in chunks that shrink towards the end (guided schedule): no allocation and little
    hand-over per shot. Which thread solves a shot changes no result."""
    cdef Params P = make_params(params)
    cdef Geometry G = make_geometry(seg, seg_n, seg_rail, tip, tip_rail, pocket, length,
                                    width, cushion_height, rail_depth, rail_top_height)
    cdef Py_ssize_t N = balls.shape[0], s
    cdef int n = balls.shape[1], t, opened = OK
    cdef ShotOut* outs = <ShotOut*> calloc(N if N > 0 else 1, sizeof(ShotOut))
    cdef Event** events = <Event**> calloc(N if N > 0 else 1, sizeof(Event*))
    cdef Piece** pieces = <Piece**> calloc(N if N > 0 else 1, sizeof(Piece*))
    cdef int* n_pieces = <int*> calloc(N if N > 0 else 1, sizeof(int))
    cdef Sim* work = <Sim*> calloc(threads, sizeof(Sim))
    cdef Sim view
    try:
        if (outs == NULL or events == NULL or pieces == NULL or n_pieces == NULL or
                work == NULL):
            raise MemoryError("physics_ext: cannot allocate the batch's tables")
        for t in range(threads):
            opened = opened or sim_open(&work[t], n, &P, &G, max_events)
        if opened != OK:
            raise MemoryError("physics_ext: cannot allocate the batch's tables")
        for s in range(N):
            outs[s].position = &position[s, 0, 0]
            outs[s].state = &state[s, 0]
            outs[s].pocket = &pocket_of[s, 0]
            outs[s].pocket_time = &pocket_time[s, 0]
            outs[s].cushions = &cushions[s, 0]
            outs[s].summary = &summary[s, 0]
            outs[s].duration = &duration[s]
            if logs:
                outs[s].events = &events[s]
                outs[s].pieces = &pieces[s]
                outs[s].n_pieces = &n_pieces[s]
        with nogil:
            if threads > 1:
                for s in prange(N, num_threads=threads, schedule="guided"):
                    if todo[s]:
                        checked_shot(&work[threadid()], balls[s], cue, &outs[s], seg, seg_n,
                                     outline, tip, pocket, tol, max_speed, &problems[s, 0])
            else:           # no OpenMP at all (safe in a forked child: physics_ext.batch)
                for s in range(N):
                    if todo[s]:
                        checked_shot(&work[0], balls[s], cue, &outs[s], seg, seg_n, outline,
                                     tip, pocket, tol, max_speed, &problems[s, 0])
        if not logs:
            return None
        out = []
        for s in range(N):
            if events[s] == NULL:
                out.append(None)
                continue
            memset(&view, 0, sizeof(Sim))
            view.events = events[s]
            view.n_events = summary[s, 1]
            view.pieces = pieces[s]
            view.n_pieces = n_pieces[s]
            out.append(log_arrays(&view))
        return out
    finally:
        for s in range(N if events != NULL and pieces != NULL else 0):
            free(events[s])
            free(pieces[s])
        for t in range(threads if work != NULL else 0):
            sim_close(&work[t])
        free(work)
        free(outs)
        free(events)
        free(pieces)
        free(n_pieces)


def strike_batch(const double[:, ::1] strokes, const double[::1] radius,
                 const double[::1] mass, double cue_mass,
                 double tip_restitution, double end_mass, double miscue_limit,
                 double miscue_fraction, double[:, ::1] velocity, double[:, ::1] omega,
                 double[::1] squirt_angle, signed char[::1] miscue):
    """The cue ball's motion after each stroke row (azimuth, elevation, side, height,
    speed; physics_ext._stroke.strike_motion, as stroke.strike computes it) on a ball of
    radius[k] and mass[k], written to velocity and omega (N, 3), squirt_angle and
    miscue (N,)."""
    cdef Py_ssize_t k
    with nogil:
        for k in range(strokes.shape[0]):
            miscue[k] = strike_motion(strokes[k, 0], strokes[k, 1], strokes[k, 2],
                                      strokes[k, 3], strokes[k, 4], radius[k], mass[k],
                                      cue_mass,
                                      tip_restitution, end_mass, miscue_limit,
                                      miscue_fraction, &velocity[k, 0], &omega[k, 0],
                                      &squirt_angle[k])


def squirt_angle(double side, double mass_ratio):
    """Squirt angle (rad) for contact side offset `side` (fraction of R) and ball mass over
    cue end mass `mass_ratio` (physics_ext._stroke.squirt)."""
    return squirt(side, mass_ratio)


# The bounds of a joint stroke's system (physics_ext._stroke.joint_strike).
JOINT_MAX_BALLS = JOINT_BALLS
JOINT_MAX_CONTACTS = JOINT_CONTACTS
JOINT_LAW_SIZE = LAW_SIZE


def joint_strike(const double[::1] stroke, const double[::1] cue,
                 const double[::1] radius, const double[::1] mass,
                 const double[:, ::1] position, const unsigned char[::1] on_cloth,
                 const int[::1] kind, const int[::1] first, const int[::1] second,
                 const double[:, ::1] geometry, const double[::1] law,
                 double[:, ::1] velocity, double[:, ::1] omega, double[::1] out,
                 double[::1] compression):
    """The stroke (azimuth, elevation, side, height, speed) on ball 0 of a system of
    touching balls and cushions (physics_ext._stroke.joint_strike; cue: mass,
    tip_restitution, tip_contact_time, end_mass, miscue_limit, miscue_fraction). velocity
    and omega (n, 3) are updated in place; out (5,): cue speed after, duration (s), steps,
    parted (1/0), squirt angle (rad); compression (2 K,): each contact's largest compression
    (m) and closing speed (m/s). Returns the miscue flag. Runs without the GIL."""
    cdef int n = radius.shape[0], nc = kind.shape[0]
    cdef bint miscue
    cdef double alpha = 0.0
    if not (1 <= n <= JOINT_BALLS and nc <= JOINT_CONTACTS and law.shape[0] == LAW_SIZE
            and out.shape[0] >= 5 and compression.shape[0] == 2 * nc):
        raise ValueError("joint_strike: system beyond its bounds")
    with nogil:
        miscue = _joint_strike(stroke[0], stroke[1], stroke[2], stroke[3], stroke[4],
                               cue[0], cue[1], cue[2], cue[3], cue[4], cue[5], n,
                               &radius[0], &mass[0], &position[0, 0], &on_cloth[0], nc,
                               &kind[0] if nc else NULL, &first[0] if nc else NULL,
                               &second[0] if nc else NULL,
                               &geometry[0, 0] if nc else NULL, &law[0],
                               &velocity[0, 0], &omega[0, 0], &alpha, &out[0],
                               &compression[0] if nc else NULL)
    out[4] = alpha
    return bool(miscue)


def cue_ball_touching(const double[:, :, ::1] rows, int cue, const double[:, :, ::1] seg,
                      const double[:, ::1] seg_n, const double[:, ::1] tips,
                      double cushion_height, double tol, unsigned char[::1] out):
    """out[k] = 1 when ball `cue` of layout k (rows (N, n, 11)) is within 2 tol (m) of
    another ball, a cushion nose line (its foot not checked) or a jaw tip: the quick test
    before physics_ext.stroke.frozen_system, which looks within tol."""
    cdef Py_ssize_t k
    with nogil:
        for k in range(rows.shape[0]):
            out[k] = cue_ball_near(&rows[k, 0, 0], rows.shape[1], cue, &seg[0, 0, 0],
                                   &seg_n[0, 0], seg.shape[0], &tips[0, 0], tips.shape[0],
                                   cushion_height, tol)
