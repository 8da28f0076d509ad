"""Short matches played headless by the computer levels, recorded to replays and to a
statistics database at once (the game's own listeners)."""
from datetime import datetime, timedelta, timezone

import pytest

from game.profiles.seats import Seat, computer
from game.profiles.selfplay import play_recorded
from game.profiles.store import open_store

START = datetime(2026, 5, 1, 12, 0, 0, tzinfo=timezone.utc)
ANN = Seat("profile", "Ann", "2026-04-30T10:00:00+00:00")
BOB = Seat("profile", "Bob", "2026-04-30T11:00:00+00:00")


def play(conn, folder, mode, seats, levels, seed, minute, **options):
    """play_recorded, started `minute` minutes after START (the rebuild's order)."""
    return play_recorded(conn, folder, mode, seats, levels, seed,
                         START + timedelta(minutes=minute), **options)


@pytest.fixture
def db(tmp_path):
    conn = open_store(tmp_path / "live.sqlite")
    yield conn
    conn.close()


__all__ = ["play", "ANN", "BOB", "computer"]
