"""Ratings per seat and mode: Glicko-2 (glicko2.py) for the profiles, updated after each
frame against the opponent's rating; fixed ratings for the computer levels.

The computer levels' ratings come from their measured head-to-head results
(docs/opponent.md, "Level against level"): the amateur is the anchor at 1500, and each
neighbour sits where Glicko-2 expects exactly the measured share of frames: a level that
won a share p of its frames against a level rated r (deviation D) is rated
r + SCALE * ln(p / (1 - p)) / g(D). Computer deviations are COMPUTER_DEVIATION: the
win rates come from 100-game matches, whose standard error (about 4 %) is some 30
points. A frame against a guest leaves ratings alone (a guest has none).
"""
from __future__ import annotations

import math

from .glicko2 import BASE_RATING, SCALE, Rating, g_factor, update

COMPUTER_DEVIATION = 30.0
COMPUTER_VOLATILITY = 0.06
# The lower level's share of frames in each measured match (docs/opponent.md).
MEASURED_SHARES = {
    "nine_ball": {("beginner", "amateur"): 0.23, ("amateur", "pro"): 0.25},
    "eight_ball": {("beginner", "amateur"): 0.14, ("amateur", "pro"): 0.22},
}
ANCHOR = "amateur"


def rating_gap(share: float) -> float:
    """How many points above its opponent (deviation COMPUTER_DEVIATION) a player stands
    whom Glicko-2 expects to win `share` (0..1) of their frames."""
    return SCALE * math.log(share / (1.0 - share)) / g_factor(COMPUTER_DEVIATION / SCALE)


def computer_rating(mode: str, level: str) -> Rating:
    """The fixed rating of computer `level` in `mode`."""
    shares = MEASURED_SHARES[mode]
    points = BASE_RATING
    if level == "beginner":
        points += rating_gap(shares[("beginner", "amateur")])
    elif level == "pro":
        points -= rating_gap(shares[("amateur", "pro")])
    elif level != ANCHOR:
        raise ValueError(f"unknown level {level!r}")
    return Rating(points, COMPUTER_DEVIATION, COMPUTER_VOLATILITY)


def seat_rating(conn, seat: str, mode: str) -> Rating | None:
    """The rating of `seat` (a Seat key) in `mode`: fixed for a computer level, from the
    ratings table for a profile (a newcomer's if it has none yet), None for a guest."""
    kind, _, name = seat.partition(":")
    if kind == "computer":
        return computer_rating(mode, name)
    if kind != "profile":
        return None
    row = conn.execute("SELECT rating, deviation, volatility FROM ratings WHERE seat=? AND "
                       "mode=?", (seat, mode)).fetchone()
    return Rating(*row) if row else Rating()


def rate_frame(conn, mode: str, seats: tuple, winner: int) -> None:
    """Update the profiles' ratings in `conn` after a frame of `mode` between `seats`
    (keys, seat 0 first) that seat `winner` won: each profile against its opponent's
    rating before the frame. The caller commits."""
    before = [seat_rating(conn, s, mode) for s in seats]
    if None in before:
        return
    for k, seat in enumerate(seats):
        if not seat.startswith("profile:"):
            continue
        after = update(before[k], [(before[1 - k], 1.0 if winner == k else 0.0)])
        conn.execute("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, 1) ON CONFLICT (seat, mode) "
                     "DO UPDATE SET rating=excluded.rating, deviation=excluded.deviation, "
                     "volatility=excluded.volatility, frames=frames + 1",
                     (seat, mode, after.rating, after.deviation, after.volatility))


def rate_all_frames(conn) -> None:
    """Fill the ratings table from the frames, in the order they were played."""
    conn.execute("DELETE FROM ratings")
    for mode, s0, s1, winner in conn.execute(
            "SELECT mode, seat0, seat1, winner FROM frames ORDER BY match, game").fetchall():
        rate_frame(conn, mode, (s0, s1), winner)
