"""A seat's statistics as a CSV file (written atomically): one `section,key,value` row per
figure, so a spreadsheet reads it without knowing the layout. Keys and section names
are stable identifiers, not translated; angles in degrees, distances in metres."""
from __future__ import annotations

import csv
import math

from game.storage import atomic_write

from .stats import Stats
from .totals import CUT_STEP_RAD, DISTANCE_STEP_M


def stats_rows(stats: Stats) -> list:
    """(section, key, value) rows of every figure in `stats`."""
    rows = [("seat", "seat", stats.seat), ("seat", "mode", stats.mode)]
    rows += [("record", k, getattr(stats, k)) for k in (
        "frames_won", "frames_lost", "matches_won", "matches_lost", "unfinished", "online",
        "visits", "potted", "attempts", "made", "breaks", "break_scratches", "break_key_ball",
        "best_run", "break_and_runs")]
    rows.append(("record", "potted_per_visit", round(stats.potted_per_visit, 4)))
    rows.append(("record", "pot_rate", round(stats.pot_rate, 4)))
    if stats.rating:
        rows += [("rating", "rating", round(stats.rating[0], 2)),
                 ("rating", "deviation", round(stats.rating[1], 2)),
                 ("rating", "frames", stats.rating[2])]
    step = math.degrees(CUT_STEP_RAD)
    for c, (attempts, made) in enumerate(zip(stats.grid_attempts, stats.grid_made)):
        for d, (a, m) in enumerate(zip(attempts, made)):
            key = f"cut_{c * step:g}-{(c + 1) * step:g}_distance_{d * DISTANCE_STEP_M:g}-" \
                  f"{(d + 1) * DISTANCE_STEP_M:g}"
            rows += [("pot_grid_attempts", key, a), ("pot_grid_made", key, m)]
    rows += [("break_balls", str(k), n) for k, n in enumerate(stats.break_balls)]
    rows += [("fouls", kind, n) for kind, n in stats.fouls]
    for opponent, won, lost in stats.opponents:
        rows += [("against", f"{opponent} won", won), ("against", f"{opponent} lost", lost)]
    rows += [("match", str(k + 1), f"{a}/{m}") for k, (a, m) in enumerate(stats.per_match)]
    return rows


def write_csv(stats: Stats, path) -> None:
    """Write `stats` to `path` as CSV, atomically (OSError if it cannot be written)."""
    with atomic_write(path, text=True) as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(("section", "key", "value"))
        writer.writerows(stats_rows(stats))
