# The cue's follow-through and the stroke faults it produces, compiled (physics_ext/cue.py
# has the model, its sources and the search; this is its one implementation). Run once per
# shot by physics_ext.shoot on the solver's exact trajectory pieces. SI units, table frame.
#
# Bit for bit with the numpy implementation it replaced (issue 30): the scalar dot products
# whose values reach the results (the ball's speed, the contact normal's cosine to the cue,
# the ball's receding speed after a bounce at the strike) are rounded as numpy's 1-D dot
# (OpenBLAS ddot) rounds them, fma(a2, b2, fma(a1, b1, a0 b0)); the sample times' powers of
# GROWTH are numpy's own (a table made at import). The clearances, which only decide whether
# an interval is cleared, are plain arithmetic (numpy's batched matmul rounds by the shape).

from libc.math cimport sqrt, fma, fabs, log, ceil, hypot, pow, INFINITY
from libc.stdlib cimport malloc, calloc, free

import numpy as np
cimport numpy as cnp

from physics_ext.types import EVENT_DTYPE

from physics_ext import constants as C
from physics_ext._types cimport *
from physics_ext._arrays cimport as_c, as_log, f64, i32
from physics_ext._motion cimport fill_props, params_of, load_piece, eval_traj
from physics_ext._pyfloat cimport pymax, pymin


cnp.import_array()


cdef enum:
    PART_TIP = 0
    PART_SHAFT = 1
    # fault codes (physics_ext.cue.CueFault, in its order)
    FAULT_DOUBLE_HIT = 0
    FAULT_PUSH = 1
    FAULT_FERRULE = 2
    FAULT_STRUCK_OTHER_BALL = 3
    MAX_GRID = 128                      # powers of GROWTH tabled (a span up to 5e6 s)


cdef double FIRST_STEP_S = 1e-6         # first sample after separation
cdef double GROWTH = 1.25               # ratio of the geometric sample times
cdef double MIN_INTERVAL_S = 1e-9       # an interval this short that still fails: touching
cdef int MAX_SAMPLES = 20000
cdef double FALL_SPEED = 1.0            # m/s, added to the speed bound: a ball falling
# A first contact at t = 0 this close (m, between surfaces) was a frozen ball, not a push:
# the joint stroke's gap (constants.CUE_FROZEN_GAP), the one definition.
cdef double FROZEN_M = C.CUE_FROZEN_GAP
cdef double POWERS[MAX_GRID]
for _k, _p in enumerate((GROWTH ** np.arange(MAX_GRID)).tolist()):
    POWERS[_k] = _p


cdef inline double ddot3(const double* a, const double* b) noexcept nogil:
    """a . b rounded as numpy's 1-D dot of 3-vectors (see the top of this file)."""
    return fma(a[2], b[2], fma(a[1], b[1], a[0] * b[0]))


ctypedef struct Shot:                   # the finished shot the cue is looked for in
    int n                               # balls
    const double* rows                  # (n, 11) after the strike
    int n_events
    const EventRow* events
    const int* piece_ball
    const int* piece_state
    const double* piece_t0
    const double* rvw                   # (S, 9)
    int* order                          # piece indices grouped by ball, in time order
    int* start                          # (n + 1) offsets into order
    BallProps* props
    Params P
    Traj* traj                          # each piece as a trajectory, made when first needed
    unsigned char* made                 # (S,) whether traj[q] is made
    int* nearest                        # the balls looked at, by their least possible gap
    double* least                       # (n,) each ball's least possible gap in the window
    int n_near                          # balls in `nearest`


ctypedef struct Cue:                    # the cue's motion after separation (CueMotion)
    double c[3]
    double v1, t_sep, t_stop, decel, reach
    double dome[3]
    double tip_radius, shaft_radius
    double shaft_check              # m of shaft behind the cap looked at (constants.py)


