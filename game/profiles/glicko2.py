"""The Glicko-2 rating system, as published: Mark E. Glickman, "Example of the Glicko-2
system" (Boston University, 2022 revision of the 2001 note). Pure functions, no state.

A rating is (rating, deviation, volatility) on the Glicko scale (a new player 1500, 350,
0.06); `update` applies one rating period's games. Breakshot rates after every frame, so
a period is one frame against one opponent. TAU constrains the change of volatility
over time (the paper suggests 0.3 to 1.2; smaller is steadier).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178                 # Glicko points per Glicko-2 unit (the paper's step 2)
BASE_RATING = 1500.0
TAU = 0.5
CONVERGENCE = 1e-6               # the volatility iteration's tolerance (step 5)
MAX_DEVIATION = 350.0            # a new player's; a deviation never grows past it


@dataclass(frozen=True)
class Rating:
    """rating: points (1500 a newcomer's); deviation: its uncertainty, points (one
    standard deviation); volatility: how erratic the player's form is."""
    rating: float = BASE_RATING
    deviation: float = MAX_DEVIATION
    volatility: float = 0.06


def g_factor(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g_factor(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance (0..1) that `player` beats `opponent` as Glicko-2 sees it."""
    return _expected((player.rating - BASE_RATING) / SCALE,
                     (opponent.rating - BASE_RATING) / SCALE, opponent.deviation / SCALE)


def update(player: Rating, games, tau: float = TAU) -> Rating:
    """`player`'s rating after one period's `games`: (opponent Rating, score) pairs, the
    score 1 for a win, 0 for a loss, 0.5 for a draw. No games: only the deviation grows
    (step 6 of the paper)."""
    mu = (player.rating - BASE_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    games = [((o.rating - BASE_RATING) / SCALE, o.deviation / SCALE, float(s))
             for o, s in games]
    if not games:
        phi_star = min(math.sqrt(phi * phi + sigma * sigma), MAX_DEVIATION / SCALE)
        return Rating(player.rating, phi_star * SCALE, sigma)
    # Steps 3 and 4: the estimated variance and the improvement.
    v_inv = 0.0
    delta_sum = 0.0
    for mu_j, phi_j, score in games:
        g, e = g_factor(phi_j), _expected(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    sigma = _new_volatility(delta, phi, v, sigma, tau)
    # Steps 6 to 8.
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(mu_new * SCALE + BASE_RATING, min(phi_new * SCALE, MAX_DEVIATION), sigma)


def _new_volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the Illinois algorithm on f(x) = 0, x = ln(sigma'^2)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
