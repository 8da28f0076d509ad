# Queries on a finished shot and on its input, compiled: sampling the recorded trajectory
# pieces at many times, the validation of ball rows, the rails balls are frozen to (the
# flights and passes over are physics_ext._flight's).

from libc.math cimport sqrt, isfinite

import numpy as np

from physics_ext._types cimport *
from physics_ext._motion cimport eval_traj, fill_props, make_params, contact_rho, load_piece
from physics_ext._roots cimport roots_in, first_entry


def sample(const int[::1] piece_ball, const int[::1] piece_state, const double[::1] piece_t0,
           const double[:, ::1] piece_rvw, const int[::1] order, const int[::1] start,
           const double[:, ::1] props, const double[::1] params, double cushion_height,
           const double[::1] times, double[:, :, ::1] pos, double[:, :, ::1] vel,
           double[:, :, ::1] ang, int[:, ::1] states):
    """Evaluate the recorded trajectory pieces at many times.

    order: piece indices grouped by ball (stable, so each ball's pieces are in time order);
    start: (n + 1,) offsets of each ball's group in `order`. props: (n, 2) radius, mass.
    Outputs are written to pos, vel, ang (T, n, 3) and states (T, n)."""
    cdef Params P = make_params(params)
    cdef int n = props.shape[0], nt = times.shape[0], b, q, lo, hi, mid, k, idx
    cdef BallProps B
    cdef Traj Tr
    cdef double t
    cdef double r[3]
    cdef double v[3]
    cdef double w[3]
    with nogil:
        for b in range(n):
            fill_props(&B, props[b, 0], props[b, 1], cushion_height, &P)
            for q in range(nt):
                t = times[q]
                # last piece of ball b with t0 <= t (the first if t precedes them all)
                lo = start[b]
                hi = start[b + 1] - 1
                while lo < hi:
                    mid = (lo + hi + 1) // 2
                    if piece_t0[order[mid]] <= t:
                        lo = mid
                    else:
                        hi = mid - 1
                idx = order[lo]
                load_piece(&Tr, &B, &P, piece_state[idx], piece_t0[idx], &piece_rvw[idx, 0])
                eval_traj(&Tr, &B, t, r, v, w)
                for k in range(3):
                    pos[q, b, k] = r[k]
                    vel[q, b, k] = v[k]
                    ang[q, b, k] = w[k]
                states[q, b] = Tr.state


# Problems first_problem() reports, in the order it checks them.
cpdef enum:
    PROBLEM_NONE = 0
    PROBLEM_NOT_FINITE = 1      # (ball, column)
    PROBLEM_NOT_POSITIVE = 2    # (ball, column 0 radius or 1 mass)
    PROBLEM_CUSHION_FIT = 3     # (ball)
    PROBLEM_IN_SLATE = 4        # (ball)
    PROBLEM_OFF_SURFACE = 5     # (ball)
    PROBLEM_OVER_POCKET = 6     # (ball, pocket)
    PROBLEM_IN_JAW = 7          # (ball, tip)
    PROBLEM_TOO_FAST = 8        # (ball)
    PROBLEM_TOO_MUCH_SPIN = 9   # (ball)
    PROBLEM_OVERLAP = 10        # (ball, other ball)
    PROBLEM_IN_RAIL = 11        # (ball, rail): over a rail top, below its surface
    PROBLEM_IN_RUBBER = 12      # (ball, segment): in the air, inside a cushion's rubber


def first_problem(const double[:, ::1] balls, const double[:, :, ::1] seg,
                  const double[:, ::1] seg_n, const double[:, ::1] outline,
                  const double[:, ::1] tip, const double[:, ::1] pocket,
                  double cushion_height, double tol, double max_speed, double rail_depth=0.0,
                  double rail_top_height=0.0):
    """The first impossible thing about the balls (rows as for run()), as
    (PROBLEM_*, ball, detail): detail is a column, pocket, tip, rail or other ball index. A
    centre is on the playing surface when it lies inside the cushion outline, at least the
    contact distance from every cushion face it is in front of (pocket mouths included); or
    over the top of a rail (rail_depth wide behind the rail noses, segments 0-5, at
    rail_top_height), no lower than a ball resting on it (within tol)."""
    cdef int ball = -1, detail = -1, problem
    with nogil:
        problem = problem_of(balls, seg, seg_n, outline, tip, pocket, cushion_height, tol,
                             max_speed, rail_depth, rail_top_height, &ball, &detail)
    return problem, ball, detail


