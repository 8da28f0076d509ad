"""The statistics screen's query and plots with 10,000 recorded matches: under 0.5 s.

The database is built once per session from synthetic matches that are valid as the
writer writes them (shots alternate visits, balls potted never exceed the rack, frames
end on a pot of the key ball or a concession), through the game's own MatchWriter, each
match in one transaction."""
import random

import pytest

from game.profiles.figures import stats_image
from game.profiles.seats import Seat, computer
from game.profiles.shots import ShotLine
from game.profiles.store import open_store
from game.profiles.writer import MatchWriter

MATCHES = 10_000
ANN = Seat("profile", "Ann", "2026-01-01T00:00:00+00:00")
OPPONENTS = (computer("beginner"), computer("amateur"), computer("pro"),
             Seat("profile", "Bob", "2026-01-01T00:00:00+00:00"))


def synthetic_match(conn, k: int, rng: random.Random) -> None:
    """Match k: one 9-ball frame between Ann and an opponent, shot by shot."""
    seats = (ANN, OPPONENTS[k % len(OPPONENTS)])
    writer = MatchWriter(conn, f"synthetic_{k:05d}.bsreplay", "nine_ball",
                         f"2026-{1 + k // 1000 % 12:02d}-01T00:00:{k % 60:02d}+00:00", 1,
                         seats)
    left, shooter, first = 9, k % 2, True
    while left:
        potted = min(left, rng.choice((0, 0, 1, 1, 2)) if first else rng.choice((0, 1)))
        scratch = rng.random() < 0.08
        attempt = not first
        left -= potted
        keeps = potted > 0 and not scratch
        line = ShotLine(game=0, shooter=shooter, is_break=first, potted=potted,
                        scratch=scratch, key_ball=left == 0, fouls=("cue_ball_potted",)
                        if scratch else (), attempt=attempt, made=attempt and potted > 0,
                        cut_angle=rng.uniform(0, 1.5) if attempt else None,
                        distance=rng.uniform(0.1, 2.9) if attempt else None,
                        keeps_table=keeps)
        writer.shot(line, shooter if left == 0 and not scratch else
                    (1 - shooter if left == 0 else None), "nine_potted" if left == 0 else "")
        if not keeps:
            shooter = 1 - shooter
        first = False


@pytest.fixture(scope="session")
def big_database(tmp_path_factory):
    conn = open_store(tmp_path_factory.mktemp("stats") / "statistics.sqlite")
    conn.execute("PRAGMA synchronous=OFF")
    rng = random.Random(22)
    with conn:
        conn.execute("BEGIN")
        for k in range(MATCHES):
            synthetic_match(conn, k, rng)
    conn.execute("PRAGMA synchronous=FULL")
    yield conn
    conn.close()


def test_the_statistics_screen_opens_in_under_half_a_second(benchmark, big_database):
    stats, image = benchmark.pedantic(stats_image, args=(big_database, "profile:Ann",
                                                         "nine_ball"), rounds=5, iterations=1)
    assert stats.frames_won + stats.frames_lost == MATCHES
    sides = big_database.execute("SELECT COUNT(*) FROM side_totals WHERE seat='profile:Ann'")
    assert len(stats.per_match) == sides.fetchone()[0] > 0.99 * MATCHES   # some she never shot
    assert image.shape[2] == 4
    if benchmark.enabled:
        assert benchmark.stats.stats.median < 0.5