cdef int last_piece(const Shot* S, int b, double t) noexcept nogil:
    """Ball b's last piece starting at or before t (its first if t precedes them all)."""
    cdef int lo = S.start[b], hi = S.start[b + 1] - 1, mid
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if S.piece_t0[S.order[mid]] <= t:
            lo = mid
        else:
            hi = mid - 1
    return S.order[lo]


cdef Traj* piece_traj(Shot* S, int b, int q) noexcept nogil:
    """Piece q (of ball b) as a trajectory, set up on first use."""
    if not S.made[q]:
        load_piece(&S.traj[q], &S.props[b], &S.P, S.piece_state[q], S.piece_t0[q],
                   &S.rvw[9 * q])
        S.made[q] = 1
    return &S.traj[q]


cdef void order_by_least_gap(Shot* S, const Cue* M, const unsigned char* ignore) noexcept nogil:
    """S.nearest: the balls not ignored, by the least gap each can have to the cue in
    [t_sep, t_stop] (S.least, m): the distance, seen from above, between the boxes of
    its centre's pieces in the window and of the path of the cue's axis from the shaft's
    far end to the cap's rim, less its radius, the tip's (beyond the shaft's) and 1 nm for
    rounding; a lower bound of every gap gaps_at computes for it."""
    cdef double rim = sqrt(M.tip_radius * M.tip_radius - M.shaft_radius * M.shaft_radius)
    cdef double near = rim - M.shaft_check, far = M.reach + rim
    cdef double cue_box[4]
    cdef double box[4]
    cdef double dx, dy, key
    cdef Traj* Tr
    cdef int b, i, j, k, q
    cue_box[0] = pymin(M.dome[0] + near * M.c[0], M.dome[0] + far * M.c[0])
    cue_box[1] = pymax(M.dome[0] + near * M.c[0], M.dome[0] + far * M.c[0])
    cue_box[2] = pymin(M.dome[1] + near * M.c[1], M.dome[1] + far * M.c[1])
    cue_box[3] = pymax(M.dome[1] + near * M.c[1], M.dome[1] + far * M.c[1])
    S.n_near = 0
    for b in range(S.n):
        if ignore[b]:
            continue
        q = last_piece(S, b, M.t_sep)
        Tr = piece_traj(S, b, q)
        for k in range(4):
            box[k] = Tr.box[k]
        k = S.start[b]
        while S.order[k] != q:
            k += 1
        k += 1
        while k < S.start[b + 1] and S.piece_t0[S.order[k]] <= M.t_stop:
            Tr = piece_traj(S, b, S.order[k])
            box[0] = pymin(box[0], Tr.box[0])
            box[1] = pymax(box[1], Tr.box[1])
            box[2] = pymin(box[2], Tr.box[2])
            box[3] = pymax(box[3], Tr.box[3])
            k += 1
        dx = pymax(0.0, pymax(box[0] - cue_box[1], cue_box[0] - box[1]))
        dy = pymax(0.0, pymax(box[2] - cue_box[3], cue_box[2] - box[3]))
        key = sqrt(dx * dx + dy * dy) - M.tip_radius - S.props[b].R - 1e-9
        S.least[b] = key
        i = S.n_near                        # insertion, stable by ball
        while i > 0 and S.least[S.nearest[i - 1]] > key:
            S.nearest[i] = S.nearest[i - 1]
            i -= 1
        S.nearest[i] = b
        S.n_near += 1


