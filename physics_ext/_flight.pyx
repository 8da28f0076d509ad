# The flights of a finished shot, compiled: the one implementation of physics_ext.flight's
# search (that module has the definitions, the reasons and the Python API). Run once per
# shot with an airborne piece by physics_ext.api.result_of_log, on the solver's exact
# trajectory pieces. SI units (m, s), table frame (x, y on the cloth, z up).
#
# Bit for bit with the numpy implementation it replaced (issue 30): a piece restarted at
# time t is r + v dt + a dt^2 / 2 rounded as numpy rounded it, (r + v dt) + ((a / 2) dt) dt
# with a / 2 as 0.5 * a; min and max choose as Python's (physics_ext._pyfloat); the
# horizontal distance at a contact is libm's hypot (np.hypot).

from libc.math cimport sqrt, hypot, copysign, isfinite, INFINITY
from libc.stdlib cimport malloc, free

import numpy as np
cimport numpy as cnp

from physics_ext.types import EVENT_DTYPE, EventKind

from physics_ext._types cimport *
from physics_ext._arrays cimport as_c, as_log, f64, i32
from physics_ext._motion cimport fill_props, params_of, load_piece, hypot2
from physics_ext._pyfloat cimport pymax, pymin
from physics_ext._roots cimport first_entry


cnp.import_array()

cdef int EV_PASS_OVER = int(EventKind.PASS_OVER)


cdef tuple piece_record(ball, state, t0, motion, int n):
    """ball, state, t0 (S,) and motion (S, 9) of the solver's pieces as aligned C arrays
    (as_c: int32, int32, float64, float64), checked: S entries each, every ball one of n."""
    cdef cnp.ndarray ball_c = as_c(ball, cnp.NPY_INT32)
    cdef cnp.ndarray state_c = as_c(state, cnp.NPY_INT32)
    cdef cnp.ndarray t0_c = as_c(t0, cnp.NPY_FLOAT64)
    cdef cnp.ndarray motion_c = as_c(motion, cnp.NPY_FLOAT64)
    cdef int S = cnp.PyArray_SIZE(ball_c), q
    cdef const int* piece_ball = i32(ball_c)
    if not (cnp.PyArray_SIZE(state_c) == S and cnp.PyArray_SIZE(t0_c) == S
            and cnp.PyArray_SIZE(motion_c) == 9 * S):
        raise ValueError("pieces: ball, state, t0 must have S entries and the motion (S, 9)")
    for q in range(S):
        if not 0 <= piece_ball[q] < n:
            raise ValueError(f"piece {q}: ball {piece_ball[q]} is not one of the {n} balls")
    return ball_c, state_c, t0_c, motion_c


def pieces(ball, state, t0, rvw, props, params, double cushion_height):
    """The end and the motion law of each of the solver's trajectory pieces (ball, state,
    t0 (S,), rvw (S, 9): ShotResult.pieces), for physics_ext.flight.Pieces: (t1, rva).

    t1 (S,): the time (s) the piece ends, where the next piece of its ball begins (inf for a
    ball's last piece). rva (S, 3, 3): position (m), velocity (m/s) and acceleration
    (m/s^2, constant over the piece) at t0, table frame. props: (n, 2) radius (m) and mass
    (kg) of each ball; params: Params.solver_array(); cushion_height (m)."""
    cdef cnp.ndarray props_c = as_c(props, cnp.NPY_FLOAT64)
    cdef cnp.ndarray params_c = as_c(params, cnp.NPY_FLOAT64)
    cdef int n, q, k, b
    if not (cnp.PyArray_NDIM(props_c) == 2 and cnp.PyArray_DIM(props_c, 1) == 2
            and cnp.PyArray_SIZE(params_c) >= 19):
        raise ValueError("pieces: props must be (n, 2) and params the 19 values of "
                         "Params.solver_array()")
    n = cnp.PyArray_DIM(props_c, 0)
    cdef cnp.ndarray ball_c, state_c, t0_c, rvw_c
    ball_c, state_c, t0_c, rvw_c = piece_record(ball, state, t0, rvw, n)
    cdef int S = cnp.PyArray_SIZE(ball_c)
    t1_arr = np.empty(S)
    rva_arr = np.empty((S, 3, 3))
    cdef const int* piece_ball = i32(ball_c)
    cdef const int* piece_state = i32(state_c)
    cdef const double* piece_t0 = f64(t0_c)
    cdef const double* r = f64(rvw_c)
    cdef const double* prop = f64(props_c)
    cdef double* t1 = <double*> cnp.PyArray_DATA(<cnp.ndarray> t1_arr)
    cdef double* rva = <double*> cnp.PyArray_DATA(<cnp.ndarray> rva_arr)
    cdef Params P = params_of(f64(params_c))
    cdef BallProps B
    cdef Traj Tr
    cdef double* later = <double*> malloc((n if n > 0 else 1) * sizeof(double))
    if later == NULL:
        raise MemoryError()
    with nogil:
        for b in range(n):
            later[b] = INFINITY
        for q in range(S - 1, -1, -1):
            b = piece_ball[q]
            t1[q] = later[b]
            later[b] = piece_t0[q]
            fill_props(&B, prop[2 * b], prop[2 * b + 1], cushion_height, &P)
            load_piece(&Tr, &B, &P, piece_state[q], piece_t0[q], &r[9 * q])
            for k in range(6):
                rva[9 * q + k] = r[9 * q + k]
            for k in range(3):
                rva[9 * q + 6 + k] = Tr.a[k]
    free(later)
    return t1_arr, rva_arr