def first_problems(const double[:, :, ::1] shots, const double[:, :, ::1] seg,
                   const double[:, ::1] seg_n, const double[:, ::1] outline,
                   const double[:, ::1] tip, const double[:, ::1] pocket,
                   double cushion_height, double tol, double max_speed, double rail_depth,
                   double rail_top_height, int[:, ::1] out):
    """first_problem of every shot's balls (shots: (N, n, 11)), written to out (N, 3):
    PROBLEM_*, ball, detail."""
    cdef Py_ssize_t s
    for s in range(shots.shape[0]):
        out[s, 0] = problem_of(shots[s], seg, seg_n, outline, tip, pocket, cushion_height,
                               tol, max_speed, rail_depth, rail_top_height, &out[s, 1],
                               &out[s, 2])


cdef int problem_of(const double[:, ::1] balls, const double[:, :, ::1] seg,
                    const double[:, ::1] seg_n, const double[:, ::1] outline,
                    const double[:, ::1] tip, const double[:, ::1] pocket,
                    double cushion_height, double tol, double max_speed, double rail_depth,
                    double rail_top_height, int* ball, int* detail) noexcept nogil:
    """first_problem's search: returns the PROBLEM_*, with the ball and the detail in
    ball[0] and detail[0]."""
    cdef int n = balls.shape[0], i, j, k, over
    cdef double R, rho, s, dx, dy, dz, x, y, ex, ey, lam
    for i in range(n):
        for k in range(11):
            if not isfinite(balls[i, k]):
                ball[0], detail[0] = i, k
                return PROBLEM_NOT_FINITE
        for k in range(2):
            if balls[i, k] <= 0.0:
                ball[0], detail[0] = i, k
                return PROBLEM_NOT_POSITIVE
        R = balls[i, 0]
        if not (R < cushion_height < 2.0 * R):
            ball[0], detail[0] = i, -1
            return PROBLEM_CUSHION_FIT
        if balls[i, 4] < R - tol:
            ball[0], detail[0] = i, -1
            return PROBLEM_IN_SLATE
        rho = contact_rho(R, cushion_height)
        x = balls[i, 2]
        y = balls[i, 3]
        over = -1
        for k in range(6 if rail_depth > 0.0 and seg.shape[0] >= 6 else 0):
            ex = seg[k, 1, 0] - seg[k, 0, 0]
            ey = seg[k, 1, 1] - seg[k, 0, 1]
            lam = (x - seg[k, 0, 0]) * ex + (y - seg[k, 0, 1]) * ey
            s = seg_n[k, 0] * (x - seg[k, 0, 0]) + seg_n[k, 1] * (y - seg[k, 0, 1])
            if -rail_depth < s < 0.0 and 0.0 < lam < ex * ex + ey * ey:
                over = k
        if over >= 0:
            if balls[i, 4] < rail_top_height + R - tol:
                ball[0], detail[0] = i, over
                return PROBLEM_IN_RAIL
        elif not inside_polygon(outline, x, y):
            ball[0], detail[0] = i, -1
            return PROBLEM_OFF_SURFACE
        for k in range(seg.shape[0]):
            ex = seg[k, 1, 0] - seg[k, 0, 0]
            ey = seg[k, 1, 1] - seg[k, 0, 1]
            lam = (x - seg[k, 0, 0]) * ex + (y - seg[k, 0, 1]) * ey
            s = seg_n[k, 0] * (x - seg[k, 0, 0]) + seg_n[k, 1] * (y - seg[k, 0, 1])
            if over < 0 and 0.0 <= lam <= ex * ex + ey * ey and -rho < s < rho - tol:
                ball[0], detail[0] = i, -1
                return PROBLEM_OFF_SURFACE
        for k in range(pocket.shape[0] if over < 0 else 0):   # a rail top is above
            dx = x - pocket[k, 0]
            dy = y - pocket[k, 1]
            if within(dx * dx + dy * dy, pocket[k, 2]):
                ball[0], detail[0] = i, k
                return PROBLEM_OVER_POCKET
        for k in range(tip.shape[0] if over < 0 else 0):
            dx = x - tip[k, 0]
            dy = y - tip[k, 1]
            if within(dx * dx + dy * dy, tip[k, 2] + rho - tol):
                ball[0], detail[0] = i, k
                return PROBLEM_IN_JAW
        k = in_rubber(balls[i, 2], balls[i, 3], balls[i, 4], R, rho, seg, seg_n, tip,
                      cushion_height, rail_top_height, tol)
        if k >= 0:
            ball[0], detail[0] = i, k
            return PROBLEM_IN_RUBBER
        if sqrt(balls[i, 5] ** 2 + balls[i, 6] ** 2 + balls[i, 7] ** 2) > max_speed:
            ball[0], detail[0] = i, -1
            return PROBLEM_TOO_FAST
        if R * sqrt(balls[i, 8] ** 2 + balls[i, 9] ** 2 + balls[i, 10] ** 2) > 2.0 * max_speed:
            ball[0], detail[0] = i, -1
            return PROBLEM_TOO_MUCH_SPIN
    for i in range(n):
        for j in range(i + 1, n):
            dx = balls[j, 2] - balls[i, 2]
            dy = balls[j, 3] - balls[i, 3]
            dz = balls[j, 4] - balls[i, 4]
            if within(dx * dx + dy * dy + dz * dz, balls[i, 0] + balls[j, 0] - tol):
                ball[0], detail[0] = i, j
                return PROBLEM_OVERLAP
    ball[0], detail[0] = -1, -1
    return PROBLEM_NONE