cdef void gaps_at(Shot* S, const Cue* M, double t, const unsigned char* ignore,
                  double* gap, int* part, int* ball) noexcept nogil:
    """The smallest gap (m) at time t between the cue (its cap, or its shaft back to
    CUE_SHAFT_CHECK_LENGTH behind the cap's rim) and a ball in play, its part and its ball."""
    cdef Traj* Tr
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    cdef double tip[3]
    cdef double rel[3]
    cdef double u, travel, along, dist, radial, R, g, dw, rim, back, off
    cdef int b, k, i
    u = t
    if u < M.t_sep:
        u = M.t_sep
    if u > M.t_stop:
        u = M.t_stop
    u = u - M.t_sep
    travel = M.v1 * u - 0.5 * M.decel * u * u
    for k in range(3):
        tip[k] = M.dome[k] + travel * M.c[k]
    rim = sqrt(M.tip_radius * M.tip_radius - M.shaft_radius * M.shaft_radius)
    back = rim - M.shaft_check
    gap[0] = INFINITY
    part[0] = PART_TIP
    ball[0] = 0
    # the balls by their least possible gap: once it exceeds the smallest gap found, no
    # later ball can be nearer (ties go to the lower ball, the tip before the shaft)
    for i in range(S.n_near):
        b = S.nearest[i]
        if S.least[b] > gap[0]:
            break
        Tr = piece_traj(S, b, last_piece(S, b, t))
        eval_traj(Tr, &S.props[b], t, r, v, w)
        if Tr.state == ST_POCKETED or Tr.state == ST_OFF_TABLE:
            continue
        for k in range(3):
            rel[k] = r[k] - tip[k]
        along = rel[0] * M.c[0] + rel[1] * M.c[1] + rel[2] * M.c[2]
        dist = sqrt(rel[0] * rel[0] + rel[1] * rel[1] + rel[2] * rel[2])
        radial = sqrt(pymax(dist * dist - along * along, 0.0))
        R = S.props[b].R
        if along * M.tip_radius >= rim * dist:
            g = dist - M.tip_radius - R
            if g < gap[0] or (g == gap[0] and b < ball[0]):
                gap[0] = g
                part[0] = PART_TIP
                ball[0] = b
        dw = along - (back if along < back else (rim if along > rim else along))
        off = pymax(radial - M.shaft_radius, 0.0)
        # the shaft's gap is hypot(dw, off) - R >= max(|dw|, off) - R (hypot rounds within
        # an ulp; the margin covers it): a ball already farther needs no hypot
        if pymax(fabs(dw), off) * (1.0 - 1e-15) - R > gap[0]:
            continue
        g = hypot(dw, off) - R
        if g < gap[0] or (g == gap[0] and b < ball[0]):
            gap[0] = g
            part[0] = PART_SHAFT
            ball[0] = b


cdef bint clear_at_once(const Shot* S, const Cue* M, int cue, bint skip_cue_ball,
                        const double* velocity) noexcept nogil:
    """No contact is possible (physics_ext.cue, "Search"): nothing but the cue ball's own
    transitions (and a bounce at the strike that leaves it on the cloth) before the cue
    stops, the cue ball outrunning the cue all the while, every other ball resting out of
    the cue's reach."""
    cdef const EventRow* e
    cdef const double* row
    cdef double a[3]
    cdef double ab[3]
    cdef double p[3]
    cdef double along, rim, abab, u, g2, near
    cdef int k, j
    cdef bint settled
    for k in range(S.n_events):
        e = &S.events[k]
        if e.time > M.t_stop:
            break
        settled = e.kind == EV_SLATE and e.time == 0.0 and e.state != ST_AIRBORNE
        if e.ball != cue or (e.kind != EV_TRANSITION and not settled):
            return False
    for j in range(S.n):
        if j != cue:
            row = &S.rows[11 * j]
            for k in range(5, 11):
                if row[k] != 0.0:
                    return False
    along = velocity[0] * M.c[0] + velocity[1] * M.c[1] + velocity[2] * M.c[2]
    if not skip_cue_ball and along - S.P.u_s * S.P.g * M.t_stop <= M.v1:
        return False
    rim = sqrt(pow(M.tip_radius, 2.0) - pow(M.shaft_radius, 2.0))
    for k in range(3):
        a[k] = M.dome[k] + M.c[k] * (rim - M.shaft_check)
        ab[k] = M.c[k] * (M.shaft_check + M.reach)
    abab = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2]
    for j in range(S.n):
        if j == cue:
            continue
        row = &S.rows[11 * j]
        for k in range(3):
            p[k] = row[2 + k] - a[k]
        u = (p[0] * ab[0] + p[1] * ab[1] + p[2] * ab[2]) / abab
        u = 0.0 if u < 0.0 else (1.0 if u > 1.0 else u)
        g2 = 0.0
        for k in range(3):
            near = p[k] - u * ab[k]
            g2 += near * near
        if g2 - (row[0] + M.tip_radius) * (row[0] + M.tip_radius) <= 0.0:
            return False
    return True