ctypedef struct Track:                  # the shot's pieces (flight.Pieces), by pointer
    int S                               # pieces
    int n                               # balls
    const int* ball                     # (S,)
    const int* state                    # (S,)
    const double* t0                    # (S,) start, s
    const double* t1                    # (S,) end, s
    const double* rva                   # (S, 9) position, velocity, acceleration at t0
    const double* radii                 # (n,) m
    const EventRow* events              # the shot's log
    int n_events


ctypedef struct Found:                  # the flights of a shot: at most one per piece
    int count
    int* ball                           # (S,) each flight's ball
    double* span                        # (S, 2) its start and end, s
    int* of_piece                       # (S,) each piece's flight, -1 if none
    int* order                          # (S,) the flights in order of (start, ball)
    int* last                           # (n,) each ball's last flight so far
    int* over_ball                      # (count, n + 1) balls passed over, -1 after the last
    double* over_time                   # (count, n + 1) and when, s
    double* first                       # (n,) a flight's first time over each ball, s
    double* deeper                      # (n,) first time further over a touched ball, s
    double* depth                       # (n,) reach a touched ball's distance must come below
    double* reach                       # (n,) the radii `deeper` is found with, m


def flights(ball, state, t0, t1, rva, events, radii, double touch_depth, double max_span,
            flight_type):
    """Every flight of every ball, in order of start time (then ball), as `flight_type`
    (physics_ext.flight.Flight) instances: ball, start, end (s), passed_over (the balls in
    the order it reached them) and passed_over_times (s), by physics_ext.flight's
    definitions (its module docstring).

    Pieces as in physics_ext.flight.Pieces: ball, state, t0, t1 (S,), rva (S, 3, 3);
    events: the shot's log (EVENT_DTYPE); radii: (n,) m; touch_depth: TOUCH_DEPTH_M (m);
    max_span: MAX_FLIGHT_S (s)."""
    cdef cnp.ndarray radii_c = as_c(radii, cnp.NPY_FLOAT64)
    cdef cnp.ndarray t1_c = as_c(t1, cnp.NPY_FLOAT64)
    cdef cnp.ndarray ball_c, state_c, t0_c, rva_c
    ball_c, state_c, t0_c, rva_c = piece_record(ball, state, t0, rva, cnp.PyArray_SIZE(radii_c))
    log = as_log(events, EVENT_DTYPE)
    cdef Track T
    T.S = cnp.PyArray_SIZE(ball_c)
    T.n = cnp.PyArray_SIZE(radii_c)
    if cnp.PyArray_SIZE(t1_c) != T.S:
        raise ValueError("flights: t1 must have an entry for each piece")
    T.ball, T.state = i32(ball_c), i32(state_c)
    T.t0, T.t1, T.rva, T.radii = f64(t0_c), f64(t1_c), f64(rva_c), f64(radii_c)
    T.events = <const EventRow*> cnp.PyArray_DATA(<cnp.ndarray> log)
    T.n_events = len(log)
    cdef int q, f, k, o, missing = -1, n = T.n + 1
    for k in range(T.n_events):
        if T.events[k].kind == EV_BALL_BALL and not (0 <= T.events[k].ball < T.n
                                                     and 0 <= T.events[k].other < T.n):
            raise ValueError(f"event {k}: a ball-ball contact of balls not among the {T.n}")
    cdef Found F
    F.ball = <int*> malloc((3 * T.S + n) * sizeof(int))     # ball, of_piece, order, last
    F.span = <double*> malloc((2 * T.S + 4 * n) * sizeof(double))  # span, first .. reach
    F.over_ball, F.over_time = NULL, NULL
    try:
        if F.ball == NULL or F.span == NULL:
            raise MemoryError()
        F.of_piece, F.order, F.last = F.ball + T.S, F.ball + 2 * T.S, F.ball + 3 * T.S
        F.first = F.span + 2 * T.S
        F.deeper, F.depth, F.reach = F.first + n, F.first + 2 * n, F.first + 3 * n
        with nogil:
            group_flights(&T, &F)
        F.over_ball = <int*> malloc((F.count * n + 1) * sizeof(int))
        F.over_time = <double*> malloc((F.count * n + 1) * sizeof(double))
        if F.over_ball == NULL or F.over_time == NULL:
            raise MemoryError()
        with nogil:
            for f in range(F.count):
                missing = passed_over(&T, &F, f, touch_depth, max_span)
                if missing >= 0:
                    break
            start_order(&F)
        if missing >= 0:
            raise ValueError(f"flights: no piece of ball {missing} covers a contact of it")
        out = []
        for k in range(F.count):
            f = F.order[k]
            passed, times = [], []
            o = f * n
            while F.over_ball[o] >= 0:
                passed.append(F.over_ball[o])
                times.append(F.over_time[o])
                o += 1
            out.append(new_flight(flight_type, F.ball[f], F.span[2 * f], F.span[2 * f + 1],
                                  tuple(passed), tuple(times)))
        return out
    finally:
        free(F.ball)
        free(F.span)
        free(F.over_ball)
        free(F.over_time)