cdef int in_rubber(double x, double y, double z, double R, double rho,
                   const double[:, :, ::1] seg, const double[:, ::1] seg_n,
                   const double[:, ::1] tip, double cushion_height, double rail_top_height,
                   double tol) noexcept nogil:
    """The cushion segment (or n_seg + the jaw tip) whose rubber a ball in the air
    (centre height z > R) overlaps by more than tol, as the solver meets a flying ball
    (physics_ext._detect): closer than R to the nose edge, the face above it or the cap's
    edge of a segment it is in front of (foot on the segment), or closer than the contact
    distance to a jaw tip's rim point; -1 if none. A ball on the cloth is checked by the
    contact distance rho alone."""
    cdef int k
    cdef double ex, ey, lam, d, e, top = rail_top_height if rail_top_height > cushion_height else cushion_height
    if z <= R + tol:
        return -1
    for k in range(seg.shape[0]):
        ex = seg[k, 1, 0] - seg[k, 0, 0]
        ey = seg[k, 1, 1] - seg[k, 0, 1]
        lam = (x - seg[k, 0, 0]) * ex + (y - seg[k, 0, 1]) * ey
        d = seg_n[k, 0] * (x - seg[k, 0, 0]) + seg_n[k, 1] * (y - seg[k, 0, 1])
        if not (0.0 <= lam <= ex * ex + ey * ey and -R < d < R):
            continue
        e = z - cushion_height if z < cushion_height else (z - top if z > top else 0.0)
        if d * d + e * e < (R - tol) * (R - tol) or (d < 0.0 and z < top + R - tol):
            return k
    for k in range(tip.shape[0]):
        d = (tip[k, 2] + rho) * (tip[k, 2] + rho) + (R - cushion_height) * (R - cushion_height)
        e = ((x - tip[k, 0]) * (x - tip[k, 0]) + (y - tip[k, 1]) * (y - tip[k, 1]) +
             (z - cushion_height) * (z - cushion_height))
        if sqrt(e) < sqrt(d) - tol:
            return seg.shape[0] + k
    return -1