cdef int first_contact(Shot* S, const Cue* M, int cue, bint skip_cue_ball,
                       double v_ball, const double* velocity, double* t_hit, int* b_hit,
                       int* p_hit) noexcept nogil:
    """The cue's first contact with a ball in (t_sep, t_stop]: 1 with its time, ball and
    part; 0 for none; -1 out of memory. velocity: the cue ball's at separation."""
    cdef unsigned char* ignore = NULL
    cdef double* times = NULL
    cdef double* gap = NULL
    cdef int* part = NULL
    cdef int* ball = NULL
    cdef double* t2
    cdef double* g2
    cdef int* p2
    cdef int* b2
    cdef double bound, fastest = 0.0, s, t, span, g
    cdef const double* row
    cdef int k, j, k_max, n_t, n_bad, found = 0, at = -1
    cdef bint short
    if M.t_stop <= M.t_sep:
        return 0
    if clear_at_once(S, M, cue, skip_cue_ball, velocity):
        return 0
    ignore = <unsigned char*> malloc(S.n)
    if ignore == NULL:
        return -1
    for k in range(S.n):
        ignore[k] = 0
    ignore[cue] = skip_cue_ball
    order_by_least_gap(S, M, ignore)
    for k in range(S.n):
        row = &S.rows[11 * k]
        s = sqrt(row[5] * row[5] + row[6] * row[6] + row[7] * row[7])
        if k == 0 or s > fastest:
            fastest = s
    bound = M.v1 + 2.0 * pymax(v_ball, fastest) + FALL_SPEED
    span = M.t_stop - M.t_sep
    k_max = <int> ceil(log(span / FIRST_STEP_S) / log(GROWTH)) if span > FIRST_STEP_S else 0
    # the sample times: the geometric grid, the events inside the window and t_stop, sorted
    # and unique (np.unique of them)
    n_t = k_max + 2 + S.n_events
    times = <double*> malloc(n_t * sizeof(double))
    if times == NULL:
        free(ignore)
        return -1
    n_t = 0
    for k in range(k_max + 1):
        times[n_t] = pymin_np(M.t_sep + FIRST_STEP_S * (POWERS[k] if k < MAX_GRID
                                                        else pow(GROWTH, k)), M.t_stop)
        n_t += 1
    for k in range(S.n_events):
        t = S.events[k].time
        if M.t_sep < t < M.t_stop:
            times[n_t] = t
            n_t += 1
    times[n_t] = M.t_stop
    n_t += 1
    sort_unique(times, &n_t)
    gap = <double*> malloc(n_t * sizeof(double))
    part = <int*> malloc(n_t * sizeof(int))
    ball = <int*> malloc(n_t * sizeof(int))
    if gap == NULL or part == NULL or ball == NULL:
        found = -1
    else:
        for k in range(n_t):
            gaps_at(S, M, times[k], ignore, &gap[k], &part[k], &ball[k])
    while found == 0:
        for k in range(n_t):
            if gap[k] <= 0.0:
                at = k
                found = 1
                break
        if found:
            break
        n_bad = 0
        short = False
        for k in range(n_t - 1):
            if gap[k] + gap[k + 1] <= bound * (times[k + 1] - times[k]):
                n_bad += 1
                if not short and times[k + 1] - times[k] <= MIN_INTERVAL_S:
                    short = True
                    at = k if gap[k] <= gap[k + 1] else k + 1
        if n_bad == 0:
            break
        if short:
            found = 1
            break
        if n_t > MAX_SAMPLES:
            at = 0
            for k in range(1, n_t):
                if gap[k] < gap[at]:
                    at = k
            found = 1
            break
        # halve every failing interval
        t2 = <double*> malloc((n_t + n_bad) * sizeof(double))
        g2 = <double*> malloc((n_t + n_bad) * sizeof(double))
        p2 = <int*> malloc((n_t + n_bad) * sizeof(int))
        b2 = <int*> malloc((n_t + n_bad) * sizeof(int))
        if t2 == NULL or g2 == NULL or p2 == NULL or b2 == NULL:
            free(t2)
            free(g2)
            free(p2)
            free(b2)
            found = -1
            break
        j = 0
        for k in range(n_t):
            t2[j] = times[k]
            g2[j] = gap[k]
            p2[j] = part[k]
            b2[j] = ball[k]
            j += 1
            if k + 1 < n_t and gap[k] + gap[k + 1] <= bound * (times[k + 1] - times[k]):
                t2[j] = 0.5 * (times[k] + times[k + 1])
                gaps_at(S, M, t2[j], ignore, &g2[j], &p2[j], &b2[j])
                j += 1
        free(times)
        free(gap)
        free(part)
        free(ball)
        times, gap, part, ball, n_t = t2, g2, p2, b2, j
    if found == 1:
        t_hit[0] = times[at]
        b_hit[0] = ball[at]
        p_hit[0] = part[at]
    free(ignore)
    free(times)
    free(gap)
    free(part)
    free(ball)
    return found


