"""A seat's statistics in one mode, read from the database: what the statistics screen
shows, the CSV export writes and the tests compare between a database written while
playing and one rebuilt from the replays.

Angles in radians, distances in metres (see shots.py for what a potting attempt is).
Frames of every match count; matches count as won or lost once finished, and the
unfinished ones apart.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from .totals import BREAK_BALLS_MAX, CUT_BINS, DISTANCE_BINS


@dataclass(frozen=True)
class Stats:
    """seat: the Seat key; mode. frames_won/frames_lost; matches_won/matches_lost among
    finished matches, unfinished: matches not finished; online: matches played through
    a match server (counted in the others too). visits, potted: balls potted
    per visit is potted / visits. attempts/made: potting attempts. grid_attempts,
    grid_made: (CUT_BINS, DISTANCE_BINS) counts. per_match: ((attempts, made), ...) in
    the order the matches were played. breaks: how many; break_balls: counts of 0..4+
    balls potted on the break; break_scratches; break_key_ball: the 9 or the black on
    the break. fouls: ((kind, count), ...) most frequent first. best_run: most balls in
    one visit; break_and_runs. opponents: ((opponent seat, frames won, frames lost),
    ...) by seat. rating: (rating, deviation, frames) or None."""
    seat: str
    mode: str
    frames_won: int
    frames_lost: int
    matches_won: int
    matches_lost: int
    unfinished: int
    online: int
    visits: int
    potted: int
    attempts: int
    made: int
    grid_attempts: tuple
    grid_made: tuple
    per_match: tuple
    breaks: int
    break_balls: tuple
    break_scratches: int
    break_key_ball: int
    fouls: tuple
    best_run: int
    break_and_runs: int
    opponents: tuple
    rating: tuple | None

    @property
    def potted_per_visit(self) -> float:
        return self.potted / self.visits if self.visits else 0.0

    @property
    def pot_rate(self) -> float:
        return self.made / self.attempts if self.attempts else 0.0


def seat_stats(conn, seat: str, mode: str) -> Stats:
    """The statistics of `seat` (a Seat key) in `mode`."""
    q = conn.execute
    frames = q("SELECT seat0, seat1, winner, breaker, break_and_run FROM frames "
               "WHERE mode=? AND (seat0=? OR seat1=?)", (mode, seat, seat)).fetchall()
    won = lost = runs = 0
    opponents: dict = {}
    for s0, s1, winner, breaker, run in frames:
        sides = [k for k, s in enumerate((s0, s1)) if s == seat]
        for k in sides:
            other = (s0, s1)[1 - k]
            tally = opponents.setdefault(other, [0, 0])
            tally[winner != k] += 1
            won += winner == k
            lost += winner != k
            runs += bool(run) and breaker == k
    matches = Counter()
    for s0, s1, finished, winner, online in q(
            "SELECT seat0, seat1, finished, winner, online FROM matches WHERE mode=? AND "
            "(seat0=? OR seat1=?)", (mode, seat, seat)):
        for k, s in enumerate((s0, s1)):
            if s == seat:
                matches["online"] += bool(online)
                matches["unfinished" if not finished else
                        "won" if winner == k else "lost" if winner is not None else "drawn"] += 1
    visits, potted, attempts, made, best_run = q(
        "SELECT COALESCE(SUM(visits), 0), COALESCE(SUM(potted), 0), COALESCE(SUM(attempts), 0),"
        " COALESCE(SUM(made), 0), COALESCE(MAX(best_run), 0) FROM side_totals WHERE seat=? "
        "AND mode=?", (seat, mode)).fetchone()
    grid_a = np.zeros((CUT_BINS, DISTANCE_BINS), dtype=np.int64)
    grid_m = np.zeros_like(grid_a)
    for c, d, n, m in q("SELECT cut_bin, distance_bin, attempts, made FROM pot_grid WHERE "
                        "seat=? AND mode=?", (seat, mode)):
        grid_a[c, d], grid_m[c, d] = n, m
    per_match = tuple(q("SELECT SUM(attempts), SUM(made) FROM side_totals WHERE seat=? AND "
                        "mode=? GROUP BY match ORDER BY match", (seat, mode)).fetchall())
    breaks = np.zeros(BREAK_BALLS_MAX + 1, dtype=np.int64)
    scratches = key_balls = 0
    for balls, n, s, k in q("SELECT balls, breaks, scratches, key_balls FROM break_totals "
                            "WHERE seat=? AND mode=?", (seat, mode)):
        breaks[balls] = n
        scratches += s
        key_balls += k
    fouls = q("SELECT kind, count FROM foul_totals WHERE seat=? AND mode=? ORDER BY count DESC,"
              " kind", (seat, mode)).fetchall()
    rating = q("SELECT rating, deviation, frames FROM ratings WHERE seat=? AND mode=?",
               (seat, mode)).fetchone()
    return Stats(seat=seat, mode=mode, frames_won=won, frames_lost=lost,
                 matches_won=matches["won"], matches_lost=matches["lost"],
                 unfinished=matches["unfinished"], online=matches["online"], visits=visits,
                 potted=potted,
                 attempts=attempts, made=made,
                 grid_attempts=tuple(map(tuple, grid_a.tolist())),
                 grid_made=tuple(map(tuple, grid_m.tolist())), per_match=per_match,
                 breaks=int(breaks.sum()), break_balls=tuple(breaks.tolist()),
                 break_scratches=scratches, break_key_ball=key_balls,
                 fouls=tuple(fouls),
                 best_run=best_run, break_and_runs=runs,
                 opponents=tuple((o, w, l) for o, (w, l) in sorted(opponents.items())),
                 rating=tuple(rating) if rating else None)