cdef inline bint within(double d2, double reach) noexcept nogil:
    """sqrt(d2) < reach (d2 a squared distance), the root taken only within twice the
    reach: beyond it the answer is no either way."""
    return d2 < 4.0 * reach * reach and sqrt(d2) < reach


cdef bint inside_polygon(const double[:, ::1] poly, double x, double y) noexcept nogil:
    """Even-odd ray casting: is (x, y) inside the closed polygon? Edge k runs from vertex
    k - 1 (the last for k = 0) to vertex k."""
    cdef int k, m = poly.shape[0]
    cdef bint inside = False
    cdef double x1, y1, x2, y2
    if m == 0:
        return False
    x1 = poly[m - 1, 0]
    y1 = poly[m - 1, 1]
    for k in range(m):
        x2 = poly[k, 0]
        y2 = poly[k, 1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
        x1 = x2
        y1 = y2
    return inside


def polynomial_roots(coefficients, double lo, double hi):
    """Sign-changing real roots in (lo, hi) of c[0] + c[1] t + ... (degree <= 4), ascending,
    found by the solver's own root isolation; exposed so tests can hold it to hard cases."""
    cdef double c[5]
    cdef double out[4]
    cdef int k, deg = len(coefficients) - 1, n
    if not 0 <= deg <= 4:
        raise ValueError(f"degree must be 0..4, got {deg}")
    for k in range(deg + 1):
        c[k] = coefficients[k]
    n = roots_in(c, deg, lo, hi, out)
    return [out[k] for k in range(n)]


def polynomial_first_entry(coefficients, double T):
    """The solver's event time: the first t in (0, T] where p, positive at 0, falls to <= 0
    (inf if never)."""
    cdef double c[5]
    cdef int k, deg = len(coefficients) - 1
    if not 0 <= deg <= 4:
        raise ValueError(f"degree must be 0..4, got {deg}")
    for k in range(deg + 1):
        c[k] = coefficients[k]
    return first_entry(c, deg, T)


def frozen_rails(const double[:, ::1] balls, const double[:, :, ::1] seg,
                 const double[:, ::1] seg_n, const int[::1] seg_rail, int n_rails,
                 double cushion_height, double tol):
    """(n, n_rails) bool: ball i's centre is within tol (m) of touching rail r's straight
    nose (segments 0..n_rails-1), with its foot on the nose."""
    out = np.zeros((balls.shape[0], n_rails), dtype=bool)
    cdef unsigned char[:, ::1] touch = out.view(np.uint8)
    with nogil:
        frozen_into(balls, seg, seg_n, seg_rail, n_rails, cushion_height, tol, &touch[0, 0])
    return out


cdef void frozen_into(const double[:, ::1] balls, const double[:, :, ::1] seg,
                      const double[:, ::1] seg_n, const int[::1] seg_rail, int n_rails,
                      double cushion_height, double tol, unsigned char* touch) noexcept nogil:
    """frozen_rails into `touch` ((n, n_rails) bytes, zeroed by the caller)."""
    cdef int n = balls.shape[0], i, k
    cdef double s, rho, ex, ey, lam
    for i in range(n):
        rho = contact_rho(balls[i, 0], cushion_height)
        for k in range(n_rails):
            ex = seg[k, 1, 0] - seg[k, 0, 0]
            ey = seg[k, 1, 1] - seg[k, 0, 1]
            lam = (balls[i, 2] - seg[k, 0, 0]) * ex + (balls[i, 3] - seg[k, 0, 1]) * ey
            s = (seg_n[k, 0] * (balls[i, 2] - seg[k, 0, 0]) +
                 seg_n[k, 1] * (balls[i, 3] - seg[k, 0, 1]) - rho)
            if -tol <= s <= tol and 0.0 <= lam <= ex * ex + ey * ey:
                touch[i * n_rails + seg_rail[k]] = 1