cdef extern from "Python.h":
    int PyObject_GenericSetAttr(object obj, object name, object value) except -1


cdef object new_flight(flight_type, int ball, double start, double end, tuple passed,
                       tuple times):
    """A `flight_type` (the frozen dataclass flight.Flight) of these fields, made without
    its __init__ (as physics_ext._shot.new_instance makes one)."""
    obj = object.__new__(flight_type)
    PyObject_GenericSetAttr(obj, "ball", ball)
    PyObject_GenericSetAttr(obj, "start", start)
    PyObject_GenericSetAttr(obj, "end", end)
    PyObject_GenericSetAttr(obj, "passed_over", passed)
    PyObject_GenericSetAttr(obj, "passed_over_times", times)
    return obj


cdef void group_flights(const Track* T, Found* F) noexcept nogil:
    """The flights: maximal runs of a ball's airborne pieces, each beginning where the last
    ended; a bounce on the slate or a rail top (a SLATE or RAIL_TOP event of the ball at
    the piece's start) starts a new one, a mid-air collision does not. Sets F's count,
    ball, span (in order of first piece) and of_piece."""
    cdef int q, b, f
    F.count = 0
    for b in range(T.n):
        F.last[b] = -1
    for q in range(T.S):
        F.of_piece[q] = -1
        if T.state[q] != ST_AIRBORNE:
            continue
        b = T.ball[q]
        f = F.last[b]
        if f >= 0 and F.span[2 * f + 1] == T.t0[q] and not landed(T, b, T.t0[q]):
            F.span[2 * f + 1] = T.t1[q]
        else:
            f = F.count
            F.count += 1
            F.ball[f] = b
            F.span[2 * f] = T.t0[q]
            F.span[2 * f + 1] = T.t1[q]
            F.last[b] = f
        F.of_piece[q] = f


cdef bint landed(const Track* T, int b, double t) noexcept nogil:
    """Does the log hold a landing of ball b (on the slate or a rail top) at time t (s)?"""
    cdef int k
    for k in range(T.n_events):
        if ((T.events[k].kind == EV_SLATE or T.events[k].kind == EV_RAIL_TOP)
                and T.events[k].ball == b and T.events[k].time == t):
            return True
    return False


