"""The solver's polynomial root isolation on hard cases, against exact (mpmath) roots.

Tolerances follow the conditioning of each root: evaluating p in double precision at t has
an error of about eps * sum|c_k| |t|^k, so no algorithm can place a simple root closer than
that divided by |p'(t)|. We allow 8 times that bound (plus a few ulps of t)."""
import math

import inspect

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from physics_ext._query import polynomial_first_entry, polynomial_roots

EPS = np.finfo(float).eps
mpmath.mp.dps = 50


def expand(roots, scale=1.0):
    """Coefficients c0..cn of scale * prod(t - r) (ascending); complex roots come in
    conjugate pairs, so the coefficients are real (their imaginary parts rounding)."""
    c = np.polynomial.polynomial.polyfromroots(roots) * scale
    return [float(np.real(v)) for v in c]


def tolerance(c, t):
    size = sum(abs(ck) * abs(t) ** k for k, ck in enumerate(c))
    slope = abs(sum(k * ck * t ** (k - 1) for k, ck in enumerate(c) if k))
    return 8 * EPS * size / max(slope, 1e-300) + 4 * EPS * abs(t)


def _polyroots(ascending):
    """mpmath's roots of the polynomial with these coefficients (ascending powers).
    mpmath 1.4 takes the order as `asc` (and warns that a call without it, read as
    descending, will change meaning); 1.3 reads descending powers only."""
    if "asc" in inspect.signature(mpmath.polyroots).parameters:
        return mpmath.polyroots(ascending, maxsteps=100, extraprec=60, asc=True)
    return mpmath.polyroots(ascending[::-1], maxsteps=100, extraprec=60)


def exact_real_roots(c, lo, hi):
    """Real roots of the double coefficients c, computed in 50 digits."""
    coeffs = [mpmath.mpf(v) for v in c]                 # ascending powers
    while coeffs and coeffs[-1] == 0:
        coeffs.pop()
    if len(coeffs) < 2:
        return []
    found = _polyroots(coeffs)
    real = sorted(float(r.real) for r in found if abs(r.imag) < mpmath.mpf(10) ** -30)
    return [r for r in real if lo < r < hi]


def test_four_simple_roots():
    c = expand([1, 2, 3, 4])
    roots = polynomial_roots(c, 0, 10)
    assert len(roots) == 4
    for got, want in zip(roots, [1, 2, 3, 4]):
        assert abs(got - want) <= tolerance(c, want)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(st.floats(0.01, 20.0), min_size=1, max_size=4, unique=True),
       st.floats(1e-3, 1e3))
def test_random_simple_roots_match_exact(roots, scale):
    roots = sorted(roots)
    if min(np.diff(roots), default=1.0) < 1e-3:
        return                       # near-double roots have their own test
    c = expand(roots, scale)
    want = exact_real_roots(c, 0.0, 25.0)
    got = polynomial_roots(c, 0.0, 25.0)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert abs(g - w) <= tolerance(c, w)


@pytest.mark.parametrize("gap", [1e-3, 1e-5, 1e-7])
def test_near_double_roots_are_separated(gap):
    # (t - 1)(t - 1 - gap)(t^2 + 1): the contact lasts `gap` seconds; entry at t = 1.
    c = expand([1.0, 1.0 + gap, 1j, -1j])
    entry = polynomial_first_entry(c, 5.0)
    # the root's conditioning degrades as 1/gap: a double root is only defined to sqrt(eps)
    assert abs(entry - 1.0) <= max(tolerance(c, 1.0), 1e-12)
    roots = polynomial_roots(c, 0.0, 5.0)
    assert len(roots) == 2 and roots[0] < roots[1]


def test_grazing_contact_with_a_tiny_penetration_is_found():
    # (t - 2)^2 - 1e-12: the balls overlap for 2e-6 s around t = 2; entry at 2 - 1e-6.
    c = [4.0 - 1e-12, -4.0, 1.0]
    assert polynomial_first_entry(c, 10.0) == pytest.approx(2.0 - 1e-6, abs=1e-9)


def test_near_miss_is_not_a_contact():
    # (t - 2)^2 + 1e-12 never reaches zero: a ball passing 1e-12 m^2 wide of contact.
    assert polynomial_first_entry([4.0 + 1e-12, -4.0, 1.0], 10.0) == math.inf


def test_vanishing_leading_coefficient_lowers_the_degree():
    cubic = expand([0.5, 1.5, 2.5])
    exact = polynomial_roots(cubic, 0.0, 3.0)
    for tiny in (0.0, 1e-300, -1e-300):
        got = polynomial_roots(cubic + [tiny], 0.0, 3.0)
        assert got == pytest.approx(exact, abs=1e-12)


def test_widely_scaled_coefficients():
    # Roots at 1e-4 s and 30 s: a grazing early contact and a long roll in one quartic.
    c = expand([1e-4, 30.0, 2j, -2j], scale=1e-6)
    roots = polynomial_roots(c, 0.0, 100.0)
    assert roots[0] == pytest.approx(1e-4, rel=1e-12)
    assert roots[1] == pytest.approx(30.0, rel=1e-12)


def test_first_entry_skips_exits_and_finds_the_next_entry():
    # Negative at 0 (inside), exits at 1, re-enters at 3: the event is the entry at 3.
    c = expand([1.0, 3.0], scale=-1.0)          # -(t - 1)(t - 3): <0, >0, <0
    assert polynomial_first_entry(c, 10.0) == pytest.approx(3.0, abs=1e-14)
    # positive at 0, enters at 2, before the window ends at 1.5: no event yet
    assert polynomial_first_entry(expand([2.0, 5.0]), 1.5) == math.inf


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(st.floats(-5.0, 5.0), min_size=5, max_size=5), st.floats(0.1, 10.0))
def test_first_entry_is_the_first_exact_down_crossing(c, T):
    if c[0] < 1e-6 or min(abs(v) for v in c[1:]) < 1e-6:
        return                       # p(0) > 0 is the solver's precondition
    want = math.inf
    for r in exact_real_roots(c, 0.0, T):
        slope = sum(k * ck * r ** (k - 1) for k, ck in enumerate(c) if k)
        if slope < 0:
            want = r
            break
    got = polynomial_first_entry(c, T)
    if want == math.inf:
        # a tangency the exact roots split by less than the evaluation noise may register
        assert got == math.inf or abs(sum(ck * got ** k for k, ck in enumerate(c))) < 1e-12
    else:
        assert abs(got - want) <= max(tolerance(c, want), 1e-7 * (want < 0.5))