cdef inline double pymin_np(double a, double b) noexcept nogil:
    """np.minimum(a, b) of two numbers (no NaN here)."""
    return b if b < a else a


cdef void sort_unique(double* x, int* n) noexcept nogil:
    """Sort x[:n] ascending (insertion sort: the grid is sorted already, the events too)
    and drop repeats."""
    cdef int i, j, m = 0
    cdef double v
    for i in range(1, n[0]):
        v = x[i]
        j = i - 1
        while j >= 0 and x[j] > v:
            x[j + 1] = x[j]
            j -= 1
        x[j + 1] = v
    for i in range(n[0]):
        if m == 0 or x[i] != x[m - 1]:
            x[m] = x[i]
            m += 1
    n[0] = m


def follow_through(result, int cue_index, stroke, struck, cue):
    """The cue's motion and first contacts for a shot made with `stroke`, whose strike
    gave `struck`, with `cue` (physics_ext.cue.follow_through's arguments): (speed_after,
    stop_time, tip_at_separation (3,), deceleration, reach, contacts), each contact a
    (time, ball, part, fault) with part 0 tip / 1 shaft and fault a FAULT_* code in
    CueFault's order."""
    # every array read by pointer: rows (n, 11), pieces (n_pieces,) and (n_pieces, 9)
    ball_arr, state_arr, t0_arr, rvw_arr = result.pieces
    cdef cnp.ndarray rows_arr = as_c(result.ball_rows, cnp.NPY_FLOAT64)
    cdef cnp.ndarray ball_c = as_c(ball_arr, cnp.NPY_INT32)
    cdef cnp.ndarray state_c = as_c(state_arr, cnp.NPY_INT32)
    cdef cnp.ndarray t0_c = as_c(t0_arr, cnp.NPY_FLOAT64)
    cdef cnp.ndarray rvw_c = as_c(rvw_arr, cnp.NPY_FLOAT64)
    cdef cnp.ndarray c_arr = as_c(struck.cue_direction, cnp.NPY_FLOAT64)
    cdef cnp.ndarray point_arr = as_c(struck.contact_point, cnp.NPY_FLOAT64)
    cdef cnp.ndarray vel_arr = as_c(struck.velocity, cnp.NPY_FLOAT64)
    log = as_log(result.events, EVENT_DTYPE)
    cdef const double* rows = f64(rows_arr)
    cdef const EventRow* events = <const EventRow*> cnp.PyArray_DATA(<cnp.ndarray> log)
    cdef int n_events = len(log)
    cdef const int* piece_ball = i32(ball_c)
    cdef const int* piece_state = i32(state_c)
    cdef const double* piece_t0 = f64(t0_c)
    cdef const double* rvw = f64(rvw_c)
    cdef const double* c_view = f64(c_arr)
    cdef const double* point = f64(point_arr)
    cdef const double* vel = f64(vel_arr)
    cdef Shot S
    cdef Cue M
    cdef int n = cnp.PyArray_DIM(rows_arr, 0), k, b, q, found = 0
    cdef int n_pieces = cnp.PyArray_DIM(ball_c, 0)
    cdef int b_hit = 0, p_hit = 0, first_other = -1, n_contacts = 0
    cdef double radius = rows[11 * cue_index], mass = rows[11 * cue_index + 1]
    cdef double v_ball, v0 = stroke.speed, tau = cue.tip_contact_time, along, receding
    cdef double closing, remaining, horizon, longest, dt, t_hit = 0.0, first_time = 0.0, d
    cdef double normal[3]
    cdef double minus_normal[3]
    cdef double centre[3]
    cdef double velocity[3]
    cdef double e_tip = cue.tip_restitution, cue_mass = cue.mass
    cdef double follow = stroke.follow_through, h = result.table.cushion_height
    cdef bint skip_cue_ball, ferrule, push = False, bounced = False
    cdef Traj Tr
    cdef BallProps B
    after = struck.cue_speed_after
    cdef cnp.ndarray params_arr = as_c(result.params.solver_array(), cnp.NPY_FLOAT64)
    S.P = params_of(f64(params_arr))
    for k in range(3):
        M.c[k] = c_view[k]
        normal[k] = point[k] / radius
        minus_normal[k] = -normal[k]
    M.tip_radius = cue.tip_radius
    M.shaft_radius = cue.shaft_radius
    M.shaft_check = C.CUE_SHAFT_CHECK_LENGTH
    v_ball = sqrt(ddot3(vel, vel))
    M.v1 = pymax(0.0, v0 - mass * v_ball / cue_mass if after is None else <double> after)
    M.t_sep = 0.5 * tau
    along = ddot3(minus_normal, M.c)
    # the cue ball's state at separation, from its piece covering t_sep
    q = -1
    for k in range(n_pieces):
        if piece_ball[k] == cue_index and piece_t0[k] <= M.t_sep:
            q = k
    fill_props(&B, radius, mass, h, &S.P)
    load_piece(&Tr, &B, &S.P, piece_state[q], piece_t0[q], &rvw[9 * q])
    dt = M.t_sep - piece_t0[q]
    for k in range(3):
        centre[k] = rvw[9 * q + k] + rvw[9 * q + 3 + k] * dt + 0.5 * Tr.a[k] * dt * dt
        velocity[k] = rvw[9 * q + 3 + k] + Tr.a[k] * dt
        M.dome[k] = centre[k] + normal[k] * (radius + cue.tip_radius)
    ferrule = sqrt(pymax(0.0, 1.0 - along * along)) > cue.shaft_radius / cue.tip_radius
    skip_cue_ball = bool(struck.miscue) or ferrule
    for k in range(n_events):
        if not events[k].time < M.t_sep:
            break
        if events[k].ball != cue_index and events[k].other != cue_index:
            continue
        if events[k].kind == EV_SLATE and events[k].time == 0.0:
            bounced = True
        if events[k].kind == EV_BALL_BALL and first_other < 0:
            first_other = events[k].other if events[k].ball == cue_index else events[k].ball
            first_time = events[k].time
    if bounced:
        # the ball rebounded off the slate inside the contact, back at the tip: the tip
        # parts from it with e_tip times that closing speed along the contact normal
        receding = ddot3(velocity, minus_normal)
        closing = pymax(0.0, M.v1 * along - receding)
        M.v1 = pymin(M.v1, pymax(0.0, (receding - e_tip * closing) / along))
    if first_other >= 0:
        skip_cue_ball = True
        for k in range(3):
            centre[k] = rows[11 * first_other + 2 + k] - rows[11 * cue_index + 2 + k]
        d = (sqrt(centre[0] * centre[0] + centre[1] * centre[1] + centre[2] * centre[2])
             - (rows[11 * first_other] + rows[11 * cue_index]))
        push = not (first_time == 0.0 and d <= FROZEN_M)
    contacts = []
    if ferrule:
        contacts.append((0.0, cue_index, PART_SHAFT, FAULT_FERRULE))
    if push:
        contacts.append((first_time, first_other, PART_TIP, FAULT_PUSH))
    dome = np.array([M.dome[0], M.dome[1], M.dome[2]])
    remaining = follow - v_ball * M.t_sep
    longest = C.CUE_FOLLOW_THROUGH_TIME
    horizon = longest - M.t_sep
    if M.v1 <= 0.0 or remaining <= 0.0:
        return M.v1, M.t_sep, dome, 0.0, 0.0, tuple(contacts)
    M.decel = pymax(M.v1 * M.v1 / (2.0 * remaining), M.v1 / horizon)
    M.reach = pymin(remaining, 0.5 * M.v1 * M.v1 / M.decel)
    if M.c[2] < 0.0:
        M.reach = pymin(M.reach, pymax(0.0, (M.dome[2] - cue.tip_radius) / -M.c[2]))
    M.t_stop = pymin(M.t_sep + (M.v1 - sqrt(pymax(0.0, M.v1 * M.v1 - 2.0 * M.decel * M.reach)))
                     / M.decel, longest)
    S.n = n
    S.rows = rows
    S.n_events = n_events
    S.events = events
    S.piece_ball = piece_ball
    S.piece_state = piece_state
    S.piece_t0 = piece_t0
    S.rvw = rvw
    S.order = <int*> malloc(n_pieces * sizeof(int))
    S.start = <int*> malloc((n + 1) * sizeof(int))
    S.props = <BallProps*> malloc(n * sizeof(BallProps))
    S.traj = <Traj*> malloc(n_pieces * sizeof(Traj))
    S.made = <unsigned char*> calloc(n_pieces, 1)
    S.nearest = <int*> malloc(n * sizeof(int))
    S.least = <double*> malloc(n * sizeof(double))
    try:
        if (S.order == NULL or S.start == NULL or S.props == NULL or S.traj == NULL
                or S.made == NULL or S.nearest == NULL or S.least == NULL):
            raise MemoryError("physics_ext: out of memory in the cue's follow-through")
        with nogil:
            for b in range(n + 1):
                S.start[b] = 0
            for k in range(n_pieces):
                S.start[piece_ball[k] + 1] += 1
            for b in range(n):
                S.start[b + 1] += S.start[b]
                fill_props(&S.props[b], rows[11 * b], rows[11 * b + 1], h, &S.P)
            for k in range(n_pieces):       # stable: each ball's pieces stay in time order
                S.order[S.start[piece_ball[k]]] = k
                S.start[piece_ball[k]] += 1
            for b in range(n, 0, -1):
                S.start[b] = S.start[b - 1]
            S.start[0] = 0
            found = first_contact(&S, &M, cue_index, skip_cue_ball, v_ball, velocity,
                                  &t_hit, &b_hit, &p_hit)
        if found < 0:
            raise MemoryError("physics_ext: out of memory in the cue's follow-through")
    finally:
        free(S.order)
        free(S.start)
        free(S.props)
        free(S.traj)
        free(S.made)
        free(S.nearest)
        free(S.least)
    if found:
        contacts.append((t_hit, b_hit, p_hit,
                         FAULT_STRUCK_OTHER_BALL if b_hit != cue_index else
                         (FAULT_DOUBLE_HIT if p_hit == PART_TIP else FAULT_FERRULE)))
    return M.v1, M.t_stop, dome, M.decel, M.reach, tuple(contacts)