cdef void start_order(Found* F) noexcept nogil:
    """F.order: the flights sorted by (start, ball), stably (insertion: a few a shot)."""
    cdef int k, j, f, g
    for k in range(F.count):
        f = k
        j = k
        while j > 0:
            g = F.order[j - 1]
            if not (F.span[2 * f] < F.span[2 * g] or (
                    F.span[2 * f] == F.span[2 * g] and F.ball[f] < F.ball[g])):
                break
            F.order[j] = g
            j -= 1
        F.order[j] = f


cdef int passed_over(const Track* T, Found* F, int f, double touch_depth,
                     double max_span) noexcept nogil:
    """The balls the ball of flight f passes over, in the order it reached them, and when
    (s), into F.over_ball (-1 after the last) and F.over_time from f (n + 1): each ball
    whose outline its own overlaps seen from above, at the first time it does; a ball
    touched in the flight only where the overlap is deeper than at every contact with it
    by touch_depth (m), or while the flying ball's centre is at or above its top. Returns
    -1, or a ball no piece of which covers the time of one of its contacts."""
    cdef int k, o, j, m = 0, b = F.ball[f]
    cdef double start = F.span[2 * f], end = F.span[2 * f + 1], t, d, least
    cdef int* over_ball = &F.over_ball[f * (T.n + 1)]
    cdef double* over_time = &F.over_time[f * (T.n + 1)]
    cdef double pb[3]
    cdef double po[3]
    cdef bint touched = False
    first_overlaps(T, F.of_piece, f, b, T.radii, max_span, F.first)
    # the horizontal centre distance each touched ball must come below: its smallest value
    # at a contact, less touch_depth (first_overlaps compares with r_b + r_o)
    for k in range(T.n_events):
        t = T.events[k].time
        if (T.events[k].kind != EV_BALL_BALL or not start <= t <= end
                or (T.events[k].ball != b and T.events[k].other != b)):
            continue
        o = T.events[k].other if T.events[k].ball == b else T.events[k].ball
        if not touched:
            touched = True
            for j in range(T.n):
                F.depth[j] = INFINITY
        if not position(T, b, t, pb):
            return b
        if not position(T, o, t, po):
            return o
        d = hypot(pb[0] - po[0], pb[1] - po[1]) - touch_depth - T.radii[b]
        F.depth[o] = pymin(F.depth[o], d)
    if touched:
        least = -T.radii[b]
        for o in range(T.n):
            F.reach[o] = T.radii[o]
            if isfinite(F.depth[o]):
                F.reach[o] = F.depth[o] if F.depth[o] >= least else least   # np.maximum
        first_overlaps(T, F.of_piece, f, b, F.reach, max_span, F.deeper)
        for o in range(T.n):
            if isfinite(F.depth[o]):
                F.first[o] = pymin(F.deeper[o], first_above(T, F.of_piece, f, b, o, max_span))
    # in order of time, then ball (insertion: a few balls a flight)
    for o in range(T.n):
        if not isfinite(F.first[o]):
            continue
        j = m
        while j > 0 and F.first[o] < over_time[j - 1]:
            over_ball[j] = over_ball[j - 1]
            over_time[j] = over_time[j - 1]
            j -= 1
        over_ball[j] = o
        over_time[j] = F.first[o]
        m += 1
    over_ball[m] = -1
    return -1


cdef void first_overlaps(const Track* T, const int* of_piece, int f, int b,
                         const double* radii, double max_span, double* first) noexcept nogil:
    """For flight f of ball b: the first time (s) each other ball in play is less than
    radii[b] + radii[o] (m) away horizontally, inf if never, into first (n). A piece at rest
    is compared for max_span (s) at most."""
    cdef int o, q, p
    cdef double lo, hi, u
    for o in range(T.n):
        first[o] = INFINITY
    for q in range(T.S):
        if of_piece[q] != f:
            continue
        for p in range(T.S):
            o = T.ball[p]
            if o == b or T.state[p] == ST_POCKETED or T.state[p] == ST_OFF_TABLE:
                continue
            lo = T.t0[q] if T.t0[q] > T.t0[p] else T.t0[p]
            hi = T.t1[q] if T.t1[q] < T.t1[p] else T.t1[p]
            if not (lo < hi) or first[o] <= lo:
                continue
            u = first_within(&T.rva[9 * q], T.t0[q], &T.rva[9 * p], T.t0[p], lo,
                             hi - lo if hi - lo < max_span else max_span, radii[b] + radii[o])
            if u < first[o]:
                first[o] = u



