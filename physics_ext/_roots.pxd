# Real roots of polynomials of degree <= 4 on an interval, by recursive isolation.
#
# Why not Ferrari's closed form: it loses most digits near double roots (grazing contacts)
# and when the leading coefficient is tiny (two balls with equal accelerations). Here the
# critical points of p (roots of p', found the same way, recursively) split the interval
# into pieces on which p is monotone; a root in a monotone piece with a sign change is
# bracketed, and a safeguarded Newton iteration converges to it to full precision. A
# vanishing leading coefficient just lowers the degree. Everything is deterministic.
#
# Coefficients are c[0] + c[1] x + ... + c[deg] x^deg.

from libc.math cimport fabs, INFINITY

cdef enum:
    MAX_NEWTON_STEPS = 100


cdef inline double poly_eval(const double* c, int deg, double x) noexcept nogil:
    cdef double s = c[deg]
    cdef int k
    for k in range(deg - 1, -1, -1):
        s = s * x + c[k]
    return s


cdef inline double poly_slope(const double* c, int deg, double x) noexcept nogil:
    cdef double s = 0.0
    cdef int k
    for k in range(deg, 0, -1):
        s = s * x + k * c[k]
    return s


cdef inline int effective_degree(const double* c, int deg) noexcept nogil:
    while deg > 0 and c[deg] == 0.0:
        deg -= 1
    return deg


cdef inline double monotone_root(const double* c, int deg, double lo, double hi,
                                 double flo) noexcept nogil:
    """Root of p in [lo, hi], where p is monotone and p(lo), p(hi) differ in sign
    (flo = p(lo)). Newton steps inside the bracket, bisection when a step leaves it."""
    cdef double x = 0.5 * (lo + hi)
    cdef double fx, dfx, step, nx
    cdef int it
    for it in range(MAX_NEWTON_STEPS):
        fx = poly_eval(c, deg, x)
        if fx == 0.0:
            return x
        # keep the bracket [lo, hi] around the sign change
        if (fx < 0.0) == (flo < 0.0):
            lo = x
            flo = fx
        else:
            hi = x
        dfx = poly_slope(c, deg, x)
        nx = x - fx / dfx if dfx != 0.0 else lo - 1.0
        if not (lo < nx < hi):
            nx = 0.5 * (lo + hi)
        step = fabs(nx - x)
        x = nx
        if step <= 1e-16 * fabs(x) or hi - lo <= 2e-16 * fabs(hi) or nx == lo or nx == hi:
            break
    return x


cdef inline int roots_in(const double* c, int deg, double lo, double hi,
                         double* out) noexcept nogil:
    """All sign-changing roots of p in the open interval (lo, hi), ascending, plus roots of
    even multiplicity that land exactly on a critical point. Returns how many (<= deg)."""
    cdef double d[4]
    cdef double crit[4]
    cdef int ncrit, k, n = 0
    cdef double a, b, fa, fb, x
    deg = effective_degree(c, deg)
    if deg == 0:
        return 0
    if deg == 1:
        x = -c[0] / c[1]
        if lo < x < hi:
            out[0] = x
            return 1
        return 0
    for k in range(deg):
        d[k] = (k + 1) * c[k + 1]
    ncrit = roots_in(d, deg - 1, lo, hi, crit)
    a = lo
    fa = poly_eval(c, deg, lo)
    for k in range(ncrit + 1):
        b = crit[k] if k < ncrit else hi
        fb = poly_eval(c, deg, b)
        if (fa < 0.0 and fb > 0.0) or (fa > 0.0 and fb < 0.0):
            out[n] = monotone_root(c, deg, a, b, fa)
            n += 1
        elif fb == 0.0 and k < ncrit:
            out[n] = b
            n += 1
        a = b
        fa = fb
    return n


cdef inline double first_entry(const double* c, int deg, double T) noexcept nogil:
    """Smallest t in (0, T] at which p, positive at 0, falls to <= 0 (entering contact);
    INFINITY if it never does. The caller handles p(0) <= 0 (already touching)."""
    cdef double d[4]
    cdef double crit[4]
    cdef int ncrit, k
    cdef double a, b, fa, fb
    deg = effective_degree(c, deg)
    if deg == 0 or not (T > 0.0):
        return INFINITY
    for k in range(deg):
        d[k] = (k + 1) * c[k + 1]
    ncrit = roots_in(d, deg - 1, 0.0, T, crit)
    a = 0.0
    fa = c[0]
    for k in range(ncrit + 1):
        b = crit[k] if k < ncrit else T
        fb = poly_eval(c, deg, b)
        if fa > 0.0 and fb <= 0.0:
            if fb == 0.0:
                return b
            return monotone_root(c, deg, a, b, fa)
        a = b
        fa = fb
    return INFINITY
