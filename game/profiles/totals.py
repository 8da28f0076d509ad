"""The running totals the statistics screen reads: kept up to date shot by shot by the
writer (in the shot's transaction), and recomputed from the shots by the schema's
migration. Both give the same rows (a test checks it).

Bins of the pot-rate heat map: cut angle 0..90 degrees in 15-degree steps (thinner cuts,
up to 180 degrees from behind, join the last), distance to the pocket 0..3 m in 0.5 m
steps (longer ones join the last). Break outcomes: 0, 1, 2, 3 and 4 or more balls.
"""
from __future__ import annotations

import math

CUT_BINS = 6
CUT_STEP_RAD = math.radians(15.0)
DISTANCE_BINS = 6
DISTANCE_STEP_M = 0.5
BREAK_BALLS_MAX = 4


def cut_bin(angle: float) -> int:
    return min(int(angle / CUT_STEP_RAD), CUT_BINS - 1)


def distance_bin(distance: float) -> int:
    return min(int(distance / DISTANCE_STEP_M), DISTANCE_BINS - 1)


def add_shot(conn, match: int, seat: str, mode: str, line, new_visit: bool, run: int) -> None:
    """Add one shot (a ShotLine by `seat`) to the totals; new_visit: it starts a visit;
    run: balls the shooter has potted in this visit, this shot's included."""
    conn.execute(
        "INSERT INTO side_totals VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match, shooter)"
        " DO UPDATE SET attempts=attempts + excluded.attempts, made=made + excluded.made, "
        "potted=potted + excluded.potted, visits=visits + excluded.visits, "
        "best_run=MAX(best_run, excluded.best_run)",
        (match, line.shooter, seat, mode, int(line.attempt), int(line.made), line.potted,
         int(new_visit), run))
    if line.attempt:
        conn.execute(
            "INSERT INTO pot_grid VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (seat, mode, cut_bin, "
            "distance_bin) DO UPDATE SET attempts=attempts + 1, made=made + excluded.made",
            (seat, mode, cut_bin(line.cut_angle), distance_bin(line.distance), int(line.made)))
    if line.is_break:
        conn.execute(
            "INSERT INTO break_totals VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (seat, mode, balls) "
            "DO UPDATE SET breaks=breaks + 1, scratches=scratches + excluded.scratches, "
            "key_balls=key_balls + excluded.key_balls",
            (seat, mode, min(line.potted, BREAK_BALLS_MAX), int(line.scratch),
             int(line.key_ball)))
    for kind in line.fouls:
        conn.execute(
            "INSERT INTO foul_totals VALUES (?, ?, ?, 1) ON CONFLICT (seat, mode, kind) "
            "DO UPDATE SET count=count + 1", (seat, mode, kind))


def remove_match(conn, match: int) -> None:
    """Take the shots of `match` out of the totals by seat (its side_totals go with it):
    what add_shot added for them, rows left at zero removed, as if never played."""
    for seat, mode, attempt, made, cut, distance, is_break, potted, scratch, key_ball, \
            fouls in conn.execute(
                "SELECT seat, mode, attempt, made, cut_angle, distance, is_break, potted, "
                "scratch, key_ball, fouls FROM shots WHERE match=?", (match,)).fetchall():
        if attempt:
            conn.execute("UPDATE pot_grid SET attempts=attempts - 1, made=made - ? WHERE "
                         "seat=? AND mode=? AND cut_bin=? AND distance_bin=?",
                         (made, seat, mode, cut_bin(cut), distance_bin(distance)))
        if is_break:
            conn.execute("UPDATE break_totals SET breaks=breaks - 1, scratches=scratches - ?, "
                         "key_balls=key_balls - ? WHERE seat=? AND mode=? AND balls=?",
                         (scratch, key_ball, seat, mode, min(potted, BREAK_BALLS_MAX)))
        for kind in filter(None, fouls.split(",")):
            conn.execute("UPDATE foul_totals SET count=count - 1 WHERE seat=? AND mode=? AND "
                         "kind=?", (seat, mode, kind))
    conn.execute("DELETE FROM pot_grid WHERE attempts=0")
    conn.execute("DELETE FROM break_totals WHERE breaks=0")
    conn.execute("DELETE FROM foul_totals WHERE count=0")


TOTAL_TABLES = ("side_totals", "pot_grid", "break_totals", "foul_totals")


def total_all(conn) -> None:
    """Recompute every total from the shots (the caller commits)."""
    for table in TOTAL_TABLES:
        conn.execute(f"DELETE FROM {table}")
    conn.execute(
        "INSERT INTO side_totals SELECT match, shooter, seat, mode, SUM(attempts), SUM(made), "
        "SUM(balls), COUNT(*), MAX(balls) FROM (SELECT match, shooter, seat, mode, visit, "
        "SUM(attempt) AS attempts, SUM(made) AS made, SUM(potted) AS balls FROM shots "
        "GROUP BY match, shooter, visit) GROUP BY match, shooter")
    for cut, distance, seat, mode, made in conn.execute(
            "SELECT cut_angle, distance, seat, mode, made FROM shots WHERE attempt=1").fetchall():
        conn.execute(
            "INSERT INTO pot_grid VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (seat, mode, cut_bin, "
            "distance_bin) DO UPDATE SET attempts=attempts + 1, made=made + excluded.made",
            (seat, mode, cut_bin(cut), distance_bin(distance), made))
    conn.execute(
        "INSERT INTO break_totals SELECT seat, mode, MIN(potted, ?), COUNT(*), SUM(scratch), "
        "SUM(key_ball) FROM shots WHERE is_break=1 GROUP BY seat, mode, MIN(potted, ?)",
        (BREAK_BALLS_MAX, BREAK_BALLS_MAX))
    for seat, mode, fouls in conn.execute(
            "SELECT seat, mode, fouls FROM shots WHERE fouls != ''").fetchall():
        for kind in fouls.split(","):
            conn.execute("INSERT INTO foul_totals VALUES (?, ?, ?, 1) ON CONFLICT (seat, mode, "
                         "kind) DO UPDATE SET count=count + 1", (seat, mode, kind))
