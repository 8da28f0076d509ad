"""Short matches played headless by the computer levels, recorded to replays and to a
statistics database at once (the game's own listeners), and the seats they are played by."""
from datetime import datetime, timedelta, timezone

from game.profiles.seats import Seat, computer
from game.profiles.selfplay import play_recorded
from game.profiles.stats import seat_stats

START = datetime(2026, 5, 1, 12, 0, 0, tzinfo=timezone.utc)
ANN = Seat("profile", "Ann", "2026-04-30T10:00:00+00:00")
BOB = Seat("profile", "Bob", "2026-04-30T11:00:00+00:00")


def play(conn, folder, mode, seats, levels, seed, minute, **options):
    """play_recorded, started `minute` minutes after START (the rebuild's order)."""
    return play_recorded(conn, folder, mode, seats, levels, seed,
                         START + timedelta(minutes=minute), **options)


def every_stat(conn):
    """The statistics of every seat with a match or a profile in the database, in both
    games."""
    rows = conn.execute("SELECT seat0 FROM matches UNION SELECT seat1 FROM matches UNION "
                        "SELECT 'profile:' || name FROM profiles").fetchall()
    return {(seat, mode): seat_stats(conn, seat, mode) for (seat,) in sorted(rows)
            for mode in ("nine_ball", "eight_ball")}


__all__ = ["play", "every_stat", "ANN", "BOB", "computer"]