cdef double first_within(const double* rq, double t0q, const double* rp, double t0p,
                         double lo, double span, double reach) noexcept nogil:
    """The first time (s) in [lo, lo + span] at which the centres of the pieces rq (from
    t0q) and rp (from t0p), 9 values each (position, velocity, acceleration at the piece's
    start), are less than reach (m) apart horizontally: lo if they are at lo, inf if never.
    Their squared horizontal distance is a quartic in time."""
    cdef int k
    cdef double tau, u
    cdef double d0[2]
    cdef double d1[2]
    cdef double d2[2]
    cdef double c[5]
    for k in range(2):
        # both pieces at time lo, relative to rq's
        tau = lo - t0p
        d0[k] = rp[k] + rp[3 + k] * tau + 0.5 * rp[6 + k] * tau * tau
        d1[k] = rp[3 + k] + rp[6 + k] * tau
        tau = lo - t0q
        d0[k] -= rq[k] + rq[3 + k] * tau + 0.5 * rq[6 + k] * tau * tau
        d1[k] -= rq[3 + k] + rq[6 + k] * tau
        d2[k] = 0.5 * (rp[6 + k] - rq[6 + k])
    c[0] = d0[0] * d0[0] + d0[1] * d0[1] - reach * reach
    if c[0] <= 0.0:
        return lo
    # the distance cannot shrink faster than |d1| + |d2| span: skip far pieces
    if sqrt(c[0] + reach * reach) - reach > (
            hypot2(d1[0], d1[1]) + hypot2(d2[0], d2[1]) * span) * span:
        return INFINITY
    c[1] = 2.0 * (d0[0] * d1[0] + d0[1] * d1[1])
    c[2] = d1[0] * d1[0] + d1[1] * d1[1] + 2.0 * (d0[0] * d2[0] + d0[1] * d2[1])
    c[3] = 2.0 * (d1[0] * d2[0] + d1[1] * d2[1])
    c[4] = d2[0] * d2[0] + d2[1] * d2[1]
    u = first_entry(c, 4, span)
    return lo + u


cdef double first_above(const Track* T, const int* of_piece, int f, int b, int o,
                        double max_span) noexcept nogil:
    """First time (s) in flight f of ball b at which its outline overlaps ball o's seen
    from above while its centre is at or above o's top; inf if never. Per pair of pieces
    the height difference is a quadratic in time (closed form): in each stretch where it is
    at least r_o, the first overlap is the quartic's first root (first_within, on the two
    pieces restarted at the stretch's start)."""
    cdef int q, p, k, n
    cdef double best = INFINITY, lo, hi, c2, c1, c0, s, end, t
    cdef double zb[3]
    cdef double zo[3]
    cdef double u0[2]
    cdef double u1[2]
    cdef double rq[9]
    cdef double rp[9]
    for q in range(T.S):
        if of_piece[q] != f:
            continue
        for p in range(T.S):
            if T.ball[p] != o:
                continue
            lo = pymax(T.t0[q], T.t0[p])
            hi = pymin(pymin(T.t1[q], T.t1[p]), lo + max_span)
            if (not lo < hi or lo >= best or T.state[p] == ST_POCKETED
                    or T.state[p] == ST_OFF_TABLE):
                continue
            # z_b - z_o - r_o = c2 tau^2 + c1 tau + c0, tau = t - lo
            restarted(&T.rva[9 * q], T.t0[q], lo, rq)
            restarted(&T.rva[9 * p], T.t0[p], lo, rp)
            c2 = 0.5 * (rq[8] - rp[8])
            c1 = rq[5] - rp[5]
            c0 = rq[2] - rp[2] - T.radii[o]
            n = at_least(c2, c1, c0, hi - lo, u0, u1)
            for k in range(n):
                s = lo + u0[k]
                end = lo + u1[k]
                restarted(&T.rva[9 * q], T.t0[q], s, rq)
                restarted(&T.rva[9 * p], T.t0[p], s, rp)
                t = INFINITY
                if s < end:
                    t = first_within(rq, s, rp, s, s, end - s if end - s < max_span else max_span,
                                     T.radii[b] + T.radii[o])
                if t < best:
                    best = t
                    break
    return best


