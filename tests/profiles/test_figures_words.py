"""What the statistics screen draws and says after few matches: the pot rate over time
after a single match, the rating's range said for what it is."""
import numpy as np

from game.profiles.figures import GOLD, render_rgba, stats_figure
from game.profiles.stats import seat_stats
from game.view.stats.screen import record_lines

from profile_helpers import ANN, BOB, play


def _gold_pixels(rgba, columns) -> int:
    gold = np.array([int(GOLD[k:k + 2], 16) for k in (1, 3, 5)])
    part = rgba[:, columns, :3].astype(int)
    return int((np.abs(part - gold).sum(axis=2) < 60).sum())


def test_the_pot_rate_over_time_is_drawn_after_a_single_match(db, tmp_path):
    play(db, tmp_path / "replays", "nine_ball", (ANN, BOB), ("pro", "pro"), 7, 0,
         shots_per_game=6)
    stats = seat_stats(db, "profile:Ann", "nine_ball")
    assert sum(1 for attempts, _ in stats.per_match if attempts) == 1
    rgba = render_rgba(stats_figure(stats))
    # The first of the three plots takes the left third or so of the figure.
    assert _gold_pixels(rgba, slice(0, rgba.shape[1] // 3)) > 20


def test_the_rating_says_what_its_range_is(db, tmp_path):
    play(db, tmp_path / "replays", "nine_ball", (ANN, BOB), ("pro", "beginner"), 8, 0,
         shots_per_game=4)
    stats = seat_stats(db, "profile:Ann", "nine_ball")
    _, right = record_lines(stats)
    line = next(r for r in right if r.startswith("Rating"))
    assert "95 % sure within ±" in line
    assert f"± {2 * stats.rating[1]:.0f}" in line