cdef inline void restarted(const double* r, double t0, double t, double* out) noexcept nogil:
    """out (9): position (m), velocity (m/s) and acceleration (m/s^2) at time t (s) of the
    piece r (the same at its start t0)."""
    cdef int k
    cdef double dt = t - t0
    for k in range(3):
        out[k] = r[k] + r[3 + k] * dt + 0.5 * r[6 + k] * dt * dt
        out[3 + k] = r[3 + k] + r[6 + k] * dt
        out[6 + k] = r[6 + k]


cdef bint position(const Track* T, int ball, double t, double* out) noexcept nogil:
    """out (3): the centre (m) of `ball` at time t (s), from its first piece covering t;
    False if none does."""
    cdef int q
    cdef double piece[9]
    for q in range(T.S):
        if T.ball[q] == ball and T.t0[q] <= t < T.t1[q]:
            restarted(&T.rva[9 * q], T.t0[q], t, piece)
            out[0], out[1], out[2] = piece[0], piece[1], piece[2]
            return True
    return False


cdef int at_least(double c2, double c1, double c0, double span, double* u0,
                  double* u1) noexcept nogil:
    """The stretches [u0[k], u1[k]] of [0, span] where c2 u^2 + c1 u + c0 >= 0, in order;
    returns how many (0 to 2)."""
    cdef double root, disc, w, r1, r2, x1, x2
    cdef int n = 0
    if c2 == 0.0:
        if c1 == 0.0:
            u0[0], u1[0] = 0.0, span
            return 1 if c0 >= 0.0 else 0
        root = -c0 / c1
        if c1 > 0.0:
            u0[0], u1[0] = pymax(0.0, root), span
        else:
            u0[0], u1[0] = 0.0, pymin(span, root)
        return 1 if u0[0] <= u1[0] else 0
    disc = c1 * c1 - 4.0 * c2 * c0
    if disc < 0.0:
        u0[0], u1[0] = 0.0, span
        return 1 if c2 > 0.0 else 0
    w = -0.5 * (c1 + copysign(sqrt(disc), c1))
    x1 = w / c2
    x2 = c0 / w if w != 0.0 else w / c2
    r1, r2 = (x2, x1) if x2 < x1 else (x1, x2)
    if c2 > 0.0:
        u0[0], u1[0] = 0.0, pymin(span, r1)
        n = 1 if u0[0] <= u1[0] else 0
        u0[n], u1[n] = pymax(0.0, r2), span
        return n + 1 if u0[n] <= u1[n] else n
    u0[0], u1[0] = pymax(0.0, r1), pymin(span, r2)
    return 1 if u0[0] <= u1[0] else 0


def at_least_zero(double c2, double c1, double c0, double span):
    """The stretches (u0, u1) of [0, span] where c2 u^2 + c1 u + c0 >= 0, in order: the
    search first_above makes per pair of pieces, exposed so tests can hold it to a
    sampling."""
    cdef double u0[2]
    cdef double u1[2]
    cdef int k, n = at_least(c2, c1, c0, span, u0, u1)
    return [(u0[k], u1[k]) for k in range(n)]


def pass_over_events(all_flights):
    """PASS_OVER rows of the event log (EVENT_DTYPE) for the given flights
    (physics_ext.flight.Flight), flight by flight, each in the order of passed_over."""
    cdef Py_ssize_t n = 0, k = 0
    for f in all_flights:
        n += len(f.passed_over)
    out = np.zeros(n, dtype=EVENT_DTYPE)
    cdef EventRow* row = <EventRow*> cnp.PyArray_DATA(<cnp.ndarray> out)
    for f in all_flights:
        for t, o in zip(f.passed_over_times, f.passed_over):
            row[k].time = t
            row[k].kind = EV_PASS_OVER
            row[k].ball = f.ball
            row[k].other = o
            row[k].feature = -1
            row[k].rail = -1
            row[k].state = ST_AIRBORNE
            k += 1
    return out


def slate_at_strike(events, int ball):
    """Does the log hold a SLATE event of `ball` at t = 0 (the cue ball driven into the
    slate by the strike)?"""
    log = as_log(events, EVENT_DTYPE)
    cdef const EventRow* e = <const EventRow*> cnp.PyArray_DATA(<cnp.ndarray> log)
    cdef Py_ssize_t k
    for k in range(len(log)):
        if e[k].ball == ball and e[k].time == 0.0 and e[k].kind == EV_SLATE:
            return True
    return False
